"""`probuilder.bevel-edges`: Bevel.BevelEdges on serialized data."""

from __future__ import annotations

import math

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, bevel


class BevelEdgesInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Edges as [a, b] vertex-index pairs, each between two faces")
    amount: float = Field(0.2, description=("How far each edge moves back along its faces, in mesh units (the "
                                            "Editor's Distance, 0.2 by default); clamped 0.001 short of the nearest "
                                            "corner, as the package does"))


def bevel_edges(ctx: ToolContext, request: BevelEdgesInput) -> EditOutput:
    if not (math.isfinite(request.amount) and request.amount > 0):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"amount must be a positive number, not {request.amount}",
                            details={"amount": request.amount})

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        edges = base.check_edges(data, list(request.edges))
        return bevel.bevel(data, edges, request.amount)
    return run_edit(ctx, request, edit)
