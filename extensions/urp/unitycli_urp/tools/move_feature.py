"""`urp.move-feature`: reorder a renderer feature (list and map move together)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, UnityCliError
from unitycli_urp import features


class MoveFeatureInput(features.RendererTarget):
    feature: str | int = Field(description="Feature m_Name, fileID, class name or index")
    index: int = Field(description="New position in m_RendererFeatures (0 = first)")


class MoveFeatureOutput(ToolOutput):
    renderer: str
    features: list[features.FeatureInfo]
    changed: bool


def move_feature(ctx: ToolContext, request: MoveFeatureInput) -> MoveFeatureOutput:
    renderer = features.open_renderer(ctx, request, for_write=True)
    feature = renderer.find(request.feature)
    count = len(renderer.ids())
    if not 0 <= request.index < count:
        raise UnityCliError("E_SCHEMA_INVALID", f"index {request.index} is outside 0–{count - 1}",
                            details={"path": "index", "value": request.index, "count": count})
    changed = request.index != feature.index
    if changed:
        renderer.move(feature, request.index)
        renderer.loaded.save(ctx)
    return MoveFeatureOutput(renderer=renderer.path, features=renderer.features(), changed=changed)
