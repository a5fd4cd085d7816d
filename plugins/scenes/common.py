"""The input vocabulary every scene/prefab tool shares and the summaries they return.

`file`, `gameObject`, `component`, `property`, `value`, `expectedRevision` mean the same thing in every tool, so
an agent learns them once. Script and prefab GUIDs are resolved through the project index, opened only when a
tool needs a name for a GUID.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field, WithJsonSchema

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.scene import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    ComponentRef,
    LoadedFile,
    SceneModel,
    SceneNode,
    components_of,
    find_component,
    open_scene_file,
)
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import parse_meta

if TYPE_CHECKING:
    from unitycli.indexes import ProjectIndex

COMPONENT_DESCRIPTION = ("Class name (Transform, Light, BoxCollider), a script class name (resolved through the "
                         "project's .cs.meta GUIDs), a script GUID, or the component's fileID (a number or its digits)")


def _file_id_as_digits(value: Any) -> Any:
    """A fileID given as a JSON number (as every output prints it) names the component its digits name."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


# `component` in every scene tool: text, or a fileID as the number the outputs print.
ComponentName = Annotated[str, BeforeValidator(_file_id_as_digits),
                          WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "integer"}]})]
REVISION_DESCRIPTION = "The file's `revision` from an earlier read; E_STALE_WRITE if the file changed since"


class FileInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)


class GameObjectInput(FileInput):
    game_object: str | int = Field(description=GAMEOBJECT_DESCRIPTION)


class GameObjectWriteInput(GameObjectInput):
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class ComponentSummary(ToolOutput):
    file_id: int = Field(alias="fileID")
    class_name: str = Field(alias="class", description="Class from the document (MonoBehaviour for scripts)")
    class_id: int
    script: str | None = Field(None, description="Script class name (the .cs file stem), when resolvable")
    script_guid: str | None = None
    script_path: str | None = None
    missing: bool = Field(False, description="Listed on the GameObject but absent from the file")


class SourcePrefab(ToolOutput):
    guid: str | None
    path: str | None = Field(description="Null when the GUID is not in the project (a package not on disk)")


class GameObjectSummary(ToolOutput):
    file_id: int = Field(alias="fileID")
    name: str
    path: str
    kind: str = Field(description="gameObject or prefabInstance")
    active: bool | None = Field(description="m_IsActive; null for a prefab instance (set in its source prefab)")
    hidden: bool = Field(description="m_ObjectHideFlags is not 0 (e.g. Cinemachine's hidden `cm` child)")
    hide_flags: int
    parent_file_id: int | None = Field(None, alias="parentFileID")
    child_count: int
    tag: str | None = None
    layer: int | None = None
    components: list[ComponentSummary] | None = None
    source_prefab: SourcePrefab | None = None
    dangling_parent: int | None = Field(None, description="m_Father names an object missing from the file")


class WriteOutput(ToolOutput):
    file: str
    revision: str = Field(description="The file's revision after the edit")


def finish(ctx: ToolContext, loaded: LoadedFile) -> str:
    """Stage the edited file (if anything changed) and return its new revision (hashed once, when staged)."""
    return loaded.save(ctx) if loaded.yaml.dirty else loaded.revision


def meta_guid(ctx: ToolContext, path: str) -> str | None:
    """The GUID in `path`'s .meta, read through the transaction; None when there is no readable meta."""
    meta = path + ".meta"
    if not ctx.transaction.exists(meta):
        return None
    try:
        return parse_meta(ctx.transaction.read_bytes(meta), meta).guid
    except UnityCliError:
        return None


