"""`probuilder.flip-normals`: turn faces inside out by reversing their winding."""

from __future__ import annotations

from unitycli.api import ToolContext
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, FacesOrAll
from unitycli_probuilder.meshdata import MeshData


class FlipNormalsInput(FacesOrAll):
    pass


def flip_normals(ctx: ToolContext, request: FlipNormalsInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return edits.flip_normals(data, request.chosen_faces(len(data.faces)))
    return run_edit(ctx, request, edit)


SPEC = edit_spec(
    name="probuilder.flip-normals", title="Flip ProBuilder face normals",
    summary="Reverse the winding of ProBuilder faces so their normals point the other way.",
    description=("Reverses each face's index array, as ProBuilder's Face.Reverse does, which flips every triangle's "
                 "winding and so its normal; auto UVs and tangents of those faces are recomputed. "),
    input_model=FlipNormalsInput, handler=flip_normals, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)
