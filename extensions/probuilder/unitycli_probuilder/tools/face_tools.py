"""Face restructuring tools: `probuilder.merge-faces`, `detach-faces`, `duplicate-faces`."""

from __future__ import annotations

from pydantic import Field

from unitycli.api import ToolContext
from unitycli_probuilder.editing import REBUILD_NOTE, EditOutput, edit_spec, run_edit
from unitycli_probuilder.inputs import EXAMPLE_NOTE, SAMPLE_MESH, SAMPLE_SCENE, EditTarget
from unitycli_probuilder.meshops import append, base
from unitycli_probuilder.meshops import faces as face_ops


class FacesInput(EditTarget):
    faces: list[int] = Field(description="Face indexes")


def merge_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.merge(data, request.faces))


MERGE = edit_spec(
    name="probuilder.merge-faces", title="Merge ProBuilder faces",
    summary="Merge ProBuilder faces into one face.",
    description=("MergeElements.Merge: one face holding every triangle of the faces, with the first face's "
                 "material, UV, smoothing and groups, placed after the other faces; corners the faces shared "
                 "collapse to one vertex and vertices left unused are removed. E_PROBUILDER_ELEMENTS_INVALID for "
                 "fewer than two faces. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, handler=merge_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)


def detach_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=True))


DETACH = edit_spec(
    name="probuilder.detach-faces", title="Detach ProBuilder faces",
    summary="Detach ProBuilder faces from the rest of the mesh (same object).",
    description=("ExtrudeElements.DetachFaces: the faces get their own vertices, joined to each other but no longer "
                 "to the rest of the mesh, and move to the end of the face list; nothing moves in space. Detaching "
                 "to a new GameObject is not offered. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, handler=detach_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)


def duplicate_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=False))


DUPLICATE = edit_spec(
    name="probuilder.duplicate-faces", title="Duplicate ProBuilder faces",
    summary="Duplicate ProBuilder faces in place as new, detached faces.",
    description=("DetachFaces without deleting the sources, as the Editor's Duplicate Faces (to submesh) does: "
                 "copies of the faces with their own vertices are appended, joined to each other but not to the "
                 "originals. " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FacesInput, handler=duplicate_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

class BridgeInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Exactly two edges, as [a, b] vertex-index pairs",
                                         min_length=2, max_length=2)
    allow_non_manifold: bool = Field(False, description="Bridge edges that already have a face on each side")


def bridge_edges(ctx: ToolContext, request: BridgeInput) -> EditOutput:
    def edit(data, site):
        a, b = (tuple(e) for e in request.edges)
        base.check_edges(data, [a, b])
        return append.bridge(data, a, b, allow_non_manifold=request.allow_non_manifold)
    return run_edit(ctx, request, edit)


BRIDGE = edit_spec(
    name="probuilder.bridge-edges", title="Bridge two ProBuilder edges",
    summary="Join two ProBuilder edges with a new face (a triangle when they share a point).",
    description=("AppendElements.Bridge: a quad between the two edges (its far side turned when the straight order "
                 "would cross itself), or a triangle when they share a point, with the first edge's face's UV "
                 "settings and submesh. E_PROBUILDER_ELEMENTS_INVALID when an edge already has faces on both sides "
                 "(unless `allowNonManifold`) or a face already joins them. " + REBUILD_NOTE + " Supports --dry-run."
                 + EXAMPLE_NOTE),
    input_model=BridgeInput, handler=bridge_edges, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1], [11, 10]],
               "allowNonManifold": True},),
)


class FillHoleInput(EditTarget):
    vertices: list[int] | None = Field(None, description="Fill only holes touching these vertices; omitted: all holes")


def fill_hole(ctx: ToolContext, request: FillHoleInput) -> EditOutput:
    def edit(data, site):
        chosen = base.check_vertices(data, request.vertices) if request.vertices is not None else None
        return append.fill_holes(data, chosen)
    return run_edit(ctx, request, edit)


FILL = edit_spec(
    name="probuilder.fill-hole", title="Fill holes in a ProBuilder mesh",
    summary="Close holes in a ProBuilder mesh with new faces along their outlines.",
    description=("The Editor's Fill Hole (whole path): each loop of open edges (touching `vertices`, if given) gets "
                 "a face through copies of its corners (AppendElements.CreatePolygon), wound to match its "
                 "neighbours and taking the first neighbour's UV settings and submesh. The polygon is ear-clipped "
                 "(ProBuilder uses Poly2Tri). A mesh without holes is left as it is. " + REBUILD_NOTE
                 + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=FillHoleInput, handler=fill_hole, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

SPECS = (MERGE, DETACH, DUPLICATE, BRIDGE, FILL)
