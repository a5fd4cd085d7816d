"""Writing an edited file as the original's untouched byte ranges around the documents that changed.

A one-field edit of a 64 MB scene changes one object; encoding every other object again would cost the whole
file in time and memory. Each object read from the file knows its byte range (`split` works on the bytes), so
the output is the header and the runs of untouched ranges copied as they are, with the changed objects encoded
in between. `verify_changed` is the write-side round-trip guarantee at the
cost of what changed: each changed object must read back as exactly one object with its own header, and parse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from unitycli.spliced import Part, Spliced
from unitycli.unityyaml.split import split, unsupported


class _Piece(Protocol):
    span: tuple[int, int] | None
    dirty: bool
    text: str


def spliced(original: bytes, header_end: int, documents: Sequence[_Piece]) -> Spliced:
    """The header and every document: untouched ones as runs of `original`'s byte ranges, changed ones encoded
    (never joined here: the transaction writes and hashes the pieces, core/spliced.py)."""
    parts: list[Part] = []
    run_start, run_end = 0, header_end
    for doc in documents:
        span = doc.span
        if span is not None and not doc.dirty:
            if span[0] == run_end:
                run_end = span[1]
                continue
            if run_end > run_start:
                parts.append((run_start, run_end))
            run_start, run_end = span
            continue
        if run_end > run_start:
            parts.append((run_start, run_end))
        run_start = run_end = 0
        parts.append(doc.text.encode("utf-8"))
    if run_end > run_start:
        parts.append((run_start, run_end))
    return Spliced(original, tuple(parts))


def verify_changed(documents: Sequence[_Piece], name: str | None, header: str, size: int | None = None) -> None:
    """Each changed document reads back as one object with the header it was written with, ends its last line
    (unless it is the file's last), and parses; raises E_FILE_FORMAT_UNSUPPORTED naming the object otherwise.
    `size`: the length of the bytes read, whose objects all end their last line but the one ending there (so the
    untouched ones are not decoded to be checked)."""
    last = len(documents) - 1
    for pos, doc in enumerate(documents):
        if doc.span is not None and not doc.dirty and size is not None and doc.span[1] < size:
            continue
        text = doc.text
        if pos < last and not text.endswith("\n"):
            raise unsupported(f"object {text.split(chr(10), 1)[0]!r} would run into the next one, so the file is "
                              "not written", name)
        if doc.span is not None and not doc.dirty:
            continue
        _, docs = split((header + text).encode("utf-8"), name)
        if len(docs) != 1:
            raise unsupported(f"the edited object {text.split(chr(10), 1)[0]!r} would read back as {len(docs)} "
                              "objects, so the file is not written", name)
        _ = doc.tree  # type: ignore[attr-defined]  # E_FILE_FORMAT_UNSUPPORTED naming the object and line
