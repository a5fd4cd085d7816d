"""`urp.set-volume`: edit a Volume component in a scene or prefab (global, priority, blend, weight, profile)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.api import (
    FILE_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    Ref,
    SceneModel,
    ToolInput,
    ToolOutput,
    ToolSpec,
    UnityCliError,
    VolumeEdit,
    edit_volume,
    find_gameobject,
    open_for_write,
    parse_meta,
    resolve_file,
    tool_command,
    volume_on,
)
from unitycli_urp import profiles


class SetVolumeInput(ToolInput):
    file: str = Field(description="Scene or prefab: " + FILE_DESCRIPTION)
    game_object: str | int = Field(description="GameObject path (Main Camera) or fileID that carries the Volume")
    volume: int | None = Field(None, description="The Volume's fileID, when the GameObject has several")
    is_global: bool | None = Field(None, description="m_IsGlobal (a local volume needs a Collider for its shape)")
    priority: float | None = None
    blend_distance: float | None = Field(None, description="blendDistance, ≥ 0")
    weight: float | None = Field(None, description="weight, 0–1")
    enabled: bool | None = Field(None, description="m_Enabled of the component")
    profile: str | None = Field(None, description="sharedProfile: a VolumeProfile path or unique name")
    clear_profile: bool = Field(False, description="Set sharedProfile to none")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this "
                                                            "revision.")


class SetVolumeOutput(ToolOutput):
    file: str
    game_object: str
    file_id: int
    changed: list[str]


def _profile_ref(ctx: Any, request: SetVolumeInput) -> Ref | None:
    if request.profile and request.clear_profile:
        raise UnityCliError("E_SCHEMA_INVALID", "profile and clearProfile cannot both be given",
                            details={"path": "clearProfile"})
    if request.clear_profile:
        return Ref(0)
    if request.profile is None:
        return None
    target = profiles.resolve_profile(ctx, request.profile)
    profiles.open_profile(ctx, target)  # E_URP_PROFILE_NOT_FOUND unless it is one
    guid = parse_meta(ctx.transaction.read_bytes(target + ".meta"), target + ".meta").guid
    return Ref(11400000, guid, 2)


def set_volume(ctx: Any, request: SetVolumeInput) -> SetVolumeOutput:
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)
    loaded = open_for_write(ctx, path, request.expected_revision)
    model = SceneModel(loaded.yaml)
    node = find_gameobject(model, request.game_object)
    doc = volume_on(model, node, path, request.volume, [tool_command("urp.list-volumes", {"file": path})])
    edit = VolumeEdit(is_global=request.is_global, priority=request.priority, blend_distance=request.blend_distance,
                      weight=request.weight, enabled=request.enabled, profile=_profile_ref(ctx, request))
    changed = edit_volume(doc, edit, path)
    if changed:
        loaded.save(ctx)
    return SetVolumeOutput(file=path, game_object=node.path, file_id=doc.file_id, changed=changed)


SPEC = ToolSpec(
    name="urp.set-volume", title="Edit a Volume component",
    summary="Set a Volume's global flag, priority, blend distance, weight or profile.",
    description=("Edits the Volume component on one GameObject of a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0–1), m_Enabled and sharedProfile (a VolumeProfile asset, by path or "
                 "unique name, or none). Values are checked before anything is written (the same checks as "
                 "hdrp.set-volume); only the changed lines are rewritten. Supports --dry-run. The example gives the "
                 "Main Camera volume of chicken-defense's Game scene the MainMenuPost Profile at half weight."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Main Camera",
               "weight": 0.5, "profile": "MainMenuPost Profile"},),
)
