"""Object tools: `probuilder.set-pivot` and `freeze-transform` (the world result unchanged), `mirror`."""

from __future__ import annotations

import math
from typing import Literal

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_probuilder import locate
from unitycli_probuilder.editing import EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import SAMPLE_MESH, SAMPLE_SCENE, EditTarget
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


SET_PIVOT = edit_spec(
    name="probuilder.set-pivot", title="Set a ProBuilder mesh's pivot",
    summary="Move a ProBuilder object's pivot without moving the mesh in the world.",
    description=("MeshTransform.SetPivot / CenterPivot: the Transform moves to the new pivot and every vertex moves "
                 "the opposite way, so the world result is unchanged. The pivot is the centre of the mesh bounds "
                 "(default), the average of `vertices`, or a local `point`. The Transform's m_LocalPosition "
                 "changes; auto UVs, projected from local positions, are recomputed as Refresh does. "),
    input_model=SetPivotInput, handler=set_pivot, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0]},),
)


def freeze_transform(ctx: ToolContext, request: EditTarget) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        objectops.freeze(data, site)
        return list(range(len(data.faces)))
    return run_edit(ctx, request, edit)


FREEZE = edit_spec(
    name="probuilder.freeze-transform", title="Freeze a ProBuilder object's Transform",
    summary="Bake a ProBuilder object's position, rotation and scale into its vertices.",
    description=("The Editor's Freeze Transform: vertices become world positions, the Transform becomes identity, "
                 "every face keeps its UVs (manual UV) and a mirroring scale reverses every face. Refused "
                 "(E_PROPERTY_EDIT_UNSUPPORTED) under a parent whose Transform is not identity. "),
    input_model=EditTarget, handler=freeze_transform, idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)



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


MIRROR = edit_spec(
    name="probuilder.mirror", title="Mirror a ProBuilder mesh",
    summary="Mirror a ProBuilder mesh across its local x, y and/or z axis, in place.",
    description=("The Editor's Mirror Objects without Duplicate (MirrorObjects.Mirror): each given local axis of "
                 "every vertex is negated (the -1 scale frozen into the mesh), and an odd number of axes reverses "
                 "every face so normals keep pointing out; the Transform is not changed. Auto UVs and tangents are "
                 "recomputed as Refresh does; manual UVs stay. Mirroring to a duplicate GameObject is not offered. "),
    input_model=MirrorInput, handler=mirror, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "axes": ["x"]},),
)

SPECS = (SET_PIVOT, FREEZE, MIRROR)
