"""The files a discovery answer depends on, so the fast path knows when a cached answer is stale.

Installed code (the unitycli package, every sys.path folder, each extension's dist-info and package files),
the selected project's package and unitycli files, and the user's aliases and approvals (not the caches).
"""

from __future__ import annotations

import importlib.util
import sys
from importlib.metadata import entry_points
from pathlib import Path

import unitycli
from unitycli.extension_manager.config import CONFIG
from unitycli.extension_manager.lock import LOCK
from unitycli.host.installed import ENTRY_POINT_GROUP
from unitycli.host.tool_imports import TOOLS_DIR

PROJECT_FILES = (
    "Packages/manifest.json",
    "Packages/packages-lock.json",
    "Packages",
    "ProjectSettings/ProjectVersion.txt",
    # What the project's own unitycli files change: its extension sources and lock, and its approved tools.
    # Not the `.unitycli` folder itself: the first write creates the transaction journal in it, and a tool map
    # or discovery answer that a write invalidates makes the call after every first write pay the full load.
    CONFIG,
    LOCK,
    TOOLS_DIR,
)


def _package_files(package_dirs: list[str]) -> list[str]:
    files: list[str] = []
    for directory in package_dirs:
        root = Path(directory)
        files.append(str(root))
        files.extend(str(p) for p in root.rglob("*.py"))
        files.extend(str(p) for p in root.rglob("*.toml"))
    return files


def _entry_point_files() -> list[str]:
    files: list[str] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        info_path = getattr(ep.dist, "_path", None) if ep.dist is not None else None
        if info_path is not None:
            info = Path(info_path)  # the dist-info folder: RECORD and entry_points.txt live there
            files.extend(str(p) for p in info.iterdir())
        top = ep.value.split(":")[0].split(".")[0]
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        if spec.submodule_search_locations:
            files.extend(_package_files(list(spec.submodule_search_locations)))
        elif spec.origin:
            files.append(spec.origin)
    return files


def _project_files(root: Path | None, cwd: Path) -> list[str]:
    files: list[str] = []
    if root is not None:
        files.extend(str(root / rel) for rel in PROJECT_FILES)
        tools_dir = root / TOOLS_DIR
        if tools_dir.is_dir():
            files.extend(str(p) for p in tools_dir.rglob("*"))
    for folder in (cwd, *cwd.parents):  # walk-up selection could find a different project
        files.append(str(folder / "Assets"))
        files.append(str(folder / "ProjectSettings" / "ProjectVersion.txt"))
    return files


def _user_files() -> list[str]:
    """Only the user files that change what discovery answers: approvals (which project tools load) and aliases.

    Never the cache (the discovery cache itself, indexes, logs) nor `known-projects.json`, whose `lastSeen` every
    selection rewrites: depending on them made each answer invalidate the next one.
    """
    from unitycli.extension_manager.approvals import _STORE as approvals
    from unitycli.project.aliases import STORE as alias_store

    return [str(approvals.path), str(alias_store.path)]


def discovery_dependencies(project_root: Path | None, cwd: Path) -> list[str]:
    files = _package_files(list(unitycli.__path__))
    files += [p for p in sys.path if p and Path(p).is_dir()]
    files += _entry_point_files()
    files += _project_files(project_root, cwd)
    files += _user_files()
    return files
