"""`urp.set-feature-active`: enable or disable a renderer feature (`m_Active`)."""

from __future__ import annotations

from typing import NoReturn

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_urp import features


class SetFeatureActiveInput(features.RendererTarget):
    feature: str | int = Field(description="Feature m_Name (SSAO), fileID, class (RenderObjects) or index")
    active: bool


class SetFeatureActiveOutput(ToolOutput):
    renderer: str
    feature: features.FeatureInfo
    changed: bool


def set_feature_active(ctx: ToolContext, request: SetFeatureActiveInput) -> SetFeatureActiveOutput:
    renderer = features.open_renderer(ctx, request, for_write=True)
    feature = renderer.find(request.feature)
    if feature.missing:
        raise_missing(renderer, feature)
    doc = renderer.loaded.yaml.get(feature.file_id)
    changed = bool(doc.get("m_Active", 1)) != request.active
    if changed:
        doc.set("m_Active", int(request.active))
        renderer.loaded.save(ctx)
    return SetFeatureActiveOutput(renderer=renderer.path, feature=renderer.find(feature.file_id), changed=changed)


def raise_missing(renderer: features.Renderer, feature: features.FeatureInfo) -> NoReturn:
    from unitycli.api import UnityCliError

    raise UnityCliError("E_URP_FEATURE_NOT_FOUND",
                        f"{renderer.path}: feature {feature.index} (&{feature.file_id}) has no sub-asset",
                        details={"renderer": renderer.path, "fileID": feature.file_id})
