"""Face edits: delete, flip, extrude, set material, merge, detach, duplicate, bridge, fill."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_probuilder.descriptions import EXAMPLE_NOTE, REBUILD_NOTE, SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import WRITES, edit_spec

DELETE_FACES = edit_spec(
    name="probuilder.delete-faces", title="Delete ProBuilder faces",
    summary="Delete faces of a ProBuilder mesh, with the vertices only they used.",
    description=("Removes the given faces and every vertex no remaining face uses, re-indexing the faces, every "
                 "per-vertex array (positions, UVs, tangents, colors), the shared vertices and the selection. "
                 "Refuses to delete every face. "),
    input_model="unitycli_probuilder.tools.delete_faces:DeleteFacesInput",
    handler="unitycli_probuilder.tools.delete_faces:delete_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

FLIP_NORMALS = edit_spec(
    name="probuilder.flip-normals", title="Flip ProBuilder face normals",
    summary="Reverse the winding of ProBuilder faces so their normals point the other way.",
    description=("Reverses each face's index array, as ProBuilder's Face.Reverse does, which flips every triangle's "
                 "winding and so its normal; auto UVs and tangents of those faces are recomputed. "),
    input_model="unitycli_probuilder.tools.flip_normals:FlipNormalsInput",
    handler="unitycli_probuilder.tools.flip_normals:flip_normals",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)

EXTRUDE_EDGES = edit_spec(
    name="probuilder.extrude-edges", title="Extrude ProBuilder edges",
    summary="Extrude open ProBuilder edges into new quads.",
    description=("ExtrudeElements.Extrude(edges): each open edge (on one face; `manifold` allows edges between "
                 "two) grows a quad whose far side lies `distance` along the face normal or, as a group, along the "
                 "averaged smoothed normals at each end; grouped far corners that grow from one point stay joined. "
                 "E_PROBUILDER_ELEMENTS_INVALID when no edge can be extruded. "),
    input_model="unitycli_probuilder.tools.extrude_faces:ExtrudeEdgesInput",
    handler="unitycli_probuilder.tools.extrude_faces:extrude_edges",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1]], "manifold": True},),
)

EXTRUDE_FACES = edit_spec(
    name="probuilder.extrude-faces", title="Extrude ProBuilder faces",
    summary="Extrude ProBuilder faces along their normals, adding side faces.",
    description=("With `method` `individual` (ProBuilder's ExtrudeMethod.IndividualFaces) each face moves "
                 "`distance` along its normal and a new quad bridges each perimeter edge, wound so it faces "
                 "outwards, with the face's submesh and UV settings. The side faces' bottom vertices join the shared "
                 "vertices left behind; the moved face and the side tops form new shared vertices. All per-vertex "
                 "arrays grow together. With `face-normal` or `vertex-normal` (ExtrudeAsGroups) each connected group of faces "
                 "moves as one piece: a vertex moves along the average normal of its group's faces there (face-normal "
                 "lengthens that by the secant of the angle, so flat sides stay `distance` apart) and bridge quads "
                 "follow only the group's outline. "),
    input_model="unitycli_probuilder.tools.extrude_faces:ExtrudeFacesInput",
    handler="unitycli_probuilder.tools.extrude_faces:extrude_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4], "distance": 0.5},
              {"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 4], "distance": 0.25,
               "method": "face-normal"}),
)

SET_FACE_MATERIAL = edit_spec(
    name="probuilder.set-face-material", title="Set the material of ProBuilder faces",
    summary="Assign a material to ProBuilder faces via the MeshRenderer's submeshes.",
    description=("Does what ProBuilderMesh.SetMaterial does: the faces get the submesh index of the material in the "
                 "MeshRenderer's m_Materials, reusing its slot, else a slot no face uses, else a new slot appended. "
                 "(Face.m_Material is a legacy field ProBuilder ignores for format version 2; it is left as is.) "),
    input_model="unitycli_probuilder.tools.set_face_material:SetFaceMaterialInput",
    handler="unitycli_probuilder.tools.set_face_material:set_face_material",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4],
               "material": "Assets/Materials/Grass.mat"},),
)

MERGE_FACES = edit_spec(
    name="probuilder.merge-faces", title="Merge ProBuilder faces",
    summary="Merge ProBuilder faces into one face.",
    description=("MergeElements.Merge: one face holding every triangle of the faces, with the first face's "
                 "material, UV, smoothing and groups, placed after the other faces; corners the faces shared "
                 "collapse to one vertex and vertices left unused are removed. E_PROBUILDER_ELEMENTS_INVALID for "
                 "fewer than two faces. "),
    input_model="unitycli_probuilder.tools.face_tools:FacesInput",
    handler="unitycli_probuilder.tools.face_tools:merge_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [0, 1]},),
)

DETACH_FACES = edit_spec(
    name="probuilder.detach-faces", title="Detach ProBuilder faces",
    summary="Detach ProBuilder faces from the rest of the mesh (same object).",
    description=("ExtrudeElements.DetachFaces: the faces get their own vertices, joined to each other but no longer "
                 "to the rest of the mesh, and move to the end of the face list; nothing moves in space. "
                 "probuilder.detach-faces-to-object detaches them to a new GameObject. "),
    input_model="unitycli_probuilder.tools.face_tools:FacesInput",
    handler="unitycli_probuilder.tools.face_tools:detach_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

DUPLICATE_FACES = edit_spec(
    name="probuilder.duplicate-faces", title="Duplicate ProBuilder faces",
    summary="Duplicate ProBuilder faces in place as new, detached faces.",
    description=("DetachFaces without deleting the sources, as the Editor's Duplicate Faces (to submesh) does: "
                 "copies of the faces with their own vertices are appended, joined to each other but not to the "
                 "originals. "),
    input_model="unitycli_probuilder.tools.face_tools:FacesInput",
    handler="unitycli_probuilder.tools.face_tools:duplicate_faces",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

BRIDGE_EDGES = edit_spec(
    name="probuilder.bridge-edges", title="Bridge two ProBuilder edges",
    summary="Join two ProBuilder edges with a new face (a triangle when they share a point).",
    description=("AppendElements.Bridge: a quad between the two edges (its far side turned when the straight order "
                 "would cross itself), or a triangle when they share a point, with the first edge's face's UV "
                 "settings and submesh. E_PROBUILDER_ELEMENTS_INVALID when an edge already has faces on both sides "
                 "(unless `allowNonManifold`) or a face already joins them. "),
    input_model="unitycli_probuilder.tools.face_tools:BridgeInput",
    handler="unitycli_probuilder.tools.face_tools:bridge_edges",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "edges": [[0, 1], [11, 10]],
               "allowNonManifold": True},),
)

FILL_HOLE = edit_spec(
    name="probuilder.fill-hole", title="Fill holes in a ProBuilder mesh",
    summary="Close holes in a ProBuilder mesh with new faces along their outlines.",
    description=("The Editor's Fill Hole (whole path): each loop of open edges (touching `vertices`, if given) gets "
                 "a face through copies of its corners (AppendElements.CreatePolygon), wound to match its "
                 "neighbours and taking the first neighbour's UV settings and submesh. The polygon is ear-clipped "
                 "(ProBuilder uses Poly2Tri). A mesh without holes is left as it is. "),
    input_model="unitycli_probuilder.tools.face_tools:FillHoleInput",
    handler="unitycli_probuilder.tools.face_tools:fill_hole",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

DETACH_FACES_TO_OBJECT: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.detach-faces-to-object", title="Detach ProBuilder faces to a new GameObject",
    summary="Move ProBuilder faces out of a mesh into a new GameObject beside it.",
    description=("The Editor's Detach Faces with 'Detach To: Game Object' (DetachFaces.DetachFacesToObject): the "
                 "GameObject is copied with its components but not its children (Object.Instantiate, children "
                 "destroyed) as its parent's last child, named `Name (1)` unless `name` is given; the original "
                 "deletes the faces and clears its selection, the copy deletes every other face and selects all of "
                 "its faces. Both meshes are rebuilt by Unity on load. E_PROBUILDER_FACES_INVALID when every face is "
                 "given; E_SCHEMA_INVALID for a prefab's root (a prefab has one root). " + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE),
    input_model="unitycli_probuilder.tools.face_tools:DetachToObjectInput",
    output_model="unitycli_probuilder.tools.face_tools:DetachToObjectOutput",
    handler="unitycli_probuilder.tools.face_tools:detach_to_object",
    read_only=False, destructive=True, idempotent=False, permissions=WRITES,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faces": [4]},),
)

SPECS = (DELETE_FACES, FLIP_NORMALS, EXTRUDE_EDGES, EXTRUDE_FACES, SET_FACE_MATERIAL, MERGE_FACES, DETACH_FACES, DUPLICATE_FACES, BRIDGE_EDGES, FILL_HOLE, DETACH_FACES_TO_OBJECT)
