"""Vertex tools: `probuilder.move-elements`, `weld-vertices`, `collapse-vertices`, `split-vertices`."""

from __future__ import annotations

import math
from typing import Literal

from unitycli.api import Field, ToolContext, ToolInput, UnityCliError, field_validator
from unitycli_probuilder import edits, locate, transforms
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget, Finite
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


MOVE = edit_spec(
    name="probuilder.move-elements", title="Move ProBuilder vertices, edges or faces",
    summary="Move ProBuilder faces, edges or vertices by an offset in local or world space.",
    description=("Moves every vertex of the given faces, edges and vertices, and every vertex coincident with them "
                 "(ProBuilderMesh.TranslateVertices), by `offset`. In `world` space the offset goes through the "
                 "inverse of the GameObject's Transform chain, as TranslateVerticesInWorldSpace does with "
                 "worldToLocalMatrix. E_PROBUILDER_ELEMENTS_INVALID for an unknown vertex or edge. "),
    input_model=MoveElementsInput, handler=move_elements, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4], "offset": {"y": 0.25}},),
)


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


WELD = edit_spec(
    name="probuilder.weld-vertices", title="Weld ProBuilder vertices",
    summary="Weld ProBuilder vertices closer than a distance into one point each.",
    description=("VertexEditing.WeldVertices: the position groups of the selection that lie within `distance` of "
                 "each other become one group at their average; triangles left without area are removed, with any "
                 "face and vertex that leaves unused, as the Editor's Weld Vertices action does. "),
    input_model=WeldVerticesInput, handler=weld_vertices, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 1], "distance": 2.5},),
)


class CollapseVerticesInput(EditTarget):
    vertices: list[int] = Field(description="At least two vertex indexes")
    to_first: bool = Field(False, description="Collapse onto the first vertex instead of the average (Editor default false)")


def collapse_vertices(ctx: ToolContext, request: CollapseVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return vertices.collapse(data, base.check_vertices(data, request.vertices), to_first=request.to_first)
    return run_edit(ctx, request, edit)


COLLAPSE = edit_spec(
    name="probuilder.collapse-vertices", title="Collapse ProBuilder vertices",
    summary="Collapse ProBuilder vertices into one point, removing faces left without area.",
    description=("VertexEditing.MergeVertices: the vertices (and those coincident with them) move to their average "
                 "or to the first one and become one position group; degenerate triangles, then empty faces and "
                 "unused vertices are removed. E_PROBUILDER_ELEMENTS_INVALID for fewer than two vertices. "),
    input_model=CollapseVerticesInput, handler=collapse_vertices, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0, 1]},),
)


class SplitVerticesInput(EditTarget):
    vertices: list[int] = Field(description="Vertex indexes to split from their coincident neighbours")


def split_vertices(ctx: ToolContext, request: SplitVerticesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return vertices.split(data, base.check_vertices(data, request.vertices))
    return run_edit(ctx, request, edit)


SPLIT = edit_spec(
    name="probuilder.split-vertices", title="Split ProBuilder vertices",
    summary="Split ProBuilder vertices from the vertices coincident with them.",
    description=("VertexEditing.SplitVertices: each vertex leaves its shared-vertex group for one of its own, so "
                 "moving it no longer drags its neighbours; positions do not change. "),
    input_model=SplitVerticesInput, handler=split_vertices, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0]},),
)

SPECS = (MOVE, WELD, COLLAPSE, SPLIT)
