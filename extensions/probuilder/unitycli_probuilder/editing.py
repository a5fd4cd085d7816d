"""The one path every face edit takes: read the mesh, change the model, refresh UVs/tangents, mark for rebuild, stage.

Only the fields that changed are rewritten, and only the touched vertices get recomputed auto UVs and tangents,
so the rest of the file stays byte-identical. The result says what happened to the in-scene Mesh.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from unitycli.api import Field, ToolContext, ToolOutput, UnityCliError, same_call
from unitycli_probuilder import geometry, layout, locate, overrides, rebuild
from unitycli_probuilder.descriptions import REBUILD_NOTE
from unitycli_probuilder.inputs import Bounds, EditTarget
from unitycli_probuilder.meshdata import MeshData


class MeshRebuild(ToolOutput):
    mesh_reference_cleared: bool
    removed_mesh_file_id: int | None = Field(alias="removedMeshFileID")
    kept_mesh_file_id: int | None = Field(alias="keptMeshFileID", description="An in-file Mesh still used by another object, left in place")


class EditOutput(ToolOutput):
    file: str
    game_object: str
    face_count: int
    vertex_count: int
    shared_vertex_count: int
    bounds: Bounds | None
    changed_faces: list[int] = Field(description="Faces whose vertices were changed or created, after the edit")
    changed_fields: list[str] = Field(description="ProBuilderMesh fields rewritten")
    overridden_by: list[str] = Field(default_factory=list, description=(
        "Variants and scenes that override this prefab mesh's arrays by index: check them after the edit"))
    version_index: int
    mesh_rebuild: MeshRebuild
    note: str = REBUILD_NOTE


Edit = Callable[[MeshData, locate.MeshSite], list[int]]


def _refresh(data: MeshData, touched: list[int], legacy: bool) -> None:
    """Recompute auto UVs and tangents, but store them only for vertices of `touched` faces."""
    vertices = sorted({v for f in touched for v in data.faces[f].indexes})
    if not vertices:
        return
    fresh = copy.deepcopy(data)
    geometry.refresh_auto_uvs(fresh)
    if len(data.textures0) == data.vertex_count:
        for v in vertices:
            if not _manual(data, v):
                data.textures0[v] = fresh.textures0[v]
    else:
        data.textures0 = fresh.textures0
    if len(data.tangents) == data.vertex_count:  # a mesh stored without tangents stays without
        fresh = copy.deepcopy(data)
        geometry.refresh_tangents(fresh, legacy_hard_range=legacy)
        for v in vertices:
            data.tangents[v] = fresh.tangents[v]


def _manual(data: MeshData, vertex: int) -> bool:
    return any(f.manual_uv and vertex in f.indexes for f in data.faces)


def _transform_text(site: locate.MeshSite) -> str | None:
    """The GameObject's Transform as written, to notice object tools that change only it."""
    doc = site.yaml.find(site.node.transform_id) if site.node.transform_id is not None else None
    return doc.text if doc is not None else None


def run_edit(ctx: ToolContext, request: EditTarget, edit: Edit) -> EditOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object,
                                    expected_revision=request.expected_revision, for_write=True)
    result, wrote = apply_edit(ctx, site, edit, force=request.force)
    if wrote:
        loaded.save(ctx)
    return result


def apply_edit(ctx: ToolContext, site: locate.MeshSite, edit: Edit, *, force: bool) -> tuple[EditOutput, bool]:
    """Run `edit` on the site's mesh and write the result into the loaded file, which the caller saves when the
    second value is true (a tool can so edit several meshes of one file in one write)."""
    data = MeshData.from_document(site.mesh)
    problems = data.problems()
    if problems:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED",
                            f"the ProBuilderMesh on {site.path!r} is inconsistent ({problems[0]}); not editing it",
                            details={"file": site.file, "problems": problems})
    before = data.yaml_fields()
    transform_before = _transform_text(site)
    touched = edit(data, site)
    _refresh(data, touched, layout.legacy_hard_groups(layout.project_layout(ctx)))
    after = data.yaml_fields()
    overridden = overrides.overriding_files(ctx, site) if after != before else []
    # vertices or faces renumbered: counts change or vertices regroup (values alone changing keep every index)
    renumbered = (len(after["m_Positions"]) != len(before["m_Positions"])
                  or len(after["m_Faces"]) != len(before["m_Faces"])
                  or after["m_SharedVertices"] != before["m_SharedVertices"])
    if overridden and renumbered and not force:
        raise UnityCliError("E_PROBUILDER_OVERRIDES_AFFECTED",
                            f"{len(overridden)} file(s) override {site.path!r}'s vertices or faces by index, and this "
                            "edit renumbers them: " + ", ".join(overridden),
                            details={"file": site.file, "files": overridden},
                            next_actions=[same_call(force=True)])  # then check those files
    if after == before and _transform_text(site) == transform_before:
        # Nothing to do (conforming faces that agree, smoothing to the groups they have): the file stays as it is.
        report = rebuild.RebuildReport(False, None, None)
        changed: list[str] = []
        touched = []
        wrote = False
    else:
        wrote = True
        report = rebuild.mark_for_rebuild(site, data)
        changed = data.write_to(site.mesh)
    corners = geometry.bounds(data.positions)
    return EditOutput(
        file=site.file, game_object=site.path, face_count=len(data.faces), vertex_count=data.vertex_count,
        shared_vertex_count=len(data.shared_vertices), bounds=Bounds.of(*corners) if corners else None,
        changed_faces=sorted(touched), changed_fields=changed, version_index=data.version_index,
        overridden_by=overridden,
        mesh_rebuild=MeshRebuild(mesh_reference_cleared=report.mesh_reference_cleared,
                                 removed_mesh_file_id=report.removed_mesh_file_id,
                                 kept_mesh_file_id=report.kept_mesh_file_id),
    ), wrote
