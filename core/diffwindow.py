"""The part of two versions of a file that a line diff needs: their common head and tail of whole lines are
left out, so a one-line edit of a 64 MB scene diffs a few lines instead of splitting both files into lines.

`context` lines more than a hunk shows are kept on each side, so the hunks are exactly those of the whole files
(their line numbers offset by the lines left out at the head).
"""

from __future__ import annotations

from unitycli.spliced import Spliced

_STEPS = (1 << 20, 1 << 14, 1 << 8, 1 << 4, 1)


def _common_prefix(a: bytes, b: bytes, limit: int) -> int:
    """Length of the common prefix of `a` and `b`, at most `limit`, compared in shrinking chunks (in place: a
    slice of `b` is a view and `startswith` compares it where it lies in `a`, so no chunk is copied)."""
    i, view = 0, memoryview(b)
    for step in _STEPS:
        while i + step <= limit and a.startswith(view[i : i + step], i):
            i += step
    return i


def _common_suffix(a: bytes, b: bytes, limit: int) -> int:
    """Length of the common suffix of `a` and `b`, at most `limit` (as `_common_prefix`, from the end)."""
    i, la, lb, view = 0, len(a), len(b), memoryview(b)
    for step in _STEPS:
        while i + step <= limit and a.endswith(view[lb - i - step : lb - i], 0, la - i):
            i += step
    return i


def diff_window(old: bytes, new: bytes, context: int) -> tuple[int, bytes, bytes]:
    """(lines left out at the head, the middle of `old`, the middle of `new`): the middles start and end at line
    boundaries and keep `context + 1` common lines on each side."""
    head, tail = _cuts(old, new, context)
    return old.count(b"\n", 0, head), old[head : len(old) - tail], new[head : len(new) - tail]


def _cuts(old: bytes, new: bytes, context: int) -> tuple[int, int]:
    """The bytes of common head and tail `diff_window` leaves out."""
    prefix = _common_prefix(old, new, min(len(old), len(new)))
    suffix = _common_suffix(old, new, min(len(old), len(new)) - prefix)
    head = old.rfind(b"\n", 0, prefix) + 1  # the start of the line holding the first difference
    for _ in range(context + 1):
        if head == 0:
            break
        head = old.rfind(b"\n", 0, head - 1) + 1
    tail_start = old.find(b"\n", len(old) - suffix - 1) + 1 if suffix else len(old)
    for _ in range(context + 1):
        if tail_start in (0, len(old)):
            break
        tail_start = old.find(b"\n", tail_start) + 1
    tail = len(old) - tail_start if tail_start else 0
    if tail_start == 0 or tail > suffix:
        tail = 0
    return head, tail


def spliced_window(old: bytes, new: Spliced, context: int) -> tuple[int, bytes, bytes]:
    """`diff_window(old, new.to_bytes(), context)`'s diff, without joining `new`: the splice says which head and
    tail of `old` it keeps in place, so the window is cut inside those (at line starts, `context + 2` lines
    clear of the first and last new piece) and only that part is compared and copied. Any cut inside the common
    head and tail gives the same hunks, since the line diff strips common lines from both ends before it aligns —
    unless a change can slide (what it removes or inserts repeats the lines beside it) up to a cut: then the
    common lines reach the window's edge, the hunk would lose context the whole file has, and the whole content
    is compared instead (rare: Unity YAML's object headers are unique)."""
    head, tail = new.unchanged_ends()
    start = old.rfind(b"\n", 0, head) + 1 if head else 0  # the start of the line holding the first difference
    for _ in range(context + 2):
        if start == 0:
            break
        start = old.rfind(b"\n", 0, start - 1) + 1
    end = len(old) - tail  # old[end:] is the content's own tail
    stop = len(old) if end == len(old) else old.find(b"\n", end) + 1 or len(old)
    for _ in range(context + 2):
        if stop == len(old):
            break
        stop = old.find(b"\n", stop) + 1 or len(old)
    stop_new = stop - len(old) + len(new)
    window_old, window_new = old[start:stop], new.slice(start, stop_new)
    cut_head, cut_tail = _cuts(window_old, window_new, context)
    if (start > 0 and cut_head == 0) or (stop < len(old) and cut_tail == 0):
        return diff_window(old, new.to_bytes(), context)
    skipped = window_old.count(b"\n", 0, cut_head)
    return (old.count(b"\n", 0, start) + skipped, window_old[cut_head : len(window_old) - cut_tail],
            window_new[cut_head : len(window_new) - cut_tail])
