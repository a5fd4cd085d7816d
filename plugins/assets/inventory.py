"""Every asset of a project as Unity sees it: the paths under imported roots, each with its meta's GUID.

The listing is the index's own walk (`unitycli.indexes.walk`), so find, validate and the index agree on what is
imported (hidden-file rules, embedded and local packages) and on logical paths (`Packages/<name>/...`). An asset
whose main file is absent but whose meta is present is listed too (`has_file=False`): its GUID is still what
references use, and the fixtures hold hundreds of such metas for dropped code and binaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unitycli.indexes import ProjectIndex
from unitycli.indexes.walk import Kind, list_project

ASSET_ROOT_PREFIXES = ("Assets/", "Packages/")


@dataclass(frozen=True)
class AssetEntry:
    path: str
    guid: str | None
    is_folder: bool
    has_file: bool
    has_meta: bool
    external: bool  # in a local `file:` package outside the project folder: readable, never written


def _external_prefixes(index: ProjectIndex, project_root: Path) -> tuple[str, ...]:
    prefixes = []
    for root in index.roots:
        try:
            root.real.resolve().relative_to(project_root.resolve())
        except ValueError:
            prefixes.append(root.logical + "/")
    return tuple(prefixes)


def list_assets(index: ProjectIndex, project_root: Path) -> list[AssetEntry]:
    """All assets (files and folders with or without a meta, metas without their asset), sorted by path."""
    with_metas = [root for root in index.roots if root.has_metas]
    listing = list_project(index.root, with_metas)
    external = _external_prefixes(index, project_root)
    metas = {path[:-len(".meta")] for path, row in listing.items() if row[3] == Kind.META}
    files = {path: row[3] == Kind.FOLDER for path, row in listing.items() if row[3] != Kind.META}
    entries = []
    for path in sorted(metas | set(files)):
        guid = index.guid_for_path(path) if path in metas else None
        entries.append(AssetEntry(path, guid, files.get(path, False), path in files, path in metas,
                                  path.startswith(external)))
    return entries
