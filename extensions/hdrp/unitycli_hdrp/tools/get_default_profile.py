"""`hdrp.get-default-profile`: HDRP's default volume profile (and look-dev profile) and its overrides."""

from __future__ import annotations

from typing import Literal

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError
from unitycli_hdrp import defaults, profiles, project
from unitycli_hdrp.tools.get_frame_settings import GLOBAL_DESCRIPTION


class GetDefaultProfileInput(ToolInput):
    global_settings: str | None = Field(None, description=GLOBAL_DESCRIPTION)


class ProfileRef(ToolOutput):
    guid: str | None
    path: str | None = Field(description="None when no .meta in the project has the GUID (a package asset)")
    field: str = Field(description="Where the reference is written")


class AssetProfileRef(ToolOutput):
    asset: str
    guid: str | None
    path: str | None


class GetDefaultProfileOutput(ToolOutput):
    global_settings: str
    layout: Literal["14", "17"]
    default_profile: ProfileRef
    look_dev_profile: ProfileRef
    pipeline_asset_profile: AssetProfileRef | None = Field(
        description="17.x: the chosen HDRP asset's m_VolumeProfile, which overrides the default for its quality levels")
    overrides: list[str] = Field(description="Class names of the default profile's overrides, in components order")
    diffusion_profiles: list[str] | None = Field(description="GUIDs in the default profile's DiffusionProfileList")


def get_default_profile(ctx: ToolContext, request: GetDefaultProfileInput) -> GetDefaultProfileOutput:
    file = project.choose_global_settings(ctx, request.global_settings)
    refs = defaults.profile_refs(ctx, file)
    asset_ref = None
    guids = [g for g, _ in refs.values() if g]
    if project.family(ctx) == "17":
        try:
            asset = project.choose_asset(ctx, None)
        except UnityCliError:
            asset = None
        if asset is not None:
            guid = project.ref_guid(asset.doc.get("m_VolumeProfile", None))
            asset_ref = AssetProfileRef(asset=asset.path, guid=guid, path=None)
            guids.append(guid or "")
    paths = project.guid_paths(ctx, guids)
    if asset_ref is not None and asset_ref.guid:
        asset_ref.path = paths.get(asset_ref.guid)
    default_guid, default_field = refs["default"]
    default_path = paths.get(default_guid) if default_guid else None
    names: list[str] = []
    if default_path and project.exists(ctx, default_path):
        prof = profiles.OpenProfile(ctx, default_path)
        names = [profiles.describe_override(o).class_name for o in prof.model.overrides()]
    look_guid, look_field = refs["lookDev"]
    return GetDefaultProfileOutput(
        global_settings=file.path, layout=project.family(ctx),
        default_profile=ProfileRef(guid=default_guid, path=default_path, field=default_field),
        look_dev_profile=ProfileRef(guid=look_guid, path=paths.get(look_guid) if look_guid else None, field=look_field),
        pipeline_asset_profile=asset_ref, overrides=names,
        diffusion_profiles=defaults.diffusion_list(ctx, default_path))
