"""Revisions: the content hash read tools report and writers check, so a stale edit is refused, not merged."""

from __future__ import annotations

import hashlib
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.spliced import Content, Spliced

PREFIX = "sha256:"


def revision_of(data: Content) -> str:
    """`sha256:<64 hex>` of the bytes; the full digest, because a short one could let two contents collide.
    A pass over the whole content (up to 100+ MB): what holds content keeps its revision (a transaction's
    snapshots and staged writes, a parsed file), so one write hashes each content once."""
    return PREFIX + (data.sha256() if isinstance(data, Spliced) else hashlib.sha256(data).hexdigest())


_STATE_EVERY = 4 << 20  # bytes between the hash states kept with a revision


def revision_and_states(data: bytes) -> tuple[str, tuple[tuple[int, Any], ...]]:
    """`revision_of(data)` and the SHA-256's state every few megabytes on the way ((offset, a hash of the first
    offset bytes)), so the revision of an edit of `data` that keeps its first n bytes hashes only from the last
    state at or before n (`spliced_revision`). The same single pass: a state is a copy of a few hundred bytes."""
    digest, view, states = hashlib.sha256(), memoryview(data), []
    for start in range(0, len(data), _STATE_EVERY):
        if start:
            states.append((start, digest.copy()))
        digest.update(view[start : start + _STATE_EVERY])
    return PREFIX + digest.hexdigest(), tuple(states)


def spliced_revision(content: Spliced, states: tuple[tuple[int, Any], ...]) -> str:
    """`revision_of(content)` for a splice whose base gave `states` (`revision_and_states`): hashed from the last
    state within the bytes it keeps in place at its start, the rest piece by piece."""
    head, _ = content.unchanged_ends()
    start, state = 0, None
    for offset, saved in states:
        if offset > head:
            break
        start, state = offset, saved
    return PREFIX + (content.sha256(state.copy(), start) if state is not None else content.sha256())


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
        next_actions=[tool_command("asset.info", {"path": path})],  # its current revision, to repeat the edit with
    )
