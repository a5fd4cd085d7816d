"""Vertex tools: `probuilder.move-elements`, `weld-vertices`, `collapse-vertices`, `split-vertices`."""

from __future__ import annotations

import math
from typing import Literal

from unitycli.api import Field, ToolContext, ToolInput, UnityCliError, field_validator
from unitycli_probuilder import edits, locate, transforms
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget, Finite
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, vertices

_VERTICES = "Vertex indexes (as inspect-mesh lists them); vertices coincident with them go along"


class Offset(ToolInput):
    x: Finite = 0
    y: Finite = 0
    z: Finite = 0


class MoveElementsInput(EditTarget):
    faces: list[int] | None = Field(None, description="Face indexes whose vertices move")
    edges: list[tuple[int, int]] | None = Field(None, description="Edges as [a, b] vertex-index pairs")
    vertices: list[int] | None = Field(None, description=_VERTICES)
    offset: Offset = Field(description="How far to move")
    space: Literal["local", "world"] = Field("local", description=("`local`: the mesh's own axes (as stored); "
                                                                    "`world`: scene axes, through the Transform chain"))


def _selected(data: MeshData, request: MoveElementsInput) -> list[int]:
    chosen: list[int] = []
    if request.faces is not None:
        chosen += [v for f in edits.check_faces(data, request.faces) for v in data.faces[f].distinct]
    if request.edges is not None:
        chosen += [v for e in base.check_edges(data, list(request.edges)) for v in e]
    if request.vertices is not None:
        chosen += base.check_vertices(data, request.vertices)
    if not chosen:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "name faces, edges or vertices to move",
                            details={"faces": request.faces, "edges": request.edges, "vertices": request.vertices})
    return chosen


def move_elements(ctx: ToolContext, request: MoveElementsInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        offset = (request.offset.x, request.offset.y, request.offset.z)
        chosen = _selected(data, request)
        if request.space == "world":
            offset = transforms.mat_vec(transforms.inverse(transforms.world_linear(site)), offset)
        return vertices.translate(data, chosen, offset)
    return run_edit(ctx, request, edit)


class WeldVerticesInput(EditTarget):
    vertices: list[int] = Field(description="Vertex indexes to weld")
    distance: float = Field(0.01, description="Weld radius in local units (the Editor's default 0.01)")

    @field_validator("distance")
    @classmethod
    def _positive(cls, value: float) -> float:
        if not math.isfinite(value) or value <= 0:
            raise ValueError("distance must be a finite number greater than 0")
        return value


def weld_vertices(ctx: ToolContext, request: WeldVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        touched, _ = vertices.weld(data, base.check_vertices(data, request.vertices), request.distance)
        return touched
    return run_edit(ctx, request, edit)


class CollapseVerticesInput(EditTarget):
    vertices: list[int] = Field(description="At least two vertex indexes")
    to_first: bool = Field(False, description="Collapse onto the first vertex instead of the average (Editor default false)")


def collapse_vertices(ctx: ToolContext, request: CollapseVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return vertices.collapse(data, base.check_vertices(data, request.vertices), to_first=request.to_first)
    return run_edit(ctx, request, edit)


class SplitVerticesInput(EditTarget):
    vertices: list[int] = Field(description="Vertex indexes to split from their coincident neighbours")


def split_vertices(ctx: ToolContext, request: SplitVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return vertices.split(data, base.check_vertices(data, request.vertices))
    return run_edit(ctx, request, edit)
