"""Face restructuring tools: `probuilder.merge-faces`, `detach-faces` (same object or a new GameObject),
`duplicate-faces`, `bridge-edges`, `fill-hole`."""

from __future__ import annotations

from unitycli.api import (
    Field,
    ToolContext,
    ToolOutput,
    UnityCliError,
    duplicate_gameobject,
    unique_sibling_name,
)
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import EditOutput, apply_edit, run_edit
from unitycli_probuilder.inputs import EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import append, base
from unitycli_probuilder.meshops import faces as face_ops


class FacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")


def merge_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.merge(data, request.faces))


def detach_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=True))


def duplicate_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=False))


class BridgeInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Exactly two edges, as [a, b] vertex-index pairs",
                                         min_length=2, max_length=2)
    allow_non_manifold: bool = Field(False, description="Bridge edges that already have a face on each side")


def bridge_edges(ctx: ToolContext, request: BridgeInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        a, b = request.edges
        base.check_edges(data, [a, b])
        return append.bridge(data, a, b, allow_non_manifold=request.allow_non_manifold)
    return run_edit(ctx, request, edit)


class FillHoleInput(EditTarget):
    vertices: list[int] | None = Field(None, description="Fill only holes touching these vertices; omitted: all holes")


def fill_hole(ctx: ToolContext, request: FillHoleInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        chosen = base.check_vertices(data, request.vertices) if request.vertices is not None else None
        return append.fill_holes(data, chosen)
    return run_edit(ctx, request, edit)


class DetachToObjectInput(FacesInput):
    name: str | None = Field(None, min_length=1, description=(
        "Name of the new GameObject; default: the original's name made unique among its siblings (`Name (1)`), "
        "as the Editor names it"))


class DetachToObjectOutput(ToolOutput):
    source: EditOutput = Field(description="The original mesh, without the detached faces")
    detached: EditOutput = Field(description="The new GameObject's mesh: the detached faces only")
    game_object_file_id: int = Field(alias="gameObjectFileID", description="The new GameObject")
    copied_objects: int = Field(description="GameObject and components copied from the original")


def _delete_keeping_selection(data: MeshData, doomed: list[int], *, select_all: bool) -> list[int]:
    """DeleteFaces, then ClearSelection (the original) or SetSelectedFaces(all faces) (the copy)."""
    edits.delete_faces(data, doomed)
    data.selected_faces = list(range(len(data.faces))) if select_all else []
    data.selected_vertices = [v for f in data.faces for v in f.distinct] if select_all else []
    data.selected_edges = [e for f in data.faces for e in base.face_edges(f)] if select_all else []
    return []


def detach_to_object(ctx: ToolContext, request: DetachToObjectInput) -> DetachToObjectOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object,
                                    expected_revision=request.expected_revision, for_write=True)
    count = len(MeshData.from_document(site.mesh).faces)
    primary = edits.check_faces(MeshData.from_document(site.mesh), request.faces)
    if len(primary) == count:
        raise UnityCliError("E_PROBUILDER_FACES_INVALID", "detaching every face to a new object leaves nothing "
                            "behind; the Editor skips such a mesh", details={"faces": request.faces, "faceCount": count})
    inverse = [f for f in range(count) if f not in set(primary)]
    node = site.node
    siblings = node.parent.children if node.parent is not None else site.model.roots
    name = request.name or unique_sibling_name(node.name, [s.name for s in siblings])
    copy = duplicate_gameobject(site.model, node, name, children=False)
    sites = {s.node.file_id: s for s in locate.meshes_in(loaded.path, loaded.yaml, copy.model)}
    source, _ = apply_edit(ctx, sites[node.file_id],
                           lambda data, _: _delete_keeping_selection(data, primary, select_all=False),
                           force=request.force)
    detached, _ = apply_edit(ctx, sites[copy.node.file_id],
                             lambda data, _: _delete_keeping_selection(data, inverse, select_all=True), force=True)
    loaded.save(ctx)
    return DetachToObjectOutput(source=source, detached=detached, game_object_file_id=copy.node.file_id,
                                copied_objects=len(copy.mapping))
