"""`probuilder.set-face-material`: give faces a material through the MeshRenderer's submesh slots."""

from __future__ import annotations

from unitycli.api import Field, Ref, ToolContext, UnityCliError, parse_meta
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget
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
