"""Surface tools: `probuilder.set-smoothing`, `auto-smooth`, `set-vertex-color`, `set-face-uv`, `project-uv-box`,
`project-uv-planar`."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, ToolContext, ToolInput, UnityCliError
from unitycli_probuilder import edits, layout, locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget, FacesOrAll, Finite
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import surface, uvproject


class SetSmoothingInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")
    group: int = Field(description="Smoothing group: 0 hard; faces sharing a positive group are smoothed together "
                                   "(5.2.x treats 25..42 as hard)")


def set_smoothing(ctx: ToolContext, request: SetSmoothingInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: surface.set_smoothing(data, request.faces, request.group))


SET_SMOOTHING = edit_spec(
    name="probuilder.set-smoothing", title="Set ProBuilder smoothing groups",
    summary="Put ProBuilder faces in a smoothing group (0 for hard edges).",
    description=("Sets Face.smoothingGroup on each face; the normals Unity builds average across faces of one "
                 "positive group. E_PROBUILDER_ELEMENTS_INVALID for a group outside 0..1024. "),
    input_model=SetSmoothingInput, handler=set_smoothing, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1],
               "group": 1},),
)


class AutoSmoothInput(FacesOrAll):
    angle: float = Field(description="Faces meeting at less than this many degrees are smoothed together")


def auto_smooth(ctx: ToolContext, request: AutoSmoothInput) -> EditOutput:
    legacy = layout.legacy_hard_groups(layout.project_layout(ctx))

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return surface.auto_smooth(data, faces, request.angle, legacy=legacy)[0]
    return run_edit(ctx, request, edit)


AUTO_SMOOTH = edit_spec(
    name="probuilder.auto-smooth", title="Auto-smooth ProBuilder faces by angle",
    summary="Give ProBuilder faces smoothing groups by the angle between neighbours.",
    description=("Smoothing.ApplySmoothingGroups: the faces are reset to hard; in face order, each face not yet "
                 "grouped starts a new group (the lowest number no face uses) and takes in, edge by edge, the "
                 "neighbours whose normal is within `angle` (clamped below 90); a face with no such neighbour stays "
                 "hard. "),
    input_model=AutoSmoothInput, handler=auto_smooth, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "angle": 30},),
)


class Color(ToolInput):
    r: Finite = 1
    g: Finite = 1
    b: Finite = 1
    a: Finite = 1


class SetVertexColorInput(EditTarget):
    faces: list[int] | None = Field(None, description="Faces to colour (all their vertices)")
    vertices: list[int] | None = Field(None, description="Vertices to colour, with those coincident with them")
    color: Color = Field(description="Linear RGBA, 0..1 (ProBuilder stores m_Colors as Color)")


def set_vertex_color(ctx: ToolContext, request: SetVertexColorInput) -> EditOutput:
    if (request.faces is None) == (request.vertices is None):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "give either faces or vertices",
                            details={"faces": request.faces, "vertices": request.vertices})
    c = request.color

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return surface.set_color(data, (c.r, c.g, c.b, c.a), faces=request.faces, vertices=request.vertices)
    return run_edit(ctx, request, edit)


SET_COLOR = edit_spec(
    name="probuilder.set-vertex-color", title="Set ProBuilder vertex colours",
    summary="Paint ProBuilder faces or vertices with a vertex colour.",
    description=("ProBuilderMesh.SetFaceColor: a mesh without vertex colours first gets white on every vertex; then "
                 "the faces' vertices (or the vertices and those coincident with them) get `color`. Shaders that "
                 "read vertex colour show it. "),
    input_model=SetVertexColorInput, handler=set_vertex_color, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "color": {"r": 1, "g": 0.5, "b": 0, "a": 1}},),
)


class Vec2(ToolInput):
    x: Finite
    y: Finite


class SetFaceUvInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")
    scale: Vec2 | None = Field(None, description="UV scale (tiling)")
    offset: Vec2 | None = Field(None, description="UV offset")
    rotation: Finite | None = Field(None, description="UV rotation in degrees")
    anchor: Literal[tuple(surface.ANCHOR)] | None = Field(None, description="Where the UV bounds are anchored")  # type: ignore[valid-type]
    fill: Literal["fit", "tile", "stretch"] | None = Field(None, description="How UVs fill the 0..1 square")
    use_world_space: bool | None = Field(None, description="Project from world instead of local positions")
    flip_u: bool | None = None
    flip_v: bool | None = None
    swap_uv: bool | None = None


def set_face_uv(ctx: ToolContext, request: SetFaceUvInput) -> EditOutput:
    settings: dict[str, Any] = {}
    if request.scale is not None:
        settings["scale"] = {"x": request.scale.x, "y": request.scale.y}
    if request.offset is not None:
        settings["offset"] = {"x": request.offset.x, "y": request.offset.y}
    if request.rotation is not None:
        settings["rotation"] = request.rotation
    if request.anchor is not None:
        settings["anchor"] = surface.ANCHOR[request.anchor]
    if request.fill is not None:
        settings["fill"] = surface.FILL[request.fill]
    for key in ("use_world_space", "flip_u", "flip_v", "swap_uv"):
        value = getattr(request, key)
        if value is not None:
            settings[{"use_world_space": "useWorldSpace", "flip_u": "flipU", "flip_v": "flipV",
                      "swap_uv": "swapUV"}[key]] = int(value)
    return run_edit(ctx, request, lambda data, site: surface.set_uv(data, request.faces, settings))


SET_UV = edit_spec(
    name="probuilder.set-face-uv", title="Set ProBuilder auto-UV settings",
    summary="Set ProBuilder faces' auto-UV settings (scale, offset, rotation, anchor, fill).",
    description=("Changes the given fields of each face's AutoUnwrapSettings and switches the face to auto UVs; "
                 "UVs are re-projected as UvUnwrapping.ApplyUVSettings does (world-space faces are re-projected by "
                 "Unity when it rebuilds the mesh). "),
    input_model=SetFaceUvInput, handler=set_face_uv, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "scale": {"x": 2, "y": 2}, "rotation": 45},),
)

class ProjectUvInput(FacesOrAll):
    pass


def project_uv(ctx: ToolContext, request: ProjectUvInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return uvproject.project_box(data, edits.check_faces(data, faces))
    return run_edit(ctx, request, edit)


PROJECT_UV = edit_spec(
    name="probuilder.project-uv-box", title="Box-project ProBuilder UVs",
    summary="Box-project manual UVs onto ProBuilder faces from their nearest axis.",
    description=("UVEditing.ProjectFacesBox: the faces are sorted by the axis nearest their normal and each group "
                 "is planar-projected along that axis; the faces become manual-UV (auto UVs no longer move them), "
                 "leave their element group and their shared UVs. "),
    input_model=ProjectUvInput, handler=project_uv, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)



def project_uv_planar(ctx: ToolContext, request: ProjectUvInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return uvproject.project_planar(data, edits.check_faces(data, faces))
    return run_edit(ctx, request, edit)


PROJECT_UV_PLANAR = edit_spec(
    name="probuilder.project-uv-planar", title="Planar-project ProBuilder UVs",
    summary="Planar-project manual UVs onto ProBuilder faces along their average normal.",
    description=("The UV Editor's Planar Project (UVEditor.Menu_PlanarProject with UVEditing.ProjectFacesAuto): the "
                 "faces' vertices are projected along the average of the faces' normals, UVs closer than 0.001 are "
                 "sewn into shared UVs, the faces become manual-UV, every face's element group is recomputed from the "
                 "shared UVs, and the projected UVs move so their lowest u and v are 0. "),
    input_model=ProjectUvInput, handler=project_uv_planar, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

SPECS = (SET_SMOOTHING, AUTO_SMOOTH, SET_COLOR, SET_UV, PROJECT_UV, PROJECT_UV_PLANAR)
