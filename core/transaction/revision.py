"""Revisions: the content hash read tools report and writers check, so a stale edit is refused, not merged."""

from __future__ import annotations

import hashlib

from unitycli.errors import UnityCliError

PREFIX = "sha256:"


# The last two big contents hashed (a write's old and new) and their revisions: one write asks for the revision of
# the same bytes objects several times (the reader, the tool's answer, the effects, the commit), each a pass over
# up to 100+ MB. Kept by identity: a bytes object is immutable, so the same object has the same content.
_last: list[tuple[bytes, str]] = []
_REMEMBER_MIN = 1 << 20


def revision_of(data: bytes) -> str:
    """`sha256:<64 hex>` of the bytes; the full digest, because a short one could let two contents collide."""
    for known, revision in _last:
        if known is data:
            return revision
    revision = PREFIX + hashlib.sha256(data).hexdigest()
    if type(data) is bytes and len(data) >= _REMEMBER_MIN:
        _last[:] = [(data, revision), *_last[:1]]
    return revision


def normalize_revision(revision: str) -> str:
    """Accept the revision as reported, with any letter case, or the bare hex digest."""
    text = revision.strip().lower()
    return text if text.startswith(PREFIX) else PREFIX + text


def check_revision(path: str, expected: str, actual: str | None) -> None:
    """Raise `E_STALE_WRITE` unless the file's current revision is the one the caller last saw."""
    if actual is not None and normalize_revision(expected) == actual:
        return
    raise UnityCliError(
        "E_STALE_WRITE",
        f"{path} changed since revision {expected} was read" if actual else f"{path} no longer exists",
        details={"path": path, "expected": expected, "actual": actual},
        next_actions=[f"Read {path} again to get its current revision, then repeat the edit with that revision"],
    )
