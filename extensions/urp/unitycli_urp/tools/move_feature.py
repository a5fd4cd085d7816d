"""`urp.move-feature`: reorder a renderer feature (list and map move together)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, ToolSpec, UnityCliError
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


SPEC = ToolSpec(
    name="urp.move-feature", title="Move a URP renderer feature",
    summary="Reorder a renderer feature; m_RendererFeatureMap follows the list.",
    description=("Moves one feature of a renderer (chosen as in urp.list-features) to `index` in "
                 "m_RendererFeatures; the map is rewritten in the new order, as the renderer inspector's reorder "
                 "does. Features run in list order within a render pass event. Supports --dry-run. The example moves "
                 "the Decal feature of chicken-defense's High Fidelity renderer first."),
    input_model=MoveFeatureInput, output_model=MoveFeatureOutput, handler=move_feature,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"renderer": "Assets/Settings/URP-HighFidelity-Renderer.asset", "feature": "DecalRendererFeature",
               "index": 0},),
)
