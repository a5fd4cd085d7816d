"""Surface edits: smoothing groups, vertex colours, auto-UV settings, UV projection."""

from __future__ import annotations

from unitycli_probuilder.descriptions import SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import edit_spec

SET_SMOOTHING = edit_spec(
    name="probuilder.set-smoothing", title="Set ProBuilder smoothing groups",
    summary="Put ProBuilder faces in a smoothing group (0 for hard edges).",
    description=("Sets Face.smoothingGroup on each face; the normals Unity builds average across faces of one "
                 "positive group. E_PROBUILDER_ELEMENTS_INVALID for a group outside 0..1024. "),
    input_model="unitycli_probuilder.tools.surface_tools:SetSmoothingInput",
    handler="unitycli_probuilder.tools.surface_tools:set_smoothing",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1],
               "group": 1},),
)

AUTO_SMOOTH = edit_spec(
    name="probuilder.auto-smooth", title="Auto-smooth ProBuilder faces by angle",
    summary="Give ProBuilder faces smoothing groups by the angle between neighbours.",
    description=("Smoothing.ApplySmoothingGroups: the faces are reset to hard; in face order, each face not yet "
                 "grouped starts a new group (the lowest number no face uses) and takes in, edge by edge, the "
                 "neighbours whose normal is within `angle` (clamped below 90); a face with no such neighbour stays "
                 "hard. "),
    input_model="unitycli_probuilder.tools.surface_tools:AutoSmoothInput",
    handler="unitycli_probuilder.tools.surface_tools:auto_smooth",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "angle": 30},),
)

SET_VERTEX_COLOR = edit_spec(
    name="probuilder.set-vertex-color", title="Set ProBuilder vertex colours",
    summary="Paint ProBuilder faces or vertices with a vertex colour.",
    description=("ProBuilderMesh.SetFaceColor: a mesh without vertex colours first gets white on every vertex; then "
                 "the faces' vertices (or the vertices and those coincident with them) get `color`. Shaders that "
                 "read vertex colour show it. "),
    input_model="unitycli_probuilder.tools.surface_tools:SetVertexColorInput",
    handler="unitycli_probuilder.tools.surface_tools:set_vertex_color",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "color": {"r": 1, "g": 0.5, "b": 0, "a": 1}},),
)

SET_FACE_UV = edit_spec(
    name="probuilder.set-face-uv", title="Set ProBuilder auto-UV settings",
    summary="Set ProBuilder faces' auto-UV settings (scale, offset, rotation, anchor, fill).",
    description=("Changes the given fields of each face's AutoUnwrapSettings and switches the face to auto UVs; "
                 "UVs are re-projected as UvUnwrapping.ApplyUVSettings does (world-space faces are re-projected by "
                 "Unity when it rebuilds the mesh). "),
    input_model="unitycli_probuilder.tools.surface_tools:SetFaceUvInput",
    handler="unitycli_probuilder.tools.surface_tools:set_face_uv",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "scale": {"x": 2, "y": 2}, "rotation": 45},),
)

PROJECT_UV_BOX = edit_spec(
    name="probuilder.project-uv-box", title="Box-project ProBuilder UVs",
    summary="Box-project manual UVs onto ProBuilder faces from their nearest axis.",
    description=("UVEditing.ProjectFacesBox: the faces are sorted by the axis nearest their normal and each group "
                 "is planar-projected along that axis; the faces become manual-UV (auto UVs no longer move them), "
                 "leave their element group and their shared UVs. "),
    input_model="unitycli_probuilder.tools.surface_tools:ProjectUvInput",
    handler="unitycli_probuilder.tools.surface_tools:project_uv",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

PROJECT_UV_PLANAR = edit_spec(
    name="probuilder.project-uv-planar", title="Planar-project ProBuilder UVs",
    summary="Planar-project manual UVs onto ProBuilder faces along their average normal.",
    description=("The UV Editor's Planar Project (UVEditor.Menu_PlanarProject with UVEditing.ProjectFacesAuto): the "
                 "faces' vertices are projected along the average of the faces' normals, UVs closer than 0.001 are "
                 "sewn into shared UVs, the faces become manual-UV, every face's element group is recomputed from the "
                 "shared UVs, and the projected UVs move so their lowest u and v are 0. "),
    input_model="unitycli_probuilder.tools.surface_tools:ProjectUvInput",
    handler="unitycli_probuilder.tools.surface_tools:project_uv_planar",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

SPECS = (SET_SMOOTHING, AUTO_SMOOTH, SET_VERTEX_COLOR, SET_FACE_UV, PROJECT_UV_BOX, PROJECT_UV_PLANAR)
