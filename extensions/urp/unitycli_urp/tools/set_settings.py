"""`urp.set-settings`: change the typed subset of a URP asset's settings in place."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_urp import ids, pipeline, settings
from unitycli_urp.layout import project_layout


class SetSettingsInput(pipeline.PipelineTarget):
    render_scale: float | None = Field(None, description="m_RenderScale, 0.1–2")
    msaa: int | None = Field(None, description="m_MSAA: 1 (off), 2, 4 or 8")
    hdr: bool | None = Field(None, description="m_SupportsHDR")
    shadow_distance: float | None = Field(None, description="m_ShadowDistance, ≥ 0")
    cascade_count: int | None = Field(None, description="m_ShadowCascadeCount, 1–4")
    cascade2_split: float | None = Field(None, description="m_Cascade2Split: the split point of 2 cascades, 0–1")
    cascade3_split: list[float] | None = Field(None, description="m_Cascade3Split: 2 increasing split points, 0–1")
    cascade4_split: list[float] | None = Field(None, description="m_Cascade4Split: 3 increasing split points, 0–1")
    main_light_shadow_resolution: int | None = Field(None, description="256, 512, 1024, 2048, 4096 (17: 8192)")
    additional_lights_shadow_resolution: int | None = Field(None, description="256 … 4096 (17: 8192)")
    soft_shadows: bool | None = Field(None, description="m_SoftShadowsSupported")
    soft_shadow_quality: int | None = Field(None, description="m_SoftShadowQuality: 1 low, 2 medium, 3 high")
    srp_batcher: bool | None = Field(None, description="m_UseSRPBatcher")
    depth_texture: bool | None = Field(None, description="m_RequireDepthTexture")
    opaque_texture: bool | None = Field(None, description="m_RequireOpaqueTexture")
    render_graph: bool | None = Field(None, description="m_EnableRenderGraph (URP 14.x only)")
    gpu_resident_drawer: int | None = Field(None, description="m_GPUResidentDrawerMode 0/1 (URP 17.x only)")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the asset is at this "
                                                            "revision.")


class SetSettingsOutput(ToolOutput):
    asset: str
    layout: str
    changed: dict[str, Any] = Field(description="Settings whose value changed, with the new value")
    unchanged: list[str] = Field(description="Settings given that already had that value")


def set_settings(ctx: ToolContext, request: SetSettingsInput) -> SetSettingsOutput:
    path = pipeline.resolve_asset(ctx, request)
    layout = project_layout(ctx)
    given = {s: v for s, v in request.model_dump(by_alias=True).items()
             if s in settings.BY_NAME and v is not None}
    loaded = pipeline.open_asset(ctx, path, for_write=True, expected_revision=request.expected_revision)
    doc = loaded.yaml.get(ids.MAIN_FILE_ID)
    planned = []
    for name, value in given.items():
        setting = settings.BY_NAME[name]
        if layout not in setting.layouts:
            raise settings.unsupported(setting, layout, path, f"URP {layout} assets have no such field")
        if not doc.has(setting.key):
            raise settings.unsupported(setting, layout, path, "the asset file has no such field (saved by an older "
                                       "URP; open and save it in Unity first)")
        planned.append((setting, value, setting.to_yaml(value, layout)))
    changed: dict[str, Any] = {}
    unchanged = []
    for setting, value, raw in planned:
        if doc.get(setting.key) == raw:
            unchanged.append(setting.name)
            continue
        doc.set(setting.key, raw)
        changed[setting.name] = value
    if changed:
        loaded.save(ctx)
    return SetSettingsOutput(asset=path, layout=layout, changed=changed, unchanged=unchanged)
