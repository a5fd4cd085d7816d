"""`hdrp.get-pipeline`: which render pipeline asset is active, per GraphicsSettings and per quality level."""

from __future__ import annotations

from typing import Literal

from unitycli.api import (
    Field,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    open_for_read,
    script_guid_of,
)
from unitycli_hdrp import ids, project

Kind = Literal["hdrp", "urp", "other", "missing"]


class GetPipelineInput(ToolInput):
    pass


class PipelineAssetRef(ToolOutput):
    guid: str
    path: str | None = Field(None, description="Asset path; None when no .meta in the project has the GUID")
    kind: Kind = Field(description="hdrp = an HDRenderPipelineAsset; missing = the asset is not in the project")


class QualityLevel(ToolOutput):
    index: int
    name: str | None
    current: bool = Field(description="m_CurrentQuality: the level the Editor uses")
    custom_render_pipeline: PipelineAssetRef | None = Field(
        description="The level's own pipeline asset; None means it uses GraphicsSettings' default")
    effective: PipelineAssetRef | None = Field(description="What this level renders with")


class GlobalSettingsRef(ToolOutput):
    guid: str
    path: str | None
    map_key: str = Field(description="The GraphicsSettings key that registers it")


class GetPipelineOutput(ToolOutput):
    package_version: str | None
    default_pipeline: PipelineAssetRef | None = Field(
        description="GraphicsSettings.m_CustomRenderPipeline; None = built-in (or no GraphicsSettings file)")
    quality_levels: list[QualityLevel]
    active: PipelineAssetRef | None = Field(description="What the current quality level renders with")
    active_source: str | None
    hdrp_active: bool
    global_settings: GlobalSettingsRef | None = Field(
        description="The HDRenderPipelineGlobalSettings GraphicsSettings registers for HDRP")
    hdrp_assets: list[str] = Field(description="Every HDRenderPipelineAsset in the project")
    global_settings_assets: list[str] = Field(description="Every HDRenderPipelineGlobalSettings in the project")
    notes: list[str]


def _describe(ctx: ToolContext, guid: str | None, paths: dict[str, str | None]) -> PipelineAssetRef | None:
    if not guid:
        return None
    path = paths.get(guid)
    kind: Kind = "missing"
    if path and project.exists(ctx, path):
        try:
            loaded = open_for_read(ctx, path)
            scripts = {script_guid_of(d) for d in loaded.yaml}
        except UnityCliError:
            scripts = set()
        kind = "hdrp" if ids.HDRP_ASSET in scripts else "urp" if ids.URP_ASSET in scripts else "other"
    return PipelineAssetRef(guid=guid, path=path, kind=kind)


def get_pipeline(ctx: ToolContext, request: GetPipelineInput) -> GetPipelineOutput:
    notes: list[str] = []
    graphics = project.read_settings(ctx, project.GRAPHICS_SETTINGS)
    quality = project.read_settings(ctx, project.QUALITY_SETTINGS)
    if graphics is None:
        notes.append(f"{project.GRAPHICS_SETTINGS} is missing: Unity creates it with the built-in pipeline; "
                     "assign an HDRP asset with hdrp.assign-pipeline or in the Editor")
    if quality is None:
        notes.append(f"{project.QUALITY_SETTINGS} is missing: no quality level overrides the pipeline")
    default_guid = project.ref_guid(graphics.get("m_CustomRenderPipeline", None)) if graphics is not None else None
    levels_raw = (quality.get("m_QualitySettings", None) or []) if quality is not None else []
    current = quality.get("m_CurrentQuality", None) if quality is not None else None
    level_guids = [project.ref_guid(lv.get("customRenderPipeline")) if isinstance(lv, dict) else None
                   for lv in levels_raw]
    gs_guid, gs_key = project.registered_global_settings(ctx)
    paths = project.guid_paths(ctx, [g for g in [default_guid, gs_guid, *level_guids] if g])
    default = _describe(ctx, default_guid, paths)
    levels = []
    for i, lv in enumerate(levels_raw):
        own = _describe(ctx, level_guids[i], paths)
        levels.append(QualityLevel(index=i, name=lv.get("name") if isinstance(lv, dict) else None,
                                   current=i == current, custom_render_pipeline=own,
                                   effective=own if own is not None else default))
    active = project.active_pipeline(ctx)
    active_ref = _describe(ctx, active.guid, paths)
    global_ref = GlobalSettingsRef(guid=gs_guid, path=paths.get(gs_guid), map_key=gs_key) if gs_guid else None
    if graphics is not None and global_ref is None:
        notes.append("GraphicsSettings registers no HDRenderPipelineGlobalSettings: the Editor creates or picks one "
                     "when HDRP is active")
    hdrp_assets = project.assets_of(ctx, ids.HDRP_ASSET)
    return GetPipelineOutput(
        package_version=project.package_version(ctx), default_pipeline=default, quality_levels=levels,
        active=active_ref, active_source=active.source, hdrp_active=active_ref is not None and active_ref.kind == "hdrp",
        global_settings=global_ref, hdrp_assets=hdrp_assets,
        global_settings_assets=project.assets_of(ctx, ids.GLOBAL_SETTINGS), notes=notes)
