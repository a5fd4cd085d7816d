"""`cinemachine.get-brain`: a CinemachineBrain's update methods, default blend and custom blends asset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    Field,
    ProjectIndex,
    Ref,
    ToolContext,
    ToolInput,
    ToolOutput,
)
from unitycli_cinemachine import brain, locate, read
from unitycli_cinemachine.inputs import TargetRef
from unitycli_cinemachine.layout import CM3
from unitycli_cinemachine.values import number


class BrainTarget(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int | None = Field(None, description=(GAMEOBJECT_DESCRIPTION + " of the brain; omitted: the "
                                                             "file's only CinemachineBrain"))


class Blend(ToolOutput):
    style: str | None = Field(description="Cut | EaseInOut | EaseIn | EaseOut | HardIn | HardOut | Linear | Custom")
    time: float | None = Field(description="Blend duration, seconds")
    custom_curve_keys: int = Field(description="Keys of the custom curve (used by the Custom style)")


class AssetRef(ToolOutput):
    guid: str
    file_id: int
    path: str | None = Field(description="Asset path, when the project has the GUID")


class LensModeOverride(ToolOutput):
    enabled: bool
    default_mode: str | None


class GetBrainOutput(ToolOutput):
    file: str
    game_object: str
    game_object_file_id: int
    file_id: int = Field(description="fileID of the CinemachineBrain component")
    layout: str = Field(description="cm2 | cm3, read from the fields (m_UpdateMethod vs UpdateMethod)")
    enabled: bool
    update_method: str | None = Field(description="FixedUpdate | LateUpdate | SmartUpdate | ManualUpdate")
    blend_update_method: str | None = Field(description="FixedUpdate | LateUpdate")
    default_blend: Blend
    custom_blends: AssetRef | None = Field(description="The CinemachineBlenderSettings asset, if any")
    show_debug_text: bool
    show_camera_frustum: bool
    ignore_time_scale: bool
    world_up_override: TargetRef | None
    channel_mask: int | None = Field(None, description="3.x ChannelMask (-1: every channel)")
    lens_mode_override: LensModeOverride | None = Field(None, description="3.x LensModeOverride")
    revision: str


def blend_of(doc: Any, key: Callable[[str], str]) -> Blend:
    curve = doc.get(key("DefaultBlend.CustomCurve.m_Curve"), [])
    time = number(doc, key("DefaultBlend.Time"))
    return Blend(style=brain.name_of(brain.BLEND_STYLES, doc.get(key("DefaultBlend.Style"), None)),
                 time=float(time) if time is not None else None,
                 custom_curve_keys=len(curve) if isinstance(curve, list) else 0)


def get_brain(ctx: ToolContext, request: BrainTarget) -> GetBrainOutput:
    loaded, site = locate.find_brain(ctx, request.file, request.game_object)
    doc, key = site.doc, site.layout.key
    custom = doc.get(key("CustomBlends"), None)
    custom_ref = None
    if isinstance(custom, Ref) and custom.guid:
        with ProjectIndex.open(ctx.project.root) as index:
            custom_ref = AssetRef(guid=custom.guid, file_id=custom.file_id, path=index.path_for_guid(custom.guid))
    lens_mode = None
    if site.layout.layout == CM3 and doc.has("LensModeOverride"):
        lens_mode = LensModeOverride(enabled=number(doc, "LensModeOverride.Enabled", 0) != 0,
                                     default_mode=brain.name_of(brain.LENS_MODES,
                                                                doc.get("LensModeOverride.DefaultMode", None)))
    return GetBrainOutput(
        file=loaded.path, game_object=site.node.path, game_object_file_id=site.node.file_id, file_id=doc.file_id,
        layout=site.layout.layout, enabled=read.enabled(doc),
        update_method=brain.name_of(brain.UPDATE_METHODS, doc.get(key("UpdateMethod"), None)),
        blend_update_method=brain.name_of(brain.BLEND_UPDATE_METHODS, doc.get(key("BlendUpdateMethod"), None)),
        default_blend=blend_of(doc, key), custom_blends=custom_ref,
        show_debug_text=number(doc, key("ShowDebugText"), 0) != 0,
        show_camera_frustum=number(doc, key("ShowCameraFrustum"), 1) != 0,
        ignore_time_scale=number(doc, key("IgnoreTimeScale"), 0) != 0,
        world_up_override=TargetRef.of(site.model, doc.get(key("WorldUpOverride"), None)),
        channel_mask=number(doc, "ChannelMask") if site.layout.layout == CM3 else None,
        lens_mode_override=lens_mode, revision=loaded.revision)
