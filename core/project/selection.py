"""Which Unity project a command works on: `--instance`, `--project`, else the nearest root above the cwd.

Every way in ends in the same canonical identity, and every dead end is a catalogued error whose next actions
are commands that would have worked (known projects, aliases, the nearest real project root).
"""

from __future__ import annotations

import os
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.project import aliases, known
from unitycli.project.identity import canonical_path, is_instance_id, path_unavailable
from unitycli.project.root import Project, find_root_above, open_project, project_command

__all__ = ["Project", "select_project"]

_MAX_SUGGESTIONS = 5


def select_project(instance: str | None, project: str | None, cwd: Path, *, command: str | None = None) -> Project:
    """Select the project for this invocation and record it as known.

    `command` (e.g. "tools run") only makes next actions concrete. Both options given and naming different
    projects is E_OPTION_VALUE_INVALID: guessing which one was meant could write to the wrong project.
    """
    if instance is not None and project is not None:
        by_instance = _from_instance(instance, cwd, command)
        by_project = _from_path(project, "--project", cwd, command)
        if by_instance.instance_id != by_project.instance_id:
            raise UnityCliError(
                "E_OPTION_VALUE_INVALID", "--instance and --project name different projects; give only one",
                details={"instance": {"value": instance, "path": str(by_instance.root)},
                         "project": {"value": project, "path": str(by_project.root)}},
                next_actions=[project_command(command, "--instance", instance),
                              project_command(command, "--project", project)])
        selected = by_instance
    elif instance is not None:
        selected = _from_instance(instance, cwd, command)
    elif project is not None:
        selected = _from_path(project, "--project", cwd, command)
    else:
        selected = _from_cwd(cwd, command)
    if selected.alias is None:
        names = aliases.aliases_by_instance().get(selected.instance_id)
        if names:
            selected = Project(selected.root, selected.instance_id, selected.unity_version, names[0])
    known.record(selected)
    return selected


def _require_value(value: str, option: str) -> None:
    if not value.strip():
        raise UnityCliError("E_OPTION_VALUE_INVALID", f"{option} needs a non-empty value",
                            details={"option": option, "value": value})


def _from_path(value: str, option: str, cwd: Path, command: str | None, alias: str | None = None) -> Project:
    """A project root, or any existing folder or file inside one (`--project Assets/Scenes` from the root)."""
    _require_value(value, option)
    try:
        return open_project(value, base=cwd, alias=alias, command=command)
    except UnityCliError as exc:
        if exc.code != "E_PROJECT_INVALID":
            raise
        inside = canonical_path(value, cwd)
        root = find_root_above(inside if inside.is_dir() else inside.parent) if inside.exists() else None
        if root is None:
            raise
        return open_project(root, alias=alias, command=command)


def _looks_like_path(value: str, cwd: Path) -> bool:
    seps = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return (any(s in value for s in seps) or value.startswith(("~", ".")) or Path(value).is_absolute()
            or os.path.lexists(cwd / value))


def _from_instance(value: str, cwd: Path, command: str | None) -> Project:
    """An instance id, then an alias, then a path; an alias shadowed by a different project folder is refused."""
    _require_value(value, "--instance")
    if is_instance_id(value):
        entry = known.known_projects().get(value)
        if entry is None:
            raise _not_found(value, "no known project has this instance id")
        return _checked(entry.path, value, cwd, command, alias=None, repair=["unitycli instances prune"])
    alias = aliases.lookup_alias(value) if aliases.ALIAS_RE.match(value) else None
    if alias is not None:
        here = cwd / value
        if os.path.isdir(here):
            try:
                other = open_project(here)
            except UnityCliError:
                other = None
            if other is not None and other.instance_id != alias.instance_id:
                raise UnityCliError(
                    "E_OPTION_VALUE_INVALID",
                    f"--instance {value} is both an alias ({alias.path}) and a project folder here ({other.root})",
                    details={"value": value, "aliasPath": alias.path, "folderPath": str(other.root)},
                    next_actions=[project_command(command, "--project", "./" + value),
                                  project_command(command, "--instance", alias.path)])
        return _checked(alias.path, alias.instance_id, cwd, command, alias=value,
                        repair=[f"unitycli target alias set {value} <path-to-unity-project>",
                                f"unitycli target alias unset {value}"])
    if _looks_like_path(value, cwd):
        return _from_path(value, "--instance", cwd, command)
    raise _not_found(value, "no alias, known instance id or folder has this name")


def _checked(path: str, expected_id: str, cwd: Path, command: str | None, alias: str | None,
             repair: list[str]) -> Project:
    """Open a stored path and insist it still has the stored identity (a folder swapped for a link fails)."""
    try:
        selected = open_project(path, base=cwd, alias=alias, command=command)
    except UnityCliError as exc:
        if exc.code in ("E_INSTANCE_PATH_UNAVAILABLE", "E_PROJECT_INVALID"):
            exc.next_actions = [*(exc.next_actions or []), *repair]
        raise
    if selected.instance_id != expected_id:
        raise path_unavailable(Path(path), "identity-changed", next_actions=repair)
    return selected


def _not_found(value: str, why: str) -> UnityCliError:
    actions = ["unitycli instances list", "unitycli target alias list"]
    if aliases.ALIAS_RE.match(value) and not is_instance_id(value):
        actions.append(f"unitycli target alias set {value} <path-to-unity-project>")
    return UnityCliError("E_INSTANCE_NOT_FOUND", f"--instance {value}: {why}", details={"instance": value},
                         next_actions=actions)


def _from_cwd(cwd: Path, command: str | None) -> Project:
    start = canonical_path(cwd)
    root = find_root_above(start)
    if root is not None:
        return open_project(root, command=command)
    raise UnityCliError(
        "E_INSTANCE_REQUIRED", f"no Unity project selected, and none at or above {start}",
        details={"cwd": str(start)}, next_actions=_suggestions(command))


def _suggestions(command: str | None) -> list[str]:
    """`--project <path>` first, then the user's known projects (by alias when they have one), newest first."""
    actions = [project_command(command, "--project", "<path-to-unity-project>")]
    try:
        by_instance = aliases.aliases_by_instance()
        entries = sorted(known.known_projects().values(), key=lambda k: k.last_seen or "", reverse=True)
    except UnityCliError:
        return actions
    for entry in entries[:_MAX_SUGGESTIONS]:
        names = by_instance.get(entry.instance_id)
        if names:
            actions.append(project_command(command, "--instance", names[0]))
        elif os.path.isdir(entry.path):
            actions.append(project_command(command, "--project", entry.path))
    return actions
