"""Files whose references nobody read: the gap a reference answer must name rather than silently leave out.

The reference index reads only Unity YAML. A scene that is a Git LFS pointer (content not pulled), a file that
could not be read, and a YAML-typed file serialized otherwise (JSON `.asset`; binary) may all hold
references the index never saw, so "nobody references it" is unverified while such a file exists. A readable
JSON file that does not contain the GUID in question cannot reference it (Unity writes GUIDs as hex text), so it
is left out; the JSON `.asset`s of the fixtures (XRSettings and the like) hold no GUID at all.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.plugins.assets import access
from unitycli.toolspec import ToolOutput
from unitycli.unityfiles import is_lfs_pointer

Reason = Literal["lfs-pointer", "unreadable", "not-yaml"]
MESSAGES: dict[str, str] = {
    "lfs-pointer": "a Git LFS pointer: its content is not in the checkout (git lfs pull), so its references are "
                   "unknown",
    "unreadable": "the file could not be read, so its references are unknown",
    "not-yaml": "not Unity YAML (JSON or binary serialization), which the reference index does not read; it may "
                "hold GUIDs",
}


class SkippedFile(ToolOutput):
    path: str
    reason: Reason = Field(description="lfs-pointer, unreadable or not-yaml")
    message: str


def reason_for(data: bytes | None, guids: Collection[str] | None) -> Reason | None:
    """Why a YAML-typed file's references are unknown; None when they are known, or it cannot hold `guids`.

    `guids=None` asks about any GUID: a text file is then suspect when it mentions `guid` at all.
    """
    if data is None:
        return "unreadable"
    if is_lfs_pointer(data):
        return "lfs-pointer"
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if body.startswith(b"%YAML"):
        return None
    if b"\x00" in data[:8000]:
        return "not-yaml"  # binary serialization stores GUIDs as raw bytes: nothing to search for
    text = data.lower()
    if guids is None:
        return "not-yaml" if b"guid" in text else None
    return "not-yaml" if any(guid.encode("ascii") in text for guid in guids) else None


def skipped_files(ctx: ToolContext, index: ProjectIndex, guids: Collection[str] | None,
                  exclude: Collection[str] = ()) -> list[SkippedFile]:
    """The files the index could not scan that may reference `guids`, read as this transaction sees them now."""
    found = []
    for path, _state in index.unscanned():
        if path in exclude:
            continue
        try:
            data = access.read_bytes(ctx, index, path)
        except (UnityCliError, OSError):
            data = None
        else:
            if data is None:
                continue  # gone since the index was refreshed
        reason = reason_for(data, guids)
        if reason is not None:
            found.append(SkippedFile(path=path, reason=reason, message=MESSAGES[reason]))
    return found
