"""Unity's serialized value shapes as JSON, and back: references, AnimationCurve, Gradient, MinMaxCurve,
MinMaxGradient (the encodings the Editor writes).

Decoding is generic so every ParticleSystem module reads the same way: a mapping that has the keys of a
MinMaxCurve is a MinMaxCurve wherever it sits. Encoding writes only the keys a change needs; the unused parts of
a MinMaxCurve (flat curves, a stale minScalar) stay as Unity left them.
"""

from __future__ import annotations

import math
from typing import Any

from unitycli.api import Field, Flow, Ref, ToolInput, UnityCliError, format_float

CURVE_MODES: dict[Any, str] = {0: "constant", 1: "curve", 2: "twoCurves", 3: "twoConstants"}
GRADIENT_MODES: dict[Any, str] = {0: "color", 1: "gradient", 2: "twoColors", 3: "twoGradients", 4: "randomColor"}
_MIN_MAX_CURVE = {"minMaxState", "scalar", "minScalar", "maxCurve", "minCurve"}
_MIN_MAX_GRADIENT = {"minMaxState", "minColor", "maxColor", "maxGradient", "minGradient"}
_UINT16 = 65535


def number(value: Any) -> Any:
    """A JSON-safe number: infinities and NaN (Unity writes `Infinity`) become None."""
    if isinstance(value, float) and (math.isinf(value) or math.isnan(value)):
        return None
    return value


def ref_json(ref: Ref) -> dict[str, Any]:
    out: dict[str, Any] = {"fileID": ref.file_id}
    if ref.guid is not None:
        out["guid"] = ref.guid
    if ref.type is not None:
        out["type"] = ref.type
    return out


def curve_keys(curve: Any) -> list[dict[str, Any]]:
    """An AnimationCurve's keys as `{time, value, inSlope, outSlope}` (tangent and weight modes left out)."""
    keys = curve.get("m_Curve", []) if isinstance(curve, dict) else []
    return [{"time": number(k.get("time")), "value": number(k.get("value")), "inSlope": number(k.get("inSlope")),
             "outSlope": number(k.get("outSlope"))} for k in keys if isinstance(k, dict)]


def gradient(value: dict[str, Any]) -> dict[str, Any]:
    """A Gradient (`key0..7`, `ctime0..7`, `atime0..7` as 0..65535) as colour and alpha keys with times 0..1."""
    colors = int(value.get("m_NumColorKeys", 0) or 0)
    alphas = int(value.get("m_NumAlphaKeys", 0) or 0)
    color_keys = []
    for i in range(min(colors, 8)):
        key = value.get(f"key{i}", {}) or {}
        color_keys.append({"time": round(int(value.get(f"ctime{i}", 0)) / _UINT16, 6),
                           "r": number(key.get("r")), "g": number(key.get("g")), "b": number(key.get("b"))})
    alpha_keys = [{"time": round(int(value.get(f"atime{i}", 0)) / _UINT16, 6),
                   "alpha": number((value.get(f"key{i}", {}) or {}).get("a"))} for i in range(min(alphas, 8))]
    blend_modes: dict[Any, str] = {0: "blend", 1: "fixed", 2: "perceptualBlend"}
    return {"mode": blend_modes.get(value.get("m_Mode"), value.get("m_Mode")),
            "colorKeys": color_keys, "alphaKeys": alpha_keys}


def min_max_curve(value: dict[str, Any]) -> dict[str, Any]:
    """A MinMaxCurve by its mode: `constant`, `twoConstants` (min..max), `curve` / `twoCurves` (keys × multiplier)."""
    state = value.get("minMaxState")
    mode = CURVE_MODES.get(state, state)
    out: dict[str, Any] = {"mode": mode}
    if state == 0:
        out["constant"] = number(value.get("scalar"))
    elif state == 3:
        out["min"] = number(value.get("minScalar"))
        out["max"] = number(value.get("scalar"))
    else:
        out["multiplier"] = number(value.get("scalar"))
        out["curve"] = curve_keys(value.get("maxCurve"))
        if state == 2:
            out["minCurve"] = curve_keys(value.get("minCurve"))
    return out


