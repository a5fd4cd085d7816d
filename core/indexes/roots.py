"""Which folders of a project Unity imports, and under which logical path each one appears.

Unity addresses package assets by `Packages/<package name>/...` whatever folder they live in: an embedded package
is a folder under `Packages/` with a package.json (VisualEffectGraph-Samples `Packages/net.peeweek.game-options/`),
a local package is a `file:` dependency in `Packages/manifest.json`, resolved relative to `Packages/` and often
outside the project (cinemachine `Projects/URP`: `file:../../../com.unity.cinemachine`). Folders under
`Packages/` without a package.json (minigolf's NuGet folders) are not packages and Unity does not import them.
`ProjectSettings/` has no metas, but its YAML files (GraphicsSettings, EditorBuildSettings) reference assets.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from unitycli.safefs import read_bytes
from unitycli.strict_json import loads_file_text


@dataclass(frozen=True)
class Root:
    """One imported folder: `logical` is how Unity names it, `real` where it is on disk."""

    logical: str
    real: Path
    has_metas: bool = True


def is_hidden(name: str) -> bool:
    """Unity's "hidden assets" rule: such files and folders are never imported and have no meta."""
    lower = name.lower()
    return name.startswith(".") or name.endswith("~") or lower == "cvs" or lower.endswith(".tmp")


def display_path(project_root: Path, real: Path) -> str:
    """Project-relative posix path when `real` is inside the project, else the absolute posix path."""
    try:
        return real.relative_to(project_root).as_posix()
    except ValueError:
        return real.as_posix()


def _package_name(folder: Path) -> str | None:
    """The `name` of a package.json; only the name matters here, so any problem just means "use the folder name"."""
    try:
        data = loads_file_text(read_bytes(folder / "package.json").decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else None


def _embedded(project_root: Path) -> list[Root]:
    packages = project_root / "Packages"
    try:
        entries = sorted(os.scandir(packages), key=lambda e: e.name)
    except OSError:
        return []
    roots = []
    for entry in entries:
        if is_hidden(entry.name) or not entry.is_dir():
            continue
        folder = Path(entry.path)
        if not (folder / "package.json").is_file():
            continue
        name = _package_name(folder) or entry.name
        roots.append(Root(f"Packages/{name}", folder))
    return roots


def _local(project_root: Path) -> list[Root]:
    """`file:` folder dependencies of the manifest; tarballs and unreadable manifests give nothing to index."""
    packages = project_root / "Packages"
    try:
        data = loads_file_text(read_bytes(packages / "manifest.json").decode("utf-8-sig"))
        deps = data.get("dependencies", {})
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, RecursionError):
        return []
    roots = []
    for name, value in deps.items() if isinstance(deps, dict) else ():
        if not isinstance(value, str) or not value.startswith("file:"):
            continue
        folder = Path(os.path.normpath(packages / value[len("file:"):]))
        if (folder / "package.json").is_file():
            roots.append(Root(f"Packages/{name}", folder))
    return roots


def project_roots(project_root: Path) -> list[Root]:
    """`Assets`, every embedded and local package (embedded wins on a name clash, as in Unity), `ProjectSettings`."""
    roots = [Root("Assets", project_root / "Assets")]
    seen_names: set[str] = set()
    seen_real: set[str] = set()
    for root in _embedded(project_root) + _local(project_root):
        real = os.path.realpath(root.real)
        if root.logical in seen_names or real in seen_real:
            continue
        seen_names.add(root.logical)
        seen_real.add(real)
        roots.append(root)
    roots.append(Root("ProjectSettings", project_root / "ProjectSettings", has_metas=False))
    return roots
