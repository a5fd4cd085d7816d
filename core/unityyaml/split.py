"""Splitting a Unity YAML file into its header and documents, refusing anything that is not Unity's format.

Unity files start with `%YAML 1.1` and `%TAG !u! tag:unity3d.com,2011:`; each object then starts at a line
`--- !u!<classID> &<fileID>` with an optional ` stripped` (NOTES §1). Everything is kept as text so that
joining the pieces gives back the original bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.unityfiles.lfs import ensure_not_lfs

_HEADER = re.compile(r"\ufeff?%YAML 1\.1\r?\n%TAG !u! tag:unity3d\.com,2011:\r?\n")
_DOC_START = re.compile(r"\n---")  # `---` at a line start; searching for the line break first is ~8x faster
_DOC_HEADER = re.compile(r"--- !u!(-?[0-9]+) &(-?[0-9]+)( stripped)?\r?(?:\n|$)")
_INT64 = (-(2**63), 2**63 - 1)


@dataclass(slots=True)
class RawDocument:
    class_id: int
    file_id: int
    stripped: bool
    text: str
    line: int  # 1-based line of the `---` header in the file


def unsupported(message: str, name: str | None, **details: object) -> UnityCliError:
    """E_FILE_FORMAT_UNSUPPORTED naming the file, so a caller knows which file to look at."""
    where = f"{name}: " if name else ""
    return UnityCliError(
        "E_FILE_FORMAT_UNSUPPORTED",
        f"{where}{message}",
        details={"file": name, **details} if name else dict(details),
        next_actions=["Open and re-save the file in the Unity Editor (Force Text serialization), then retry"],
    )


def decode(data: bytes, name: str | None) -> str:
    """The file as text. Unity writes UTF-8 only, so anything else is refused rather than guessed."""
    ensure_not_lfs(name, data)
    if not data:
        raise unsupported("the file is empty (0 bytes), not a Unity YAML file", name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise unsupported(f"the file is not valid UTF-8 (byte {exc.start}, line {line})", name, line=line) from None


def split(text: str, name: str | None) -> tuple[str, list[RawDocument]]:
    """The header text and the documents; raises E_FILE_FORMAT_UNSUPPORTED for anything that is not Unity YAML."""
    head = _HEADER.match(text)
    if head is None:
        raise unsupported("not a Unity YAML file (it must start with `%YAML 1.1` and `%TAG !u! "
                          "tag:unity3d.com,2011:`)", name, line=1)
    starts = [m.start() + 1 for m in _DOC_START.finditer(text, head.end() - 1)]
    if (starts[0] if starts else len(text)) != head.end():
        line = text.count("\n", 0, head.end()) + 1
        raise unsupported("unexpected text between the YAML header and the first document", name, line=line)
    docs: list[RawDocument] = []
    line = text.count("\n", 0, head.end()) + 1
    bounds = [*starts, len(text)]
    for k, start in enumerate(starts):
        m = _DOC_HEADER.match(text, start)
        if m is None:
            end = text.find("\n", start)
            shown = text[start : end if end >= 0 else len(text)][:80]
            raise unsupported(f"line {line} is not a Unity document header: {shown!r}", name, line=line)
        class_id, file_id = int(m.group(1)), int(m.group(2))
        if not (_INT64[0] <= file_id <= _INT64[1]) or not (0 <= class_id < 2**32):
            raise unsupported(f"line {line}: classID or fileID out of range", name, line=line)
        body = text[start : bounds[k + 1]]
        docs.append(RawDocument(class_id, file_id, m.group(3) is not None, body, line))
        line += body.count("\n")
    return text[: head.end()], docs
