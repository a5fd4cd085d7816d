"""`probuilder.extrude-faces`: push faces out along their normals, bridging each edge with a new side face."""

from __future__ import annotations

import math

from pydantic import Field, field_validator

from unitycli.api import ToolContext, ToolSpec
from unitycli_probuilder import edits
from unitycli_probuilder.editing import REBUILD_NOTE, EditOutput, run_edit
from unitycli_probuilder.inputs import EXAMPLE_NOTE, SAMPLE_MESH, SAMPLE_SCENE, EditTarget


class ExtrudeFacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes to extrude")
    distance: float = Field(0.5, description="How far along each face normal (negative pushes inwards)")

    @field_validator("distance")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value) or value == 0:
            raise ValueError("distance must be a finite, non-zero number")
        return value


def extrude_faces(ctx: ToolContext, request: ExtrudeFacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: edits.extrude_faces(data, request.faces, request.distance))


SPEC = ToolSpec(
    name="probuilder.extrude-faces", title="Extrude ProBuilder faces",
    summary="Extrude ProBuilder faces along their normals, adding side faces.",
    description=("Extrudes each face on its own (ProBuilder's ExtrudeMethod.IndividualFaces): the face moves "
                 "`distance` along its normal and a new quad bridges each perimeter edge, wound so it faces "
                 "outwards, with the face's submesh and UV settings. The side faces' bottom vertices join the shared "
                 "vertices left behind; the moved face and the side tops form new shared vertices. All per-vertex "
                 "arrays grow together. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=ExtrudeFacesInput, output_model=EditOutput, handler=extrude_faces,
    read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4], "distance": 0.5},),
)
