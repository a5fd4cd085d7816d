"""URP's volume overrides: parameters in serialized order with C# defaults and clamps.

The lists are identical in 14.0.9, 17.0.3 and 17.2.0, except ScreenSpaceLensFlare (17 only). Checked key for key
and value for value against minigolf's `DefaultVolumeProfile.asset` (17.0.3, every override at its defaults) by
the tests. ColorCurves' TextureCurve parameters are written by the shared model's `texture-curve` kind (the same
TextureCurve fields in core 14.0.9 and 17.x; ColorCurves.cs identical in 14.0.9 and 17.0.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from unitycli.api import OverrideSpec, ParameterSpec
from unitycli_urp.ids import URP_RUNTIME_PREFIX

WHITE = {"r": 1, "g": 1, "b": 1, "a": 1}
BLACK = {"r": 0, "g": 0, "b": 0, "a": 1}
GREY = {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1}
VEC4_ONE = {"x": 1, "y": 1, "z": 1, "w": 0}
HALF2 = {"x": 0.5, "y": 0.5}
TEXTURE_EXTRA = (("dimension", 1),)


def _p(name: str, kind: str, default: Any, lo: float | None = None, hi: float | None = None,
       enum: Iterable[tuple[str, int]] = (), extra: Iterable[tuple[str, Any]] = ()) -> ParameterSpec:
    return ParameterSpec(name, kind, default, lo, hi, tuple(enum), tuple(extra))


def _o(name: str, guid: str, *params: ParameterSpec) -> OverrideSpec:
    return OverrideSpec(name, guid, tuple(params), URP_RUNTIME_PREFIX)


_COMMON = [
    _o("Bloom", "0b2db86121404754db890f4c8dfe81b2",
       _p("skipIterations", "int", 1, 0, 16), _p("threshold", "float", 0.9, 0), _p("intensity", "float", 0, 0),
       _p("scatter", "float", 0.7, 0, 1), _p("clamp", "float", 65472, 0), _p("tint", "color", WHITE),
       _p("highQualityFiltering", "bool", False),
       _p("downscale", "enum", 0, enum=(("Half", 0), ("Quarter", 1))), _p("maxIterations", "int", 6, 2, 8),
       _p("dirtTexture", "texture", None, extra=TEXTURE_EXTRA), _p("dirtIntensity", "float", 0, 0)),
    _o("Vignette", "899c54efeace73346a0a16faa3afe726",
       _p("color", "color", BLACK), _p("center", "vector2", HALF2), _p("intensity", "float", 0, 0, 1),
       _p("smoothness", "float", 0.2, 0.01, 1), _p("rounded", "bool", False)),
    _o("Tonemapping", "97c23e3b12dc18c42a140437e53d3951",
       _p("mode", "enum", 0, enum=(("None", 0), ("Neutral", 1), ("ACES", 2))),
       _p("neutralHDRRangeReductionMode", "enum", 2, enum=(("Reinhard", 1), ("BT2390", 2))),
       _p("acesPreset", "enum", 3, enum=(("ACES1000Nits", 3), ("ACES2000Nits", 4), ("ACES4000Nits", 5))),
       _p("hueShiftAmount", "float", 0, 0, 1), _p("detectPaperWhite", "bool", False),
       _p("paperWhite", "float", 300, 0, 400), _p("detectBrightnessLimits", "bool", True),
       _p("minNits", "float", 0.005, 0, 50), _p("maxNits", "float", 1000, 0, 5000)),
    _o("ColorAdjustments", "66f335fb1ffd8684294ad653bf1c7564",
       _p("postExposure", "float", 0), _p("contrast", "float", 0, -100, 100), _p("colorFilter", "color", WHITE),
       _p("hueShift", "float", 0, -180, 180), _p("saturation", "float", 0, -100, 100)),
    _o("DepthOfField", "c01700fd266d6914ababb731e09af2eb",
       _p("mode", "enum", 0, enum=(("Off", 0), ("Gaussian", 1), ("Bokeh", 2))),
       _p("gaussianStart", "float", 10, 0), _p("gaussianEnd", "float", 30, 0),
       _p("gaussianMaxRadius", "float", 1, 0.5, 1.5), _p("highQualitySampling", "bool", False),
       _p("focusDistance", "float", 10, 0.1), _p("aperture", "float", 5.6, 1, 32),
       _p("focalLength", "float", 50, 1, 300), _p("bladeCount", "int", 5, 3, 9),
       _p("bladeCurvature", "float", 1, 0, 1), _p("bladeRotation", "float", 0, -180, 180)),
    _o("MotionBlur", "ccf1aba9553839d41ae37dd52e9ebcce",
       _p("mode", "enum", 0, enum=(("CameraOnly", 0), ("CameraAndObjects", 1))),
       _p("quality", "enum", 0, enum=(("Low", 0), ("Medium", 1), ("High", 2))),
       _p("intensity", "float", 0, 0, 1), _p("clamp", "float", 0.05, 0, 0.2)),
    _o("WhiteBalance", "221518ef91623a7438a71fef23660601",
       _p("temperature", "float", 0, -100, 100), _p("tint", "float", 0, -100, 100)),
    _o("ChromaticAberration", "81180773991d8724ab7f2d216912b564", _p("intensity", "float", 0, 0, 1)),
    _o("FilmGrain", "29fa0085f50d5e54f8144f766051a691",
       _p("type", "enum", 0, enum=tuple((n, i) for i, n in enumerate(
           ["Thin1", "Thin2", "Medium1", "Medium2", "Medium3", "Medium4", "Medium5", "Medium6", "Large01",
            "Large02", "Custom"]))),
       _p("intensity", "float", 0, 0, 1), _p("response", "float", 0.8, 0, 1), _p("texture", "texture", None)),
    _o("LensDistortion", "c5e1dc532bcb41949b58bc4f2abfbb7e",
       _p("intensity", "float", 0, -1, 1), _p("xMultiplier", "float", 1, 0, 1), _p("yMultiplier", "float", 1, 0, 1),
       _p("center", "vector2", HALF2), _p("scale", "float", 1, 0.01, 5)),
    _o("ChannelMixer", "cdfbdbb87d3286943a057f7791b43141",
       *[_p(f"{out}Out{inp}In", "float", 100 if out.capitalize() == inp else 0, -200, 200)
         for out in ("red", "green", "blue") for inp in ("Red", "Green", "Blue")]),
    _o("ColorLookup", "e021b4c809a781e468c2988c016ebbea",
       _p("texture", "texture", None, extra=TEXTURE_EXTRA), _p("contribution", "float", 0, 0, 1)),
    _o("LiftGammaGain", "5485954d14dfb9a4c8ead8edb0ded5b1",
       _p("lift", "vector4", VEC4_ONE), _p("gamma", "vector4", VEC4_ONE), _p("gain", "vector4", VEC4_ONE)),
    _o("PaniniProjection", "fb60a22f311433c4c962b888d1393f88",
       _p("distance", "float", 0, 0, 1), _p("cropToFit", "float", 1, 0, 1)),
    _o("ShadowsMidtonesHighlights", "558a8e2b6826cf840aae193990ba9f2e",
       _p("shadows", "vector4", VEC4_ONE), _p("midtones", "vector4", VEC4_ONE), _p("highlights", "vector4", VEC4_ONE),
       _p("shadowsStart", "float", 0, 0), _p("shadowsEnd", "float", 0.3, 0), _p("highlightsStart", "float", 0.55, 0),
       _p("highlightsEnd", "float", 1, 0)),
    _o("SplitToning", "70afe9e12c7a7ed47911bb608a23a8ff",
       _p("shadows", "color", GREY), _p("highlights", "color", GREY), _p("balance", "float", 0, -100, 100)),
]

_LENS_FLARE = _o(
    "ScreenSpaceLensFlare", "06437c1ff663d574d9447842ba0a72e4",
    _p("intensity", "float", 0, 0), _p("tintColor", "color", WHITE), _p("bloomMip", "int", 1, 0, 5),
    _p("firstFlareIntensity", "float", 1, 0), _p("secondaryFlareIntensity", "float", 1, 0),
    _p("warpedFlareIntensity", "float", 1, 0), _p("warpedFlareScale", "vector2", {"x": 1, "y": 1}),
    _p("samples", "int", 1, 1, 3), _p("sampleDimmer", "float", 0.5, 0.1, 1), _p("vignetteEffect", "float", 1, 0, 1),
    _p("startingPosition", "float", 1.25, 1, 3), _p("scale", "float", 1.5, 1, 4), _p("streaksIntensity", "float", 0, 0),
    _p("streaksLength", "float", 0.5, 0, 1), _p("streaksOrientation", "float", 0),
    _p("streaksThreshold", "float", 0.25, 0, 1),
    _p("resolution", "enum", 4, enum=(("Half", 2), ("Quarter", 4), ("Eighth", 8))),
    _p("chromaticAbberationIntensity", "float", 0.5, 0, 1))


def _curve(name: str, keys: list[dict[str, Any]], zero: float, loop: bool) -> ParameterSpec:
    """A TextureCurveParameter; m_Range is `bounds.magnitude` of the (0, 1) bounds every ColorCurves curve uses."""
    return ParameterSpec(name, "texture-curve", {"keys": keys, "zeroValue": zero, "loop": loop, "range": 1})


_DIAGONAL = [{"time": 0, "value": 0, "inSlope": 1, "outSlope": 1}, {"time": 1, "value": 1, "inSlope": 1, "outSlope": 1}]
_COLOR_CURVES = _o(
    "ColorCurves", "3eb4b772797da9440885e8bd939e9560",
    *(_curve(name, _DIAGONAL, 0, False) for name in ("master", "red", "green", "blue")),
    _curve("hueVsHue", [], 0.5, True), _curve("hueVsSat", [], 0.5, True), _curve("satVsSat", [], 0.5, False),
    _curve("lumVsSat", [], 0.5, False))


def specs_for(layout: str) -> list[OverrideSpec]:
    """The override classes of a URP layout (`14` or `17`)."""
    return [*_COMMON, *([_LENS_FLARE] if layout != "14" else []), _COLOR_CURVES]


def addable(layout: str) -> list[str]:
    return [s.name for s in specs_for(layout) if s.parameters]
