"""New GameObjects with a ProBuilder mesh: `probuilder.create-shape`, `create-poly-shape`."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_probuilder.descriptions import SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import WRITES

CREATE_SHAPE: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.create-shape", title="Create a ProBuilder shape",
    summary="Add a GameObject with a ProBuilder shape (cube, sphere, stairs, ...) to a file.",
    description=("Adds a GameObject (Transform, ProBuilderMesh, ProBuilderShape, MeshRenderer, MeshFilter, "
                 "MeshCollider, in the order ProBuilder's shape tool leaves them) under `parent` or at the scene root "
                 "(prefab root for prefabs). Geometry, winding, shared vertices, UVs and tangents are those of "
                 "ProBuilder's own shape generators (Runtime/Shapes/*.cs) for the same size and options, computed in "
                 "float32 as Unity does; the ProBuilderShape is written in the layout of the "
                 "project's ProBuilder version (5.2.x or 6.0.x). The Mesh itself is left for Unity to build on load "
                 "(`m_Mesh: {fileID: 0}`, as in prefabs). E_PROBUILDER_SHAPE_INVALID for unknown shapes or options, "
                 "options outside the package's ranges, or sizes that are not finite and positive. Supports --dry-run. The example adds the `" + SAMPLE_MESH + "` cube "
                 "that the other ProBuilder tools' examples use, to " + SAMPLE_SCENE + " of examples/sample-project."),
    input_model="unitycli_probuilder.tools.create_shape:CreateShapeInput",
    output_model="unitycli_probuilder.tools.create_shape:CreateShapeOutput",
    handler="unitycli_probuilder.tools.create_shape:create_shape",
    read_only=False, destructive=False, idempotent=False, permissions=WRITES,
    examples=({"file": SAMPLE_SCENE, "shape": "cube", "name": SAMPLE_MESH, "size": {"x": 2, "y": 1, "z": 2},
               "position": {"x": 0, "y": 0.5, "z": 3}},),
)

CREATE_POLY_SHAPE: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.create-poly-shape", title="Create a ProBuilder poly shape",
    summary="Add a GameObject with an extruded polygon, holes allowed (ProBuilder PolyShape).",
    description=("Adds a GameObject (Transform, PolyShape, ProBuilderMesh, MeshRenderer, MeshFilter, MeshCollider) "
                 "whose mesh is AppendElements.CreateShapeFromPolygon(points, extrude, flipNormals, holes): one cap "
                 "face over the outline with its holes, wound to face +y (-y with flipNormals), and with a non-zero "
                 "extrude a back cap and side walls, a closed solid. The cap is ear-clipped where ProBuilder uses "
                 "Poly2Tri, so its diagonals may differ; positions, shared vertices, faces and UVs follow the "
                 "package. A shape with holes gets no PolyShape (it cannot store them). E_PROBUILDER_SHAPE_INVALID "
                 "for fewer than 3 points, a hole outside the outline, crossing edges or no area. Supports --dry-run."),
    input_model="unitycli_probuilder.tools.create_poly_shape:CreatePolyShapeInput",
    output_model="unitycli_probuilder.tools.create_poly_shape:CreatePolyShapeOutput",
    handler="unitycli_probuilder.tools.create_poly_shape:create_poly_shape",
    read_only=False, destructive=False, idempotent=False, permissions=WRITES,
    examples=({"file": SAMPLE_SCENE, "name": "Platform", "extrude": 0.5,
               "points": [{"x": 0, "z": 0}, {"x": 4, "z": 0}, {"x": 4, "z": 3}, {"x": 0, "z": 3}],
               "holes": [[{"x": 1, "z": 1}, {"x": 2, "z": 1}, {"x": 2, "z": 2}, {"x": 1, "z": 2}]]},),
)

SPECS = (CREATE_SHAPE, CREATE_POLY_SHAPE)
