"""Topology tools: `probuilder.triangulate`, `quadrangulate`, `flip-diagonal`, `conform-normals`, `subdivide-faces`,
`repair-mesh`, `connect-edges`, `insert-edge-loop`."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget, FacesOrAll
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, connect, quads
from unitycli_probuilder.meshops import faces as face_ops


def triangulate(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.triangulate(data, request.chosen_faces(len(data.faces))))


TRIANGULATE = edit_spec(
    name="probuilder.triangulate", title="Triangulate ProBuilder faces",
    summary="Split ProBuilder faces into one face per triangle.",
    description=("SurfaceTopology.ToTriangles: each triangle of each face becomes a face of its own with the "
                 "face's material, UV and smoothing settings and its own copies of the vertices (still coincident "
                 "with their neighbours); the new faces come after the untouched ones. "),
    input_model=FacesOrAll, handler=triangulate, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0]},),
)


def quadrangulate(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: quads.quadrangulate(data, request.chosen_faces(len(data.faces))))


QUADRANGULATE = edit_spec(
    name="probuilder.quadrangulate", title="Quadrangulate ProBuilder faces",
    summary="Merge pairs of neighbouring ProBuilder triangles into quads.",
    description=("QuadUtility.ToQuads: among the given faces, each triangle pairs with the neighbouring triangle "
                 "that scores best as a quad (normals within 0.9, near-right corners, near-parallel sides) and ranks "
                 "it best in turn, faces taken in order; each pair becomes one face with the first's settings, "
                 "appended last (`changedFaces`), its coincident corners collapsed (MergePairs). Faces that are not "
                 "triangles, or find no partner, stay. Nothing to pair: the file is not touched. Scores are "
                 "computed in float64 (the package: float32), which can only matter for near-ties. "),
    input_model=FacesOrAll, handler=quadrangulate, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)


class FlipDiagonalInput(EditTarget):
    faces: list[int] = Field(description="Quad faces (two triangles) whose diagonal turns")


def flip_diagonal(ctx: ToolContext, request: FlipDiagonalInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.flip_diagonal(data, request.faces))


FLIP_DIAGONAL = edit_spec(
    name="probuilder.flip-diagonal", title="Flip a ProBuilder quad's diagonal",
    summary="Turn the shared diagonal of ProBuilder quads to the other two corners.",
    description=("SurfaceTopology.FlipEdge: in a face of exactly two triangles sharing one edge, that edge is "
                 "replaced by the other diagonal; winding is kept. E_PROBUILDER_ELEMENTS_INVALID for a face that "
                 "is not such a quad. "),
    input_model=FlipDiagonalInput, handler=flip_diagonal, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0]},),
)


def conform_normals(ctx: ToolContext, request: FacesOrAll) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.conform_normals(data, request.chosen_faces(len(data.faces)))[0])


CONFORM = edit_spec(
    name="probuilder.conform-normals", title="Conform ProBuilder face normals",
    summary="Make connected ProBuilder faces wind the same way as most of their neighbours.",
    description=("SurfaceTopology.ConformNormals: within each connected group of the faces, neighbours that run "
                 "their shared edge the same way disagree; whichever winding the fewer faces have is reversed. "
                 "`changedFaces` lists the faces that were flipped. "),
    input_model=FacesOrAll, handler=conform_normals, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

class SubdivideInput(EditTarget):
    faces: list[int] = Field(description="Face indexes to subdivide")


def subdivide_faces(ctx: ToolContext, request: SubdivideInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: connect.subdivide(data, request.faces))


SUBDIVIDE = edit_spec(
    name="probuilder.subdivide-faces", title="Subdivide ProBuilder faces",
    summary="Subdivide ProBuilder faces into one quad per corner, keeping the mesh closed.",
    description=("Subdivision.Subdivide (ConnectElements.Connect on faces): each face is cut at its edge midpoints "
                 "and centroid into a quad per corner; neighbouring faces get the midpoints in their outline so no "
                 "hole opens. New vertices interpolate positions, UVs, colours and tangents; the cut faces keep "
                 "the source's settings and share one texture group. The new faces come last (`changedFaces`). "
                 "Each new polygon is ear-clipped (ProBuilder uses Poly2Tri), so a quad's diagonal may differ from "
                 "the Editor's. "),
    input_model=SubdivideInput, handler=subdivide_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

def repair_mesh(ctx: ToolContext, request: EditTarget) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        removed = base.remove_degenerate_triangles(data)
        return [] if not removed else list(range(len(data.faces)))
    return run_edit(ctx, request, edit)


REPAIR = edit_spec(
    name="probuilder.repair-mesh", title="Repair a ProBuilder mesh",
    summary="Drop a ProBuilder mesh's degenerate triangles, empty faces and unused vertices.",
    description=("MeshValidation.RemoveDegenerateTriangles then RemoveUnusedVertices: triangles without area or with "
                 "two corners in one position group go, faces left without triangles go, then vertices no face "
                 "uses. A sound mesh is left untouched (no write). "),
    input_model=EditTarget, handler=repair_mesh, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

class EdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs")


def connect_edges(ctx: ToolContext, request: EdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return connect.connect_edges(data, base.check_edges(data, list(request.edges)))
    return run_edit(ctx, request, edit)


CONNECT = edit_spec(
    name="probuilder.connect-edges", title="Connect ProBuilder edges",
    summary="Connect the midpoints of ProBuilder edges with new edges across their faces.",
    description=("ConnectElements.Connect(edges): a face holding two of the edges is cut in two between their "
                 "midpoints, one holding more is cut around its centroid; a neighbour holding one edge takes the "
                 "midpoint into its outline so the surface stays closed. E_PROBUILDER_ELEMENTS_INVALID when no face "
                 "holds two of the edges. New polygons are ear-clipped (ProBuilder uses Poly2Tri). "),
    input_model=EdgesInput, handler=connect_edges, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1], [2, 3]]},),
)


def insert_edge_loop(ctx: ToolContext, request: EdgesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return connect.insert_edge_loop(data, base.check_edges(data, list(request.edges)))
    return run_edit(ctx, request, edit)


EDGE_LOOP = edit_spec(
    name="probuilder.insert-edge-loop", title="Insert a ProBuilder edge loop",
    summary="Insert an edge loop through the ring of quads across each given edge.",
    description=("The Editor's Insert Edge Loop: the edge ring of each edge (ElementSelection.GetEdgeRing: from quad "
                 "to quad through opposite edges, until the ring closes or meets a non-quad) is connected at its "
                 "midpoints, cutting every quad of the ring in two. "),
    input_model=EdgesInput, handler=insert_edge_loop, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]]},),
)

SPECS = (TRIANGULATE, QUADRANGULATE, FLIP_DIAGONAL, CONFORM, SUBDIVIDE, REPAIR, CONNECT, EDGE_LOOP)
