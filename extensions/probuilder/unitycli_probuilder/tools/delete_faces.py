"""`probuilder.delete-faces`: remove faces and the vertices only they used."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import edits
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget


class DeleteFacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes (as probuilder.inspect-mesh lists them)")


def delete_faces(ctx: ToolContext, request: DeleteFacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: edits.delete_faces(data, request.faces))


SPEC = edit_spec(
    name="probuilder.delete-faces", title="Delete ProBuilder faces",
    summary="Delete faces of a ProBuilder mesh, with the vertices only they used.",
    description=("Removes the given faces and every vertex no remaining face uses, re-indexing the faces, every "
                 "per-vertex array (positions, UVs, tangents, colors), the shared vertices and the selection. "
                 "Refuses to delete every face. "),
    input_model=DeleteFacesInput, handler=delete_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)
