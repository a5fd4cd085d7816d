"""`urp.get-pipeline`: which URP asset is active, per GraphicsSettings and per quality level, with its renderers."""

from __future__ import annotations

from unitycli.api import Field, Ref, ToolContext, ToolInput, ToolOutput
from unitycli_urp import features, ids, pipeline
from unitycli_urp.layout import project_layout


class GetPipelineInput(ToolInput):
    pass


class RendererRef(ToolOutput):
    index: int
    path: str | None = Field(description="Renderer asset path; None when the GUID resolves to no asset")
    guid: str | None
    default: bool
    feature_count: int | None


class PipelineAsset(ToolOutput):
    path: str
    name: str
    asset_version: int | None = Field(description="k_AssetVersion (11 in 14.x, 12 in 17.x)")
    renderers: list[RendererRef]


class QualityLevelInfo(ToolOutput):
    index: int
    name: str
    pipeline: str | None = Field(description="The level's own asset (customRenderPipeline), None when unset")
    effective: str | None = Field(description="What renders at this level: its own asset, else the default")
    current: bool


class GetPipelineOutput(ToolOutput):
    package_version: str | None
    layout: str = Field(description="Serialized layout the tools write: 14, 17.0 or 17.2")
    default_pipeline: str | None = Field(description="GraphicsSettings m_CustomRenderPipeline asset path")
    active: str | None = Field(description="Asset of the current quality level, else the default")
    current_quality_level: int | None
    quality_levels: list[QualityLevelInfo]
    assets: list[PipelineAsset] = Field(description="Every URP asset assigned anywhere, with its renderers")
    unresolved: list[str] = Field(description="Assigned GUIDs that resolve to no URP asset")


def _asset(ctx: ToolContext, path: str) -> PipelineAsset:
    yaml = pipeline.open_asset(ctx, path).yaml
    main = yaml.get(ids.MAIN_FILE_ID)
    refs, default = pipeline.renderer_refs(yaml)
    renderers = []
    for i, ref in enumerate(refs):
        rpath = pipeline.ref_path(ctx, ref)
        count = None
        if rpath and ctx.transaction.exists(rpath):
            count = len(features.Renderer(pipeline.open_asset(ctx, rpath)).ids())
        renderers.append(RendererRef(index=i, path=rpath, guid=ref.guid, default=i == default, feature_count=count))
    version = main.get("k_AssetVersion", None)
    return PipelineAsset(path=path, name=str(main.get("m_Name", "")), asset_version=version,
                         renderers=renderers)


def get_pipeline(ctx: ToolContext, request: GetPipelineInput) -> GetPipelineOutput:
    default_ref = pipeline.default_pipeline(ctx)
    levels, current = pipeline.quality_levels(ctx)
    unresolved: list[str] = []
    assets: dict[str, None] = {}

    def urp_path(ref: Ref | None) -> str | None:
        if ref is None:
            return None
        path = pipeline.ref_path(ctx, ref)
        if path is not None and pipeline.is_urp_asset(ctx, path):
            assets.setdefault(path, None)
            return path
        unresolved.append(ref.guid or str(ref.file_id))
        return None

    default = urp_path(default_ref)
    infos = []
    for level in levels:
        own = urp_path(level.pipeline)
        infos.append(QualityLevelInfo(index=level.index, name=level.name, pipeline=own,
                                      effective=own if level.pipeline else default, current=level.index == current))
    active = next((q.effective for q in infos if q.current), default)
    return GetPipelineOutput(
        package_version=ctx.package_version("com.unity.render-pipelines.universal"), layout=project_layout(ctx),
        default_pipeline=default, active=active, current_quality_level=current, quality_levels=infos,
        assets=[_asset(ctx, p) for p in assets], unresolved=sorted(set(unresolved)))
