"""`probuilder.set-face-material`: give faces a material through the MeshRenderer's submesh slots."""

from __future__ import annotations

from unitycli.api import Field, Ref, ToolContext, UnityCliError, parse_meta
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget
from unitycli_probuilder.meshdata import MeshData


class SetFaceMaterialInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")
    material: str = Field(description="Project path of the material (.mat)")


def set_face_material(ctx: ToolContext, request: SetFaceMaterialInput) -> EditOutput:
    if not request.material.endswith(".mat"):
        raise UnityCliError("E_SCHEMA_INVALID", f"material {request.material!r} is not a .mat file",
                            details={"path": "material", "value": request.material})
    guid = parse_meta(ctx.transaction.read_bytes(request.material + ".meta"), request.material + ".meta").guid
    material = Ref(2100000, guid, 2)

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        renderer = site.renderer
        if renderer is None:
            raise UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", f"{site.path!r} has no MeshRenderer to hold materials",
                                details={"file": site.file, "gameObject": site.path})
        before = site.materials()
        after = edits.set_face_material(data, before, request.faces, material)
        if after != before:
            renderer.set("m_Materials", after)
        return []
    return run_edit(ctx, request, edit)


SPEC = edit_spec(
    name="probuilder.set-face-material", title="Set the material of ProBuilder faces",
    summary="Assign a material to ProBuilder faces via the MeshRenderer's submeshes.",
    description=("Does what ProBuilderMesh.SetMaterial does: the faces get the submesh index of the material in the "
                 "MeshRenderer's m_Materials, reusing its slot, else a slot no face uses, else a new slot appended. "
                 "(Face.m_Material is a legacy field ProBuilder ignores for format version 2; it is left as is.) "),
    input_model=SetFaceMaterialInput, handler=set_face_material, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "material": "Assets/Materials/Grass.mat"},),
)
