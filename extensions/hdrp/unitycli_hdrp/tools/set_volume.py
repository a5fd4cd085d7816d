"""`hdrp.set-volume`: change a Volume component's mode, priority, blend distance, weight or profile."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    VOLUME_SCRIPT_GUID,
    Ref,
    SceneModel,
    ToolInput,
    ToolOutput,
    ToolSpec,
    UnityCliError,
    components_of,
    find_gameobject,
    open_for_write,
    resolve_file,
    tool_command,
)
from unitycli_hdrp import ids, profiles, project
from unitycli_hdrp.tools.list_volumes import SAMPLE_SCENE, SAMPLE_VOLUME


class SetVolumeInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=GAMEOBJECT_DESCRIPTION)
    volume: int | None = Field(None, description="The Volume's fileID, when the GameObject has several")
    is_global: bool | None = Field(None, description="Global (true) or local, shaped by the GameObject's colliders")
    priority: float | None = None
    blend_distance: float | None = Field(None, ge=0, description="Local volumes: blend distance, ≥ 0")
    weight: float | None = Field(None, ge=0, le=1, description="0 … 1")
    enabled: bool | None = None
    profile: str | None = Field(None, description="The sharedProfile: " + profiles.PROFILE_DESCRIPTION)
    clear_profile: bool = Field(False, description="Set sharedProfile to none")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class SetVolumeOutput(ToolOutput):
    file: str
    game_object: str
    file_id: int
    changed: list[str]


def set_volume(ctx: Any, request: SetVolumeInput) -> SetVolumeOutput:
    if request.profile and request.clear_profile:
        raise UnityCliError("E_SCHEMA_INVALID", "profile and clearProfile cannot both be given",
                            details={"path": "clearProfile"})
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)
    loaded = open_for_write(ctx, path, request.expected_revision)
    model = SceneModel(loaded.yaml)
    node = find_gameobject(model, request.game_object)
    found = [c for c in components_of(model, node) if c.script_guid == VOLUME_SCRIPT_GUID and not c.missing]
    if request.volume is not None:
        found = [c for c in found if c.file_id == request.volume]
    if not found:
        raise UnityCliError("E_HDRP_VOLUME_NOT_FOUND", f"GameObject {node.path!r} in {path} has no Volume"
                            + (f" &{request.volume}" if request.volume is not None else ""),
                            details={"file": path, "gameObject": request.game_object},
                            next_actions=[tool_command("hdrp.list-volumes", {"file": path})])
    if len(found) > 1:
        raise UnityCliError("E_COMPONENT_AMBIGUOUS", f"GameObject {node.path!r} has {len(found)} Volumes; give volume",
                            details={"file": path, "fileIDs": [c.file_id for c in found]})
    doc = loaded.yaml.get(found[0].file_id)
    wanted: dict[str, Any] = {}
    if request.is_global is not None:
        wanted["m_IsGlobal" if doc.has("m_IsGlobal") or not doc.has("isGlobal") else "isGlobal"] = int(request.is_global)
    for key, value in (("priority", request.priority), ("blendDistance", request.blend_distance),
                       ("weight", request.weight)):
        if value is not None:
            wanted[key] = int(value) if float(value).is_integer() else value
    if request.enabled is not None:
        wanted["m_Enabled"] = int(request.enabled)
    if request.profile:
        target = profiles.resolve(ctx, request.profile)
        guid = project.guid_of_path(ctx, target)
        if not guid:
            raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", f"{target} has no .meta GUID, so it cannot be referenced",
                                details={"profile": target})
        wanted["sharedProfile"] = Ref(ids.MAIN_FILE_ID, guid, 2)
    elif request.clear_profile:
        wanted["sharedProfile"] = Ref(0)
    if not wanted:
        raise UnityCliError("E_SCHEMA_INVALID", "nothing to change: give isGlobal, priority, blendDistance, weight, "
                            "enabled, profile or clearProfile", details={"path": "(root)"})
    changed = []
    for key, value in wanted.items():
        if not doc.has(key):
            raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"the Volume &{doc.file_id} has no {key}",
                                details={"file": path, "key": key})
        if doc.get(key) != value:
            doc.set(key, value)
            changed.append(key)
    if changed:
        loaded.save(ctx)
    return SetVolumeOutput(file=path, game_object=node.path, file_id=doc.file_id, changed=changed)


SPEC = ToolSpec(
    name="hdrp.set-volume", title="Set a Volume component",
    summary="Change a Volume's mode, priority, blend distance, weight or profile.",
    description=("Rewrites the named fields of a Volume component in a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0 … 1), m_Enabled and sharedProfile (a VolumeProfile by path or name, "
                 "or none). Only those lines change. Supports --dry-run. The example runs on the "
                 "VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_VOLUME, "priority": 1, "weight": 0.5},),
)
