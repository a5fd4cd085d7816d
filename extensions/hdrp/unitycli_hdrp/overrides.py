"""HDRP volume overrides for the shared volume model (`unitycli.api.VolumeProfile`): serialized layouts, C# defaults
and declared ranges, per HDRP layout family.

Parameters are in YAML order, defaults and ranges are the package source's (17.0.3, checked against the fixtures'
key lists); `min`/`max` keys found in old YAML files are pre-NonSerialized leftovers and are never used as ranges.
Layouts verified per family:

- 14.x: Exposure, Bloom, Tonemapping (same as 17), VisualEnvironment (7 parameters, no m_Version), HDRISky (no
  sunInitialRotation/lockSun), Fog (17's list without multipleScatteringIntensity: the scene-template profiles
  HDRP 14.0.8 and 14.0.12 ship byte-identical, manifests/hdrp.evidence.md). ColorAdjustments and Vignette have no
  14.x evidence and are refused there.
- 17.x: all of the above plus ColorAdjustments, Vignette, PhysicallyBasedSky and DepthOfField (17.0.3 and 17.2.0
  source and the package default profile VisualEffectGraph-Samples and PhysicsSamples carry; 14.x has no evidence
  of those two and they are not offered there).

Keys that are not parameters (`m_SkyVersion` of skies, `m_Version` of VisualEnvironment) are written after the
shared model adds the object, at the place the Editor writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.api import OverrideSpec, ParameterSpec, Ref
from unitycli_hdrp import ids

WIND_GLOBAL = {"mode": 1, "customValue": 0, "additiveValue": 0, "multiplyValue": 1}  # WindOverrideMode.Global


@dataclass(frozen=True)
class FixedDefaultSpec(ParameterSpec):
    """A parameter whose default the shared model cannot encode from a plain value: an AnimationCurve, a wind
    parameter block, or float.NegativeInfinity. `raw` is written as the Editor writes it; `label` names the real
    kind in descriptions. Setting such a value is refused by the model unless its `kind` is editable."""

    raw: Any = None
    label: str = ""

    def yaml_default(self) -> Any:
        return self.raw

    def describe(self) -> dict[str, Any]:
        out = super().describe()
        if self.label:
            out["kind"] = self.label
        out["default"] = self.raw
        return out


def _linear(t0: float, v0: float, t1: float, v1: float) -> dict[str, Any]:
    """AnimationCurve.Linear as the Editor serializes it (two keys, ClampForever on both sides)."""
    slope = (v1 - v0) / (t1 - t0)
    key = {"serializedVersion": 3, "tangentMode": 0, "weightedMode": 0, "inWeight": 0, "outWeight": 0}

    def frame(t: float, v: float, slope_in: float, slope_out: float) -> dict[str, Any]:
        return {"serializedVersion": 3, "time": t, "value": v, "inSlope": slope_in, "outSlope": slope_out,
                **{k: key[k] for k in ("tangentMode", "weightedMode", "inWeight", "outWeight")}}

    return {"serializedVersion": 2, "m_Curve": [frame(t0, v0, 0, slope), frame(t1, v1, slope, 0)],
            "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


def _b(name: str, default: bool) -> ParameterSpec:
    return ParameterSpec(name, "bool", default)


def _f(name: str, default: float, lo: float | None = None, hi: float | None = None) -> ParameterSpec:
    return ParameterSpec(name, "float", default, lo, hi)


def _e(name: str, default: int, values: dict[str, int]) -> ParameterSpec:
    return ParameterSpec(name, "enum", default, enum=tuple(values.items()))


def _c(name: str, r: float, g: float, b: float, a: float = 1) -> ParameterSpec:
    return ParameterSpec(name, "color", {"r": r, "g": g, "b": b, "a": a})


def _v2(name: str, x: float, y: float, lo: float | None = None, hi: float | None = None) -> ParameterSpec:
    return ParameterSpec(name, "vector2", {"x": x, "y": y}, lo, hi)


def _v3(name: str, x: float, y: float, z: float) -> ParameterSpec:
    return ParameterSpec(name, "vector3", {"x": x, "y": y, "z": z})


def _t(name: str) -> ParameterSpec:
    return ParameterSpec(name, "texture", None)


def _curve(name: str, *linear: float) -> ParameterSpec:
    return FixedDefaultSpec(name, "curve", None, raw=_linear(*linear), label="curve")


def _wind(name: str, custom: float) -> ParameterSpec:
    """WindOrientationParameter / WindSpeedParameter: `{mode, customValue, additiveValue, multiplyValue}`."""
    return FixedDefaultSpec(name, "curve", None, raw={**WIND_GLOBAL, "customValue": custom}, label="wind")


QUALITY = {"Low": 0, "Medium": 1, "High": 2, "Custom": 3}  # ScalableSettingLevelParameter; 3 = the custom values
CLASS_PREFIX = "Unity.RenderPipelines.HighDefinition.Runtime::UnityEngine.Rendering.HighDefinition."

EXPOSURE = (
    _e("mode", 0, {"Fixed": 0, "Automatic": 1, "CurveMapping": 2, "UsePhysicalCamera": 3, "AutomaticHistogram": 4}),
    _e("meteringMode", 2, {"Average": 0, "Spot": 1, "CenterWeighted": 2, "MaskWeighted": 3, "ProceduralMask": 4}),
    _e("luminanceSource", 1, {"LightingBuffer": 0, "ColorBuffer": 1}),
    _f("fixedExposure", 0), _f("compensation", 0), _f("limitMin", -1), _f("limitMax", 14),
    _curve("curveMap", -10, -10, 20, 20), _curve("limitMinCurveMap", -10, -12, 20, 18),
    _curve("limitMaxCurveMap", -10, -8, 20, 22),
    _e("adaptationMode", 1, {"Fixed": 0, "Progressive": 1}),
    _f("adaptationSpeedDarkToLight", 3, 0.001), _f("adaptationSpeedLightToDark", 1, 0.001),
    _t("weightTextureMask"), _v2("histogramPercentages", 40, 90, 0, 100), _b("histogramUseCurveRemapping", False),
    _e("targetMidGray", 0, {"Grey125": 0, "Grey14": 1, "Grey18": 2}), _b("centerAroundExposureTarget", False),
    _v2("proceduralCenter", 0.5, 0.5), _v2("proceduralRadii", 0.3, 0.3), _f("maskMinIntensity", -30),
    _f("maskMaxIntensity", 30), _f("proceduralSoftness", 0.5, 0),
)

BLOOM = (
    _e("quality", 1, QUALITY), _f("threshold", 0, 0), _f("intensity", 0, 0, 1), _f("scatter", 0.7, 0, 1),
    _c("tint", 1, 1, 1), _t("dirtTexture"), _f("dirtIntensity", 0, 0), _b("anamorphic", True),
    _e("m_Resolution", 2, {"Quarter": 4, "Half": 2}), _b("m_HighQualityPrefiltering", False),
    _b("m_HighQualityFiltering", True),
)

TONEMAPPING = (
    _e("mode", 0, {"None": 0, "Neutral": 1, "ACES": 2, "Custom": 3, "External": 4}), _b("useFullACES", False),
    _f("toeStrength", 0, 0, 1), _f("toeLength", 0.5, 0, 1), _f("shoulderStrength", 0, 0, 1),
    _f("shoulderLength", 0.5, 0), _f("shoulderAngle", 0, 0, 1), _f("gamma", 1, 0.001), _t("lutTexture"),
    _f("lutContribution", 1, 0, 1), _e("neutralHDRRangeReductionMode", 2, {"Reinhard": 1, "BT2390": 2}),
    _e("acesPreset", 3, {"ACES1000Nits": 3, "ACES2000Nits": 4, "ACES4000Nits": 5}),
    _e("fallbackMode", 1, {"None": 0, "Neutral": 1, "ACES": 2}), _f("hueShiftAmount", 0, 0, 1),
    _b("detectPaperWhite", False), _f("paperWhite", 300, 0, 400), _b("detectBrightnessLimits", True),
    _f("minNits", 0.005, 0, 50), _f("maxNits", 1000, 0, 5000),
)

FOG = (
    _e("quality", 1, QUALITY), _b("enabled", False), _e("colorMode", 1, {"ConstantColor": 0, "SkyColor": 1}),
    _c("color", 0.5, 0.5, 0.5), _c("tint", 1, 1, 1), _f("maxFogDistance", 5000, 0), _f("mipFogMaxMip", 0.5, 0, 1),
    _f("mipFogNear", 0, 0), _f("mipFogFar", 1000, 0), _f("baseHeight", 0), _f("maximumHeight", 50),
    _f("meanFreePath", 400, 1), _b("enableVolumetricFog", False), _c("albedo", 1, 1, 1),
    _f("globalLightProbeDimmer", 1, 0, 1), _f("depthExtent", 64, 0.1),
    _e("denoisingMode", 2, {"None": 0, "Reprojection": 1, "Gaussian": 2, "Both": 3}), _f("anisotropy", 0, -1, 1),
    _f("sliceDistributionUniformity", 0.75, 0, 1), _f("multipleScatteringIntensity", 0, 0, 2),
    _e("m_FogControlMode", 0, {"Balance": 0, "Manual": 1}), _f("screenResolutionPercentage", 12.5, 6.25, 50),
    ParameterSpec("volumeSliceCount", "int", 64, 1, 512), _f("m_VolumetricFogBudget", 0.25, 0, 1),
    _f("m_ResolutionDepthRatio", 0.5, 0, 1), _b("directionalLightsOnly", False),
)
FOG_14 = tuple(p for p in FOG if p.name != "multipleScatteringIntensity")  # added in 17

_SKY_TYPES = "sky id: 0 none, 1 HDRI, 2 procedural, 3 gradient, 4 physically based"
VISUAL_ENVIRONMENT_14 = (
    ParameterSpec("skyType", "int", 0), ParameterSpec("cloudType", "int", 0),
    _e("skyAmbientMode", 1, {"Static": 0, "Dynamic": 1}), _f("windOrientation", 0, 0, 360), _f("windSpeed", 0),
    _e("fogType", 0, {"None": 0, "Exponential": 2, "Volumetric": 3}),
)
VISUAL_ENVIRONMENT_17 = (
    *VISUAL_ENVIRONMENT_14[:3],
    _f("planetRadius", 6378.1, 0),  # kilometres since VisualEnvironment's UnitChange migration (m_Version 1)
    _e("renderingSpace", 1, {"Camera": 0, "World": 1}), _e("centerMode", 0, {"Automatic": 0, "Manual": 1}),
    _v3("planetCenter", 0, -6378.1, 0),
    *VISUAL_ENVIRONMENT_14[3:],
)


def _hdri_sky(family: str) -> tuple[ParameterSpec, ...]:
    head = (
        _f("rotation", 0, 0, 360), _e("skyIntensityMode", 0, {"Exposure": 0, "Lux": 1, "Multiplier": 2}),
        _f("exposure", 0), _f("multiplier", 1, 0), _f("upperHemisphereLuxValue", 1, 0),
        _v3("upperHemisphereLuxColor", 0, 0, 0), _f("desiredLuxValue", 20000),
        _e("updateMode", 0, {"OnChanged": 0, "OnDemand": 1, "Realtime": 2}), _f("updatePeriod", 0, 0),
        _b("includeSunInBaking", False), _t("hdriSky"),
        _e("distortionMode", 0, {"None": 0, "Procedural": 1, "Flowmap": 2}), _t("flowmap"),
        _b("upperHemisphereOnly", True), _wind("scrollOrientation", 0), _wind("scrollSpeed", 100),
    )
    sun = (FixedDefaultSpec("sunInitialRotation", "float", None, raw="-Infinity"),
           _b("lockSun", False)) if family == "17" else ()
    tail = (
        _b("enableBackplate", False), _e("backplateType", 0, {"Disc": 0, "Rectangle": 1, "Ellipse": 2, "Infinite": 3}),
        _f("groundLevel", 0), _v2("scale", 32, 32), _f("projectionDistance", 16, 1e-7), _f("plateRotation", 0, 0, 360),
        _f("plateTexRotation", 0, 0, 360), _v2("plateTexOffset", 0, 0), _f("blendAmount", 0, 0, 100),
        _c("shadowTint", 0.5, 0.5, 0.5), _b("pointLightShadow", False), _b("dirLightShadow", False),
        _b("rectLightShadow", False),
        # after m_SkyVersion: the obsolete parameters kept for migration
        _b("enableDistortion", False), _b("procedural", True), _f("scrollDirection", 0, 0, 360),
        _f("m_ObsoleteScrollSpeed", 1, 0),
    )
    return head + sun + tail


COLOR_ADJUSTMENTS = (
    _f("postExposure", 0), _f("contrast", 0, -100, 100), _c("colorFilter", 1, 1, 1), _f("hueShift", 0, -180, 180),
    _f("saturation", 0, -100, 100),
)
VIGNETTE = (
    _e("mode", 0, {"Procedural": 0, "Masked": 1}), _c("color", 0, 0, 0), _v2("center", 0.5, 0.5),
    _f("intensity", 0, 0, 1), _f("smoothness", 0.2, 0.01, 1), _f("roundness", 1, 0, 1), _b("rounded", False),
    _t("mask"), _f("opacity", 1, 0, 1),
)

_PBR_SKY_MATERIAL = Ref(-876546973899608171, "02532cbb810fb404db49da84f1efe41e", 3)  # s_DefaultMaterial, from
# the HDRP runtime materials (`pbrSkyMaterial`), as VisualEffectGraph-Samples' DefaultSettingsVolumeProfile has it
PHYSICALLY_BASED_SKY = (
    _f("rotation", 0, 0, 360), _e("skyIntensityMode", 0, {"Exposure": 0, "Lux": 1, "Multiplier": 2}),
    _f("exposure", 0), _f("multiplier", 1, 0), _f("upperHemisphereLuxValue", 1, 0),
    _v3("upperHemisphereLuxColor", 0, 0, 0), _f("desiredLuxValue", 20000),
    _e("updateMode", 0, {"OnChanged": 0, "OnDemand": 1, "Realtime": 2}), _f("updatePeriod", 0, 0),
    _b("includeSunInBaking", False),
    _e("type", 1, {"EarthSimple": 0, "EarthAdvanced": 1, "Custom": 2}), _b("atmosphericScattering", True),
    _e("renderingMode", 0, {"Default": 0, "Material": 1}),
    FixedDefaultSpec("material", "object", None, raw=_PBR_SKY_MATERIAL, label="material"),
    # ZenithOpacityFromExtinctionAndScaleHeight / LayerDepthFromScaleHeight of the package constants, as float32
    # values the Editor writes them (the package default profile of 17.0.3 and 17.2.0)
    _f("airDensityR", 0.04534, 0, 1), _f("airDensityG", 0.10237241, 0, 1), _f("airDensityB", 0.23264056, 0, 1),
    _c("airTint", 1, 1, 1), _f("airMaximumAltitude", 55261.973, 0), _f("aerosolDensity", 0.01192826, 0, 1),
    _c("aerosolTint", 0.9, 0.9, 0.9), _f("aerosolMaximumAltitude", 8289.296, 0), _f("aerosolAnisotropy", 0.8, -1, 1),
    _f("ozoneDensityDimmer", 1, 0, 1), _f("ozoneMinimumAltitude", 20000, 0), _f("ozoneLayerWidth", 20000, 0),
    _c("groundTint", 0.12, 0.1, 0.09), _t("groundColorTexture"), _t("groundEmissionTexture"),
    _f("groundEmissionMultiplier", 1, 0), _v3("planetRotation", 0, 0, 0), _t("spaceEmissionTexture"),
    _f("spaceEmissionMultiplier", 1, 0), _v3("spaceRotation", 0, 0, 0), _f("colorSaturation", 1, 0, 1),
    _f("alphaSaturation", 1, 0, 1), _f("alphaMultiplier", 1, 0, 1), _c("horizonTint", 1, 1, 1),
    _c("zenithTint", 1, 1, 1), _f("horizonZenithShift", 0, -1, 1),
    # after m_SkyVersion: the obsolete parameters kept for migration (metres)
    _b("m_ObsoleteEarthPreset", True), _f("planetaryRadius", 6378100, 0), _v3("planetCenterPosition", 0, -6378100, 0),
)
DEPTH_OF_FIELD = (
    _e("quality", 1, QUALITY), _e("focusMode", 0, {"Off": 0, "UsePhysicalCamera": 1, "Manual": 2}),
    _f("focusDistance", 10, 0.1), _e("focusDistanceMode", 0, {"Volume": 0, "Camera": 1}),
    _f("nearFocusStart", 0, 0), _f("nearFocusEnd", 4, 0), _f("farFocusStart", 10, 0), _f("farFocusEnd", 20, 0),
    ParameterSpec("m_NearSampleCount", "int", 5, 3, 8), _f("m_NearMaxBlur", 4, 0, 8),
    ParameterSpec("m_FarSampleCount", "int", 7, 3, 16), _f("m_FarMaxBlur", 8, 0, 16),
    _e("m_Resolution", 2, {"Quarter": 4, "Half": 2, "Full": 1}), _b("m_HighQualityFiltering", True),
    _b("m_PhysicallyBased", False), _f("m_AdaptiveSamplingWeight", 0.75, 0.5, 4),
    _b("m_LimitManualRangeNearBlur", False), _b("coCStabilization", True),
)

GUIDS = {name: guid for guid, name in ids.VOLUME_COMPONENTS.items()}  # the script GUIDs, written once in ids.py

# Non-parameter keys: (key, value, the parameter they follow, or None for the end of the object).
EXTRA_KEYS: dict[tuple[str, str], tuple[tuple[str, int, str | None], ...]] = {
    ("HDRISky", "14"): (("m_SkyVersion", 1, "rectLightShadow"),),
    ("HDRISky", "17"): (("m_SkyVersion", 1, "rectLightShadow"),),
    ("VisualEnvironment", "17"): (("m_Version", 1, None),),
    ("PhysicallyBasedSky", "17"): (("m_SkyVersion", 3, "horizonZenithShift"),),
}

UNVERIFIED = {"14": ("ColorAdjustments", "Vignette", "PhysicallyBasedSky", "DepthOfField")}


def specs(family: str) -> dict[str, OverrideSpec]:
    """The OverrideSpecs whose layout is verified for a family, by class name."""
    params: dict[str, tuple[ParameterSpec, ...]] = {
        "Exposure": EXPOSURE, "Bloom": BLOOM, "Tonemapping": TONEMAPPING,
        "VisualEnvironment": VISUAL_ENVIRONMENT_17 if family == "17" else VISUAL_ENVIRONMENT_14,
        "HDRISky": _hdri_sky(family), "Fog": FOG if family == "17" else FOG_14,
    }
    if family == "17":
        params.update({"ColorAdjustments": COLOR_ADJUSTMENTS, "Vignette": VIGNETTE,
                       "PhysicallyBasedSky": PHYSICALLY_BASED_SKY, "DepthOfField": DEPTH_OF_FIELD})
    return {name: OverrideSpec(name, GUIDS[name], p, CLASS_PREFIX) for name, p in params.items()}


def all_specs(family: str) -> list[OverrideSpec]:
    return list(specs(family).values())


def range_problem(spec: ParameterSpec, value: Any) -> str | None:
    """For vector parameters with a declared range (FloatRangeParameter): a component outside it."""
    if spec.kind != "vector2" or (spec.min is None and spec.max is None) or not isinstance(value, dict):
        return None
    for key in ("x", "y"):
        v = value.get(key)
        if isinstance(v, int | float) and not isinstance(v, bool):
            if spec.min is not None and v < spec.min:
                return f"{spec.name}.{key} is below the minimum {spec.min}"
            if spec.max is not None and v > spec.max:
                return f"{spec.name}.{key} is above the maximum {spec.max}"
    return None
