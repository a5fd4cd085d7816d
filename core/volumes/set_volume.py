"""The `<pipeline>.set-volume` tool body, once for URP and HDRP: the Volume component is the render-pipelines
core's, so its input, checks and output are the same; only how a profile name becomes a reference differs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.scene import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    SceneModel,
    find_gameobject,
    open_for_write,
    resolve_file,
)
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityyaml import Ref
from unitycli.volumes.scene import VolumeEdit, edit_volume, volume_on

ProfileRef = Callable[[Any, str], Ref]  # (ctx, the user's profile path or name) -> the sharedProfile reference


class SetVolumeInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=GAMEOBJECT_DESCRIPTION)
    volume: int | None = Field(None, description="The Volume's fileID, when the GameObject has several")
    is_global: bool | None = Field(None, description="m_IsGlobal: global (true) or local, shaped by the "
                                                     "GameObject's colliders")
    priority: float | None = None
    blend_distance: float | None = Field(None, description="blendDistance of a local volume, ≥ 0")
    weight: float | None = Field(None, description="weight, 0–1")
    enabled: bool | None = Field(None, description="m_Enabled of the component")
    profile: str | None = Field(None, description="sharedProfile: a VolumeProfile asset by path or unique name")
    clear_profile: bool = Field(False, description="Set sharedProfile to none")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this "
                                                            "revision.")


class SetVolumeOutput(ToolOutput):
    file: str
    game_object: str
    file_id: int
    changed: list[str]


def _profile(ctx: ToolContext, request: SetVolumeInput, profile_ref: ProfileRef) -> Ref | None:
    if request.profile and request.clear_profile:
        raise UnityCliError("E_SCHEMA_INVALID", "profile and clearProfile cannot both be given",
                            details={"path": "clearProfile"})
    if request.clear_profile:
        return Ref(0)
    return profile_ref(ctx, request.profile) if request.profile else None


def set_volume(ctx: ToolContext, request: SetVolumeInput, list_tool: str, profile_ref: ProfileRef) -> SetVolumeOutput:
    """Check every value, then rewrite only the Volume lines that change (`list_tool` is named when the GameObject
    has no Volume)."""
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)
    loaded = open_for_write(ctx, path, request.expected_revision)
    model = SceneModel(loaded.yaml)
    node = find_gameobject(model, request.game_object)
    doc = volume_on(model, node, path, request.volume, [tool_command(list_tool, {"file": path})])
    edit = VolumeEdit(is_global=request.is_global, priority=request.priority, blend_distance=request.blend_distance,
                      weight=request.weight, enabled=request.enabled, profile=_profile(ctx, request, profile_ref))
    changed = edit_volume(doc, edit, path)
    if changed:
        loaded.save(ctx)
    return SetVolumeOutput(file=path, game_object=node.path, file_id=doc.file_id, changed=changed)
