"""`instances list|prune`: the known projects with their live state, and forgetting the ones that are gone.

Status: `missing` (the folder is gone), else what the editor guard says (`offline`, `editor-open`,
`unverifiable`); a folder that exists but no longer is the same Unity project is `unverifiable`, never guessed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, get_args

from unitycli.errors import UnityCliError
from unitycli.project import aliases, known
from unitycli.project.identity import canonical_path, instance_id_for
from unitycli.project.models import InstanceInfo, InstanceStatus
from unitycli.project.root import missing_markers, read_unity_version
from unitycli.transaction.editor_guard import editor_status

STATUSES: tuple[InstanceStatus, ...] = get_args(InstanceStatus)
USABLE = frozenset({"offline", "editor-open"})


def list_instances() -> list[InstanceInfo]:
    """Every known project, most recently selected first."""
    by_instance = aliases.aliases_by_instance()
    entries = sorted(known.known_projects().values(), key=lambda k: (k.last_seen or "", k.path), reverse=True)
    return [_info(entry, by_instance.get(entry.instance_id, [])) for entry in entries]


def prune() -> list[InstanceInfo]:
    """Forget known projects whose folder no longer exists, and their aliases; return what was removed."""
    gone = {info.instance_id: info for info in list_instances() if info.status == "missing"}

    def change(data: dict[str, Any]) -> set[str]:
        removed = set()
        for instance_id in gone:
            entry = data.get(instance_id)
            # Re-checked under the lock: a project re-created meanwhile is kept.
            if isinstance(entry, dict) and _is_gone(str(entry.get("path", ""))):
                del data[instance_id]
                removed.add(instance_id)
        return removed

    removed = known.STORE.update(change) if gone else set()
    if removed:
        aliases.remove_aliases_of(removed)
    return [gone[i] for i in gone if i in removed]


def _is_gone(path: str) -> bool:
    return not os.path.isdir(path)


def _info(entry: known.KnownProject, alias_names: list[str]) -> InstanceInfo:
    status, evidence, version = _status(entry)
    return InstanceInfo(path=entry.path, instance_id=entry.instance_id, aliases=alias_names, status=status,
                        evidence=evidence, unity_version=version, last_seen=entry.last_seen)


def _status(entry: known.KnownProject) -> tuple[InstanceStatus, list[str], str | None]:
    path = Path(entry.path)
    if _is_gone(entry.path):
        why = "is a broken symlink" if os.path.islink(path) else "does not exist"
        return "missing", [f"{path} {why}"], None
    try:
        canonical = canonical_path(path)
    except UnityCliError as exc:
        return "unverifiable", [exc.message], None
    if instance_id_for(canonical) != entry.instance_id:
        return "unverifiable", [f"{path} now resolves to {canonical}, a different identity"], None
    missing = missing_markers(canonical)
    if missing:
        return "unverifiable", [f"{path} is no longer a Unity project (missing {', '.join(missing)})"], None
    try:
        version = read_unity_version(canonical)
    except UnityCliError:
        version = None
    status, evidence = editor_state(canonical)
    return status, evidence, version


def editor_state(root: Path) -> tuple[InstanceStatus, list[str]]:
    """Ask the editor guard whether a live Editor holds `root` (Temp/UnityLockfile, Library/EditorInstance.json)."""
    state = editor_status(root)
    return state.status, list(state.evidence)
