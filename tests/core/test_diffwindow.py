"""A diff of only the window around the changes (diffwindow.py) is exactly the diff of the whole files."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from unitycli.diffwindow import _common_prefix, _common_suffix
from unitycli.transaction.effects import file_diff, unified_diff

_LINES = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "--- !u!1 &1\n", "x", "\n", "é\n", "yy"]), max_size=40)


def _whole(old: bytes, new: bytes) -> str:
    return unified_diff(old.decode(), new.decode(), "f.unity")


@settings(max_examples=400, deadline=None)
@given(_LINES, _LINES, _LINES, _LINES)
def test_the_windowed_diff_is_the_whole_diff(head, old_mid, new_mid, tail):
    old = "".join(head + old_mid + tail).encode()
    new = "".join(head + new_mid + tail).encode()
    assert file_diff("f.unity", old, new, None, None).diff == _whole(old, new)


def test_a_one_line_change_in_a_long_file_names_its_real_line():
    lines = [f"  line {n}\n" for n in range(100_000)]
    old = "".join(lines).encode()
    new = old.replace(b"  line 70000\n", b"  line seventy thousand\n")
    diff = file_diff("f.unity", old, new, None, None).diff
    assert diff == _whole(old, new)
    assert "@@ -69998,7 +69998,7 @@\n" in diff


def test_the_common_head_and_tail_are_those_a_byte_by_byte_comparison_finds() -> None:
    def naive_prefix(a: bytes, b: bytes, limit: int) -> int:
        return next((i for i in range(limit) if a[i] != b[i]), limit)

    def naive_suffix(a: bytes, b: bytes, limit: int) -> int:
        return next((i for i in range(limit) if a[-1 - i] != b[-1 - i]), limit)

    rng = random.Random(7)
    for _ in range(30):
        a = bytes(rng.randrange(3) for _ in range(rng.choice((0, 1, 17, 300, 70_000))))
        b = bytearray(a)
        for _ in range(rng.randrange(3)):
            if b:
                b[rng.randrange(len(b))] ^= 1
        b = bytes(b[: rng.randrange(len(b) + 1)] if rng.random() < 0.3 else b) + bytes(rng.randrange(3))
        limit = min(len(a), len(b))
        head = _common_prefix(a, b, limit)
        assert head == naive_prefix(a, b, limit)
        assert _common_suffix(a, b, limit - head) == naive_suffix(a, b, limit - head)
