"""Tools that add vertices to edges and faces: `probuilder.subdivide-edges` and `probuilder.connect-vertices`."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, edgesplit


class SubdivideEdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs")
    count: int = Field(1, description=f"New vertices per edge, evenly spaced (1 to {edgesplit.MAX_EDGE_VERTICES})")


def subdivide_edges(ctx: ToolContext, request: SubdivideEdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        edges = base.check_edges(data, list(request.edges))
        return edgesplit.subdivide_edges(data, edges, request.count)
    return run_edit(ctx, request, edit)


class ConnectVerticesInput(EditTarget):
    vertices: list[int] = Field(description="Vertex indexes (as inspect-mesh lists them); coincident vertices count too")


def connect_vertices(ctx: ToolContext, request: ConnectVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return edgesplit.connect_vertices(data, base.check_vertices(data, request.vertices))
    return run_edit(ctx, request, edit)
