"""Splitting a Unity YAML file into its header and documents, refusing anything that is not Unity's format.

Unity files start with `%YAML 1.1` and `%TAG !u! tag:unity3d.com,2011:`; each object then starts at a line
`--- !u!<classID> &<fileID>` with an optional ` stripped`. The split works on the bytes and gives each
document its byte range, so a 64 MB scene is never copied into a second, decoded whole: an object's text is
decoded when something reads it (UTF-8 never hides an ASCII byte such as `\\n` or `-` inside a character, so the
boundaries are those of the text), and joining the ranges gives back the original bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.unityfiles.lfs import ensure_not_lfs

_HEADER = re.compile(rb"(?:\xef\xbb\xbf)?%YAML 1\.1\r?\n%TAG !u! tag:unity3d\.com,2011:\r?\n")
_DOC_START = re.compile(rb"\n---")  # `---` at a line start; searching for the line break first is ~8x faster
_DOC_HEADER = re.compile(rb"--- !u!(-?[0-9]+) &(-?[0-9]+)( stripped)?\r?(?:\n|$)")
_INT64 = (-(2**63), 2**63 - 1)
_UTF8_CHUNK = 1 << 22  # checked in pieces of about this many bytes, so no decoded copy of the whole file is kept


@dataclass(slots=True)
class RawDocument:
    class_id: int
    file_id: int
    stripped: bool
    start: int  # byte range of the document (its `---` header line first) in the file
    end: int


def unsupported(message: str, name: str | None, **details: object) -> UnityCliError:
    """E_FILE_FORMAT_UNSUPPORTED naming the file, so a caller knows which file to look at."""
    where = f"{name}: " if name else ""
    return UnityCliError(
        "E_FILE_FORMAT_UNSUPPORTED",
        f"{where}{message}",
        details={**({"file": name} if name else {}), **details},
        next_actions=[],
        manual_steps=["Open and re-save the file in the Unity Editor (Force Text serialization), then retry"],
    )


def ensure_utf8(data: bytes, name: str | None) -> None:
    """Unity writes UTF-8 only, so anything else is refused rather than guessed (checked piecewise: a piece ends
    after a line break, which is never inside a character)."""
    if data.isascii():
        return
    view, start = memoryview(data), 0
    while start < len(data):
        end = len(data) if len(data) - start <= _UTF8_CHUNK else data.find(b"\n", start + _UTF8_CHUNK) + 1
        end = end or len(data)
        try:
            str(view[start:end], "utf-8")
        except UnicodeDecodeError as exc:
            at = start + exc.start
            line = data.count(b"\n", 0, at) + 1
            raise unsupported(f"the file is not valid UTF-8 (byte {at}, line {line})", name, line=line) from None
        start = end


def decode(data: bytes, name: str | None) -> str:
    """The file as text (E_FILE_FORMAT_UNSUPPORTED for anything but UTF-8, E_ASSET_LFS_POINTER for a pointer)."""
    ensure_readable(data, name)
    return data.decode("utf-8")


def ensure_readable(data: bytes, name: str | None) -> None:
    ensure_not_lfs(name, data)
    if not data:
        raise unsupported("the file is empty (0 bytes), not a Unity YAML file", name)
    ensure_utf8(data, name)


def split(data: bytes, name: str | None) -> tuple[str, list[RawDocument]]:
    """The header text and the documents' ranges; E_FILE_FORMAT_UNSUPPORTED for anything that is not Unity YAML."""
    ensure_readable(data, name)
    head = _HEADER.match(data)
    if head is None:
        raise unsupported("not a Unity YAML file (it must start with `%YAML 1.1` and `%TAG !u! "
                          "tag:unity3d.com,2011:`)", name, line=1)
    starts = [m.start() + 1 for m in _DOC_START.finditer(data, head.end() - 1)]
    if (starts[0] if starts else len(data)) != head.end():
        line = data.count(b"\n", 0, head.end()) + 1
        raise unsupported("unexpected text between the YAML header and the first document", name, line=line)
    docs: list[RawDocument] = []
    bounds = [*starts, len(data)]
    for k, start in enumerate(starts):
        m = _DOC_HEADER.match(data, start)
        line = 0 if m is not None else data.count(b"\n", 0, start) + 1  # counted for errors only
        if m is None:
            end = data.find(b"\n", start)
            shown = data[start : end if end >= 0 else len(data)][:320].decode("utf-8", "ignore")[:80]
            raise unsupported(f"line {line} is not a Unity document header: {shown!r}", name, line=line)
        class_id, file_id = int(m.group(1)), int(m.group(2))
        if not (_INT64[0] <= file_id <= _INT64[1]) or not (0 <= class_id < 2**32):
            line = data.count(b"\n", 0, start) + 1
            raise unsupported(f"line {line}: classID or fileID out of range", name, line=line)
        end = bounds[k + 1]
        docs.append(RawDocument(class_id, file_id, m.group(3) is not None, start, end))
    return data[: head.end()].decode("utf-8"), docs
