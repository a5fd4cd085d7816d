"""The user's known projects: every project selected before, so `instances list` and `--instance` can find it.

Stored in `known-projects.json` as `{"version": 1, "projects": {<instanceId>: {"path", "lastSeen"}}}`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.project.root import Project
from unitycli.project.userdata import JsonStore

log = logging.getLogger(__name__)
STORE = JsonStore("known-projects.json", "projects")
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
_REFRESH_S = 60


@dataclass(frozen=True)
class KnownProject:
    instance_id: str
    path: str
    last_seen: str | None


def _fresh(entry: Any, path: str, now: datetime) -> bool:
    if not isinstance(entry, dict) or entry.get("path") != path or not isinstance(entry.get("lastSeen"), str):
        return False
    # Read back only exactly what `record` writes: `strptime` would import its locale-aware parser (~1 ms a call).
    text = entry["lastSeen"]
    try:
        seen = datetime.fromisoformat(text.removesuffix("Z")).replace(tzinfo=UTC)
    except ValueError:
        return False
    if not text.endswith("Z") or seen.strftime(_TIME_FORMAT) != text:
        return False
    return 0 <= (now - seen).total_seconds() < _REFRESH_S


def known_projects() -> dict[str, KnownProject]:
    """All known projects by instance id; a malformed entry fails closed rather than being skipped."""
    result: dict[str, KnownProject] = {}
    for instance_id, entry in STORE.read().items():
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise UnityCliError("E_USER_DATA_UNAVAILABLE", f"{STORE.path}: malformed entry {instance_id!r}",
                                details={"path": str(STORE.path), "entry": instance_id})
        last_seen = entry.get("lastSeen")
        result[instance_id] = KnownProject(instance_id, entry["path"], last_seen if isinstance(last_seen, str) else None)
    return result


def record(project: Project) -> None:
    """Remember `project`. Best effort: bookkeeping must not fail the command the user actually asked for.

    An entry seen within the last `_REFRESH_S` seconds is left alone, so an agent's burst of commands does not
    pay for a locked, fsynced write each time.
    """
    now = datetime.now(UTC)

    def change(data: dict[str, Any]) -> None:
        data[project.instance_id] = {"path": str(project.root), "lastSeen": now.strftime(_TIME_FORMAT)}

    try:
        if _fresh(STORE.read().get(project.instance_id), str(project.root), now):
            return
        STORE.update(change)
    except UnityCliError as exc:
        log.warning("could not record known project %s: %s", project.root, exc.message)