def min_max_gradient(value: dict[str, Any]) -> dict[str, Any]:
    state = value.get("minMaxState")
    out: dict[str, Any] = {"mode": GRADIENT_MODES.get(state, state)}
    if state == 0:
        out["color"] = plain(value.get("maxColor"))
    elif state == 2:
        out["minColor"] = plain(value.get("minColor"))
        out["maxColor"] = plain(value.get("maxColor"))
    else:
        out["gradient"] = gradient(value.get("maxGradient") or {})
        if state == 3:
            out["minGradient"] = gradient(value.get("minGradient") or {})
    return out


def plain(value: Any) -> Any:
    """The decoded Python value of a YAML node, JSON-ready, with Unity's compound shapes decoded."""
    if isinstance(value, Ref):
        return ref_json(value)
    if isinstance(value, dict):
        keys = set(value)
        if keys >= _MIN_MAX_CURVE:
            return min_max_curve(value)
        if keys >= _MIN_MAX_GRADIENT:
            return min_max_gradient(value)
        if "key0" in keys and "m_NumColorKeys" in keys:
            return gradient(value)
        if "m_Curve" in keys and "m_PreInfinity" in keys:
            return {"keys": curve_keys(value)}
        return {k: plain(v) for k, v in value.items() if k != "serializedVersion"}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return number(value)


class CurveValue(ToolInput):
    """A random range between two constants (MinMaxCurve mode twoConstants)."""

    min: float
    max: float


CURVE_DESCRIPTION = "A number (mode constant) or {min, max} (mode twoConstants: random between the two)"
CurveInput = float | CurveValue


def set_curve(doc: Any, path: str, value: CurveInput) -> None:
    """Write a MinMaxCurve at `path` as a constant or two constants, keeping its curves as they are."""
    if isinstance(value, CurveValue):
        if value.min > value.max:
            raise UnityCliError("E_SCHEMA_INVALID", f"{path}: min {value.min} is larger than max {value.max}",
                                details={"path": path, "min": value.min, "max": value.max})
        _set_if_changed(doc, f"{path}.minMaxState", 3)
        _set_if_changed(doc, f"{path}.minScalar", value.min)
        _set_if_changed(doc, f"{path}.scalar", value.max)
    else:
        _set_if_changed(doc, f"{path}.minMaxState", 0)
        _set_if_changed(doc, f"{path}.scalar", value)


def scale_curve(doc: Any, path: str, factor: float) -> None:
    """Multiply a MinMaxCurve by `factor` whatever its mode: the constant(s), or the curve multiplier."""
    state = doc.get(f"{path}.minMaxState")
    _set_if_changed(doc, f"{path}.scalar", float(doc.get(f"{path}.scalar")) * factor)
    if state == 3:
        _set_if_changed(doc, f"{path}.minScalar", float(doc.get(f"{path}.minScalar")) * factor)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return format_float(float(a)) == format_float(float(b))
    same: bool = a == b
    return same


def _set_if_changed(doc: Any, path: str, value: Any) -> bool:
    """Set `path` only when the value differs (so an equal value leaves the text as Unity wrote it)."""
    if _same(doc.get(path), value):
        return False
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)
    doc.set(path, value)
    return True


set_if_changed = _set_if_changed


class Vec3(ToolInput):
    x: float
    y: float
    z: float

    def flow(self) -> Flow:
        return Flow(x=_num(self.x), y=_num(self.y), z=_num(self.z))


class Color(ToolInput):
    r: float
    g: float
    b: float
    a: float = Field(1.0)

    def flow(self) -> Flow:
        return Flow(r=_num(self.r), g=_num(self.g), b=_num(self.b), a=_num(self.a))


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


def set_vector(doc: Any, path: str, value: Vec3 | Color) -> bool:
    """Write a flow vector (or colour) only when a component differs, in the file's own flow style."""
    current = doc.get(path)
    wanted = value.flow()
    if isinstance(current, dict) and set(current) == set(wanted) and all(
            _same(current[k], v) for k, v in wanted.items()):
        return False
    doc.set(path, wanted)
    return True
