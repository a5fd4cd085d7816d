"""`urp.list-renderers`: every Universal Renderer asset in the project and which URP assets list it."""

from __future__ import annotations

from unitycli.api import Field, ProjectIndex, ToolContext, ToolInput, ToolOutput, UnityCliError
from unitycli_urp import features, ids, pipeline
from unitycli_urp.ids import RENDERER_GUIDS


class ListRenderersInput(ToolInput):
    pass


class RendererSummary(ToolOutput):
    path: str
    name: str
    type: str
    features: list[str] = Field(description="Feature m_Names in order")
    map_in_step: bool
    used_by: list[str] = Field(description="URP assets (anywhere in the project) whose m_RendererDataList has it")
    rendering_mode: int | None = Field(description="m_RenderingMode: 0 Forward, 1 Deferred, 2 Forward+, 3 Deferred+")


class ListRenderersOutput(ToolOutput):
    renderers: list[RendererSummary]


def list_renderers(ctx: ToolContext, request: ListRenderersInput) -> ListRenderersOutput:
    with ProjectIndex.open(ctx.project.root) as index:
        renderer_paths = sorted({r.path for guid in RENDERER_GUIDS for r in index.referrers(guid)
                                 if r.path.endswith(".asset")})
        asset_paths = sorted({r.path for r in index.referrers(ids.PIPELINE_ASSET_GUID)
                              if r.path.endswith(".asset")})
    used: dict[str, list[str]] = {}
    for asset in asset_paths:
        try:
            refs, _ = pipeline.renderer_refs(pipeline.open_asset(ctx, asset).yaml)
        except UnityCliError:
            continue
        for ref in refs:
            path = pipeline.ref_path(ctx, ref)
            if path:
                used.setdefault(path, []).append(asset)
    out = []
    for path in renderer_paths:
        try:
            renderer = features.Renderer(pipeline.open_asset(ctx, path))
            main = renderer.main
        except UnityCliError:
            continue
        if pipeline.script_guid(renderer.loaded.yaml) not in RENDERER_GUIDS:
            continue
        out.append(RendererSummary(path=path, name=str(main.get("m_Name", "")), type="UniversalRendererData",
                                   features=[f.name for f in renderer.features()],
                                   map_in_step=renderer.map_ids() == renderer.ids(), used_by=used.get(path, []),
                                   rendering_mode=main.get("m_RenderingMode", None)))
    return ListRenderersOutput(renderers=out)
