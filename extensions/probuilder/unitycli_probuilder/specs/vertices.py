"""Vertex edits: `probuilder.move-elements`, `weld-vertices`, `collapse-vertices`, `split-vertices`."""

from __future__ import annotations

from unitycli_probuilder.descriptions import SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import edit_spec

MOVE_ELEMENTS = edit_spec(
    name="probuilder.move-elements", title="Move ProBuilder vertices, edges or faces",
    summary="Move ProBuilder faces, edges or vertices by an offset in local or world space.",
    description=("Moves every vertex of the given faces, edges and vertices, and every vertex coincident with them "
                 "(ProBuilderMesh.TranslateVertices), by `offset`. In `world` space the offset goes through the "
                 "inverse of the GameObject's Transform chain, as TranslateVerticesInWorldSpace does with "
                 "worldToLocalMatrix. E_PROBUILDER_ELEMENTS_INVALID for an unknown vertex or edge. "),
    input_model="unitycli_probuilder.tools.vertex_tools:MoveElementsInput",
    handler="unitycli_probuilder.tools.vertex_tools:move_elements",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4], "offset": {"y": 0.25}},),
)

WELD_VERTICES = edit_spec(
    name="probuilder.weld-vertices", title="Weld ProBuilder vertices",
    summary="Weld ProBuilder vertices closer than a distance into one point each.",
    description=("VertexEditing.WeldVertices: the position groups of the selection that lie within `distance` of "
                 "each other become one group at their average; triangles left without area are removed, with any "
                 "face and vertex that leaves unused, as the Editor's Weld Vertices action does. "),
    input_model="unitycli_probuilder.tools.vertex_tools:WeldVerticesInput",
    handler="unitycli_probuilder.tools.vertex_tools:weld_vertices",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 1], "distance": 2.5},),
)

COLLAPSE_VERTICES = edit_spec(
    name="probuilder.collapse-vertices", title="Collapse ProBuilder vertices",
    summary="Collapse ProBuilder vertices into one point, removing faces left without area.",
    description=("VertexEditing.MergeVertices: the vertices (and those coincident with them) move to their average "
                 "or to the first one and become one position group; degenerate triangles, then empty faces and "
                 "unused vertices are removed. E_PROBUILDER_ELEMENTS_INVALID for fewer than two vertices. "),
    input_model="unitycli_probuilder.tools.vertex_tools:CollapseVerticesInput",
    handler="unitycli_probuilder.tools.vertex_tools:collapse_vertices",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 1]},),
)

SPLIT_VERTICES = edit_spec(
    name="probuilder.split-vertices", title="Split ProBuilder vertices",
    summary="Split ProBuilder vertices from the vertices coincident with them.",
    description=("VertexEditing.SplitVertices: each vertex leaves its shared-vertex group for one of its own, so "
                 "moving it no longer drags its neighbours; positions do not change. "),
    input_model="unitycli_probuilder.tools.vertex_tools:SplitVerticesInput",
    handler="unitycli_probuilder.tools.vertex_tools:split_vertices",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0]},),
)

SPECS = (MOVE_ELEMENTS, WELD_VERTICES, COLLAPSE_VERTICES, SPLIT_VERTICES)
