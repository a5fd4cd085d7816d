"""The documented subset of `HDRenderPipelineAsset.m_RenderPipelineSettings`: names, types and encodings.

Same names, types and integer encodings in 14.0.12, 17.0.3 and 17.2.0. Keys are found by
name, never by position (the order differs between versions), and a key the file lacks is never added.
Left out on purpose: `supportDitheringCrossFade` (no effect in 17: the LOD cross-fade moved to QualitySettings),
`oldLightProbeSystem` (17's migration copy of `lightProbeSystem`) and every `m_Obsolete*` key.
"""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, ToolInput, ToolOutput, create_model

BOOLS: dict[str, str] = {
    "supportShadowMask": "Shadowmask lighting mode support",
    "supportSSR": "Screen space reflections",
    "supportSSRTransparent": "Screen space reflections on transparent objects",
    "supportSSAO": "Screen space ambient occlusion",
    "supportSSGI": "Screen space global illumination",
    "supportSubsurfaceScattering": "Subsurface scattering",
    "supportVolumetrics": "Volumetric fog and lights",
    "supportVolumetricClouds": "Volumetric clouds",
    "supportLightLayers": "Light layers",
    "supportWater": "Water surfaces",
    "supportDistortion": "Distortion",
    "supportTransparentBackface": "Transparent back-face rendering",
    "supportTransparentDepthPrepass": "Transparent depth prepass",
    "supportTransparentDepthPostpass": "Transparent depth postpass",
    "supportCustomPass": "Custom passes",
    "supportDecals": "Decals",
    "supportDecalLayers": "Decal layers",
    "supportMotionVectors": "Motion vectors",
    "supportRuntimeAOVAPI": "Runtime AOV API",
    "supportTerrainHole": "Terrain holes",
    "supportRayTracing": "Ray tracing (DXR)",
}

ENUMS: dict[str, tuple[str, dict[str, int]]] = {
    "msaaSampleCount": ("MSAA samples (UnityEngine.Rendering.MSAASamples)",
                        {"None": 1, "MSAA2x": 2, "MSAA4x": 4, "MSAA8x": 8}),
    "colorBufferFormat": ("Color buffer format (a GraphicsFormat value)", {"R11G11B10": 74, "R16G16B16A16": 48}),
    "customBufferFormat": ("Custom pass buffer format (a GraphicsFormat value)",
                           {"SignedR8G8B8A8": 12, "R8G8B8A8": 8, "R16G16B16A16": 48, "R11G11B10": 74}),
    "supportedLitShaderMode": ("Lit shader mode (flags)", {"ForwardOnly": 1, "DeferredOnly": 2, "Both": 3}),
    "supportedRayTracingMode": ("Ray tracing mode (flags)", {"Performance": 1, "Quality": 2, "Both": 3}),
    "lightProbeSystem": ("Light probe system; ProbeVolumes = Adaptive Probe Volumes in 17.x",
                         {"LegacyLightProbes": 0, "ProbeVolumes": 1}),
}

KEYS = [*BOOLS, *ENUMS]


def _literal(names: dict[str, int]) -> Any:
    return Literal[tuple(names)]


# The fields of the two models, as create_model takes them: name -> (annotation, FieldInfo). An annotation built
# at run time (`bool | int | None`, a Literal of the enum's names) is a value to the type checker, hence Any.
_VALUE_FIELDS: dict[str, Any] = {
    **{key: (bool | int | None, Field(None, alias=key, description=f"{doc}; a raw int for a value other than 0/1; "
                                                                   "None when the file has no such key"))
       for key, doc in BOOLS.items()},
    **{key: (_literal(names) | int | None,
             Field(None, alias=key, description=f"{doc}: {', '.join(f'{n}={v}' for n, v in names.items())}; "
                                                "a raw int for a value outside the enum; None when absent"))
       for key, (doc, names) in ENUMS.items()},
}
_PATCH_FIELDS: dict[str, Any] = {
    **{key: (bool | None, Field(None, alias=key, description=doc)) for key, doc in BOOLS.items()},
    **{key: (_literal(names) | None,
             Field(None, alias=key, description=f"{doc}: {', '.join(f'{n}={v}' for n, v in names.items())}"))
       for key, (doc, names) in ENUMS.items()},
}

# What get-settings reports: the name of a known value, else the raw integer the file holds (kept, never guessed).
SettingsValues = create_model("HdrpSettingsValues", __base__=ToolOutput, **_VALUE_FIELDS)

# What set-settings accepts: every field optional, unknown keys refused by the schema.
SettingsPatch = create_model("HdrpSettingsPatch", __base__=ToolInput, **_PATCH_FIELDS)


def decode(key: str, raw: Any) -> Any:
    """The reported value of `key` from the file's scalar."""
    if key in BOOLS:
        return bool(raw) if raw in (0, 1) else raw
    names = ENUMS[key][1]
    return next((n for n, v in names.items() if v == raw), raw)


def encode(key: str, value: Any) -> int:
    if key in BOOLS:
        return 1 if value else 0
    return ENUMS[key][1][value]


def read_all(doc: Any) -> tuple[dict[str, Any], list[str]]:
    """(values by key, keys this file's layout lacks) from an HDRP asset's main object."""
    values: dict[str, Any] = {}
    missing: list[str] = []
    for key in KEYS:
        raw = doc.get(f"m_RenderPipelineSettings.{key}", None)
        if raw is None:
            missing.append(key)
        else:
            values[key] = decode(key, raw)
    return values, missing
