"""`gameobject.find`: GameObjects by name pattern, component, tag or layer, in one file or across the project.

Across the project every scene and prefab is read; a file that cannot be read (Git LFS pointer, a format we do
not parse) is listed in `skipped` with its error code rather than failing the whole search.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import COMPONENT_DESCRIPTION, Names, open_model
from unitycli.scene import OBJECT_FILE_SUFFIXES, SceneModel, SceneNode, components_of, list_files
from unitycli.toolspec import ToolInput, ToolOutput

TOOL = "gameobject.find"


class FindInput(ToolInput):
    file: str | None = Field(None, description="Search one scene or prefab (path or unique name); all when omitted")
    name: str | None = Field(None, description="Name or glob (`Tree*`, `*Camera*`), case-sensitive as in Unity")
    component: str | None = Field(None, description=COMPONENT_DESCRIPTION)
    tag: str | None = Field(None, description="Exact tag (m_TagString)")
    layer: int | None = Field(None, ge=0, le=31, description="Layer number (m_Layer)")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class FoundObject(ToolOutput):
    file: str
    file_id: int = Field(alias="fileID")
    path: str
    name: str
    kind: str
    active: bool | None
    tag: str | None
    layer: int | None


class SkippedFile(ToolOutput):
    path: str
    code: str
    reason: str


class FindOutput(ToolOutput):
    total: int
    matches: list[FoundObject]
    files_searched: int
    revisions: dict[str, str] = Field(description="Revision of each file with matches on this page")
    skipped: list[SkippedFile]
    next_cursor: str | None


def _component_matches(model: SceneModel, node: SceneNode, wanted: str, names: Names) -> bool:
    text = wanted.strip()
    for comp in components_of(model, node, names.path_for_guid):
        if comp.missing:
            continue
        if text.isdigit() and comp.file_id == int(text):
            return True
        if text in (comp.class_name, comp.script_class) or (comp.script_guid or "").lower() == text.lower():
            return True
        if text == "Transform" and comp.class_name == "RectTransform":
            return True
    return False


def _matches(model: SceneModel, node: SceneNode, request: FindInput, names: Names) -> FoundObject | None:
    if request.name is not None and not fnmatch.fnmatchcase(node.name, request.name):
        return None
    tag = layer = None
    if not node.is_instance:
        doc = model.file.get(node.file_id)
        tag, layer = str(doc.get("m_TagString", "")), doc.get("m_Layer", None)
    if request.tag is not None and tag != request.tag:
        return None
    if request.layer is not None and layer != request.layer:
        return None
    if request.component is not None and not _component_matches(model, node, request.component, names):
        return None
    return FoundObject(file=model.file.name or "", fileID=node.file_id, path=node.path, name=node.name,
                       kind=node.kind, active=node.active, tag=tag, layer=layer if isinstance(layer, int) else None)


def gameobject_find(ctx: Any, request: FindInput) -> FindOutput:
    root = Path(ctx.project.root)
    with Names(root) as names:
        files = [request.file] if request.file is not None else list_files(root, OBJECT_FILE_SUFFIXES)
        found: list[FoundObject] = []
        revisions: dict[str, str] = {}
        skipped: list[SkippedFile] = []
        for index, file in enumerate(files):
            ctx.progress(index, len(files), file)
            try:
                loaded, model = open_model(ctx, file, OBJECT_FILE_SUFFIXES, names)
                hits = [hit for node in model.walk() if (hit := _matches(model, node, request, names)) is not None]
            except UnityCliError as exc:
                if request.file is not None:
                    raise
                skipped.append(SkippedFile(path=file, code=exc.code, reason=exc.message))
                continue
            revisions[loaded.path] = loaded.revision
            found.extend(hits)
    query = request.model_dump(exclude={"limit", "cursor"})
    chunk, cursor = page(found, TOOL, query, request.limit, request.cursor)
    on_page = {hit.file for hit in chunk}
    return FindOutput(total=len(found), matches=chunk, files_searched=len(files),
                      revisions={k: v for k, v in revisions.items() if k in on_page}, skipped=skipped,
                      next_cursor=cursor)
