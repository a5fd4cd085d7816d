"""What a Unity project root is, how to find one near a path, and the `Project` value handed to tools.

A folder is a Unity project when it has `Assets/` and `ProjectSettings/ProjectVersion.txt`: the two things the
Editor itself needs (every fixture project has both).
"""

from __future__ import annotations

import os
import shlex
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.project.identity import canonical_path, instance_id_for
from unitycli.unityfiles.project_version import read_project_version

ASSETS = "Assets"
PROJECT_VERSION = Path("ProjectSettings") / "ProjectVersion.txt"
# Folders that never hold a nested project worth suggesting and can be huge.
_SKIP_BELOW = {"Library", "Temp", "Logs", "obj", "node_modules", "Assets", "Packages", "ProjectSettings"}


@dataclass(frozen=True)
class Project:
    """A selected Unity project. `root` is canonical; `alias` is the alias it was selected by, or its first."""

    root: Path
    instance_id: str
    unity_version: str
    alias: str | None = None


def missing_markers(folder: Path) -> list[str]:
    """Which of the two Unity project markers `folder` lacks (empty list: it is a project root)."""
    missing = []  # os.path answers False for a folder it may not enter (`--project /` meets /proc/1/fdinfo)
    if not os.path.isdir(folder / ASSETS):
        missing.append("Assets/")
    if not os.path.isfile(folder / PROJECT_VERSION):
        missing.append(PROJECT_VERSION.as_posix())
    return missing


def is_unity_project(folder: Path) -> bool:
    return not missing_markers(folder)


def find_root_above(start: Path) -> Path | None:
    """The nearest Unity project root at or above `start` (already canonical), like git finds `.git`."""
    for candidate in (start, *start.parents):
        if is_unity_project(candidate):
            return candidate
    return None


def find_roots_below(start: Path, max_depth: int = 3, limit: int = 3, budget: int = 500) -> list[Path]:
    """Unity project roots under `start`, nearest first; bounded so a wrong `--project /` stays fast."""
    found: list[Path] = []
    queue: deque[tuple[Path, int]] = deque([(start, 0)])
    while queue and len(found) < limit and budget > 0:
        folder, depth = queue.popleft()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(".") or entry.name in _SKIP_BELOW or not entry.is_dir(follow_symlinks=False):
                continue
            budget -= 1
            child = Path(entry.path)
            if is_unity_project(child):
                found.append(child)
            elif depth + 1 < max_depth:
                queue.append((child, depth + 1))
    return found[:limit]


def read_unity_version(root: Path) -> str:
    """`m_EditorVersion` (chicken-defense: `2022.3.17f1`); unreadable or malformed is E_PROJECT_FILE_UNREADABLE,
    because tools pick serialized layouts by it and must not guess."""
    return read_project_version(root).editor_version


def open_project(path: str | os.PathLike[str], *, base: Path | None = None, alias: str | None = None,
                 command: str | None = None) -> Project:
    """Resolve `path` and check it is a Unity project root; E_PROJECT_INVALID names what is missing."""
    canonical = canonical_path(path, base)
    missing = missing_markers(canonical)
    if missing:
        raise _not_a_project(Path(os.fspath(path)), canonical, missing, command)
    return Project(canonical, instance_id_for(canonical), read_unity_version(canonical), alias)


def project_command(command: str | None, option: str, value: str | Path) -> str:
    """A concrete command line that selects `value`, for next actions; `<placeholders>` stay unquoted."""
    text = str(value)
    if not (text.startswith("<") and text.endswith(">")):
        text = shlex.quote(text)
    return f"unitycli {command or '<command>'} {option} {text}"


def _not_a_project(given: Path, canonical: Path, missing: list[str], command: str | None) -> UnityCliError:
    details: dict[str, Any] = {"path": str(given), "resolvedPath": str(canonical), "missing": missing}
    if not os.path.isdir(canonical):
        details["notADirectory"] = True
    candidates: list[Path] = []
    above = find_root_above(canonical.parent)
    if above is not None:
        candidates.append(above)
    if os.path.isdir(canonical):
        candidates.extend(find_roots_below(canonical))
    details["nearestProjects"] = [str(c) for c in candidates]
    actions = [project_command(command, "--project", c) for c in candidates]
    return UnityCliError("E_PROJECT_INVALID", f"{given} is not a Unity project root (missing {', '.join(missing)})",
                         details=details, next_actions=actions or None)
