"""New content described as byte ranges of an old content around new bytes, never joined into one buffer.

A one-field edit of a 64 MB scene changes a few hundred bytes: joining the untouched ranges into a second 64 MB
buffer would double the write's memory and copy every byte once more. The transaction hashes a `Spliced`
piece by piece, writes it piece by piece and diffs only the part between its first and last new piece; whoever
really needs the whole content in one buffer asks `to_bytes()`.
"""

from __future__ import annotations

import codecs
import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

Part = tuple[int, int] | bytes  # a range (start, end) of the base, or new bytes


@dataclass(frozen=True, eq=False)
class Spliced:
    """`base`'s ranges and new bytes, in order. Compare with `same_bytes`, never `==` (identity only)."""

    base: bytes
    parts: tuple[Part, ...]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        size = 0
        for part in self.parts:
            if isinstance(part, bytes):
                size += len(part)
            else:
                start, end = part
                if not 0 <= start <= end <= len(self.base):
                    raise ValueError(f"range {part} is outside the base ({len(self.base)} bytes)")
                size += end - start
        object.__setattr__(self, "size", size)

    def __len__(self) -> int:
        return self.size

    def chunks(self) -> Iterator[bytes | memoryview]:
        """The content in order, base ranges as views (no copy)."""
        view = memoryview(self.base)
        for part in self.parts:
            yield part if isinstance(part, bytes) else view[part[0] : part[1]]

    def to_bytes(self) -> bytes:
        return b"".join(self.chunks())

    def sha256(self, digest: Any = None, start: int = 0) -> str:
        """The hex SHA-256 of the content, hashed piece by piece; from byte `start` on when `digest` is a SHA-256
        that has hashed the content's first `start` bytes already (a copy: it is updated)."""
        if digest is None:
            digest, start = hashlib.sha256(), 0
        pos = 0
        for chunk in self.chunks():
            end = pos + len(chunk)
            if end > start:
                digest.update(chunk[start - pos :] if pos < start else chunk)
            pos = end
        return digest.hexdigest()

    def equals(self, data: bytes) -> bool:
        """Whether the content is exactly `data`; a base range lying where it lies in `data` is compared as one
        `startswith`, so checking a splice against the file it was cut from reads only the new pieces twice."""
        if len(data) != self.size:
            return False
        pos = 0
        same_base = data is self.base
        for part, chunk in zip(self.parts, self.chunks(), strict=True):
            if not (same_base and not isinstance(part, bytes) and part[0] == pos) and not data.startswith(chunk, pos):
                return False
            pos += len(chunk)
        return True

    def unchanged_ends(self) -> tuple[int, int]:
        """(head, tail): how many leading and trailing bytes are the base's own, in place (the content's first
        `head` bytes are the base's first `head`, its last `tail` the base's last `tail`); a lower bound of the
        common prefix and suffix, found from the parts alone."""
        head = pos = 0
        for part in self.parts:
            if isinstance(part, bytes) or part[0] != pos:
                break
            head = pos = part[1]
        tail, base_end = 0, len(self.base)
        for part in reversed(self.parts):
            if isinstance(part, bytes) or part[1] != base_end:
                break
            tail += part[1] - part[0]
            base_end = part[0]
        return head, max(0, min(tail, self.size - head, len(self.base) - head))

    def slice(self, start: int, stop: int) -> bytes:
        """The content's bytes `start:stop` (only those are copied)."""
        out: list[bytes | memoryview] = []
        pos = 0
        for chunk in self.chunks():
            end = pos + len(chunk)
            if end > start and pos < stop:
                out.append(chunk[max(start - pos, 0) : min(stop, end) - pos])
            if end >= stop:
                break
            pos = end
        return b"".join(out)

    def is_utf8(self, base_is_utf8: bool) -> bool:
        """Whether the content is valid UTF-8, given whether the base is: base ranges that start and end on a
        character boundary of a valid base are valid, so only the new pieces are decoded (every piece otherwise)."""
        if not (base_is_utf8 and all(isinstance(p, bytes) or (_boundary(self.base, p[0]) and
                                                          _boundary(self.base, p[1])) for p in self.parts)):
            return _utf8([chunk for chunk in self.chunks()])
        return all(_utf8([p]) for p in self.parts if isinstance(p, bytes))


def _utf8(pieces: Sequence[bytes | memoryview]) -> bool:
    """Whether the pieces, one after the other, are valid UTF-8 (decoded a megabyte at a time)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for piece in pieces:
            for start in range(0, len(piece), 1 << 20):
                decoder.decode(piece[start : start + (1 << 20)])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _boundary(data: bytes, pos: int) -> bool:
    """Whether `pos` starts a character (or is the end): the byte there is not a UTF-8 continuation byte."""
    return pos >= len(data) or not 0x80 <= data[pos] <= 0xBF


Content = bytes | Spliced


def same_bytes(a: bytes, b: Content) -> bool:
    """Whether the bytes `a` are the content `b`."""
    return b.equals(a) if isinstance(b, Spliced) else a == b


def as_bytes(content: Content) -> bytes:
    """The content in one buffer (joined when spliced)."""
    return content.to_bytes() if isinstance(content, Spliced) else content
