"""`material.get`: a material's shader, saved properties, keywords and render queue, as data."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.indexes import ProjectIndex
from unitycli.plugins.materials.model import BUILTIN_GUID, open_material, shader_name
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityyaml import Ref
from unitycli.unityyaml.values import to_json

MATERIAL_FILE_DESCRIPTION = ("Project-relative path of the .mat file (Assets/Materials/Grass.mat) or the name of "
                             "one material (Grass); E_MATERIAL_AMBIGUOUS lists the candidates when several share it")


class MaterialGetInput(ToolInput):
    file: str = Field(description=MATERIAL_FILE_DESCRIPTION)


class AssetRef(ToolOutput):
    file_id: int = Field(alias="fileID")
    guid: str | None = None
    type: int | None = None
    path: str | None = Field(None, description="The referenced asset's project path, when its .meta is in the project")
    builtin: bool = Field(False, description="A built-in Unity resource (guid 0000000000000000f000000000000000)")


class ShaderInfo(AssetRef):
    name: str | None = Field(None, description="The shader's name, read from a project .shader file; None when "
                             "the shader's source is not in the project (built-in, package, Shader Graph)")


class TextureProperty(ToolOutput):
    name: str
    texture: AssetRef
    scale: dict[str, float]
    offset: dict[str, float]


class MaterialGetOutput(ToolOutput):
    file: str
    revision: str
    name: str
    serialized_version: int = Field(description="The Material object's serializedVersion (8 from 2021.2, 6 before)")
    shader: ShaderInfo
    render_queue: int = Field(description="m_CustomRenderQueue; -1 means the shader's own queue")
    keyword_style: str = Field(description="`lists` (m_ValidKeywords/m_InvalidKeywords) or `string` "
                               "(m_ShaderKeywords, before 2021.2)")
    valid_keywords: list[str]
    invalid_keywords: list[str]
    textures: list[TextureProperty]
    floats: dict[str, Any]
    colors: dict[str, dict[str, Any]] = Field(description="Colour and vector properties alike, as {r, g, b, a}")
    ints: dict[str, int] | None = Field(description="m_Ints; None in versions without it")
    parent: AssetRef | None = Field(description="For a Material Variant (m_Parent, 2022.1+) its parent material: "
                                    "then textures, floats, colors and ints list only the variant's overrides, and "
                                    "every other property is the parent's; None for a material that stands alone")


def asset_ref(index: ProjectIndex, ref: Ref) -> AssetRef:
    builtin = ref.guid is not None and ref.guid.startswith("0000000000000000")
    path = index.path_for_guid(ref.guid) if ref.guid and not builtin else None
    return AssetRef(file_id=ref.file_id, guid=ref.guid, type=ref.type, path=path, builtin=builtin)


def _entries(items: list[dict[str, Any]] | None) -> dict[str, Any]:
    return {k: to_json(v) for item in items or [] if isinstance(item, dict) for k, v in item.items()}


def material_get(ctx: ToolContext, request: MaterialGetInput) -> MaterialGetOutput:
    material = open_material(ctx, request.file)
    doc = material.doc
    shader_ref = doc.get("m_Shader")
    with ProjectIndex.open(ctx.project.root) as index:
        base = asset_ref(index, shader_ref)
        _, name = shader_name(ctx, index, shader_ref)
        shader = ShaderInfo(**base.model_dump(), name=name)
        shader.builtin = shader_ref.guid == BUILTIN_GUID
        parent = None if material.parent is None else asset_ref(index, material.parent)
        textures = []
        for item in material.saved("texture") or []:
            for prop, env in item.items():
                textures.append(TextureProperty(name=prop, texture=asset_ref(index, env["m_Texture"]),
                                                scale=env["m_Scale"], offset=env["m_Offset"]))
    valid, invalid = material.keywords()
    ints = material.saved("int")
    return MaterialGetOutput(
        file=material.path, revision=material.loaded.revision, name=str(doc.get("m_Name", "")),
        serialized_version=int(doc.get("serializedVersion", 0)), shader=shader,
        render_queue=int(doc.get("m_CustomRenderQueue", -1)), keyword_style=material.keyword_style,
        valid_keywords=valid, invalid_keywords=invalid, textures=textures,
        floats=_entries(material.saved("float")), colors=_entries(material.saved("color")),
        ints=None if ints is None else _entries(ints), parent=parent)
