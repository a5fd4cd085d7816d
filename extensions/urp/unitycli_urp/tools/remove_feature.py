"""`urp.remove-feature`: remove a renderer feature, its list entry, its map entry and its sub-asset."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, ToolSpec
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


SPEC = ToolSpec(
    name="urp.remove-feature", title="Remove a URP renderer feature",
    summary="Remove a renderer feature and its sub-asset, keeping the feature map in step.",
    description=("Removes one feature (by m_Name, fileID, class name or index) of a renderer chosen as in "
                 "urp.list-features: its m_RendererFeatures entry, its sub-asset document (unless something else in "
                 "the file references it) and its m_RendererFeatureMap entry. Supports --dry-run. The example removes "
                 "the Decal feature of chicken-defense's High Fidelity renderer."),
    input_model=RemoveFeatureInput, output_model=RemoveFeatureOutput, handler=remove_feature,
    read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"renderer": "Assets/Settings/URP-HighFidelity-Renderer.asset", "feature": "DecalRendererFeature"},),
)
