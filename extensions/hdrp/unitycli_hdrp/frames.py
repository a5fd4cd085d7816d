"""FrameSettings: the FrameSettingsField bit indices of each HDRP layout family and the three default blocks.

`bitDatas` is core's BitArray128: bit i of the field set is bit i of `data1` (i < 64) or bit i-64 of `data2`;
both are unsigned 64-bit decimals (values above 2^63 occur), parsed as Python ints, never as floats. Field values
are the bit indices; no index changed between 14.0.12 and 17.2.0, fields were only added, removed (122, 123) or
renamed (127 ProbeVolume -> AdaptiveProbeVolume). Source: the package's C#, validated against the
fixtures' default masks. Bits of "Others"-type fields (MSAAMode, SSS quality, LOD, material quality) carry no meaning
in a default mask, and bits no name covers (25, and 122/123 in 17.x files) are kept exactly as found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.api import ToolContext, UnityCliError
from unitycli_hdrp import project

COMMON: dict[str, int] = {
    "LitShaderMode": 0, "DepthPrepassWithDeferredRendering": 1, "OpaqueObjects": 2, "TransparentObjects": 3,
    "ClearGBuffers": 5, "CustomPass": 6, "TransparentPrepass": 8, "TransparentPostpass": 9, "MotionVectors": 10,
    "ObjectMotionVectors": 11, "Decals": 12, "Refraction": 13, "Distortion": 14, "Postprocess": 15,
    "TransparentsWriteMotionVector": 16, "AfterPostprocess": 17, "LowResTransparent": 18,
    "ZTestAfterPostProcessTAA": 19, "ShadowMaps": 20, "ContactShadows": 21, "Shadowmask": 22, "SSR": 23, "SSAO": 24,
    "Transmission": 26, "AtmosphericScattering": 27, "Volumetrics": 28, "ReprojectionForVolumetrics": 29,
    "LightLayers": 30, "ExposureControl": 32, "ReflectionProbe": 33, "ScreenSpaceShadows": 34, "PlanarProbe": 35,
    "ReplaceDiffuseForIndirect": 36, "SkyReflection": 37, "DirectSpecularLighting": 38, "CustomPostProcess": 39,
    "AsyncCompute": 40, "LightListAsync": 41, "SSRAsync": 42, "SSAOAsync": 43, "ContactShadowsAsync": 44,
    "VolumeVoxelizationsAsync": 45, "SubsurfaceScattering": 46, "RoughDistortion": 67, "VirtualTexturing": 68,
    "ScreenCoordOverride": 77, "AsymmetricProjection": 78, "VolumetricClouds": 79, "StopNaN": 80,
    "DepthOfField": 81, "MotionBlur": 82, "PaniniProjection": 83, "Bloom": 84, "LensDistortion": 85,
    "ChromaticAberration": 86, "Vignette": 87, "ColorGrading": 88, "FilmGrain": 89, "Dithering": 90,
    "Antialiasing": 91, "RayTracing": 92, "Tonemapping": 93, "TransparentSSR": 94, "SSGI": 95, "DecalLayers": 96,
    "LensFlareDataDriven": 97, "FullResolutionCloudsForSky": 98, "Water": 99, "FPTLForForwardOpaque": 120,
    "BigTilePrepass": 121, "ComputeLightVariants": 124, "ComputeMaterialVariants": 125,
    "NormalizeReflectionProbeWithProbeVolume": 126,
}
ONLY: dict[str, dict[str, int]] = {
    "14": {"DeferredTile": 122, "ComputeLightEvaluation": 123, "ProbeVolume": 127},
    "17": {"RenderingLayerMaskBuffer": 50, "HighQualityLinesAsync": 52, "RaytracingVFX": 100, "WaterExclusion": 101,
           "WaterDecals": 102, "HighQualityLineRendering": 103, "LensFlareScreenSpace": 104, "ComputeThickness": 119,
           "AdaptiveProbeVolume": 127},
}
# Fields whose value lives in a scalar of the struct; their bit only matters in a per-camera override mask.
OTHERS: dict[str, int] = {
    "MSAAMode": 4, "SssQualityMode": 47, "SssQualityLevel": 48, "SssCustomSampleBudget": 49,
    "SssCustomDownsampleSteps": 51, "LODBiasMode": 60, "LODBias": 61, "MaximumLODLevelMode": 62,
    "MaximumLODLevel": 63, "LODBiasQualityLevel": 64, "MaximumLODLevelQualityLevel": 65, "MaterialQualityLevel": 66,
}
OBSOLETE: dict[int, str] = {31: "MSAA", 56: "AlphaToMask"}  # RoughRefraction is an alias of Refraction (13)

RENDER_TYPES = ("camera", "bakedOrCustomReflection", "realtimeReflection")
# 14.x top-level keys / 17.x RenderingPathFrameSettings data keys, per render type.
BLOCKS_14 = {"camera": "m_RenderingPathDefaultCameraFrameSettings",
             "bakedOrCustomReflection": "m_RenderingPathDefaultBakedOrCustomReflectionFrameSettings",
             "realtimeReflection": "m_RenderingPathDefaultRealtimeReflectionFrameSettings"}
BLOCKS_17 = {"camera": "m_Camera", "bakedOrCustomReflection": "m_CustomOrBakedReflection",
             "realtimeReflection": "m_RealtimeReflection"}
SCALARS = ("lodBias", "lodBiasMode", "lodBiasQualityLevel", "maximumLODLevel", "maximumLODLevelMode",
           "maximumLODLevelQualityLevel", "sssQualityMode", "sssQualityLevel", "sssCustomSampleBudget",
           "sssCustomDownsampleSteps", "msaaMode", "materialQuality")
MASK64 = (1 << 64) - 1


def fields(fam: str) -> dict[str, int]:
    """The boolean FrameSettingsField names of a layout family and their bits."""
    return {**COMMON, **ONLY[fam]}


def other_family(fam: str) -> str:
    return "17" if fam == "14" else "14"


def combine(data1: int, data2: int) -> int:
    return (data1 & MASK64) | ((data2 & MASK64) << 64)


def split(bits: int) -> tuple[int, int]:
    return bits & MASK64, (bits >> 64) & MASK64


def mask_of(names: list[str], fam: str) -> int:
    table = fields(fam)
    bits = 0
    for name in names:
        bits |= 1 << table[name]
    return bits


@dataclass
class Block:
    """One FrameSettings struct in the global settings file: its property path and values."""

    render_type: str
    path: str

    def bits(self, file: project.HdrpFile) -> int:
        d1, d2 = self.raw(file)
        return combine(d1, d2)

    def raw(self, file: project.HdrpFile) -> tuple[int, int]:
        d1 = file.doc.get(f"{self.path}.bitDatas.data1")
        d2 = file.doc.get(f"{self.path}.bitDatas.data2")
        if not (isinstance(d1, int) and isinstance(d2, int) and 0 <= d1 <= MASK64 and 0 <= d2 <= MASK64):
            raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED",
                                f"{file.path}: {self.path}.bitDatas does not hold two unsigned 64-bit integers",
                                details={"file": file.path, "path": self.path})
        return d1, d2

    def scalars(self, file: project.HdrpFile) -> dict[str, Any]:
        return {k: file.doc.get(f"{self.path}.{k}") for k in SCALARS if file.doc.has(f"{self.path}.{k}")}

    def write(self, file: project.HdrpFile, bits: int) -> list[str]:
        """Write the mask back; only the data1/data2 whose value changed are rewritten."""
        old1, old2 = self.raw(file)
        new1, new2 = split(bits)
        changed = []
        if new1 != old1:
            file.doc.set(f"{self.path}.bitDatas.data1", new1)
            changed.append("data1")
        if new2 != old2:
            file.doc.set(f"{self.path}.bitDatas.data2", new2)
            changed.append("data2")
        return changed


def blocks(ctx: ToolContext, file: project.HdrpFile) -> tuple[str, str, dict[str, Block]]:
    """(family, where the live data is, block per render type) of a checked global settings file."""
    fam = project.family(ctx)
    if fam == "14":
        return fam, "top-level m_RenderingPathDefault*FrameSettings", {
            t: Block(t, key) for t, key in BLOCKS_14.items()}
    entry = project.ref_entry(file, "RenderingPathFrameSettings")
    where = f"references.RefIds rid {entry.rid} (RenderingPathFrameSettings)"
    return fam, where, {t: Block(t, f"{entry.data_path}.{key}") for t, key in BLOCKS_17.items()}


def decode(bits: int, fam: str) -> tuple[dict[str, bool], list[dict[str, Any]]]:
    """(every boolean field of the family -> set?, the set bits no boolean field of the family names)."""
    table = fields(fam)
    values = {name: bool(bits >> bit & 1) for name, bit in sorted(table.items(), key=lambda kv: kv[1])}
    named = set(table.values())
    others = {bit: name for name, bit in OTHERS.items()}
    foreign = {bit: name for name, bit in ONLY[other_family(fam)].items()}
    extra = []
    for bit in range(128):
        if bits >> bit & 1 and bit not in named:
            name = others.get(bit) or OBSOLETE.get(bit)
            kind = "scalar-field" if bit in others else "obsolete" if bit in OBSOLETE else (
                f"unnamed (named {foreign[bit]} in {other_family(fam)}.x)" if bit in foreign else "unnamed")
            extra.append({"bit": bit, "name": name, "kind": kind})
    return values, extra
