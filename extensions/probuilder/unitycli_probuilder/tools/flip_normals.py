"""`probuilder.flip-normals`: turn faces inside out by reversing their winding."""

from __future__ import annotations

from unitycli.api import ToolContext
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import FacesOrAll
from unitycli_probuilder.meshdata import MeshData


class FlipNormalsInput(FacesOrAll):
    pass


def flip_normals(ctx: ToolContext, request: FlipNormalsInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        return edits.flip_normals(data, request.chosen_faces(len(data.faces)))
    return run_edit(ctx, request, edit)
