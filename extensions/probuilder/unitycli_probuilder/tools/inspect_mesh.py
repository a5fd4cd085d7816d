"""`probuilder.inspect-mesh`: the vertices and faces of one ProBuilderMesh, a page at a time."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_probuilder import geometry, locate
from unitycli_probuilder.inputs import (
    MaterialRef,
    MeshTarget,
    Vector3,
)
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.tools.list_meshes import MeshSummary, summarize


class InspectMeshInput(MeshTarget):
    vertex_offset: int = Field(0, ge=0, description="First vertex of the page")
    vertex_limit: int = Field(200, ge=0, le=5000, description="Vertices per page")
    face_offset: int = Field(0, ge=0, description="First face of the page")
    face_limit: int = Field(100, ge=0, le=2000, description="Faces per page")


class VertexInfo(ToolOutput):
    index: int
    position: Vector3
    uv: list[float] | None = Field(description="UV0 (m_Textures0) when stored")
    color: list[float] | None = Field(description="RGBA (m_Colors) when stored")
    shared: int | None = Field(description="Index of the m_SharedVertices group (coincident vertices)")


class FaceInfo(ToolOutput):
    index: int
    indexes: list[int] = Field(description="Triangle indexes into the vertex arrays, three per triangle")
    normal: Vector3 = Field(description="Face normal from the first triangle's winding, as ProBuilder computes it")
    submesh_index: int
    material: MaterialRef | None = Field(description="The MeshRenderer material of the face's submesh")
    smoothing_group: int
    manual_uv: bool
    texture_group: int


class InspectMeshOutput(ToolOutput):
    mesh: MeshSummary
    revision: str
    vertices: list[VertexInfo]
    faces: list[FaceInfo]
    next_vertex_offset: int | None = Field(description="Offset of the next vertex page; None when this is the last")
    next_face_offset: int | None = Field(description="Offset of the next face page; None when this is the last")


def inspect_mesh(ctx: ToolContext, request: InspectMeshInput) -> InspectMeshOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object)
    data = MeshData.from_document(site.mesh)
    materials = site.materials()
    paths = locate.material_paths(ctx, {m.guid for m in materials if m.guid})
    shared_of = {v: g for g, group in enumerate(data.shared_vertices) for v in group}
    v_end = min(data.vertex_count, request.vertex_offset + request.vertex_limit)
    vertices = [
        VertexInfo(index=i, position=Vector3.of(data.positions[i]),
                   uv=list(data.textures0[i]) if data.textures0 else None,
                   color=list(data.colors[i]) if data.colors else None, shared=shared_of.get(i))
        for i in range(request.vertex_offset, v_end)
    ]
    f_end = min(len(data.faces), request.face_offset + request.face_limit)
    faces = []
    for i in range(request.face_offset, f_end):
        face = data.faces[i]
        slot = max(0, min(face.submesh_index, len(materials) - 1))
        faces.append(FaceInfo(
            index=i, indexes=face.indexes, normal=Vector3.of(geometry.face_normal(data, face)),
            submesh_index=face.submesh_index, material=MaterialRef.of(materials[slot], paths) if materials else None,
            smoothing_group=face.smoothing_group, manual_uv=bool(face.manual_uv), texture_group=face.texture_group))
    return InspectMeshOutput(
        mesh=summarize(site, data, paths), revision=loaded.revision,
        vertices=vertices, faces=faces,
        next_vertex_offset=v_end if v_end < data.vertex_count else None,
        next_face_offset=f_end if f_end < len(data.faces) else None,
    )
