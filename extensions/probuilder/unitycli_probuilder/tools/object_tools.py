"""Object tools: `probuilder.set-pivot` and `freeze-transform` (the world result unchanged), `mirror`."""

from __future__ import annotations

import math
from typing import Literal

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, run_edit
from unitycli_probuilder.inputs import EditTarget
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import base, objectops
from unitycli_probuilder.tools.vertex_tools import Offset


class SetPivotInput(EditTarget):
    vertices: list[int] | None = Field(None, description="Put the pivot at the average of these vertices")
    point: Offset | None = Field(None, description="Put the pivot at this point of the mesh's local space")


def set_pivot(ctx: ToolContext, request: SetPivotInput) -> EditOutput:
    if request.vertices is not None and request.point is not None:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "give vertices or a point, not both",
                            details={"vertices": request.vertices})

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        if request.point is not None:
            pivot = (request.point.x, request.point.y, request.point.z)
        elif request.vertices is not None:
            pivot = objectops.vertices_center(data, base.check_vertices(data, request.vertices))
        else:
            pivot = objectops.bounds_center(data)
        if not all(math.isfinite(c) for c in pivot):
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "the pivot is not a finite point", details={})
        objectops.set_pivot(data, site, pivot)
        return list(range(len(data.faces)))
    return run_edit(ctx, request, edit)


def freeze_transform(ctx: ToolContext, request: EditTarget) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        objectops.freeze(data, site)
        return list(range(len(data.faces)))
    return run_edit(ctx, request, edit)


class MirrorInput(EditTarget):
    axes: list[Literal["x", "y", "z"]] = Field(description="The mesh's local axes to mirror across (each negated)")


def mirror(ctx: ToolContext, request: MirrorInput) -> EditOutput:
    axes = set(request.axes)
    if not axes or len(axes) != len(request.axes):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "give each axis to mirror once (x, y and/or z)",
                            details={"axes": request.axes})

    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        objectops.mirror(data, axes)
        return list(range(len(data.faces)))
    return run_edit(ctx, request, edit)
