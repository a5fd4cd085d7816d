"""Topology tools: `probuilder.triangulate`, `quadrangulate`, `flip-diagonal`, `conform-normals`, `subdivide-faces`,
`repair-mesh`, `connect-edges`, `insert-edge-loop`."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget, FacesOrAll
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, connect, quads
from unitycli_probuilder.meshops import faces as face_ops


def triangulate(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.triangulate(data, request.chosen_faces(len(data.faces))))


def quadrangulate(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: quads.quadrangulate(data, request.chosen_faces(len(data.faces))))


class FlipDiagonalInput(EditTarget):
    faces: list[int] = Field(description="Quad faces (two triangles) whose diagonal turns")


def flip_diagonal(ctx: ToolContext, request: FlipDiagonalInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.flip_diagonal(data, request.faces))


def conform_normals(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.conform_normals(data, request.chosen_faces(len(data.faces)))[0])


class SubdivideInput(EditTarget):
    faces: list[int] = Field(description="Face indexes to subdivide")


def subdivide_faces(ctx: ToolContext, request: SubdivideInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: connect.subdivide(data, request.faces))


def repair_mesh(ctx: ToolContext, request: EditTarget) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        removed = base.remove_degenerate_triangles(data)
        return [] if not removed else list(range(len(data.faces)))
    return run_edit(ctx, request, edit)


class EdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs")


def connect_edges(ctx: ToolContext, request: EdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return connect.connect_edges(data, base.check_edges(data, list(request.edges)))
    return run_edit(ctx, request, edit)


def insert_edge_loop(ctx: ToolContext, request: EdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return connect.insert_edge_loop(data, base.check_edges(data, list(request.edges)))
    return run_edit(ctx, request, edit)
