"""`material.set`: change a material's floats, ints, colours, vectors, textures, keywords and render queue.

Every value is typed against what the material already holds: a float goes to an `m_Floats` entry, a colour or
vector to an `m_Colors` entry (Unity stores both as `{r, g, b, a}`), a texture to an `m_TexEnvs` entry; naming a
property of another kind is `E_VALUE_TYPE_MISMATCH`, an absent one `E_PROPERTY_NOT_FOUND` unless `add`, which then
adds it to the list of the kind given, at its place in the name order Unity keeps. Keywords go where the
material's version keeps them (`m_ValidKeywords` from 2021.2, else the `m_ShaderKeywords` string), in name order;
whether the shader declares a keyword is not checked (its source is usually in a package).
"""

from __future__ import annotations

import math
import re
from pathlib import PurePosixPath
from typing import Any

from pydantic import Field, model_validator

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.plugins.assets import access
from unitycli.plugins.materials.get import MATERIAL_FILE_DESCRIPTION
from unitycli.plugins.materials.model import LISTS, Material, kind_mismatch, open_material, property_not_found
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityyaml import Flow, Ref
from unitycli.unityyaml.values import FLOAT32_MAX, to_json

# A 2D texture's main object: TextureImporter `textureShape: 1` imports a Texture2D (classID 28), referenced as
# {fileID: 2800000, guid, type: 3} in every fixture material (121 references). Other shapes and render textures
# are not verified here and are refused.
TEXTURE2D_FILE_ID = 2800000


# ShaderLab property names and shader keywords are identifiers (every name and keyword of the fixture materials);
# anything else would be a property no shader declares, or a keyword that never matches.
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_KEYWORD = re.compile(r"^[A-Za-z0-9_]+$")


class ColorValue(ToolInput):
    r: float | None = None
    g: float | None = None
    b: float | None = None
    a: float | None = None


class VectorValue(ToolInput):
    x: float | None = None
    y: float | None = None
    z: float | None = None
    w: float | None = None


class Vector2Value(ToolInput):
    x: float | None = None
    y: float | None = None


class TextureValue(ToolInput):
    texture: str | None = Field(None, description="Texture asset path; with `clear` absent and no `guid`, the "
                                "texture is kept")
    guid: str | None = Field(None, pattern=r"^[0-9a-fA-F]{32}$", description="Texture asset GUID instead of a path")
    clear: bool = Field(False, description="Set no texture ({fileID: 0})")
    scale: Vector2Value | None = None
    offset: Vector2Value | None = None

    @model_validator(mode="after")
    def _one_texture(self) -> TextureValue:
        if sum([self.texture is not None, self.guid is not None, self.clear]) > 1:
            raise ValueError("give at most one of `texture`, `guid` or `clear`")
        return self


class MaterialSetInput(ToolInput):
    file: str = Field(description=MATERIAL_FILE_DESCRIPTION)
    floats: dict[str, float] = Field(default_factory=dict, description="m_Floats values by property name")
    ints: dict[str, int] = Field(default_factory=dict, description="m_Ints values by property name")
    colors: dict[str, ColorValue] = Field(default_factory=dict, description="Colours {r, g, b, a}; omitted "
                                          "channels keep their value")
    vectors: dict[str, VectorValue] = Field(default_factory=dict, description="Vectors {x, y, z, w}, stored in "
                                            "m_Colors as r, g, b, a; omitted components keep their value")
    textures: dict[str, TextureValue] = Field(default_factory=dict, description="Texture, scale and offset")
    enable_keywords: list[str] = Field(default_factory=list, description="Shader keywords to turn on (identifiers "
                                       "such as _EMISSION); whether the shader declares them is not checked")
    disable_keywords: list[str] = Field(default_factory=list, description="Shader keywords to turn off")
    render_queue: int | None = Field(None, ge=-1, le=5000, description="m_CustomRenderQueue; -1 = the shader's")
    add: bool = Field(False, description="Add a named property the material does not have yet, as the kind given")
    expected_revision: str | None = Field(None, description="Refuse unless the file is at this revision")


class MaterialChange(ToolOutput):
    property: str
    kind: str
    old: Any
    new: Any
    added: bool = False


class MaterialSetOutput(ToolOutput):
    file: str
    revision: str = Field(description="The revision the file was read at")
    changes: list[MaterialChange]


def _number(value: float, where: str) -> float:
    if not math.isfinite(value) or abs(value) > FLOAT32_MAX:
        raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{where}: {value} is not a finite 32-bit float",
                            details={"property": where, "value": str(value)})
    return int(value) if float(value).is_integer() else value


