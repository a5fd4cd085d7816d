"""Topology edits: triangulate, quadrangulate, subdivide, connect, edge loops, repair, bevel."""

from __future__ import annotations

from unitycli_probuilder.descriptions import SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import edit_spec

_POLY2TRI = ("Each rebuilt polygon is ear-clipped in its own winding where ProBuilder uses Poly2Tri, so a "
             "diagonal may differ from the Editor's. ")

TRIANGULATE = edit_spec(
    name="probuilder.triangulate", title="Triangulate ProBuilder faces",
    summary="Split ProBuilder faces into one face per triangle.",
    description=("SurfaceTopology.ToTriangles: each triangle of each face becomes a face of its own with the "
                 "face's material, UV and smoothing settings and its own copies of the vertices (still coincident "
                 "with their neighbours); the new faces come after the untouched ones. "),
    input_model="unitycli_probuilder.inputs:FacesOrAll",
    handler="unitycli_probuilder.tools.topology_tools:triangulate",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0]},),
)

QUADRANGULATE = edit_spec(
    name="probuilder.quadrangulate", title="Quadrangulate ProBuilder faces",
    summary="Merge pairs of neighbouring ProBuilder triangles into quads.",
    description=("QuadUtility.ToQuads: among the given faces, each triangle pairs with the neighbouring triangle "
                 "that scores best as a quad (normals within 0.9, near-right corners, near-parallel sides) and ranks "
                 "it best in turn, faces taken in order; each pair becomes one face with the first's settings, "
                 "appended last (`changedFaces`), its coincident corners collapsed (MergePairs). Faces that are not "
                 "triangles, or find no partner, stay. Nothing to pair: the file is not touched. Scores are "
                 "computed in float64 (the package: float32), which can only matter for near-ties. "),
    input_model="unitycli_probuilder.inputs:FacesOrAll",
    handler="unitycli_probuilder.tools.topology_tools:quadrangulate",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

FLIP_DIAGONAL = edit_spec(
    name="probuilder.flip-diagonal", title="Flip a ProBuilder quad's diagonal",
    summary="Turn the shared diagonal of ProBuilder quads to the other two corners.",
    description=("SurfaceTopology.FlipEdge: in a face of exactly two triangles sharing one edge, that edge is "
                 "replaced by the other diagonal; winding is kept. E_PROBUILDER_ELEMENTS_INVALID for a face that "
                 "is not such a quad. "),
    input_model="unitycli_probuilder.tools.topology_tools:FlipDiagonalInput",
    handler="unitycli_probuilder.tools.topology_tools:flip_diagonal",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0]},),
)

CONFORM_NORMALS = edit_spec(
    name="probuilder.conform-normals", title="Conform ProBuilder face normals",
    summary="Make connected ProBuilder faces wind the same way as most of their neighbours.",
    description=("SurfaceTopology.ConformNormals: within each connected group of the faces, neighbours that run "
                 "their shared edge the same way disagree; whichever winding the fewer faces have is reversed. "
                 "`changedFaces` lists the faces that were flipped. "),
    input_model="unitycli_probuilder.inputs:FacesOrAll",
    handler="unitycli_probuilder.tools.topology_tools:conform_normals",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

SUBDIVIDE_FACES = edit_spec(
    name="probuilder.subdivide-faces", title="Subdivide ProBuilder faces",
    summary="Subdivide ProBuilder faces into one quad per corner, keeping the mesh closed.",
    description=("Subdivision.Subdivide (ConnectElements.Connect on faces): each face is cut at its edge midpoints "
                 "and centroid into a quad per corner; neighbouring faces get the midpoints in their outline so no "
                 "hole opens. New vertices interpolate positions, UVs, colours and tangents; the cut faces keep "
                 "the source's settings and share one texture group. The new faces come last (`changedFaces`). "
                 "Each new polygon is ear-clipped (ProBuilder uses Poly2Tri), so a quad's diagonal may differ from "
                 "the Editor's. "),
    input_model="unitycli_probuilder.tools.topology_tools:SubdivideInput",
    handler="unitycli_probuilder.tools.topology_tools:subdivide_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

REPAIR_MESH = edit_spec(
    name="probuilder.repair-mesh", title="Repair a ProBuilder mesh",
    summary="Drop a ProBuilder mesh's degenerate triangles, empty faces and unused vertices.",
    description=("MeshValidation.RemoveDegenerateTriangles then RemoveUnusedVertices: triangles without area or with "
                 "two corners in one position group go, faces left without triangles go, then vertices no face "
                 "uses. A sound mesh is left untouched (no write). "),
    input_model="unitycli_probuilder.inputs:EditTarget",
    handler="unitycli_probuilder.tools.topology_tools:repair_mesh",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

CONNECT_EDGES = edit_spec(
    name="probuilder.connect-edges", title="Connect ProBuilder edges",
    summary="Connect the midpoints of ProBuilder edges with new edges across their faces.",
    description=("ConnectElements.Connect(edges): a face holding two of the edges is cut in two between their "
                 "midpoints, one holding more is cut around its centroid; a neighbour holding one edge takes the "
                 "midpoint into its outline so the surface stays closed. E_PROBUILDER_ELEMENTS_INVALID when no face "
                 "holds two of the edges. New polygons are ear-clipped (ProBuilder uses Poly2Tri). "),
    input_model="unitycli_probuilder.tools.topology_tools:EdgesInput",
    handler="unitycli_probuilder.tools.topology_tools:connect_edges",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1], [2, 3]]},),
)

