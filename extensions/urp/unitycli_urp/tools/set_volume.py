"""`urp.set-volume`: edit a Volume component in a scene or prefab (global, priority, blend, weight, profile)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.api import (
    FILE_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    VOLUME_SCRIPT_GUID,
    Ref,
    SceneModel,
    ToolInput,
    ToolOutput,
    ToolSpec,
    UnityCliError,
    components_in,
    find_gameobject,
    open_for_write,
    parse_meta,
    resolve_file,
)
from unitycli_urp import profiles


class SetVolumeInput(ToolInput):
    file: str = Field(description="Scene or prefab: " + FILE_DESCRIPTION)
    game_object: str | int = Field(description="GameObject path (Main Camera) or fileID that carries the Volume")
    is_global: bool | None = Field(None, description="m_IsGlobal (a local volume needs a Collider for its shape)")
    priority: float | None = None
    blend_distance: float | None = Field(None, description="blendDistance, ≥ 0")
    weight: float | None = Field(None, description="weight, 0–1")
    profile: str | None = Field(None, description="sharedProfile: a VolumeProfile path or unique name")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this "
                                                            "revision.")


class SetVolumeOutput(ToolOutput):
    file: str
    game_object: str
    file_id: int
    changed: list[str]


def _check(name: str, value: float, lo: float | None, hi: float | None) -> float:
    if (lo is not None and value < lo) or (hi is not None and value > hi) or value != value:
        raise UnityCliError("E_SCHEMA_INVALID", f"{name} {value} is outside {lo}–{hi}",
                            details={"path": name, "value": value})
    return value


def set_volume(ctx: Any, request: SetVolumeInput) -> SetVolumeOutput:
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)
    loaded = open_for_write(ctx, path, request.expected_revision)
    model = SceneModel(loaded.yaml)
    node = find_gameobject(model, request.game_object)
    found = [c for c in components_in(path, loaded.yaml, [VOLUME_SCRIPT_GUID], model) if c.node is node]
    if not found:
        raise UnityCliError("E_COMPONENT_NOT_FOUND", f"{node.path!r} in {path} has no Volume",
                            details={"file": path, "gameObject": node.path})
    if len(found) > 1:
        raise UnityCliError("E_COMPONENT_AMBIGUOUS", f"{node.path!r} has {len(found)} Volumes",
                            details={"file": path, "fileIDs": [c.component.file_id for c in found]})
    doc = found[0].component
    wanted: dict[str, Any] = {}
    if request.is_global is not None:
        wanted["m_IsGlobal"] = int(request.is_global)
    if request.priority is not None:
        wanted["priority"] = _check("priority", request.priority, None, None)
    if request.blend_distance is not None:
        wanted["blendDistance"] = _check("blendDistance", request.blend_distance, 0, None)
    if request.weight is not None:
        wanted["weight"] = _check("weight", request.weight, 0, 1)
    if request.profile is not None:
        target = profiles.resolve_profile(ctx, request.profile)
        profiles.open_profile(ctx, target)  # E_URP_PROFILE_NOT_FOUND unless it is one
        guid = parse_meta(ctx.transaction.read_bytes(target + ".meta"), target + ".meta").guid
        wanted["sharedProfile"] = Ref(11400000, guid, 2)
    changed = []
    for key, value in wanted.items():
        if not doc.has(key):
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"the Volume has no {key} (an older serialization)",
                                details={"file": path, "property": key})
        if doc.get(key) != value:
            doc.set(key, value)
            changed.append(key)
    if changed:
        loaded.save(ctx)
    return SetVolumeOutput(file=path, game_object=node.path, file_id=doc.file_id, changed=changed)


SPEC = ToolSpec(
    name="urp.set-volume", title="Edit a Volume component",
    summary="Set a Volume's global flag, priority, blend distance, weight or profile.",
    description=("Edits the Volume component on one GameObject of a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0–1) and sharedProfile (a VolumeProfile asset, by path or unique "
                 "name). Only the changed lines are rewritten. Supports --dry-run. The example gives the Main Camera "
                 "volume of chicken-defense's Game scene the MainMenuPost Profile at half weight."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Main Camera",
               "weight": 0.5, "profile": "MainMenuPost Profile"},),
)
