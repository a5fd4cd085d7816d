"""`gameobject.find`: GameObjects by name pattern, component, tag or layer, in one file or across the project.

Across the project every scene and prefab is read; a file that cannot be read (Git LFS pointer, a format we do
not parse) is listed in `skipped` with its error code rather than failing the whole search. A component asked for by
a name no object in the searched files has may still be a script that cannot be named offline (its `.cs` is in a
package); `unresolvedScripts` then says so, with the GUIDs to search by instead.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import render, tool_command
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import COMPONENT_DESCRIPTION, ComponentName, Names, open_model
from unitycli.scene import (
    OBJECT_FILE_SUFFIXES,
    ComponentRef,
    SceneModel,
    SceneNode,
    SkippedFile,
    components_of,
    known_class,
    list_files,
    names_a_script,
    unnamed_scripts,
)
from unitycli.toolspec import ToolInput, ToolOutput

TOOL = "gameobject.find"


class FindInput(ToolInput):
    file: str | None = Field(None, description="Search one scene or prefab (path or unique name); all when omitted")
    name: str | None = Field(None, description="Name or glob (`Tree*`, `*Camera*`), case-sensitive as in Unity")
    component: ComponentName | None = Field(None, description=COMPONENT_DESCRIPTION)
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


class UnresolvedScripts(ToolOutput):
    count: int = Field(description="Components of the searched objects whose script cannot be named offline")
    guids: list[str] = Field(description="Their distinct script GUIDs")
    message: str
    search_by_guid: list[str] = Field(description="The same search by each GUID, as complete commands")


class FindOutput(ToolOutput):
    total: int
    matches: list[FoundObject]
    files_searched: int
    revisions: dict[str, str] = Field(description="Revision of each file with matches on this page")
    skipped: list[SkippedFile]
    unresolved_scripts: UnresolvedScripts | None = Field(
        None, description=("Set when `component` is a name that no searched object is known to have, while some "
                           "searched objects have scripts whose class cannot be named offline (their .cs is not in "
                           "the project, e.g. in a package): matches may be missing; search by their GUIDs"))
    next_cursor: str | None


def _component_matches(model: SceneModel, node: SceneNode, wanted: str, names: Names) -> bool:
    text = wanted.strip()
    for comp in components_of(model, node, names):
        if comp.missing:
            continue
        if text.isdigit() and comp.file_id == int(text):
            return True
        if text in (comp.class_name, comp.script_class) or (comp.script_guid or "").lower() == text.lower():
            return True
        if text == "Transform" and comp.class_name == "RectTransform":
            return True
    return False


@dataclass(frozen=True)
class _Hit:
    """A match before paging: its path (which costs in proportion to its depth) is built only for the page."""

    file: str
    node: SceneNode
    tag: str | None
    layer: int | None

    def found(self) -> FoundObject:
        node = self.node
        return FoundObject(file=self.file, fileID=node.file_id, path=node.path, name=node.name, kind=node.kind,
                           active=node.active, tag=self.tag, layer=self.layer)


def _matches(model: SceneModel, node: SceneNode, request: FindInput, names: Names,
             unnamed: list[ComponentRef]) -> _Hit | None:
    """The node as a match, or None; a node that fails only on a component name adds its unnamed scripts."""
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
        if names_a_script(request.component):
            unnamed.extend(unnamed_scripts(components_of(model, node, names)))
        return None
    return _Hit(model.file.name or "", node, tag, layer if isinstance(layer, int) else None)


def gameobject_find(ctx: ToolContext, request: FindInput) -> FindOutput:
    root = Path(ctx.project.root)
    with Names(root, ctx.known_scripts) as names:
        files = [request.file] if request.file is not None else list_files(root, OBJECT_FILE_SUFFIXES)
        found: list[_Hit] = []
        revisions: dict[str, str] = {}
        skipped: list[SkippedFile] = []
        unnamed: list[ComponentRef] = []
        by_name = request.component is not None and names_a_script(request.component)
        known = False  # some searched object is of that class: then it is not an unnamed script
        for index, file in enumerate(files):
            ctx.progress(index, len(files), file)
            try:
                loaded, model = open_model(ctx, file, OBJECT_FILE_SUFFIXES, names)
                in_file: list[ComponentRef] = []
                hits = [hit for node in model.walk()
                        if (hit := _matches(model, node, request, names, in_file)) is not None]
                if by_name and not known:
                    known = known_class(model, str(request.component), names)
            except UnityCliError as exc:
                if request.file is not None:
                    raise
                skipped.append(SkippedFile(path=file, code=exc.code, reason=exc.message))
                continue
            revisions[loaded.path] = loaded.revision
            found.extend(hits)
            unnamed.extend(in_file)
    query = request.model_dump(exclude={"limit", "cursor"})
    hits, cursor = page(found, TOOL, query, request.limit, request.cursor)
    chunk = [hit.found() for hit in hits]
    on_page = {hit.file for hit in chunk}
    return FindOutput(total=len(found), matches=chunk, files_searched=len(files),
                      revisions={k: v for k, v in revisions.items() if k in on_page}, skipped=skipped,
                      unresolved_scripts=None if known or found else _unresolved(ctx, request, unnamed),
                      next_cursor=cursor)


def _unresolved(ctx: ToolContext, request: FindInput, unnamed: list[ComponentRef]) -> UnresolvedScripts | None:
    """What to say when `request.component` may be one of the `unnamed` scripts."""
    if not unnamed:
        return None
    guids = sorted({c.script_guid for c in unnamed if c.script_guid})
    data = request.model_dump(mode="json", by_alias=True, exclude_unset=True, exclude={"cursor"})
    count = len(unnamed)
    have = "component has a script" if count == 1 else "components have scripts"
    return UnresolvedScripts(
        count=count, guids=guids,
        message=(f"matches may be missing: {count} {have} whose class cannot be named offline (the .cs is not in "
                 f"the project, e.g. it comes from a package), so {request.component!r} may be among them; search "
                 f"by script GUID instead"),
        search_by_guid=[render(tool_command(TOOL, {**data, "component": guid}, project=ctx.project.root))
                        for guid in guids])