class Names:
    """GUID -> asset path through the project index, opened on first use; close it when done (`with`)."""

    def __init__(self, root: Path, known_scripts: dict | None = None) -> None:
        self.root = root
        self.known_scripts = known_scripts or {}
        self._index: ProjectIndex | None = None
        self._cache: dict[str, str | None] = {}

    def class_for_guid(self, guid: str) -> str | None:
        """A package script's class name, as its extension declares it (see `unitycli_known_scripts`)."""
        known = self.known_scripts.get(guid.lower())
        return known.class_name if known is not None else None

    def path_for_guid(self, guid: str) -> str | None:
        if guid not in self._cache:
            if self._index is None:
                from unitycli.indexes import ProjectIndex  # a call that names no GUID does not load the index

                self._index = ProjectIndex.open(self.root)
            self._cache[guid] = self._index.path_for_guid(guid)
        return self._cache[guid]

    def close(self) -> None:
        if self._index is not None:
            self._index.close()

    def __enter__(self) -> Names:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def find_named_component(ctx: ToolContext, tool: str, request: ToolInput, model: SceneModel, node: SceneNode,
                         names: Names) -> ComponentRef:
    """`find_component` for `request.component`; when the answer is unknown because the GameObject has scripts
    that cannot be named offline, the error's next actions are this same call by each one's GUID or fileID."""
    try:
        return find_component(model, node, request.component, names)  # type: ignore[attr-defined]
    except UnityCliError as exc:
        unnamed = exc.details.get("unresolvedScripts") if exc.code == "E_COMPONENT_NOT_FOUND" else None
        if not unnamed:
            raise
        data = request.model_dump(mode="json", by_alias=True, exclude_unset=True)
        guids = [u["scriptGuid"] for u in unnamed]
        exc.next_actions = [tool_command(tool, {**data, "component": u["scriptGuid"] if guids.count(
            u["scriptGuid"]) == 1 else str(u["fileID"])}, project=ctx.project.root) for u in unnamed]
        exc.next_actions.append(tool_command("gameobject.get", {"file": model.file.name,
                                                                     "gameObject": node.file_id}, project=ctx.project.root))
        raise


def component_summary(comp: ComponentRef) -> ComponentSummary:
    return ComponentSummary(fileID=comp.file_id, **{"class": comp.class_name}, class_id=comp.class_id,
                            script=comp.script_class, script_guid=comp.script_guid, script_path=comp.script_path,
                            missing=comp.missing)


def open_model(ctx: ToolContext, file: str, suffixes: tuple[str, ...], names: Names | None, *, write: bool = False,
               expected_revision: str | None = None) -> tuple[LoadedFile, SceneModel]:
    """Resolve, read and model a scene or prefab (`open_scene_file`). A prefab instance without an `m_Name`
    override is named after its source prefab, as the Editor shows it."""
    loaded, model = open_scene_file(ctx, file, suffixes=suffixes, for_write=write, expected_revision=expected_revision)
    if names is not None:
        for node in model.nodes.values():
            if node.is_instance and not node.name and node.source_prefab_guid:
                source = names.path_for_guid(node.source_prefab_guid)
                node.name = Path(source).stem if source else node.name
    return loaded, model


def summarize(model: SceneModel, node: SceneNode, names: Names | None, *, components: bool) -> GameObjectSummary:
    """One node as the tools report it."""
    tag = layer = None
    if not node.is_instance:
        doc = model.file.get(node.file_id)
        tag_value, layer_value = doc.get("m_TagString", None), doc.get("m_Layer", None)
        tag = str(tag_value) if tag_value is not None else None
        layer = layer_value if isinstance(layer_value, int) else None
    source = None
    if node.is_instance:
        guid = node.source_prefab_guid
        source = SourcePrefab(guid=guid, path=names.path_for_guid(guid) if guid and names else None)
    comps = None
    if components:
        comps = [component_summary(c) for c in components_of(model, node, names)]
    return GameObjectSummary(
        fileID=node.file_id, name=node.name, path=node.path, kind=node.kind, active=node.active,
        hidden=node.hidden, hide_flags=node.hide_flags,
        parentFileID=node.parent.file_id if node.parent is not None else None, child_count=len(node.children),
        tag=tag, layer=layer, components=comps, source_prefab=source, dangling_parent=node.dangling_parent)
