"""`scene.hierarchy` and `prefab.hierarchy`: what is in one scene or prefab.

The hierarchy is a flat, depth-first list (each item has its `depth`), so it pages with a cursor like every other
long answer; `depth` limits how far down it goes, and an item whose children were cut by the depth limit says so
(`childrenBeyondDepth`), never silently. By default each item is what an agent needs to find its way and address
an object (name, path, fileID, depth, component names), with flags only where they are set, so a 70-object scene
fits in a few KB; `detail: "full"` adds tag, layer, flags, parent and child counts, component fileIDs and script
GUIDs and the source prefab of each instance.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from unitycli.context import ToolContext
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    GameObjectSummary,
    Names,
    open_model,
    summarize,
)
from unitycli.scene import (
    PREFAB_SUFFIXES,
    SCENE_SUFFIXES,
    ComponentRef,
    SceneModel,
    SceneNode,
    components_of,
    find_gameobject,
)
from unitycli.scene.tree import walk_depths
from unitycli.toolspec import ToolInput, ToolOutput


class HierarchyInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    root: str | int | None = Field(None, description="Start below this GameObject (" + GAMEOBJECT_DESCRIPTION + ")")
    depth: int | None = Field(None, ge=0, description="Deepest level listed (0: the roots only); all when omitted")
    include_components: bool = Field(True, description="List each GameObject's components")
    detail: Literal["compact", "full"] = Field(
        "compact", description=("compact: name, path, fileID, depth, kind and component names, flags only when set; "
                                "full: also tag, layer, active/hidden and hide flags, parent fileID, child count, "
                                "each component's fileID, class ID and script GUID/path, and instances' source prefab"))
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class HierarchyItem(GameObjectSummary):
    depth: int = Field(description="0 for a root (or for `root` when given)")
    children_beyond_depth: bool = Field(description="Its children exist but are below the depth limit")


class CompactItem(ToolOutput):
    """One GameObject or prefab instance in few bytes: fields that are not set are left out of the answer."""

    file_id: int = Field(alias="fileID")
    name: str
    path: str
    depth: int = Field(description="0 for a root (or for `root` when given)")
    kind: str = Field(description="gameObject or prefabInstance")
    components: list[str] | None = Field(
        None, description="Component class names in order (a script's class when it can be named offline); "
                          "`(missing)` for one listed but absent from the file. Left out for a prefab instance, "
                          "whose components are in its source prefab (prefab.hierarchy lists them)")
    inactive: Literal[True] | None = Field(None, description="Present (true) when m_IsActive is 0")
    hidden: Literal[True] | None = Field(None, description="Present (true) when m_ObjectHideFlags is not 0")
    children_beyond_depth: Literal[True] | None = Field(
        None, description="Present (true) when its children exist but are below the depth limit")
    dangling_parent: int | None = Field(None, description="m_Father names an object missing from the file")

    @model_serializer(mode="wrap")
    def _without_unset(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if v is not None}


class HierarchyOutput(ToolOutput):
    file: str
    revision: str
    detail: str = Field(description="compact or full, as asked")
    total: int = Field(description="Items over all pages (within the depth limit)")
    items: list[CompactItem | HierarchyItem]
    next_cursor: str | None
    transform_cycles: list[int] = Field(
        default_factory=list, description="fileIDs of GameObjects whose m_Father chain loops back to itself: each is "
        "listed as a root so nothing vanishes; Unity cannot load such a file as it is (asset.validate reports it)")


def _component_name(comp: ComponentRef) -> str:
    return "(missing)" if comp.missing else comp.display_name


def _compact(model: SceneModel, node: SceneNode, depth: int, names: Names, request: HierarchyInput) -> CompactItem:
    comps = None
    if request.include_components and not node.is_instance:  # an instance's components are in its source prefab
        comps = [_component_name(c) for c in components_of(model, node, names)]
    return CompactItem(fileID=node.file_id, name=node.name, path=node.path, depth=depth, kind=node.kind,
                       components=comps, inactive=True if node.active is False else None,
                       hidden=True if node.hidden else None,
                       children_beyond_depth=True if _cut(node, depth, request) else None,
                       dangling_parent=node.dangling_parent)


def _cut(node: SceneNode, depth: int, request: HierarchyInput) -> bool:
    return bool(node.children) and request.depth is not None and depth >= request.depth


def _hierarchy(ctx: ToolContext, request: HierarchyInput, tool: str, suffixes: tuple[str, ...]) -> HierarchyOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, suffixes, names)
        starts = [find_gameobject(model, request.root)] if request.root is not None else model.roots
        ordered = list(walk_depths(starts, request.depth))
        query = {"file": loaded.path, "root": request.root, "depth": request.depth,
                 "components": request.include_components, "detail": request.detail, "revision": loaded.revision}
        chunk, cursor = page(ordered, tool, query, request.limit, request.cursor)
        items: list[CompactItem | HierarchyItem]
        if request.detail == "compact":
            items = [_compact(model, node, depth, names, request) for node, depth in chunk]
        else:
            items = [HierarchyItem(**summarize(model, node, names, components=request.include_components)
                                   .model_dump(by_alias=True), depth=depth,
                                   children_beyond_depth=_cut(node, depth, request))
                     for node, depth in chunk]
    return HierarchyOutput(file=loaded.path, revision=loaded.revision, detail=request.detail, total=len(ordered),
                           items=items, next_cursor=cursor, transform_cycles=list(model.cycles))


def scene_hierarchy(ctx: ToolContext, request: HierarchyInput) -> HierarchyOutput:
    return _hierarchy(ctx, request, "scene.hierarchy", SCENE_SUFFIXES)


def prefab_hierarchy(ctx: ToolContext, request: HierarchyInput) -> HierarchyOutput:
    return _hierarchy(ctx, request, "prefab.hierarchy", PREFAB_SUFFIXES)
