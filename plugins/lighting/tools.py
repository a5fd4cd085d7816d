"""`scene.get-lighting` and `scene.set-lighting`: fog, ambient light, skybox and sun of a scene's RenderSettings.

Reads report each setting under its agent name with the raw field beside it; writes go through the typed set API
(`unitycli.typetree.typed.set_field`), checked against the project Editor's RenderSettings layout (`layoutFrom`):
only the fields asked for change, a field the layout has but the scene lacks is inserted where the Editor writes
it, one the layout lacks is E_PROPERTY_NOT_FOUND. Every write goes through the transaction (dry-run shows the diff).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field, ValidationError

from unitycli.context import ToolContext
from unitycli.enumnames import enum_name
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, tool_command
from unitycli.plugins.lighting.model import (
    AMBIENT_MODES,
    ENUMS,
    FOG_MODES,
    RENDER_SETTINGS,
    RENDER_SETTINGS_CLASS_ID,
    SETTINGS,
    Setting,
)
from unitycli.plugins.materials.set import ColorValue
from unitycli.plugins.scenes.common import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    REVISION_DESCRIPTION,
    Names,
    WriteOutput,
    finish,
    meta_guid,
    open_model,
)
from unitycli.scene import find_gameobject
from unitycli.scene.tree import SceneModel
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.typetree import PICK_RULE, Layout, pick_version, require_layout
from unitycli.typetree.typed import set_field
from unitycli.unityyaml import Document, Ref
from unitycli.unityyaml.values import to_json

MATERIAL_FILE_ID = 2100000  # a .mat's main object, referenced with type 2
LIGHT_CLASS_ID = 108
_SCENE = (".unity",)


class FogInput(ToolInput):
    enabled: bool | None = None
    color: ColorValue | None = None
    mode: Literal["linear", "exponential", "exponentialSquared"] | None = None
    density: float | None = Field(None, ge=0, description="Exponential modes")
    start: float | None = Field(None, description="Linear mode: distance where fog starts")
    end: float | None = Field(None, description="Linear mode: distance where fog is full")


class AmbientInput(ToolInput):
    mode: Literal["skybox", "gradient", "color", "custom"] | None = None
    sky_color: ColorValue | None = Field(None, description="Gradient sky colour; in `color` mode the one ambient colour")
    equator_color: ColorValue | None = None
    ground_color: ColorValue | None = None
    intensity: float | None = Field(None, ge=0, description="Skybox mode: intensity multiplier")


class LightingGetInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION + " (a .unity scene)")


class LightingSetting(ToolOutput):
    name: str = Field(description="Agent name (fog.mode, ambient.intensity, …)")
    field: str = Field(description="The RenderSettings field it is stored in")
    value: Any = Field(description="Its value: enums by name, references as {fileID, guid, type}")
    raw: Any = Field(None, description="The stored value, when it differs from `value` (enum numbers)")


class ColorReading(ToolOutput):
    r: float
    g: float
    b: float
    a: float


class FogReading(ToolOutput):
    """The fog settings under the names `scene.set-lighting` takes (null: this scene does not hold the field)."""

    enabled: bool | None = None
    color: ColorReading | None = None
    mode: str | int | None = Field(None, description="linear, exponential or exponentialSquared (else the raw "
                                                      "number)")
    density: float | None = None
    start: float | None = None
    end: float | None = None


class AmbientReading(ToolOutput):
    """The ambient settings under the names `scene.set-lighting` takes (null: this scene does not hold the field)."""

    mode: str | int | None = Field(None, description="skybox, gradient, color or custom (else the raw number)")
    sky_color: ColorReading | None = None
    equator_color: ColorReading | None = None
    ground_color: ColorReading | None = None
    intensity: float | None = None


ReadingT = TypeVar("ReadingT", FogReading, AmbientReading)


class LightingGetOutput(ToolOutput):
    file: str
    revision: str
    file_id: int = Field(alias="fileID", description="The RenderSettings object")
    layout_from: str = Field(description="The Editor dump whose RenderSettings layout was checked")
    fog: FogReading
    ambient: AmbientReading
    skybox: str | None = Field(None, description="The skybox material as `skybox` of scene.set-lighting takes it: "
                                                 "the .mat's project path, else its GUID; null: none, or a material "
                                                 "the setter cannot name (a built-in one: its reference is in "
                                                 "`settings`)")
    sun: str | None = Field(None, description="Hierarchy path of the sun Light's GameObject; null: none (or a Light "
                                              "outside this scene's tree)")
    settings: list[LightingSetting] = Field(description="Every setting with the RenderSettings field it is stored "
                                                        "in and its stored value")
    missing: list[str] = Field(description="Agent names whose field this scene's RenderSettings does not hold")


class LightingSetInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION + " (a .unity scene)")
    fog: FogInput | None = None
    ambient: AmbientInput | None = None
    skybox: str | None = Field(None, description="Skybox material: project path of a .mat or its GUID; \"none\" "
                                                 "clears it")
    sun: str | int | None = Field(None, description="GameObject holding the sun Light (" + GAMEOBJECT_DESCRIPTION
                                                    + "); \"none\" clears it")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class LightingSetOutput(WriteOutput):
    changed: list[str] = Field(description="Agent names whose value changed")
    layout_from: str
    rule: str


def _render_settings(model: SceneModel, path: str) -> Document:
    docs = model.file.of_class(RENDER_SETTINGS_CLASS_ID)
    if len(docs) != 1:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{path} holds {len(docs)} RenderSettings objects; a scene "
                            "holds exactly one", details={"file": path, "found": len(docs)})
    return docs[0]


def _layout(ctx: ToolContext) -> tuple[Layout, str]:
    picked = pick_version(ctx.unity_version.editor_version)
    return require_layout(RENDER_SETTINGS, picked), picked.layout_from


def get_lighting(ctx: ToolContext, request: LightingGetInput) -> LightingGetOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, _SCENE, names)
        doc = _render_settings(model, loaded.path)
        _, layout_from = _layout(ctx)
        out, missing, read = [], [], {}
        sky = sun_go = None
        for setting in SETTINGS:
            if not doc.has(setting.field):
                missing.append(setting.name)
                continue
            raw = doc.get(setting.field)
            value = raw
            if setting.kind.startswith("enum:"):
                value = enum_name(ENUMS[setting.kind[5:]], raw)
            elif setting.kind == "bool":
                value = bool(raw)
            elif setting.kind == "material" and isinstance(raw, Ref) and raw.guid and \
                    (raw.file_id, raw.type) == (MATERIAL_FILE_ID, 2):  # a .mat asset, as the setter writes one
                sky = names.path_for_guid(raw.guid) or raw.guid
            elif setting.kind == "light" and isinstance(raw, Ref) and raw.file_id:
                light = model.file.find(raw.file_id)
                go = light.get("m_GameObject", None) if light is not None else None
                node = model.nodes.get(go.file_id) if isinstance(go, Ref) else None
                sun_go = node.path if node is not None else None
            read[setting.name] = to_json(value)
            out.append(LightingSetting(name=setting.name, field=setting.field, value=read[setting.name],
                                       raw=to_json(raw) if value is not raw else None))
    fog = {key.split(".", 1)[1]: value for key, value in read.items() if key.startswith("fog.")}
    ambient = {key.split(".", 1)[1]: value for key, value in read.items() if key.startswith("ambient.")}
    return LightingGetOutput(file=loaded.path, revision=loaded.revision, fileID=doc.file_id, layout_from=layout_from,
                             fog=_reading(FogReading, fog), ambient=_reading(AmbientReading, ambient), skybox=sky,
                             sun=sun_go,
                             settings=out, missing=missing)


def _reading(shape: type[ReadingT], values: dict[str, Any]) -> ReadingT:
    """The readings a hand-edited scene's values allow: a value the reading cannot hold (a colour that is not an
    r/g/b/a mapping, a number where a number belongs that is not one) is null there; the stored value stays in
    `settings`."""
    kept = {}
    for key, value in values.items():
        try:
            shape.model_validate({key: value})
        except ValidationError:
            continue
        kept[key] = value
    return shape.model_validate(kept)


def _wanted(request: LightingSetInput) -> dict[str, Any]:
    """Agent name -> requested value, for every setting the request gives."""
    out: dict[str, Any] = {}
    for group, given in (("fog", request.fog), ("ambient", request.ambient)):
        if given is None:
            continue
        for key, value in given.model_dump(exclude_none=True, by_alias=True).items():
            out[f"{group}.{key}"] = value
    if request.skybox is not None:
        out["skybox"] = request.skybox
    if request.sun is not None:
        out["sun"] = request.sun
    return out


def _skybox_ref(ctx: ToolContext, value: str) -> dict[str, Any]:
    if value.strip().lower() == "none":
        return {"fileID": 0}
    text = value.strip()
    if len(text) == 32 and all(c in "0123456789abcdef" for c in text.lower()):
        guid = text.lower()
    else:
        guid = meta_guid(ctx, text) if text.endswith(".mat") else None
    if guid is None:
        raise UnityCliError("E_ASSET_NOT_FOUND", f"no material {value!r} in the project (give a .mat path or its "
                            "GUID)", details={"skybox": value},
                            next_actions=[tool_command("asset.find", {"type": "Material"})])
    return {"fileID": MATERIAL_FILE_ID, "guid": guid, "type": 2}


def _sun_ref(model: SceneModel, value: str | int) -> dict[str, Any]:
    if isinstance(value, str) and value.strip().lower() == "none":
        return {"fileID": 0}
    node = find_gameobject(model, value)
    go = model.file.get(node.file_id)
    for item in go.get("m_Component", []) or []:
        ref = item.get("component") if isinstance(item, dict) else None
        doc = model.file.find(ref.file_id) if isinstance(ref, Ref) else None
        if doc is not None and doc.class_id == LIGHT_CLASS_ID:
            return {"fileID": doc.file_id}
    raise UnityCliError("E_COMPONENT_NOT_FOUND", f"{node.path!r} has no Light to be the sun",
                        details={"gameObject": node.path, "component": "Light"},
                        next_actions=[describe_command("component.add")])


def _value(ctx: ToolContext, model: SceneModel, setting: Setting, value: Any) -> Any:
    kind = setting.kind
    if kind == "bool":
        return 1 if value else 0
    if kind.startswith("enum:"):
        return ENUMS[kind[5:]][value]
    if kind == "material":
        return _skybox_ref(ctx, value)
    if kind == "light":
        return _sun_ref(model, value)
    return value


def set_lighting(ctx: ToolContext, request: LightingSetInput) -> LightingSetOutput:
    wanted = _wanted(request)
    if not wanted:
        raise UnityCliError("E_SCHEMA_INVALID", "give at least one of fog, ambient, skybox, sun",
                            details={"errors": [{"path": "", "message": "nothing to set"}]})
    loaded, model = open_model(ctx, request.file, _SCENE, None, write=True,
                               expected_revision=request.expected_revision)
    doc = _render_settings(model, loaded.path)
    layout, layout_from = _layout(ctx)
    by_name = {s.name: s for s in SETTINGS}
    changed = []
    for name, value in wanted.items():
        setting = by_name[name]
        if setting.kind == "color":
            writes = [set_field(doc, layout, f"{setting.field}.{channel}", number, model.file)
                      for channel, number in value.items()]
        else:
            writes = [set_field(doc, layout, setting.field, _value(ctx, model, setting, value), model.file)]
        if any(write.changed for write in writes):
            changed.append(name)
    return LightingSetOutput(file=loaded.path, revision=finish(ctx, loaded), changed=changed,
                             layout_from=layout_from, rule=PICK_RULE)


__all__ = ["AMBIENT_MODES", "FOG_MODES", "get_lighting", "set_lighting"]
