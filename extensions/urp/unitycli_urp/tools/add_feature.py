"""`urp.add-feature`: add a RenderObjects, SSAO, Decal, FullScreenPass or ScreenSpaceShadows feature, as "Add
Renderer Feature" does."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, UnityCliError
from unitycli_urp import features
from unitycli_urp.layout import class_identifier, project_layout


class AddFeatureInput(features.RendererTarget):
    type: str = Field(description="RenderObjects, ScreenSpaceAmbientOcclusion (alias SSAO), DecalRendererFeature "
                                  "(alias Decal), FullScreenPassRendererFeature (alias FullScreenPass) or "
                                  "ScreenSpaceShadows")
    name: str | None = Field(None, description="m_Name; default the class name, as the Editor names it")
    event: int | str | None = Field(None, description=("RenderObjects: RenderPassEvent name or value (default "
                                                       "AfterRenderingOpaques = 300)"))
    layer_mask: int | None = Field(None, description="RenderObjects: filter layer mask bits (default 0 = Nothing)")
    render_queue: str | None = Field(None, description="RenderObjects: opaque (default) or transparent")
    active: bool = Field(True, description="m_Active of the new feature")


class AddFeatureOutput(ToolOutput):
    renderer: str
    feature: features.FeatureInfo
    layout: str


def _event(value: int | str | None) -> int:
    if value is None:
        return 300
    if isinstance(value, str) and value in features.RENDER_PASS_EVENTS:
        return features.RENDER_PASS_EVENTS[value]
    if isinstance(value, int) and not isinstance(value, bool) and 150 <= value <= 1000:
        return value
    raise UnityCliError("E_SCHEMA_INVALID", f"event {value!r} is not a RenderPassEvent name or a value 150–1000",
                        details={"path": "event", "value": value, "names": list(features.RENDER_PASS_EVENTS)})


def add_feature(ctx: ToolContext, request: AddFeatureInput) -> AddFeatureOutput:
    kind = features.FEATURE_TYPES.get(request.type)
    if kind is None:
        raise UnityCliError("E_URP_FEATURE_TYPE_UNSUPPORTED",
                            f"renderer feature type {request.type!r} cannot be added headlessly",
                            details={"type": request.type, "supported": sorted(features.FEATURE_TYPES)})
    layout = project_layout(ctx)
    renderer = features.open_renderer(ctx, request, for_write=True)
    if kind in features.SINGLE_INSTANCE:
        existing = [f for f in renderer.features() if f.type == kind]
        if existing:
            raise UnityCliError("E_URP_FEATURE_EXISTS",
                                f"{renderer.path} already has a {kind} ({existing[0].name!r}); URP allows one",
                                details={"renderer": renderer.path, "type": kind, "fileID": existing[0].file_id})
    name = request.name or kind
    ident = class_identifier(ctx, kind)
    if kind == "RenderObjects":
        queue = (request.render_queue or "opaque").lower()
        if queue not in ("opaque", "transparent"):
            raise UnityCliError("E_SCHEMA_INVALID", f"renderQueue {request.render_queue!r}: opaque or transparent",
                                details={"path": "renderQueue", "value": request.render_queue})
        fields = features.render_objects_fields(name, ident, event=_event(request.event),
                                                layer_mask=request.layer_mask or 0,
                                                queue=0 if queue == "opaque" else 1)
    elif kind == "DecalRendererFeature":
        fields = features.decal_fields(name, ident, layout)
    elif kind == "FullScreenPassRendererFeature":
        fields = features.full_screen_pass_fields(name, ident, layout)
    elif kind == "ScreenSpaceShadows":
        fields = features.screen_space_shadows_fields(name, ident)
    else:
        fields = features.ssao_fields(name, ident, layout)
    if not request.active:
        fields["m_Active"] = 0
    file_id = renderer.add(fields)
    renderer.loaded.save(ctx)
    return AddFeatureOutput(renderer=renderer.path, feature=renderer.find(file_id), layout=layout)