INSERT_EDGE_LOOP = edit_spec(
    name="probuilder.insert-edge-loop", title="Insert a ProBuilder edge loop",
    summary="Insert an edge loop through the ring of quads across each given edge.",
    description=("The Editor's Insert Edge Loop: the edge ring of each edge (ElementSelection.GetEdgeRing: from quad "
                 "to quad through opposite edges, until the ring closes or meets a non-quad) is connected at its "
                 "midpoints, cutting every quad of the ring in two. "),
    input_model="unitycli_probuilder.tools.topology_tools:EdgesInput",
    handler="unitycli_probuilder.tools.topology_tools:insert_edge_loop",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]]},),
)

SUBDIVIDE_EDGES = edit_spec(
    name="probuilder.subdivide-edges", title="Subdivide ProBuilder edges",
    summary="Insert evenly spaced vertices on ProBuilder edges and the faces bordering them.",
    description=("AppendElements.AppendVerticesToEdge (the Editor's Subdivide Edges): `count` vertices are mixed "
                 "between each edge's ends and inserted into the outline of every face with that edge, so the "
                 "surface stays closed. Each such face keeps its index and submesh but, as in the package "
                 "(face.CopyFrom(new Face(triangles))), gets a new face's settings: no smoothing group, default "
                 "auto-UV settings, auto UVs, no texture group. " + _POLY2TRI),
    input_model="unitycli_probuilder.tools.split_tools:SubdivideEdgesInput",
    handler="unitycli_probuilder.tools.split_tools:subdivide_edges",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]],
               "count": 2},),
)

CONNECT_VERTICES = edit_spec(
    name="probuilder.connect-vertices", title="Connect ProBuilder vertices",
    summary="Join ProBuilder vertices that share a face with new edges across it.",
    description=("ConnectElements.Connect(indexes) (the Editor's Connect Vertices): a face holding two of the "
                 "vertices (or their coincident copies) not already joined by an edge is cut in two along them; a "
                 "face holding three or more is cut from each to their average. The pieces keep the face's UV, "
                 "smoothing and submesh settings and share a texture group; they come last (`changedFaces`). "
                 "E_PROBUILDER_ELEMENTS_INVALID when no face can be cut. " + _POLY2TRI),
    input_model="unitycli_probuilder.tools.split_tools:ConnectVerticesInput",
    handler="unitycli_probuilder.tools.split_tools:connect_vertices",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 3]},),
)

BEVEL_EDGES = edit_spec(
    name="probuilder.bevel-edges", title="Bevel ProBuilder edges",
    summary="Bevel ProBuilder edges: each becomes a bridging face, corners split and capped.",
    description=("Bevel.BevelEdges (the Editor's Bevel on edges): both faces of each edge slide it back by "
                 "`amount` along their sides and become manual-UV, a quad bridges the gap, every other face at a "
                 "moved corner is rebuilt with the corner split in two, holes where three or more new corners meet "
                 "are capped, and the new faces are wound and UV-set like a neighbour. Position groups are rebuilt "
                 "from positions and shared UVs cleared, as in the package. E_PROBUILDER_ELEMENTS_INVALID for open "
                 "edges only or when no bevel fits. Rebuilt polygons are ear-clipped where ProBuilder uses "
                 "Poly2Tri. "),
    input_model="unitycli_probuilder.tools.bevel_edges:BevelEdgesInput",
    handler="unitycli_probuilder.tools.bevel_edges:bevel_edges",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]], "amount": 0.1},),
)

SPECS = (TRIANGULATE, QUADRANGULATE, FLIP_DIAGONAL, CONFORM_NORMALS, SUBDIVIDE_FACES, REPAIR_MESH, CONNECT_EDGES, INSERT_EDGE_LOOP, SUBDIVIDE_EDGES, CONNECT_VERTICES, BEVEL_EDGES)
