"""Revisions: the content hash read tools report and writers check, so a stale edit is refused, not merged."""

from __future__ import annotations

import hashlib

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.spliced import Content, Spliced

PREFIX = "sha256:"


def revision_of(data: Content) -> str:
    """`sha256:<64 hex>` of the bytes; the full digest, because a short one could let two contents collide.
    A pass over the whole content (up to 100+ MB): what holds content keeps its revision (a transaction's
    snapshots and staged writes, a parsed file), so one write hashes each content once."""
    return PREFIX + (data.sha256() if isinstance(data, Spliced) else hashlib.sha256(data).hexdigest())


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
