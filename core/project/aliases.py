"""Short user-chosen names for projects (`--instance game`), kept in the user data directory, never in a repo.

Stored in `aliases.json` as `{"version": 1, "aliases": {<name>: {"path", "instanceId"}}}`. The instance id is
kept beside the path so selection can notice that the path now leads somewhere else and refuse.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unitycli.errors import UnityCliError
from unitycli.project import known
from unitycli.project.identity import is_instance_id
from unitycli.project.root import open_project
from unitycli.project.userdata import JsonStore

if TYPE_CHECKING:  # imported where an alias is built: selecting a project with no alias never needs the models
    from unitycli.project.models import AliasInfo, AliasSetResult

ALIAS_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
STORE = JsonStore("aliases.json", "aliases")


def validate_alias_name(name: str) -> str:
    if not ALIAS_RE.match(name):
        raise UnityCliError("E_OPTION_VALUE_INVALID",
                            f"invalid alias name {name!r}: use 1-64 of a-z 0-9 . _ - starting with a letter or digit",
                            details={"option": "alias", "value": name, "pattern": ALIAS_RE.pattern})
    return name


def _info(name: str, entry: Any) -> AliasInfo:
    if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) \
            or not isinstance(entry.get("instanceId"), str):
        raise UnityCliError("E_USER_DATA_UNAVAILABLE", f"{STORE.path}: malformed alias {name!r}",
                            details={"path": str(STORE.path), "alias": name})
    from unitycli.project.models import AliasInfo

    return AliasInfo(name=name, path=entry["path"], instance_id=entry["instanceId"])


def list_aliases() -> list[AliasInfo]:
    """All aliases, sorted by name."""
    return [_info(name, entry) for name, entry in sorted(STORE.read().items())]


def lookup_alias(name: str) -> AliasInfo | None:
    entry = STORE.read().get(name)
    return None if entry is None else _info(name, entry)


def aliases_by_instance() -> dict[str, list[str]]:
    """Instance id → its alias names, sorted; one project may have several aliases."""
    result: dict[str, list[str]] = {}
    for info in list_aliases():
        result.setdefault(info.instance_id, []).append(info.name)
    return result


def set_alias(name: str, project_path: str | os.PathLike[str], *, cwd: Path | None = None) -> AliasSetResult:
    """Point alias `name` at the Unity project at `project_path` (must be a project root); replaces silently
    but reports the previous target. The project becomes known."""
    validate_alias_name(name)
    target = os.fspath(project_path)
    if is_instance_id(target):  # an instanceId names a known project
        entry_known = known.known_projects().get(target)
        if entry_known is None:
            raise UnityCliError("E_INSTANCE_NOT_FOUND", f"no known project has instance id {target}",
                                details={"instance": target}, next_actions=["unitycli instances list --all"])
        target = entry_known.path
    project = open_project(target, base=cwd, command="target alias set " + name)
    entry = {"path": str(project.root), "instanceId": project.instance_id}

    def change(data: dict[str, Any]) -> AliasInfo | None:
        previous = data.get(name)
        data[name] = entry
        return None if previous is None or previous == entry else _info(name, previous)

    replaced = STORE.update(change)
    known.record(project)
    from unitycli.project.models import AliasSetResult

    return AliasSetResult(alias=_info(name, entry), replaced=replaced)


def unset_alias(name: str) -> AliasInfo:
    """Remove alias `name` and return what it pointed at; an unknown alias is E_INSTANCE_NOT_FOUND."""
    validate_alias_name(name)

    def change(data: dict[str, Any]) -> AliasInfo | None:
        entry = data.pop(name, None)
        return None if entry is None else _info(name, entry)

    removed = STORE.update(change)
    if removed is None:
        raise UnityCliError("E_INSTANCE_NOT_FOUND", f"no alias named {name!r}", details={"alias": name},
                            next_actions=["unitycli target alias list"])
    return removed


def remove_aliases_of(instance_ids: set[str]) -> list[AliasInfo]:
    """Drop every alias pointing at one of `instance_ids` (used by prune)."""
    def change(data: dict[str, Any]) -> list[AliasInfo]:
        doomed = [_info(n, e) for n, e in data.items() if isinstance(e, dict) and e.get("instanceId") in instance_ids]
        for info in doomed:
            del data[info.name]
        return doomed

    return STORE.update(change)
