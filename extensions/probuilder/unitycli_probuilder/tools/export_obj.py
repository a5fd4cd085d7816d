"""`probuilder.export-obj`: one ProBuilder mesh as a Wavefront OBJ (+ MTL) file inside the project."""

from __future__ import annotations

import posixpath

from unitycli.api import Field, ToolContext, ToolOutput, UnityCliError, new_meta, same_call
from unitycli_probuilder import layout, locate, obj
from unitycli_probuilder.inputs import MeshTarget
from unitycli_probuilder.meshdata import MeshData


class ExportObjInput(MeshTarget):
    output: str | None = Field(None, description=("Project-relative .obj path; default: beside the scene or prefab, "
                                                  "named after the GameObject. The .mtl goes beside it."))
    handedness: obj.Handedness = Field("right", description=("`right` (ProBuilder's default: x negated, winding "
                                                             "reversed) or `left` (Unity's coordinates as stored)"))
    overwrite: bool = Field(False, description="Replace existing files instead of refusing")


class ExportObjOutput(ToolOutput):
    obj_file: str
    mtl_file: str
    vertex_count: int
    triangle_count: int
    face_count: int
    materials: list[str]
    handedness: str
    meta_files: list[str] = Field(default_factory=list, description=(
        "Metas written: the .mtl's (DefaultImporter); the .obj's comes from Unity's ModelImporter on import"))


def _material_name(path: str | None, guid: str | None, file_id: int) -> str:
    if path:
        return "_".join(posixpath.splitext(posixpath.basename(path))[0].split())
    return f"material_{guid or file_id}"


def export_obj(ctx: ToolContext, request: ExportObjInput) -> ExportObjOutput:
    _, site = locate.find_mesh(ctx, request.file, request.game_object)
    data = MeshData.from_document(site.mesh)
    materials = site.materials()
    paths = locate.material_paths(ctx, {m.guid for m in materials if m.guid})
    names = [_material_name(paths.get(m.guid or ""), m.guid, m.file_id) for m in materials]
    go_name = site.path.rsplit("/", 1)[-1]
    target = request.output or posixpath.join(posixpath.dirname(site.file), f"{'_'.join(go_name.split())}.obj")
    if not target.endswith(".obj"):
        raise UnityCliError("E_SCHEMA_INVALID", f"output {target!r} must end in .obj",
                            details={"path": "output", "value": target})
    mtl_target = target[:-4] + ".mtl"
    for path in (target, mtl_target):
        if not request.overwrite and ctx.transaction.exists(path):
            raise UnityCliError("E_PROBUILDER_EXPORT_EXISTS", f"{path} already exists",
                                details={"path": path}, next_actions=[same_call(overwrite=True)])
    text = obj.build_obj(go_name, data, names, posixpath.basename(mtl_target), handedness=request.handedness,
                         legacy_hard_groups=layout.legacy_hard_groups(layout.project_layout(ctx)))
    ctx.transaction.write_bytes(target, text.obj.encode("utf-8"))
    ctx.transaction.write_bytes(mtl_target, text.mtl.encode("utf-8"))
    # The .mtl is an asset Unity gives a DefaultImporter; its meta is written so the file has a GUID at once. The
    # .obj's ModelImporter meta holds settings only the Editor writes (unitycli refuses to invent one): Unity
    # writes it when it imports the model. An existing meta (an overwrite) keeps its GUID.
    mtl_meta = None
    if not ctx.transaction.exists(mtl_target + ".meta"):
        mtl_meta = mtl_target + ".meta"
        ctx.transaction.write_bytes(mtl_meta, new_meta(mtl_target, ctx.transaction.new_guid(mtl_target)))
    return ExportObjOutput(obj_file=target, mtl_file=mtl_target, vertex_count=data.vertex_count,
                           triangle_count=text.triangles, face_count=len(data.faces), materials=names,
                           handedness=request.handedness, meta_files=[mtl_meta] if mtl_meta else [])
