"""A write staged as a splice (ranges of the file read around new bytes) commits, hashes and diffs exactly as the
same content staged whole, and is never joined unless read back."""

from __future__ import annotations

from pathlib import Path

from unitycli.spliced import Spliced, same_bytes
from unitycli.transaction import Transaction, revision_of
from unitycli.transaction.effects import file_diff

TAGS = "ProjectSettings/TagManager.asset"


def _splice(data: bytes, old: bytes, new: bytes) -> Spliced:
    """`data` with its first `old` replaced by `new`, as ranges of `data` around it."""
    at = data.index(old)
    return Spliced(data, ((0, at), new, (at + len(old), len(data))))


def test_a_spliced_tagmanager_edit_commits_the_same_bytes_and_revision_as_the_whole_content(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=False)
    data = tx.read_bytes(TAGS)
    content = _splice(data, b"- Ball\n", b"- Puck\n")
    whole = data.replace(b"- Ball\n", b"- Puck\n", 1)
    tx.write_bytes(TAGS, content)
    assert tx._staged[TAGS] is content  # staged as pieces
    result = tx.commit()
    assert (minigolf / TAGS).read_bytes() == whole
    assert result.revisions[TAGS] == revision_of(whole) == revision_of(content)
    (diff,) = result.effects.diffs
    assert diff == file_diff(TAGS, data, whole, revision_of(data), revision_of(whole))
    assert diff.diff is not None and "-  - Ball\n+  - Puck\n" in diff.diff


def test_a_splice_read_back_in_its_transaction_is_its_bytes(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=True)
    data = tx.read_bytes(TAGS)
    tx.write_bytes(TAGS, _splice(data, b"- Ball\n", b"- Puck\n"))
    revision = tx.revision(TAGS)
    assert tx.read_bytes(TAGS) == data.replace(b"- Ball\n", b"- Puck\n", 1)
    assert tx.revision(TAGS) == revision


def test_a_splice_that_gives_back_the_bytes_read_changes_nothing(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=False)
    data = tx.read_bytes(TAGS)
    tx.write_bytes(TAGS, _splice(data, b"- Ball\n", b"- Ball\n"))
    assert tx.commit().effects.modified == []


def test_ends_slices_and_utf8_of_a_splice_are_those_of_its_bytes() -> None:
    base = "head\nČerešňa 🍒\nmiddle\ntail\n".encode()
    at = base.index(b"middle")
    content = Spliced(base, ((0, at), b"MIDDLE", (at + 6, len(base))))
    whole = content.to_bytes()
    assert whole == base.replace(b"middle", b"MIDDLE") and same_bytes(whole, content) and not same_bytes(base, content)
    assert content.unchanged_ends() == (at, len(base) - at - 6)
    assert all(content.slice(a, b) == whole[a:b] for a in range(0, len(whole), 3) for b in range(a, len(whole) + 2, 5))
    assert content.is_utf8(True)
    cut = base.index("🍒".encode()) + 1  # a range ending inside a character: checked as a whole, still valid
    assert Spliced(base, ((0, cut), (cut, len(base)))).is_utf8(True)
    assert not Spliced(base, ((0, cut), b"x")).is_utf8(True)
    assert not Spliced(base, ((0, at), b"\xff")).is_utf8(True)


def test_a_change_that_slides_to_the_windows_edge_diffs_as_the_whole_content() -> None:
    """A removal that repeats the lines beside it may slide up to where the window is cut: the splice's diff is
    then the whole content's (same hunks, same context), so `git apply` takes it."""
    import random


    base = b"B\n\xc3\xa9A\nB\nA\n\xc3\xa9A\nB\nxB\n\n"
    content = Spliced(base, ((0, 1), b"", (9, 20)))
    assert file_diff("a", base, content, None, None) == file_diff("a", base, content.to_bytes(), None, None)
    lines, rng, checked = [b"A\n", b"B\n", b"xB\n", "\u00e9A\n".encode(), b"\n"], random.Random(1), 0
    for _ in range(3000):
        base = b"".join(rng.choice(lines) for _ in range(rng.randint(1, 14)))
        a = rng.randint(0, len(base))
        b = rng.randint(a, len(base))
        middle = b"".join(rng.choice(lines) for _ in range(rng.randint(0, 3)))
        content = Spliced(base, ((0, a), middle, (b, len(base))))
        checked += 1
        assert file_diff("a", base, content, None, None) == file_diff("a", base, content.to_bytes(), None, None)
    assert checked == 3000


def test_a_splice_is_hashed_from_the_last_state_its_base_kept_before_the_first_change(tmp_path: Path) -> None:
    """The revision of a splice of a 13 MB file read in the transaction starts from the hash state kept at the last
    4 MB boundary before its first change (synthetic bytes: only the size matters), and equals the whole content's."""
    data = b"".join(b"line %010d of a big scene.\n" % k for k in range(13 << 20 >> 5))  # 32-byte lines
    (tmp_path / "Big.unity").write_bytes(data)
    tx = Transaction(tmp_path, dry_run=True)
    read = tx.read_bytes("Big.unity")
    assert read == data and tx.revision("Big.unity") == revision_of(data)
    assert [offset for offset, _ in tx._seen["Big.unity"].hash_states()] == [4 << 20, 8 << 20, 12 << 20]
    hashed: list[int] = []
    real = Spliced.sha256

    def counted(self: Spliced, digest: object = None, start: int = 0) -> str:
        hashed.append(self.size - start)
        return real(self, digest, start)

    Spliced.sha256 = counted  # type: ignore[method-assign]
    try:
        for at, old, new in ((9 << 20, 7, b"edited"), (100, 7, b""), (len(data) - 3, 3, b"end\n\n"), (4 << 20, 1, b"x")):
            content = Spliced(read, ((0, at), new, (at + old, len(data))))
            tx.write_bytes("Big.unity", content)
            assert tx.revision("Big.unity") == revision_of(content.to_bytes())
        copy = Spliced(bytes(read), ((0, 100), b"x", (101, len(data))))  # another buffer: its states do not apply
        tx.write_bytes("Big.unity", copy)
        assert tx.revision("Big.unity") == revision_of(copy.to_bytes())
    finally:
        Spliced.sha256 = real  # type: ignore[method-assign]
    assert hashed[-1] == len(data)  # the whole copy; each of the others from the last state before its change
    assert hashed[:-1] == [len(data) - (8 << 20) + 6 - 7, len(data) - 7, len(data) - (12 << 20) + 2, len(data) - (4 << 20)]
