"""The descriptors of the material tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

_WRITES = ("reads_project", "writes_project")

MATERIAL_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="material.get", title="Read a material",
        summary="Shader, properties (textures, floats, colours, ints), keywords, queue of a .mat.",
        description=("Reads the Material object of a .mat: shader reference (with the shader's path and, for a "
                     "project .shader file, its name), m_SavedProperties (textures with scale and offset, floats, "
                     "colours and vectors as {r, g, b, a}, ints where the version has them), keywords "
                     "(m_ValidKeywords/m_InvalidKeywords from 2021.2, m_ShaderKeywords before), the custom render "
                     "queue and the Material serializedVersion. For a Material Variant, `parent` names its parent "
                     "and the properties listed are only the variant's overrides. Read-only. Errors: "
                     "E_ASSET_PATH_INVALID for a file that is not a .mat, E_ASSET_NOT_FOUND, E_MATERIAL_AMBIGUOUS "
                     "for a name several materials have, "
                     "E_FILE_FORMAT_UNSUPPORTED when the file does not hold one Material in the known layout."),
        input_model="unitycli.plugins.materials.get:MaterialGetInput",
        output_model="unitycli.plugins.materials.get:MaterialGetOutput",
        handler="unitycli.plugins.materials.get:material_get",
        examples=({"file": "Assets/Materials/Grass.mat"},),
    ),
    ToolSpec(
        name="material.set", title="Edit a material",
        summary="Tint colours; set floats, ints, vectors, textures, keywords, queue of a .mat.",
        description=("Edits the Material object in place, typed against what it already holds: `floats`, `ints`, "
                     "`colors` ({r, g, b, a}) and `vectors` ({x, y, z, w}; both kept in m_Colors), `textures` "
                     "(asset path or guid of a 2D texture, `clear`, scale and offset), `enableKeywords` / "
                     "`disableKeywords` (m_ValidKeywords or m_ShaderKeywords, by version) and `renderQueue`. A "
                     "property of another kind is E_VALUE_TYPE_MISMATCH; an absent one E_PROPERTY_NOT_FOUND "
                     "(listing the properties of that kind the material has) unless `add`, which adds it as the kind given, in Unity's name order. Other errors: "
                     "E_VALUE_OUT_OF_RANGE for NaN, infinity or a number beyond float32/int32; E_SCHEMA_INVALID for "
                     "a value of the wrong shape, a name or keyword that is not an identifier, or nothing to "
                     "change; E_MATERIAL_VARIANT_UNSUPPORTED for a Material Variant (its override bits are not "
                     "verified); E_MATERIAL_AMBIGUOUS for a name several materials have; E_STALE_WRITE when "
                     "`expectedRevision` is not the file's."),
        input_model="unitycli.plugins.materials.set:MaterialSetInput",
        output_model="unitycli.plugins.materials.set:MaterialSetOutput",
        handler="unitycli.plugins.materials.set:material_set",
        read_only=False, destructive=True, idempotent=True, permissions=_WRITES,
        examples=({"file": "Assets/Materials/Grass.mat", "colors": {"_BaseColor": {"r": 0.8, "g": 0.4, "b": 0.1}}},
                  {"file": "Assets/Materials/Grass.mat", "floats": {"_Smoothness": 0.5},
                   "enableKeywords": ["_EMISSION"], "renderQueue": 2450}),
    ),
    ToolSpec(
        name="material.create", title="Create a material",
        summary="Create a .mat for a shader, in the layout of the project's materials.",
        description=("Writes a new material using `shader` (a project .shader/.shadergraph path, or a shader GUID "
                     "the project's materials already use), copying the layout of a project material (`like`, "
                     "else one with the same shader, else the newest): with the same shader its values are kept, "
                     "otherwise the property lists, keywords and tags start empty and Unity fills the shader's "
                     "defaults. Plus a NativeFormatImporter .meta. Errors: E_ASSET_OUTPUT_EXISTS when the path is "
                     "taken; E_ASSET_PATH_INVALID for a name not ending in .mat or a shader that is not one; "
                     "E_ASSET_NOT_FOUND for an unknown shader; E_SHADER_AMBIGUOUS for the built-in shaders' shared "
                     "GUID when the project's materials use several of them (pass `like`); "
                     "E_MATERIAL_VARIANT_UNSUPPORTED when `like` is a Material Variant; E_LAYOUT_UNAVAILABLE when "
                     "the project has no material to copy."),
        input_model="unitycli.plugins.materials.create:MaterialCreateInput",
        output_model="unitycli.plugins.materials.create:MaterialCreateOutput",
        handler="unitycli.plugins.materials.create:material_create",
        read_only=False, destructive=False, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Materials/Moss.mat", "shader": "933532a4fcc9baf4fa0491de14d08ed7"},),
        example_projects=("sample",),
    ),
)
