"""Surface tools: `probuilder.set-smoothing`, `auto-smooth`, `set-vertex-color`, `set-face-uv`, `project-uv-box`,
`project-uv-planar`."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, ToolContext, ToolInput, UnityCliError
from unitycli_probuilder import edits, layout, locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget, FacesOrAll, Finite
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import surface, uvproject


class SetSmoothingInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")
    group: int = Field(description="Smoothing group: 0 hard; faces sharing a positive group are smoothed together "
                                   "(5.2.x treats 25..42 as hard)")


def set_smoothing(ctx: ToolContext, request: SetSmoothingInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: surface.set_smoothing(data, request.faces, request.group))


class AutoSmoothInput(FacesOrAll):
    angle: float = Field(description="Faces meeting at less than this many degrees are smoothed together")


def auto_smooth(ctx: ToolContext, request: AutoSmoothInput) -> EditOutput:
    legacy = layout.legacy_hard_groups(layout.project_layout(ctx))

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return surface.auto_smooth(data, faces, request.angle, legacy=legacy)[0]
    return run_edit(ctx, request, edit)


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


class ProjectUvInput(FacesOrAll):
    pass


def project_uv(ctx: ToolContext, request: ProjectUvInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return uvproject.project_box(data, edits.check_faces(data, faces))
    return run_edit(ctx, request, edit)


def project_uv_planar(ctx: ToolContext, request: ProjectUvInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        faces = request.chosen_faces(len(data.faces))
        return uvproject.project_planar(data, edits.check_faces(data, faces))
    return run_edit(ctx, request, edit)
