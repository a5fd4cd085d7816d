"""Tools that add vertices to edges and faces: `probuilder.subdivide-edges` and `probuilder.connect-vertices`."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, edgesplit

_POLY2TRI = ("Each rebuilt polygon is ear-clipped in its own winding where ProBuilder uses Poly2Tri, so a "
             "diagonal may differ from the Editor's. ")


class SubdivideEdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs")
    count: int = Field(1, description=f"New vertices per edge, evenly spaced (1 to {edgesplit.MAX_EDGE_VERTICES})")


def subdivide_edges(ctx: ToolContext, request: SubdivideEdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        edges = base.check_edges(data, list(request.edges))
        return edgesplit.subdivide_edges(data, edges, request.count)
    return run_edit(ctx, request, edit)


SUBDIVIDE_EDGES = edit_spec(
    name="probuilder.subdivide-edges", title="Subdivide ProBuilder edges",
    summary="Insert evenly spaced vertices on ProBuilder edges and the faces bordering them.",
    description=("AppendElements.AppendVerticesToEdge (the Editor's Subdivide Edges): `count` vertices are mixed "
                 "between each edge's ends and inserted into the outline of every face with that edge, so the "
                 "surface stays closed. Each such face keeps its index and submesh but, as in the package "
                 "(face.CopyFrom(new Face(triangles))), gets a new face's settings: no smoothing group, default "
                 "auto-UV settings, auto UVs, no texture group. " + _POLY2TRI),
    input_model=SubdivideEdgesInput, handler=subdivide_edges, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]],
               "count": 2},),
)


class ConnectVerticesInput(EditTarget):
    vertices: list[int] = Field(description="Vertex indexes (as inspect-mesh lists them); coincident vertices count too")


def connect_vertices(ctx: ToolContext, request: ConnectVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return edgesplit.connect_vertices(data, base.check_vertices(data, request.vertices))
    return run_edit(ctx, request, edit)


CONNECT_VERTICES = edit_spec(
    name="probuilder.connect-vertices", title="Connect ProBuilder vertices",
    summary="Join ProBuilder vertices that share a face with new edges across it.",
    description=("ConnectElements.Connect(indexes) (the Editor's Connect Vertices): a face holding two of the "
                 "vertices (or their coincident copies) not already joined by an edge is cut in two along them; a "
                 "face holding three or more is cut from each to their average. The pieces keep the face's UV, "
                 "smoothing and submesh settings and share a texture group; they come last (`changedFaces`). "
                 "E_PROBUILDER_ELEMENTS_INVALID when no face can be cut. " + _POLY2TRI),
    input_model=ConnectVerticesInput, handler=connect_vertices, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 3]},),
)

SPECS = (SUBDIVIDE_EDGES, CONNECT_VERTICES)
