"""LineRenderer (class 120) and TrailRenderer (class 96): both hold `m_Parameters`, Unity's LineParameters
(serializedVersion 3: widthMultiplier, widthCurve, colorGradient, corner/cap vertices, alignment, texture mode…),
after the Renderer base block."""

from __future__ import annotations

from typing import Any

from unitycli.api import Document, Field, LoadedFile, ToolInput, ToolOutput, UnityCliError, model_validator
from unitycli_vfx.locate import ComponentIds, Site
from unitycli_vfx.values import curve_keys, gradient, plain, ref_json, set_if_changed

LINE_VERSION = 2
TRAIL_VERSION = 3
PARAMETERS_VERSION = 3
ALIGNMENTS: dict[Any, str] = {0: "view", 1: "transformZ"}
TEXTURE_MODES: dict[Any, str] = {0: "stretch", 1: "tile", 2: "distributePerSegment", 3: "repeatPerSegment", 4: "static"}


class WidthKey(ToolInput):
    time: float = Field(ge=0, le=1, description="Position along the line, 0..1")
    value: float = Field(ge=0, description="Width at that point, multiplied by widthMultiplier")


class CurveKey(ToolOutput):
    time: float | None
    value: float | None
    in_slope: float | None
    out_slope: float | None


# The setters' names before they took the getters' (accepted for one release; giving both is E_SCHEMA_INVALID).
_OLD_NAMES = {"width": "widthMultiplier", "cornerVertices": "numCornerVertices", "capVertices": "numCapVertices"}


class LineParameterInput(ToolInput):
    """The LineParameters a line or trail setter takes, under the names vfx.get-line/get-trail print them."""

    width_multiplier: float | None = Field(None, ge=0, description="The width curve's values are multiplied by it "
                                                                   "(the old key `width` is accepted for one release)")
    width_curve: list[WidthKey] | None = Field(None, description="Replace the width curve's keys")
    num_corner_vertices: int | None = Field(None, ge=0, le=90, description="(the old key `cornerVertices` too)")
    num_cap_vertices: int | None = Field(None, ge=0, le=90, description="(the old key `capVertices` too)")

    @model_validator(mode="before")
    @classmethod
    def _old_names(cls, data: Any) -> Any:
        if not isinstance(data, dict) or not set(data) & set(_OLD_NAMES):
            return data
        for old, new in _OLD_NAMES.items():
            if old in data and new in data:
                raise ValueError(f"give `{new}`, not also its old name `{old}`")
        return {_OLD_NAMES.get(key, key): value for key, value in data.items()}


class LineParameters(ToolOutput):
    width_multiplier: float | None
    width_curve: list[CurveKey] = Field(description="Width keys")
    start_width: float | None = Field(description="widthMultiplier × the curve's first key (as the API reports)")
    end_width: float | None = Field(description="widthMultiplier × the curve's last key")
    color_gradient: dict[str, Any] | None
    num_corner_vertices: int | None
    num_cap_vertices: int | None
    alignment: str | int | None
    texture_mode: str | int | None
    shadow_bias: float | None
    generate_lighting_data: bool


def parameters(doc: Document) -> LineParameters:
    p = doc.get("m_Parameters", {}) or {}
    keys = curve_keys(p.get("widthCurve"))
    mult = p.get("widthMultiplier")
    factor = float(mult) if isinstance(mult, int | float) else 1.0
    grad = p.get("colorGradient")
    return LineParameters(
        width_multiplier=mult, width_curve=keys,
        start_width=factor * keys[0]["value"] if keys else None,
        end_width=factor * keys[-1]["value"] if keys else None,
        color_gradient=gradient(grad) if isinstance(grad, dict) else None,
        num_corner_vertices=p.get("numCornerVertices"), num_cap_vertices=p.get("numCapVertices"),
        alignment=ALIGNMENTS.get(p.get("alignment"), p.get("alignment")),
        texture_mode=TEXTURE_MODES.get(p.get("textureMode"), p.get("textureMode")),
        shadow_bias=p.get("shadowBias"), generate_lighting_data=p.get("generateLightingData") == 1)


def materials(doc: Document) -> list[dict[str, Any]]:
    return [ref_json(m) if not isinstance(m, dict) else plain(m) for m in (doc.get("m_Materials", []) or [])]


def renderer_state(loaded: LoadedFile, site: Site, version: int) -> dict[str, Any]:
    """What vfx.get-line and vfx.get-trail both report: where the renderer is, the file's revision, enabled, its
    LineParameters and materials, and whether its layout is the `version` the matching writer edits."""
    doc = site.component
    return {**ComponentIds.of(site), "revision": loaded.revision, "enabled": doc.get("m_Enabled", 1) == 1,
            "parameters": parameters(doc), "materials": materials(doc),
            "writable": _layout(doc) == (version, PARAMETERS_VERSION)}


def _layout(doc: Document) -> tuple[Any, Any]:
    return doc.get("serializedVersion", None), doc.get("m_Parameters.serializedVersion", None)


def check_writable(doc: Document, version: int, file: str, kind: str) -> None:
    found, params = _layout(doc)
    if (found, params) != (version, PARAMETERS_VERSION):
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED",
                            f"the {kind} &{doc.file_id} in {file} has serializedVersion {found} (m_Parameters "
                            f"{params}); only {version} with m_Parameters {PARAMETERS_VERSION} is written",
                            details={"file": file, "fileID": doc.file_id, "serializedVersion": found,
                                     "parametersVersion": params})


def width_curve(keys: list[WidthKey]) -> dict[str, Any]:
    """A width curve as the Editor writes new keys: flat tangents, weights 1/3."""
    ordered = sorted(keys, key=lambda k: k.time)
    if not ordered or len({k.time for k in ordered}) != len(ordered):
        raise UnityCliError("E_SCHEMA_INVALID", "widthCurve needs at least one key and distinct times",
                            details={"path": "widthCurve"})

    def num(v: float) -> int | float:
        return int(v) if float(v).is_integer() else v
    return {"serializedVersion": 2,
            "m_Curve": [{"serializedVersion": 3, "time": num(k.time), "value": num(k.value), "inSlope": 0,
                         "outSlope": 0, "tangentMode": 0, "weightedMode": 0, "inWeight": 0.33333334,
                         "outWeight": 0.33333334} for k in ordered],
            "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


def set_parameters(doc: Document, request: Any, changed: list[str]) -> None:
    """The LineParameters fields a line or trail request gives (width, widthCurve, corners, caps, alignment…)."""
    def scalar(path: str, value: Any) -> None:
        if value is not None and set_if_changed(doc, path, value):
            changed.append(path)

    scalar("m_Parameters.widthMultiplier", request.width_multiplier)
    if request.width_curve is not None:
        curve = width_curve(request.width_curve)
        current = doc.get("m_Parameters.widthCurve")
        if curve_keys(current) != curve_keys(curve):
            doc.set("m_Parameters.widthCurve", curve)
            changed.append("m_Parameters.widthCurve")
    scalar("m_Parameters.numCornerVertices", request.num_corner_vertices)
    scalar("m_Parameters.numCapVertices", request.num_cap_vertices)
    if request.alignment is not None:
        scalar("m_Parameters.alignment", {v: k for k, v in ALIGNMENTS.items()}[request.alignment])
    if request.texture_mode is not None:
        scalar("m_Parameters.textureMode", {v: k for k, v in TEXTURE_MODES.items()}[request.texture_mode])
