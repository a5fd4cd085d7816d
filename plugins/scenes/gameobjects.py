"""`gameobject.create`, `gameobject.rename`, `gameobject.set-active`, `gameobject.delete`.

A new GameObject and Transform take the type-tree layout of the project's Editor (`unitycli.typetree.new_objects`:
a pre-2022.2 Editor, or a file whose Transforms still carry it, gets `m_RootOrder`).

Each edits the scene or prefab text in place through the transaction (dry-run shows the diff), after checking
`expectedRevision` and that the file round-trips. A prefab instance can be renamed (its `m_Name` override is
rewritten); its other parts live in the source prefab and are refused with `E_PREFAB_INSTANCE_UNSUPPORTED`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import NewName
from unitycli.next_actions import same_call
from unitycli.plugins.scenes.common import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    REVISION_DESCRIPTION,
    GameObjectWriteInput,
    Names,
    WriteOutput,
    finish,
    open_model,
)
from unitycli.plugins.scenes.primitives import (
    PrimitiveName,
    PrimitiveSummary,
    add_primitive,
    project_pipeline,
    summary,
)
from unitycli.scene import (
    OBJECT_FILE_SUFFIXES,
    LoadedFile,
    SceneModel,
    create_gameobject,
    delete_gameobject,
    find_gameobject,
    instance_modifications,
    instance_unsupported,
)
from unitycli.scene.edits import project_editor, ref_dict
from unitycli.toolspec import ToolInput
from unitycli.typetree import pick_version


def _open(ctx: ToolContext, request: Any, names: Names) -> tuple[LoadedFile, SceneModel]:
    return open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                      expected_revision=request.expected_revision)


class Vector3(ToolInput):
    x: float = 0
    y: float = 0
    z: float = 0


class CreateInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    name: NewName = Field(min_length=1, description="Name of the new GameObject")
    parent: str | int | None = Field(None, description="Parent (" + GAMEOBJECT_DESCRIPTION + "); a root when omitted")
    position: Vector3 | None = Field(None, description="Local position; 0,0,0 when omitted")
    layer: int = Field(0, ge=0, le=31)
    tag: str = Field("Untagged", description="m_TagString (not checked against the TagManager)")
    active: bool = True
    primitive: PrimitiveName | None = Field(None, description="Make it a built-in 3D primitive, as GameObject > 3D "
                                                              "Object does: built-in mesh, the render pipeline's "
                                                              "default material and the matching collider")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class CreateOutput(WriteOutput):
    file_id: int = Field(alias="fileID", description="The new GameObject's fileID")
    transform_file_id: int = Field(alias="transformFileID")
    path: str
    primitive: PrimitiveSummary | None = Field(None, description="With `primitive`: the components written, their "
                                                                 "value sources and omittedFields")


def gameobject_create(ctx: ToolContext, request: CreateInput) -> CreateOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = _open(ctx, request, names)
    parent = find_gameobject(model, request.parent) if request.parent is not None else None
    if parent is None and loaded.path.endswith(".prefab"):
        raise UnityCliError("E_SCHEMA_INVALID", "a prefab has exactly one root; give `parent`",
                            details={"errors": [{"path": "parent", "message": "required for a prefab"}]},
                            next_actions=[same_call(parent=root.file_id) for root in model.roots[:1]])
    pos = request.position or Vector3()
    picked = project_editor(ctx)
    created = create_gameobject(model, request.name, parent, layer=request.layer, tag=request.tag,
                                active=request.active, position=(pos.x, pos.y, pos.z), picked=picked)
    path = f"{parent.path}/{request.name}" if parent is not None else request.name
    parts = None
    if request.primitive is not None:
        picked = picked or pick_version(ctx.unity_version.editor_version)  # no ProjectVersion.txt: its error
        parts = summary(add_primitive(model, created.game_object, request.primitive, picked,
                                      project_pipeline(Path(ctx.project.root))), picked)
    return CreateOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=created.game_object,
                        transformFileID=created.transform, path=path, primitive=parts)


class RenameInput(GameObjectWriteInput):
    name: NewName = Field(min_length=1, description="The new name")


class RenameOutput(WriteOutput):
    file_id: int = Field(alias="fileID")
    previous_name: str
    path: str = Field(description="The new hierarchy path")


def _instance_override(model: SceneModel, node: Any, prop: str) -> int | None:
    """Index of the instance's `prop` modification on the object its `m_Name` override targets (the root)."""
    mods = instance_modifications(model.file.get(node.file_id))
    root = next((m.get("target") for m in mods if m.get("propertyPath") == "m_Name"), None)
    return next((i for i, m in enumerate(mods) if m.get("propertyPath") == prop and m.get("target") == root), None)


def gameobject_rename(ctx: ToolContext, request: RenameInput) -> RenameOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = _open(ctx, request, names)
    node = find_gameobject(model, request.game_object)
    previous = node.name
    if node.is_instance:
        index = _instance_override(model, node, "m_Name")
        if index is None:
            raise instance_unsupported(node, "it has no m_Name override to rewrite")
        model.file.get(node.file_id).set(f"m_Modification.m_Modifications[{index}].value", request.name)
    else:
        model.file.get(node.file_id).set("m_Name", request.name)
    node.name = request.name
    return RenameOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=node.file_id,
                        previous_name=previous, path=node.path)


class SetActiveInput(GameObjectWriteInput):
    active: bool = Field(description="m_IsActive: true shows the GameObject, false deactivates it and its children")


class SetActiveOutput(WriteOutput):
    file_id: int = Field(alias="fileID")
    path: str
    previous: bool | None


def gameobject_set_active(ctx: ToolContext, request: SetActiveInput) -> SetActiveOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = _open(ctx, request, names)
    node = find_gameobject(model, request.game_object)
    if node.is_instance:
        index = _instance_override(model, node, "m_IsActive")
        if index is None:
            raise instance_unsupported(node, "it has no m_IsActive override to rewrite; deactivate it in the Editor")
        doc = model.file.get(node.file_id)
        previous = doc.get(f"m_Modification.m_Modifications[{index}].value") != 0
        doc.set(f"m_Modification.m_Modifications[{index}].value", 1 if request.active else 0)
    else:
        previous = node.active
        model.file.get(node.file_id).set("m_IsActive", 1 if request.active else 0)
    return SetActiveOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=node.file_id, path=node.path,
                           previous=previous)


class DeleteInput(GameObjectWriteInput):
    force: bool = Field(False, description="Delete even when other objects reference it; they get {fileID: 0}")


class DeleteOutput(WriteOutput):
    deleted: list[str] = Field(description="Hierarchy paths of the deleted GameObjects and prefab instances")
    removed_objects: list[int] = Field(description="fileIDs of every removed object (components included)")
    cleared_references: list[dict[str, Any]] = Field(description="References set to {fileID: 0} (with force)")


def gameobject_delete(ctx: ToolContext, request: DeleteInput) -> DeleteOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = _open(ctx, request, names)
    node = find_gameobject(model, request.game_object)
    deleted = delete_gameobject(model, node, force=request.force)
    return DeleteOutput(file=loaded.path, revision=finish(ctx, loaded), deleted=deleted.game_objects,
                        removed_objects=deleted.objects, cleared_references=[ref_dict(r) for r in deleted.cleared])
