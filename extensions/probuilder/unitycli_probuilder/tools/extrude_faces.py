"""`probuilder.extrude-faces`: push faces out along their normals, bridging each edge with a new side face."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from unitycli.api import AfterValidator, Field, ToolContext
from unitycli_probuilder import edits, layout, locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget
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


EDGES = edit_spec(
    name="probuilder.extrude-edges", title="Extrude ProBuilder edges",
    summary="Extrude open ProBuilder edges into new quads.",
    description=("ExtrudeElements.Extrude(edges): each open edge (on one face; `manifold` allows edges between "
                 "two) grows a quad whose far side lies `distance` along the face normal or, as a group, along the "
                 "averaged smoothed normals at each end; grouped far corners that grow from one point stay joined. "
                 "E_PROBUILDER_ELEMENTS_INVALID when no edge can be extruded. "),
    input_model=ExtrudeEdgesInput, handler=extrude_edges, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]], "manifold": True},),
)

SPEC = edit_spec(
    name="probuilder.extrude-faces", title="Extrude ProBuilder faces",
    summary="Extrude ProBuilder faces along their normals, adding side faces.",
    description=("With `method` `individual` (ProBuilder's ExtrudeMethod.IndividualFaces) each face moves "
                 "`distance` along its normal and a new quad bridges each perimeter edge, wound so it faces "
                 "outwards, with the face's submesh and UV settings. The side faces' bottom vertices join the shared "
                 "vertices left behind; the moved face and the side tops form new shared vertices. All per-vertex "
                 "arrays grow together. With `face-normal` or `vertex-normal` (ExtrudeAsGroups) each connected group of faces "
                 "moves as one piece: a vertex moves along the average normal of its group's faces there (face-normal "
                 "lengthens that by the secant of the angle, so flat sides stay `distance` apart) and bridge quads "
                 "follow only the group's outline. "),
    input_model=ExtrudeFacesInput, handler=extrude_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4], "distance": 0.5},
              {"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 4], "distance": 0.25,
               "method": "face-normal"}),
)

SPECS = (SPEC, EDGES)
