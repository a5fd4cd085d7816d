"""`ProjectIndex`: GUID <-> path and reference queries over a project, served from a refreshed cache.

Opening refreshes the cache (see `build`) unless told not to; queries are then indexed sqlite lookups. A cache
that turns out unreadable mid-query is discarded and rebuilt once, so a damaged file costs a rebuild, never a
wrong answer or a crash.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TypeVar

from unitycli import safefs
from unitycli.indexes.extract import parse_documents, scan_references
from unitycli.indexes.models import (
    Dependency,
    DocumentId,
    DuplicateGuid,
    IndexStats,
    Referrer,
    ReferringObject,
    Target,
)
from unitycli.indexes.opening import open_store, read_pending, rebuild
from unitycli.indexes.progress import ProgressCallback
from unitycli.indexes.roots import Root, project_roots
from unitycli.indexes.store import IndexStore
from unitycli.project.identity import canonical_path

T = TypeVar("T")


class ProjectIndex:
    """The indexes of one project. Use `ProjectIndex.open(root)`; close it (or use `with`) when done."""

    def __init__(self, root: Path, roots: list[Root], store: IndexStore, stats: IndexStats, *,
                 owner: object | None = None) -> None:
        self.root = root
        self.roots = roots
        self._store = store
        self.stats = stats
        self._owner = owner  # a ResidentIndex keeps this index open across `with` blocks

    @classmethod
    def open(cls, project_root: str | os.PathLike[str], *, progress: ProgressCallback | None = None,
             refresh: bool = True) -> ProjectIndex:
        """Open the project's index, building or refreshing it first (`refresh=False` trusts an existing cache).

        While a `ResidentIndex` runs for the project in this process, its current index is returned instead.
        """
        from unitycli.indexes.resident import resident_for

        root = canonical_path(project_root)
        resident = resident_for(root)
        if resident is not None:
            return resident.index()
        roots = project_roots(root)
        store, stats = open_store(root, roots, progress, refresh=refresh)
        return cls(root, roots, store, stats)

    def refresh(self, *, progress: ProgressCallback | None = None) -> IndexStats:
        """Bring a long-lived index up to date with the files (what `open` does on every call)."""
        self._store.close()
        self.roots = project_roots(self.root)
        self._store, self.stats = open_store(self.root, self.roots, progress, refresh=True)
        return self.stats

    @property
    def store(self) -> IndexStore:
        return self._store

    def close(self) -> None:
        if self._owner is None:
            self._store.close()

    def __enter__(self) -> ProjectIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _query(self, run: Callable[[IndexStore], T], *, contents: bool = False) -> T:
        """Run a query; on a damaged cache rebuild it from scratch and run it once more. `contents`: the query
        reads what files hold (references, scan states), so the big files a refresh left unread are read first."""
        try:
            if contents:
                read_pending(self.root, self._store)
            return run(self._store)
        except sqlite3.DatabaseError as exc:
            self._store.close()
            self._store, self.stats = rebuild(self.root, self.roots, f"query failed: {exc}")
            if contents:
                read_pending(self.root, self._store)
            return run(self._store)

    # --- GUID <-> path -------------------------------------------------------------------------------------
    def path_for_guid(self, guid: str) -> str | None:
        """The asset path of a GUID (the first by path order when the GUID is duplicated), or None."""
        paths = self.paths_for_guid(guid)
        return paths[0] if paths else None

    def paths_for_guid(self, guid: str) -> list[str]:
        """Every asset path whose meta claims `guid`; more than one only for duplicated GUIDs."""
        return [meta[:-len(".meta")] for meta in self._query(lambda s: s.meta_paths_for_guid(guid.lower()))]

    def guid_for_path(self, path: str | PurePath) -> str | None:
        """The GUID in the meta of an asset or folder path (`Assets/...` or `Packages/<name>/...`)."""
        key = self._key(path)
        return self._query(lambda s: s.guid_of(key + ".meta"))

    def real_path(self, path: str | PurePath) -> Path | None:
        """Where a logical path is on disk: local packages may live outside the project."""
        key = self._key(path)
        for root in self.roots:
            if key == root.logical:
                return root.real
            if key.startswith(root.logical + "/"):
                return root.real / key[len(root.logical) + 1:]
        return None

    # --- references ----------------------------------------------------------------------------------------
    def referrers(self, guid: str, *, objects: bool = False) -> list[Referrer]:
        """Every YAML file that references `guid`, with the documents holding the references, by path; with
        `objects`, each document's class, name and referencing properties where the index holds them."""
        rows = self._query(lambda s: s.referrers(guid.lower(), details=objects), contents=True)
        details = _objects([row[3] for row in rows]) if objects else [None] * len(rows)
        return [Referrer(row[0], tuple(DocumentId(file_id, cls) for cls, file_id in parse_documents(row[2])), row[1],
                         held)
                for row, held in zip(rows, details, strict=True)]

    def dependencies(self, path: str | PurePath) -> list[Dependency]:
        """Every GUID a YAML file references now, with where it resolves, in order of first appearance.

        The file itself is read (one file is cheap) so the referenced fileIDs and types are exact and current.
        """
        key = self._key(path)
        real = self.real_path(key)
        try:
            data = safefs.read_bytes(real) if real is not None else b""
        except OSError:
            data = b""
        targets: dict[str, dict[tuple[int | None, int | None], int]] = {}
        for _cls, _doc, file_id, guid, kind, count in scan_references(data, key.startswith("ProjectSettings/")):
            per_guid = targets.setdefault(guid, {})
            per_guid[(file_id, kind)] = per_guid.get((file_id, kind), 0) + count
        if not targets:
            return []
        metas = self._query(lambda s: s.guids_to_metas(list(targets)))
        return [Dependency(guid, metas[guid][:-len(".meta")] if guid in metas else None, sum(found.values()),
                           tuple(Target(file_id, kind, n) for (file_id, kind), n in found.items()))
                for guid, found in targets.items()]

    # --- project health ------------------------------------------------------------------------------------
    def duplicate_guids(self) -> list[DuplicateGuid]:
        """GUIDs claimed by more than one meta in this project."""
        grouped: dict[str, list[str]] = {}
        for guid, meta in self._query(lambda s: s.duplicate_guids()):
            grouped.setdefault(guid, []).append(meta[:-len(".meta")])
        return [DuplicateGuid(guid, tuple(paths)) for guid, paths in grouped.items()]

    def metas_without_asset(self) -> list[str]:
        """Meta paths whose asset file or folder is missing (a fact about the checkout, not an error)."""
        return self._query(lambda s: s.metas_without_asset())

    def assets_without_meta(self) -> list[str]:
        """Asset files and folders Unity would import but that have no meta yet."""
        prefixes = [root.logical for root in self.roots if root.has_metas]
        return self._query(lambda s: s.assets_without_meta(prefixes))

    def unscanned(self) -> list[tuple[str, int]]:
        """(path, ScanState) of YAML-typed files whose references are unknown: LFS pointers, unreadable, not YAML."""
        from unitycli.indexes.extract import ScanState
        from unitycli.indexes.walk import Kind

        sql = f"SELECT path, state FROM files WHERE kind={int(Kind.SCAN)} AND state!={int(ScanState.OK)} ORDER BY path"
        return self._query(lambda s: s.conn.execute(sql).fetchall(), contents=True)

    def _key(self, path: str | PurePath) -> str:
        """A project-relative posix path; an absolute path inside the project is made relative."""
        text = path.as_posix() if isinstance(path, PurePath) else str(path).replace("\\", "/")
        if os.path.isabs(text):
            try:
                text = Path(text).resolve().relative_to(self.root).as_posix()
            except ValueError:
                return text
        while text.startswith("./"):
            text = text[2:]
        return text.rstrip("/")




def _objects(details: list[str | None]) -> list[tuple[ReferringObject, ...] | None]:
    """Every row's stored details (`refdetails.Details` as JSON, or None), decoded in one call: a hundred referring
    files are one parse, not a hundred."""
    decoded = json.loads("[" + ",".join(d if d is not None else "null" for d in details) + "]")
    return [None if rows is None else tuple(ReferringObject(cls, name, tuple(map(tuple, props)))
                                             for cls, name, props in rows)
            for rows in decoded]
