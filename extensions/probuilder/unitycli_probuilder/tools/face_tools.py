"""Face restructuring tools: `probuilder.merge-faces`, `detach-faces`, `duplicate-faces`."""

from __future__ import annotations

from pydantic import Field

from unitycli.api import ToolContext, ToolSpec
from unitycli_probuilder.editing import REBUILD_NOTE, EditOutput, run_edit
from unitycli_probuilder.inputs import EXAMPLE_NOTE, SAMPLE_MESH, SAMPLE_SCENE, EditTarget
from unitycli_probuilder.meshops import faces as face_ops

_WRITES = {"read_only": False, "permissions": ("reads_project", "writes_project")}


class FacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")


def merge_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.merge(data, request.faces))


MERGE = ToolSpec(
    name="probuilder.merge-faces", title="Merge ProBuilder faces",
    summary="Merge ProBuilder faces into one face.",
    description=("MergeElements.Merge: one face holding every triangle of the faces, with the first face's "
                 "material, UV, smoothing and groups, placed after the other faces; corners the faces shared "
                 "collapse to one vertex and vertices left unused are removed. E_PROBUILDER_ELEMENTS_INVALID for "
                 "fewer than two faces. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, output_model=EditOutput, handler=merge_faces, destructive=True, idempotent=False,
    **_WRITES, examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)


def detach_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=True))


DETACH = ToolSpec(
    name="probuilder.detach-faces", title="Detach ProBuilder faces",
    summary="Detach ProBuilder faces from the rest of the mesh (same object).",
    description=("ExtrudeElements.DetachFaces: the faces get their own vertices, joined to each other but no longer "
                 "to the rest of the mesh, and move to the end of the face list; nothing moves in space. Detaching "
                 "to a new GameObject is not offered. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, output_model=EditOutput, handler=detach_faces, destructive=True, idempotent=False,
    **_WRITES, examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)


def duplicate_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=False))


DUPLICATE = ToolSpec(
    name="probuilder.duplicate-faces", title="Duplicate ProBuilder faces",
    summary="Duplicate ProBuilder faces in place as new, detached faces.",
    description=("DetachFaces without deleting the sources, as the Editor's Duplicate Faces (to submesh) does: "
                 "copies of the faces with their own vertices are appended, joined to each other but not to the "
                 "originals. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, output_model=EditOutput, handler=duplicate_faces, destructive=True, idempotent=False,
    **_WRITES, examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

SPECS = (MERGE, DETACH, DUPLICATE)