def _given(fields: dict[str, Any]) -> bool:
    """Whether a colour, vector or texture value names anything to write (nested scale/offset included)."""
    return any(_given(v) if isinstance(v, dict) else v not in (None, False) for v in fields.values())


def _require_given(name: str, value: Any, added: bool) -> None:
    """An empty value adds the property with its default, but on a property the material has it changes nothing."""
    if not added and not _given(value.model_dump()):
        raise UnityCliError("E_SCHEMA_INVALID", f"{name}: the value gives no component to change",
                            details={"errors": [{"path": name, "message": "no component given"}]})


def _slot(ctx: ToolContext, material: Material, name: str, kind: str, add: bool, default: Any) -> tuple[str, Any, bool]:
    """The property path of `name` in the `kind` list (added, in name order, when `add`), its old value, added?"""
    found = material.find(name)
    if found is not None and found[0] != kind:
        raise kind_mismatch(material, name, found[0], kind)
    items = material.saved(kind)
    if items is None:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{material.path} has no {LISTS[kind]} list (this Unity "
                            f"version's materials do not keep {kind} properties)",
                            details={"file": material.path, "property": name, "kind": kind})
    list_path = f"m_SavedProperties.{LISTS[kind]}"
    if found is None:
        if not add:
            raise property_not_found(ctx, material, name, kind)
        if not _IDENTIFIER.match(name):
            raise UnityCliError("E_SCHEMA_INVALID", f"{name!r} is not a shader property name (letters, digits and "
                                "_, not starting with a digit)",
                                details={"errors": [{"path": f"{LISTS[kind]}.{name}", "message": "not a name"}]})
        names = [next(iter(item)) for item in items if isinstance(item, dict) and item]
        index = next((i for i, other in enumerate(names) if other > name), len(names))
        material.doc.insert_item(list_path, index, {name: default})
        return f"{list_path}[{index}].{name}", None, True
    return f"{list_path}[{found[1]}].{name}", material.doc.get(f"{list_path}[{found[1]}].{name}"), False


def _texture_ref(ctx: ToolContext, index: ProjectIndex, value: TextureValue) -> Ref | None:
    """The reference to write, or None to keep the current texture."""
    if value.clear:
        return Ref(0, None, None)
    if value.texture is None and value.guid is None:
        return None
    if value.guid is not None:
        guid = value.guid.lower()
        path = index.path_for_guid(guid)
        if path is None:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"no .meta in the project has guid {guid}", details={"guid": guid})
    else:
        path = access.project_path(ctx, value.texture or "")
        if not (access.exists(ctx, index, path) or access.exists(ctx, index, path + ".meta")):
            raise access.not_found(ctx, index, path)
    meta = access.read_meta(ctx, index, path)
    if meta is None:
        raise access.invalid_path(path, "the texture has no .meta, so Unity has not imported it")
    lines = [line.strip() for line in meta.raw.decode("utf-8", "replace").splitlines()]
    shape = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("textureShape:")), None)
    if meta.importer == "TextureImporter" and shape == "1":
        return Ref(TEXTURE2D_FILE_ID, meta.guid, 3)
    raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{path} is not a 2D texture ({meta.importer or 'no importer'}"
                        f"{', textureShape ' + shape if shape else ''}; {PurePosixPath(path).suffix})",
                        details={"path": path, "importer": meta.importer, "textureShape": shape})


def _set_channels(material: Material, path: str, old: Any, channels: dict[str, float | None],
                  keys: tuple[str, ...]) -> dict[str, Any]:
    new = dict(old) if isinstance(old, dict) else {k: 0 for k in ("r", "g", "b", "a")}
    for key, channel in zip(keys, ("r", "g", "b", "a"), strict=True):
        if channels.get(key) is not None:
            new[channel] = _number(float(channels[key]), f"{path}.{channel}")  # type: ignore[arg-type]
    material.doc.set(path, Flow(new))
    return new


