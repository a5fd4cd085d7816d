"""`probuilder.list-meshes`: every ProBuilderMesh in a scene, a prefab or the whole project, with its numbers.

Across the project a file that cannot be read (a Git LFS pointer, a format we do not parse) is listed in `skipped`
with its error, as `gameobject.find` does, so a count that is short says so.
"""

from __future__ import annotations

from unitycli.api import (
    Field,
    LoadedFile,
    SceneModel,
    SkippedFile,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    scan_scene_files,
    tool_command,
)
from unitycli_probuilder import geometry, locate
from unitycli_probuilder.inputs import Bounds, MaterialRef
from unitycli_probuilder.meshdata import MeshData


class ListMeshesInput(ToolInput):
    file: str | None = Field(None, description="Scene or prefab to list; omitted: every scene and prefab under Assets/.")


class MeshSummary(ToolOutput):
    file: str
    game_object: str = Field(description="Hierarchy path of the GameObject")
    game_object_file_id: int = Field(alias="gameObjectFileID")
    mesh_file_id: int = Field(alias="meshFileID", description="fileID of the ProBuilderMesh component")
    face_count: int
    vertex_count: int
    shared_vertex_count: int
    triangle_count: int
    bounds: Bounds | None = Field(description="Local-space bounds of the positions (None for an empty mesh)")
    materials: list[MaterialRef] = Field(description="MeshRenderer materials the faces use, by submesh index")
    shape_type: str | None = Field(description="ProBuilderShape class (Cube, Plane, …) when the object has one")
    shape_editable: bool | None = Field(description="Whether the shape is unmodified since it was generated")
    in_file_mesh: bool = Field(description="m_Mesh points at a Mesh stored in the same file (scenes)")
    problems: list[str] = Field(description="Inconsistencies between the parallel arrays; empty when well formed")


class ListMeshesOutput(ToolOutput):
    meshes: list[MeshSummary]
    revisions: dict[str, str] = Field(description="Revision of each file read, for expectedRevision")
    skipped: list[SkippedFile] = Field(description=("Files that may hold meshes but could not be read (Git LFS "
                                                    "pointer, unsupported format), with the error; project-wide only"))


def summarize(site: locate.MeshSite, data: MeshData, paths: dict[str, str | None]) -> MeshSummary:
    materials = site.materials()
    used = sorted({max(0, min(f.submesh_index, len(materials) - 1)) for f in data.faces}) if materials else []
    corners = geometry.bounds(data.positions)
    shape = site.shape
    shape_type = editable = None
    if shape is not None:
        ref_type = shape.get("references.RefIds[0].type", None)
        shape_type = ref_type.get("class") if isinstance(ref_type, dict) else None
        editable = shape.get("m_UnmodifiedMeshVersion", None) == data.version_index
    return MeshSummary(
        file=site.file, game_object=site.path, game_object_file_id=site.game_object, mesh_file_id=site.mesh.file_id,
        face_count=len(data.faces), vertex_count=data.vertex_count, shared_vertex_count=len(data.shared_vertices),
        triangle_count=sum(len(f.indexes) for f in data.faces) // 3,
        bounds=Bounds.of(*corners) if corners else None,
        materials=[MaterialRef.of(materials[i], paths) for i in used],
        shape_type=shape_type, shape_editable=editable,
        in_file_mesh=site.yaml.find(data.mesh.file_id) is not None if data.mesh.is_local and data.mesh.file_id else False,
        problems=data.problems(),
    )


def list_meshes(ctx: ToolContext, request: ListMeshesInput) -> ListMeshesOutput:
    files = [request.file] if request.file else locate.project_mesh_files(ctx)

    def read_file(loaded: LoadedFile, model: SceneModel) -> list[tuple[locate.MeshSite, MeshData]]:
        return [(site, MeshData.from_document(site.mesh)) for site in locate.meshes_in(loaded.path, loaded.yaml, model)]

    scanned = scan_scene_files(ctx, files, read_file, strict=bool(request.file))
    found = [pair for in_file in scanned.found for pair in in_file]
    revisions, skipped = scanned.revisions, scanned.skipped
    if request.file and not found:
        path = next(iter(revisions))
        raise UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", f"{path} has no ProBuilderMesh",
                            details={"file": path},
                            next_actions=[tool_command("probuilder.list-meshes")])
    guids = {m.guid for site, _ in found for m in site.materials() if m.guid}
    paths = locate.material_paths(ctx, guids)
    return ListMeshesOutput(meshes=[summarize(site, data, paths) for site, data in found], revisions=revisions,
                            skipped=skipped)
