"""`urp.remove-feature`: remove a renderer feature, its list entry, its map entry and its sub-asset."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_urp import features


class RemoveFeatureInput(features.RendererTarget):
    feature: str | int = Field(description="Feature m_Name, fileID, class name or index")


class RemoveFeatureOutput(ToolOutput):
    renderer: str
    removed: features.FeatureInfo
    remaining: list[features.FeatureInfo]


def remove_feature(ctx: ToolContext, request: RemoveFeatureInput) -> RemoveFeatureOutput:
    renderer = features.open_renderer(ctx, request, for_write=True)
    feature = renderer.find(request.feature)
    renderer.remove(feature)
    renderer.loaded.save(ctx)
    return RemoveFeatureOutput(renderer=renderer.path, removed=feature, remaining=renderer.features())