def _keywords(material: Material, enable: list[str], disable: list[str]) -> list[MaterialChange]:
    for field, words in (("enableKeywords", enable), ("disableKeywords", disable)):
        for word in words:
            if not _KEYWORD.match(word):
                raise UnityCliError("E_SCHEMA_INVALID", f"{word!r} is not a shader keyword (one word of letters, "
                                    "digits and _)", details={"errors": [{"path": field, "message": "not a keyword"}]})
    if set(enable) & set(disable):
        raise UnityCliError("E_SCHEMA_INVALID", "a keyword cannot be enabled and disabled at once",
                            details={"errors": [{"path": "disableKeywords", "message": "also in enableKeywords"}]})
    valid, invalid = material.keywords()
    new_valid = sorted((set(valid) | set(enable)) - set(disable))
    new_invalid = [w for w in invalid if w not in set(enable) | set(disable)]
    changes = []
    if material.keyword_style == "lists":
        if new_valid != valid:
            material.doc.set("m_ValidKeywords", new_valid)
            changes.append(MaterialChange(property="m_ValidKeywords", kind="keywords", old=valid, new=new_valid))
        if new_invalid != invalid:
            material.doc.set("m_InvalidKeywords", new_invalid)
            changes.append(MaterialChange(property="m_InvalidKeywords", kind="keywords", old=invalid,
                                          new=new_invalid))
    elif new_valid != valid:
        material.doc.set("m_ShaderKeywords", " ".join(new_valid))
        changes.append(MaterialChange(property="m_ShaderKeywords", kind="keywords", old=valid, new=new_valid))
    return changes


_EMPTY_TEXTURE = {"m_Texture": Ref(0, None, None), "m_Scale": Flow({"x": 1, "y": 1}),
                  "m_Offset": Flow({"x": 0, "y": 0})}


def material_set(ctx: ToolContext, request: MaterialSetInput) -> MaterialSetOutput:
    material = open_material(ctx, request.file, write=True, expected_revision=request.expected_revision)
    material.require_not_variant("material.set does not edit it")
    changes: list[MaterialChange] = []
    add = request.add
    for name, number in request.floats.items():
        path, old, added = _slot(ctx, material, name, "float", add, 0)
        new = _number(number, name)
        material.doc.set(path, new)
        changes.append(MaterialChange(property=name, kind="float", old=old, new=new, added=added))
    for name, integer in request.ints.items():
        if not -2**31 <= integer < 2**31:
            raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{name}: {integer} is not a 32-bit integer",
                                details={"property": name, "value": str(integer)})
        path, old, added = _slot(ctx, material, name, "int", add, 0)
        material.doc.set(path, integer)
        changes.append(MaterialChange(property=name, kind="int", old=old, new=integer, added=added))
    zero = Flow({"r": 0, "g": 0, "b": 0, "a": 0})
    for name, color in request.colors.items():
        path, old, added = _slot(ctx, material, name, "color", add, zero)
        _require_given(name, color, added)
        new = _set_channels(material, path, old, color.model_dump(), ("r", "g", "b", "a"))
        changes.append(MaterialChange(property=name, kind="color", old=to_json(old), new=new, added=added))
    for name, vector in request.vectors.items():
        path, old, added = _slot(ctx, material, name, "color", add, zero)
        _require_given(name, vector, added)
        new = _set_channels(material, path, old, vector.model_dump(), ("x", "y", "z", "w"))
        changes.append(MaterialChange(property=name, kind="vector", old=to_json(old), new=new, added=added))
    if request.textures:
        with ProjectIndex.open(ctx.project.root) as index:
            for name, texture in request.textures.items():
                ref = _texture_ref(ctx, index, texture)
                path, old, added = _slot(ctx, material, name, "texture", add, _EMPTY_TEXTURE)
                _require_given(name, texture, added)
                current = material.doc.get(path)
                if ref is not None:
                    material.doc.set(f"{path}.m_Texture", ref)
                for key, given in (("m_Scale", texture.scale), ("m_Offset", texture.offset)):
                    if given is not None:
                        value = dict(current[key])
                        value.update({k: _number(v, f"{name}.{key}.{k}") for k, v in given.model_dump().items()
                                      if v is not None})
                        material.doc.set(f"{path}.{key}", Flow(value))
                changes.append(MaterialChange(property=name, kind="texture", old=to_json(old),
                                              new=to_json(material.doc.get(path)), added=added))
    changes += _keywords(material, request.enable_keywords, request.disable_keywords)
    if request.render_queue is not None:
        old_queue = material.doc.get("m_CustomRenderQueue")
        material.doc.set("m_CustomRenderQueue", request.render_queue)
        changes.append(MaterialChange(property="m_CustomRenderQueue", kind="renderQueue", old=old_queue,
                                      new=request.render_queue))
    if not changes:
        raise UnityCliError("E_SCHEMA_INVALID", "nothing to change: give floats, ints, colors, vectors, textures, "
                            "keywords or renderQueue", details={"errors": [{"path": "", "message": "no change"}]})
    material.loaded.save(ctx)
    revision = ctx.transaction.revision(material.path)  # the staged file's: what the next write must expect
    return MaterialSetOutput(file=material.path, revision=revision or material.loaded.revision, changes=changes)

