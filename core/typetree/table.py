"""The versioned layout table: every native class's Editor layouts, with the Editor versions that wrote each.

Derived by `scripts/derive_layouts.py` from the Editor type-tree dumps of AssetRipper/TypeTreeDumps and shipped
as package data: `data/index.json` (versions, class IDs) and one gzip'd JSON file per class, read only when that
class is asked for. Cache: one per process (`lru_cache`), never invalidated: the data is part of the installed
package and changes only with it.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.versions import PICK_RULE, Picked, pick

DATA = Path(__file__).parent / "data"


@cache
def index() -> dict[str, Any]:
    """The table's index: `versions` (release order), `classes` ({name: {id, bases, layouts}}), its source."""
    return json.loads((DATA / "index.json").read_text(encoding="utf-8"))


def versions() -> list[str]:
    return index()["versions"]


@cache
def class_names_by_id() -> dict[int, str]:
    """Class ID -> its newest name (a renamed class, `SceneSettings` -> `OcclusionCullingSettings`, keeps its ID)."""
    newest: dict[int, tuple[int, str]] = {}
    for name, entry in index()["classes"].items():
        if entry["id"] not in newest or entry["newest"] > newest[entry["id"]][0]:
            newest[entry["id"]] = (entry["newest"], name)
    return {class_id: name for class_id, (_, name) in newest.items()}


def class_name_of(class_id: int) -> str | None:
    return class_names_by_id().get(class_id)


def class_id_of(class_name: str) -> int | None:
    entry = index()["classes"].get(class_name)
    return entry["id"] if entry else None


def bases_of(class_name: str) -> tuple[str, ...]:
    """The class's base classes, nearest first (`Light` -> Behaviour, Component, EditorExtension, Object)."""
    entry = index()["classes"].get(class_name)
    return tuple(b for b in entry["bases"].split(" <- ") if b) if entry else ()


@dataclass(frozen=True, eq=False)
class Layout:
    """One distinct Editor layout of a class and the versions (indices into `versions()`) that wrote it."""

    class_name: str
    number: int  # position among the class's layouts (stable for one table)
    ranges: tuple[tuple[int, int], ...]
    root: TypeNode

    @cached_property
    def top_names(self) -> tuple[str, ...]:
        """The class's field names in order (what a document's top-level keys are, serializedVersion aside)."""
        return tuple(child.name for child in self.root.children)

    @property
    def serialized_version(self) -> int:
        return self.root.version

    def holds(self, version_index: int) -> bool:
        return any(first <= version_index <= last for first, last in self.ranges)

    def version_ranges(self) -> list[dict[str, str]]:
        """The versions that wrote this layout, as `{from, to}` pairs of version strings."""
        names = versions()
        return [{"from": names[first], "to": names[last]} for first, last in self.ranges]

    @property
    def newest(self) -> int:
        return max(last for _, last in self.ranges)

    @property
    def oldest(self) -> int:
        return min(first for first, _ in self.ranges)


def _nodes(rows: list[list]) -> list[TypeNode]:
    """The class file's shared node table as TypeNodes, each built once (children come before their parents)."""
    built: list[TypeNode] = []
    for row in rows:
        type_, name, *rest = row
        children = tuple(built[i] for i in rest[3]) if len(rest) > 3 else ()
        built.append(TypeNode(type_, name, rest[0] if rest else 1, bool(rest[1]) if len(rest) > 1 else False,
                              rest[2] if len(rest) > 2 else 0, children))
    return built


@cache
def layouts_of(class_name: str) -> tuple[Layout, ...]:
    """Every layout of a class (empty for a class the table lacks); reads only that class's file."""
    if class_name not in index()["classes"]:
        return ()
    raw = json.loads(gzip.decompress((DATA / f"{class_name}.json.gz").read_bytes()))
    nodes = _nodes(raw["nodes"])
    return tuple(Layout(class_name, n, tuple(tuple(r) for r in entry["ranges"]), nodes[entry["root"]])
                 for n, entry in enumerate(raw["layouts"]))


def pick_version(unity_version: str) -> Picked:
    """The dump that stands for a project's Unity version (`versions.PICK_RULE`)."""
    return pick(unity_version, versions())


def layout_for(class_name: str, picked: Picked) -> Layout | None:
    """The layout the Editor `picked` writes for a class (None: that Editor has no such class)."""
    return next((layout for layout in layouts_of(class_name) if layout.holds(picked.index)), None)


def require_layout(class_name: str | None, picked: Picked) -> Layout:
    """`layout_for`, or E_LAYOUT_VERSION_UNKNOWN when the Editor `picked` has no such class (nothing is written
    from another version's layout)."""
    from unitycli.errors import UnityCliError  # the table itself stays free of the error catalog

    layout = layout_for(class_name, picked) if class_name else None
    if layout is None:
        raise UnityCliError("E_LAYOUT_VERSION_UNKNOWN", f"Unity {picked.layout_from} has no class {class_name}",
                            details={"class": class_name, "layoutFrom": picked.layout_from, "rule": PICK_RULE})
    return layout
