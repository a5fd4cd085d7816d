"""`scene.hierarchy` and `prefab.hierarchy`: what is in one scene or prefab.

The hierarchy is a flat, depth-first list (each item has its `depth` and `parentFileID`), so it pages with a
cursor like every other long answer; `depth` limits how far down it goes, and an item whose children were cut by
the depth limit says so (`childCount` > 0 with no child items), never silently.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    GameObjectSummary,
    Names,
    open_model,
    summarize,
)
from unitycli.scene import PREFAB_SUFFIXES, SCENE_SUFFIXES, find_gameobject
from unitycli.toolspec import ToolInput, ToolOutput


class HierarchyInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    root: str | int | None = Field(None, description="Start below this GameObject (" + GAMEOBJECT_DESCRIPTION + ")")
    depth: int | None = Field(None, ge=0, description="Deepest level listed (0: the roots only); all when omitted")
    include_components: bool = Field(True, description="List each GameObject's components")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class HierarchyItem(GameObjectSummary):
    depth: int = Field(description="0 for a root (or for `root` when given)")
    children_beyond_depth: bool = Field(description="Its children exist but are below the depth limit")


class HierarchyOutput(ToolOutput):
    file: str
    revision: str
    total: int = Field(description="Items over all pages (within the depth limit)")
    items: list[HierarchyItem]
    next_cursor: str | None


def _hierarchy(ctx: Any, request: HierarchyInput, tool: str, suffixes: tuple[str, ...]) -> HierarchyOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, suffixes, names)
        starts = [find_gameobject(model, request.root)] if request.root is not None else model.roots
        base = starts[0].depth if request.root is not None else 0
        ordered = [(node, node.depth - base) for start in starts for node in start.walk()
                   if request.depth is None or node.depth - base <= request.depth]
        query = {"file": loaded.path, "root": request.root, "depth": request.depth,
                 "components": request.include_components, "revision": loaded.revision}
        chunk, cursor = page(ordered, tool, query, request.limit, request.cursor)
        items = [HierarchyItem(**summarize(model, node, names, components=request.include_components)
                               .model_dump(by_alias=True), depth=depth,
                               children_beyond_depth=bool(node.children) and request.depth is not None
                               and depth >= request.depth)
                 for node, depth in chunk]
    return HierarchyOutput(file=loaded.path, revision=loaded.revision, total=len(ordered), items=items,
                           next_cursor=cursor)


def scene_hierarchy(ctx: Any, request: HierarchyInput) -> HierarchyOutput:
    return _hierarchy(ctx, request, "scene.hierarchy", SCENE_SUFFIXES)


def prefab_hierarchy(ctx: Any, request: HierarchyInput) -> HierarchyOutput:
    return _hierarchy(ctx, request, "prefab.hierarchy", PREFAB_SUFFIXES)
