"""Face restructuring tools: `probuilder.merge-faces`, `detach-faces` (same object or a new GameObject),
`duplicate-faces`, `bridge-edges`, `fill-hole`."""

from __future__ import annotations

from unitycli.api import (
    Field,
    ToolContext,
    ToolOutput,
    ToolSpec,
    UnityCliError,
    duplicate_gameobject,
    unique_sibling_name,
)
from unitycli_probuilder import edits, locate
from unitycli_probuilder.editing import REBUILD_NOTE, EditOutput, apply_edit, edit_spec, run_edit
from unitycli_probuilder.inputs import EXAMPLE_NOTE, SAMPLE_MESH, SAMPLE_SCENE, EditTarget
from unitycli_probuilder.meshdata import MeshData
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
                 "fewer than two faces. "),
    input_model=FacesInput, handler=merge_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)


def detach_faces(ctx: ToolContext, request: FacesInput) -> EditOutput:
    return run_edit(ctx, request, lambda data, site: face_ops.detach(data, request.faces, delete_source=True))


DETACH = edit_spec(
    name="probuilder.detach-faces", title="Detach ProBuilder faces",
    summary="Detach ProBuilder faces from the rest of the mesh (same object).",
    description=("ExtrudeElements.DetachFaces: the faces get their own vertices, joined to each other but no longer "
                 "to the rest of the mesh, and move to the end of the face list; nothing moves in space. "
                 "probuilder.detach-faces-to-object detaches them to a new GameObject. "),
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
                 "originals. "),
    input_model=FacesInput, handler=duplicate_faces, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

class BridgeInput(EditTarget):
    edges: list[tuple[int, int]] = Field(description="Exactly two edges, as [a, b] vertex-index pairs",
                                         min_length=2, max_length=2)
    allow_non_manifold: bool = Field(False, description="Bridge edges that already have a face on each side")


def bridge_edges(ctx: ToolContext, request: BridgeInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
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
                 "(unless `allowNonManifold`) or a face already joins them. "),
    input_model=BridgeInput, handler=bridge_edges, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1], [11, 10]],
               "allowNonManifold": True},),
)


class FillHoleInput(EditTarget):
    vertices: list[int] | None = Field(None, description="Fill only holes touching these vertices; omitted: all holes")


def fill_hole(ctx: ToolContext, request: FillHoleInput) -> EditOutput:
    def edit(data: MeshData, site: locate.MeshSite) -> list[int]:
        chosen = base.check_vertices(data, request.vertices) if request.vertices is not None else None
        return append.fill_holes(data, chosen)
    return run_edit(ctx, request, edit)


FILL = edit_spec(
    name="probuilder.fill-hole", title="Fill holes in a ProBuilder mesh",
    summary="Close holes in a ProBuilder mesh with new faces along their outlines.",
    description=("The Editor's Fill Hole (whole path): each loop of open edges (touching `vertices`, if given) gets "
                 "a face through copies of its corners (AppendElements.CreatePolygon), wound to match its "
                 "neighbours and taking the first neighbour's UV settings and submesh. The polygon is ear-clipped "
                 "(ProBuilder uses Poly2Tri). A mesh without holes is left as it is. "),
    input_model=FillHoleInput, handler=fill_hole, idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)



class DetachToObjectInput(FacesInput):
    name: str | None = Field(None, min_length=1, description=(
        "Name of the new GameObject; default: the original's name made unique among its siblings (`Name (1)`), "
        "as the Editor names it"))


class DetachToObjectOutput(ToolOutput):
    source: EditOutput = Field(description="The original mesh, without the detached faces")
    detached: EditOutput = Field(description="The new GameObject's mesh: the detached faces only")
    game_object_file_id: int = Field(alias="gameObjectFileID", description="The new GameObject")
    copied_objects: int = Field(description="GameObject and components copied from the original")


def _delete_keeping_selection(data: MeshData, doomed: list[int], *, select_all: bool) -> list[int]:
    """DeleteFaces, then ClearSelection (the original) or SetSelectedFaces(all faces) (the copy)."""
    edits.delete_faces(data, doomed)
    data.selected_faces = list(range(len(data.faces))) if select_all else []
    data.selected_vertices = [v for f in data.faces for v in f.distinct] if select_all else []
    data.selected_edges = [e for f in data.faces for e in base.face_edges(f)] if select_all else []
    return []


def detach_to_object(ctx: ToolContext, request: DetachToObjectInput) -> DetachToObjectOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object,
                                    expected_revision=request.expected_revision, for_write=True)
    count = len(MeshData.from_document(site.mesh).faces)
    primary = edits.check_faces(MeshData.from_document(site.mesh), request.faces)
    if len(primary) == count:
        raise UnityCliError("E_PROBUILDER_FACES_INVALID", "detaching every face to a new object leaves nothing "
                            "behind; the Editor skips such a mesh", details={"faces": request.faces, "faceCount": count})
    inverse = [f for f in range(count) if f not in set(primary)]
    node = site.node
    siblings = node.parent.children if node.parent is not None else site.model.roots
    name = request.name or unique_sibling_name(node.name, [s.name for s in siblings])
    copy = duplicate_gameobject(site.model, node, name, children=False)
    sites = {s.node.file_id: s for s in locate.meshes_in(loaded.path, loaded.yaml, copy.model)}
    source, _ = apply_edit(ctx, sites[node.file_id],
                           lambda data, _: _delete_keeping_selection(data, primary, select_all=False),
                           force=request.force)
    detached, _ = apply_edit(ctx, sites[copy.node.file_id],
                             lambda data, _: _delete_keeping_selection(data, inverse, select_all=True), force=True)
    loaded.save(ctx)
    return DetachToObjectOutput(source=source, detached=detached, game_object_file_id=copy.node.file_id,
                                copied_objects=len(copy.mapping))


DETACH_TO_OBJECT = ToolSpec(
    name="probuilder.detach-faces-to-object", title="Detach ProBuilder faces to a new GameObject",
    summary="Move ProBuilder faces out of a mesh into a new GameObject beside it.",
    description=("The Editor's Detach Faces with 'Detach To: Game Object' (DetachFaces.DetachFacesToObject): the "
                 "GameObject is copied with its components but not its children (Object.Instantiate, children "
                 "destroyed) as its parent's last child, named `Name (1)` unless `name` is given; the original "
                 "deletes the faces and clears its selection, the copy deletes every other face and selects all of "
                 "its faces. Both meshes are rebuilt by Unity on load. E_PROBUILDER_FACES_INVALID when every face is "
                 "given; E_SCHEMA_INVALID for a prefab's root (a prefab has one root). " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model=DetachToObjectInput, output_model=DetachToObjectOutput, handler=detach_to_object,
    read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

SPECS = (MERGE, DETACH, DUPLICATE, BRIDGE, FILL, DETACH_TO_OBJECT)
