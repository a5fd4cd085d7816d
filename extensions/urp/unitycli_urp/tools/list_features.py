"""`urp.list-features`: the renderer features of a URP renderer, in order, and whether the feature map agrees."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_urp import features, ids


class ListFeaturesInput(features.RendererTarget):
    pass


class ListFeaturesOutput(ToolOutput):
    renderer: str
    revision: str
    features: list[features.FeatureInfo]
    map_in_step: bool = Field(description=("m_RendererFeatureMap holds exactly the features' fileIDs in order "
                                           "(any write through these tools rewrites it so)"))
    orphans: list[int] = Field(description="Feature-like sub-assets the list does not name (Unity ignores them)")


def list_features(ctx: ToolContext, request: ListFeaturesInput) -> ListFeaturesOutput:
    renderer = features.open_renderer(ctx, request)
    listed = set(renderer.ids())
    orphans = [d.file_id for d in renderer.loaded.yaml.of_class(114)
               if d.file_id != ids.MAIN_FILE_ID and d.file_id not in listed and "\n  m_Active:" in d.text]
    return ListFeaturesOutput(renderer=renderer.path, revision=renderer.loaded.revision,
                              features=renderer.features(), map_in_step=renderer.map_ids() == renderer.ids(),
                              orphans=orphans)
