"""`probuilder.delete-faces`: remove faces and the vertices only they used."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_probuilder import edits
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget


class DeleteFacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes (as probuilder.inspect-mesh lists them)")


def delete_faces(ctx: ToolContext, request: DeleteFacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: edits.delete_faces(data, request.faces))
