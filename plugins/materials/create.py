"""`material.create`: a new `.mat` for a shader, in the layout the project's own materials use, with its `.meta`.

The Material object's fields change with the Unity version (serializedVersion 6 with `m_ShaderKeywords`, 8 with
`m_ValidKeywords`, `m_Parent`, `m_LockedProperties`, `m_AllowLocking`), so the layout is copied from a material
of the project rather than from a per-version table: `like`, or else the first material under Assets/ that uses
the same shader, or else the project's material with the newest serializedVersion. A template with the same shader
is copied whole (its property values, keywords and tags included: the new material starts as its twin); from any
other template only the layout is kept, with empty property lists, keywords, tags and passes, which Unity fills
from the shader's defaults when it loads the material. The `.meta` is NativeFormatImporter with mainObjectFileID
2100000 (as every fixture `.mat.meta`). Without any material to copy, `E_LAYOUT_UNAVAILABLE`. A Material Variant
keeps only overrides, so it is never a template. A shader GUID whose asset is not in the project (a package's, or
Unity's built-in resources) takes the fileID the project's materials use with it; the built-in shaders share one
GUID, so where those materials disagree the GUID is `E_SHADER_AMBIGUOUS` unless `like` uses one of them.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.create_common import make_parents, refuse_taken, require_new_asset_location
from unitycli.plugins.materials.model import MATERIAL_CLASS_ID, SHADER_FILE_IDS, Material, open_material
from unitycli.scene import list_files
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import new_meta
from unitycli.unityyaml import Flow, Ref, ensure_roundtrips
from unitycli.unityyaml.values import to_json

_GUID = re.compile(r"^[0-9a-fA-F]{32}$")
# Fields that follow the shader: reset when the template uses another one.
_SHADER_STATE = {"m_ShaderKeywords": "", "m_ValidKeywords": [], "m_InvalidKeywords": [], "stringTagMap": Flow(),
                 "disabledShaderPasses": [], "m_CustomRenderQueue": -1, "m_BuildTextureStacks": [],
                 "m_SavedProperties.m_TexEnvs": [], "m_SavedProperties.m_Floats": [],
                 "m_SavedProperties.m_Colors": [], "m_SavedProperties.m_Ints": []}


class MaterialCreateInput(ToolInput):
    file: str = Field(description="The new material's path, e.g. Assets/Materials/Bark.mat")
    shader: str = Field(description="The shader: a project .shader or .shadergraph path, or a shader GUID that "
                        "the project's materials already reference (package shaders such as URP/Lit)")
    like: str | None = Field(None, description="A material of the project whose layout (and, with the same "
                             "shader, values) the new one copies, and whose shader fileID picks one of the "
                             "built-in shaders their shared GUID names; found automatically when omitted")


class MaterialCreateOutput(ToolOutput):
    file: str
    guid: str = Field(description="The new material's GUID (in its .meta)")
    shader: dict[str, Any] = Field(description="The m_Shader reference written")
    template: str = Field(description="The material whose layout was copied")
    copied_values: bool = Field(description="True when the template uses the same shader and its values were kept")
    created_folders: list[str]


def _used_ref(ctx: ToolContext, guid: str, users: list[tuple[str, Ref]], like: Ref | None) -> Ref:
    """The fileID and type the project's own materials use for a shader GUID with no asset in the project. Unity's
    built-in shaders all share one GUID (PhysicsSamples' materials use fileIDs 104, 211 and 10600 with it), so
    where the materials disagree, only `like`'s own shader says which one is meant."""
    refs = {ref: path for path, ref in users}
    if len(refs) == 1:
        return users[0][1]
    if like is not None and like in refs:
        return like
    raise UnityCliError("E_SHADER_AMBIGUOUS", f"guid {guid} names {len(refs)} shaders in the project's materials "
                        f"(fileIDs {', '.join(str(r.file_id) for r in refs)}); pass `like` a material that uses "
                        "the one you mean", details={"guid": guid, "candidates": [
                            {"fileID": ref.file_id, "usedBy": path} for ref, path in refs.items()]},
                        next_actions=[tool_command("material.get", {"file": path}, project=ctx.project.root)
                                      for path in refs.values()])


def _shader_ref(ctx: ToolContext, index: ProjectIndex, shader: str, users: dict[str, list[tuple[str, Ref]]],
                like: Ref | None) -> Ref:
    text = shader  # as given: a path is addressed exactly (unitycli.given_paths)
    if _GUID.match(text):
        guid = text.lower()
        path = index.path_for_guid(guid)
        if path is None:
            if guid in users:
                return _used_ref(ctx, guid, users[guid], like)
            raise UnityCliError("E_ASSET_NOT_FOUND", f"no shader with guid {guid} is in the project or referenced "
                                "by one of its materials", details={"guid": guid},
                                next_actions=[tool_command("asset.find", {"name": "*.shader"},
                                                           project=ctx.project.root)])
    else:
        path = access.project_path(ctx, text)
        if not access.exists(ctx, index, path):
            raise access.not_found(ctx, index, path)
    suffix = PurePosixPath(path).suffix.lower()
    if suffix not in SHADER_FILE_IDS:
        raise access.invalid_path(path, "a shader is a .shader or .shadergraph file")
    meta = access.read_meta(ctx, index, path)
    if meta is None:
        raise access.invalid_path(path, "the shader has no .meta, so Unity has not imported it")
    return Ref(SHADER_FILE_IDS[suffix], meta.guid, 3)


def _project_materials(ctx: ToolContext) -> dict[str, Material]:
    found: dict[str, Material] = {}
    for path in list_files(Path(ctx.project.root), (".mat",)):
        if not path.startswith("Assets/"):
            continue
        try:
            found[path] = open_material(ctx, path)
        except UnityCliError:
            continue  # an LFS pointer or a file we do not read cannot lend its layout
    return found


def _like(ctx: ToolContext, like: str | None) -> Material | None:
    if like is None:
        return None
    template = open_material(ctx, like)
    template.require_not_variant("it cannot lend its layout and values to a new material")
    return template


def _template(ctx: ToolContext, ref: Ref, materials: dict[str, Material]) -> Material:
    standalone = [m for m in materials.values() if m.parent is None]
    same = [m for m in standalone if m.doc.get("m_Shader") == ref]
    if same:
        return same[0]
    if standalone:
        return max(standalone, key=lambda m: int(m.doc.get("serializedVersion", 0)))
    raise UnityCliError("E_LAYOUT_UNAVAILABLE", "the project has no readable material under Assets/ to copy the "
                        "Material layout from, and unitycli keeps no per-version material template",
                        details={"kind": "material", "unityVersion": ctx.unity_version.editor_version},
                        next_actions=[],
                        manual_steps=["Create one material with the Unity Editor (Assets > Create > Material), "
                                      "then retry"])


def material_create(ctx: ToolContext, request: MaterialCreateInput) -> MaterialCreateOutput:
    file = access.project_path(ctx, request.file)
    if PurePosixPath(file).suffix != ".mat":
        raise access.invalid_path(file, "a material's file name ends in .mat")
    require_new_asset_location(file)
    refuse_taken(ctx, file, "material.create")
    materials = _project_materials(ctx)
    users: dict[str, list[tuple[str, Ref]]] = {}
    for path, material in materials.items():
        shader = material.doc.get("m_Shader")
        if isinstance(shader, Ref) and shader.guid:
            users.setdefault(shader.guid, []).append((path, shader))
    like = _like(ctx, request.like)
    with ProjectIndex.open(ctx.project.root) as index:
        ref = _shader_ref(ctx, index, request.shader, users, None if like is None else like.doc.get("m_Shader"))
    template = like or _template(ctx, ref, materials)
    yaml = ensure_roundtrips(template.loaded.yaml.to_bytes(), template.path)
    doc = next(d for d in yaml.documents if d.file_id == template.doc.file_id)
    same = template.doc.get("m_Shader") == ref
    doc.set("m_Name", PurePosixPath(file).stem)
    if not same:
        doc.set("m_Shader", ref)
        for key, value in _SHADER_STATE.items():
            if doc.has(key):
                doc.set(key, value)
        for other in [d for d in yaml.documents if d is not doc]:
            yaml.remove_document(other.file_id)  # sub-objects of the template's shader (URP's AssetVersion)
    if yaml.of_class(MATERIAL_CLASS_ID) != [doc]:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{template.path} holds more than one Material",
                            details={"file": template.path})
    created = [f for f, _ in make_parents(ctx, file)]
    guid = ctx.transaction.new_guid(file)
    ctx.transaction.write_bytes(file, yaml.to_bytes())
    ctx.transaction.write_bytes(file + ".meta", new_meta(file, guid))
    return MaterialCreateOutput(file=file, guid=guid, shader=to_json(ref), template=template.path,
                                copied_values=same, created_folders=created)
