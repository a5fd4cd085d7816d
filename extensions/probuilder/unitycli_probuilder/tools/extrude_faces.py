"""`probuilder.extrude-faces`: push faces out along their normals, bridging each edge with a new side face."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from unitycli.api import AfterValidator, Field, ToolContext
from unitycli_probuilder import edits, layout, locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, extrude


def _finite_nonzero(value: float) -> float:
    if not math.isfinite(value) or value == 0:
        raise ValueError("distance must be a finite, non-zero number")
    return value


Distance = Annotated[float, AfterValidator(_finite_nonzero)]


class ExtrudeFacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes to extrude")
    distance: Distance = Field(0.5, description="How far along each face normal (negative pushes inwards)")
    method: Literal["individual", "face-normal", "vertex-normal"] = Field(
        "individual", description=("`individual`: each face on its own; `face-normal` (the Editor's default) and "
                                   "`vertex-normal`: connected faces move out together"))


def extrude_faces(ctx: ToolContext, request: ExtrudeFacesInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        if request.method == "individual":
            return edits.extrude_faces(data, request.faces, request.distance)
        edits.check_faces(data, request.faces)
        return extrude.extrude_face_groups(data, request.faces, request.distance,
                                           compensate=request.method == "face-normal")
    return run_edit(ctx, request, edit)


class ExtrudeEdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs")
    distance: Distance = Field(0.5, description="How far to extrude (the Editor's default 0.5)")
    as_group: bool = Field(True, description="Neighbouring edges share their new corners (Editor default true)")
    manifold: bool = Field(False, description="Also extrude edges between two faces (non-manifold result)")


def extrude_edges(ctx: ToolContext, request: ExtrudeEdgesInput) -> EditOutput:
    legacy = layout.legacy_hard_groups(layout.project_layout(ctx))

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        edges = base.check_edges(data, list(request.edges))
        return extrude.extrude_edges(data, edges, request.distance, as_group=request.as_group,
                                     manifold=request.manifold, legacy=legacy)
    return run_edit(ctx, request, edit)
