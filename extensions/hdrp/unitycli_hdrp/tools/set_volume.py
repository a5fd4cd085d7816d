"""`hdrp.set-volume`: change a Volume component's mode, priority, blend distance, weight or profile."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
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
    resolve_file,
    tool_command,
    volume_on,
)
from unitycli_hdrp import ids, profiles, project
from unitycli_hdrp.tools.list_volumes import SAMPLE_SCENE, SAMPLE_VOLUME


class SetVolumeInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=GAMEOBJECT_DESCRIPTION)
    volume: int | None = Field(None, description="The Volume's fileID, when the GameObject has several")
    is_global: bool | None = Field(None, description="Global (true) or local, shaped by the GameObject's colliders")
    priority: float | None = None
    blend_distance: float | None = Field(None, description="Local volumes: blend distance, ≥ 0")
    weight: float | None = Field(None, description="0 … 1")
    enabled: bool | None = None
    profile: str | None = Field(None, description="The sharedProfile: " + profiles.PROFILE_DESCRIPTION)
    clear_profile: bool = Field(False, description="Set sharedProfile to none")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


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
    if not request.profile:
        return None
    target = profiles.resolve(ctx, request.profile)
    guid = project.guid_of_path(ctx, target)
    if not guid:
        raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", f"{target} has no .meta GUID, so it cannot be referenced",
                            details={"profile": target})
    return Ref(ids.MAIN_FILE_ID, guid, 2)


def set_volume(ctx: Any, request: SetVolumeInput) -> SetVolumeOutput:
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)
    loaded = open_for_write(ctx, path, request.expected_revision)
    model = SceneModel(loaded.yaml)
    node = find_gameobject(model, request.game_object)
    doc = volume_on(model, node, path, request.volume, [tool_command("hdrp.list-volumes", {"file": path})])
    edit = VolumeEdit(is_global=request.is_global, priority=request.priority, blend_distance=request.blend_distance,
                      weight=request.weight, enabled=request.enabled, profile=_profile_ref(ctx, request))
    changed = edit_volume(doc, edit, path)
    if changed:
        loaded.save(ctx)
    return SetVolumeOutput(file=path, game_object=node.path, file_id=doc.file_id, changed=changed)


SPEC = ToolSpec(
    name="hdrp.set-volume", title="Set a Volume component",
    summary="Change a Volume's mode, priority, blend distance, weight or profile.",
    description=("Rewrites the named fields of a Volume component in a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0 … 1), m_Enabled and sharedProfile (a VolumeProfile by path or name, "
                 "or none). Values are checked before anything is written (the same checks as urp.set-volume); "
                 "only those lines change. Supports --dry-run. The example runs on the "
                 "VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_VOLUME, "priority": 1, "weight": 0.5},),
)
