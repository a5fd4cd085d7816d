"""Face edits on the mesh model, each keeping every parallel array, the shared vertices and the selection in step.

The operations follow ProBuilder's MeshOperations (DeleteElements.DeleteFaces, Face.Reverse,
ExtrudeElements.ExtrudePerFace, ProBuilderMesh.SetMaterial) so the result is what the Editor would have saved.
Each returns the indexes of the faces whose vertices it changed or created, for the UV/tangent refresh.
"""

from __future__ import annotations

from unitycli.api import Ref, UnityCliError
from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData
from unitycli_probuilder.meshops.base import keep_vertices


def check_faces(mesh: MeshData, faces: list[int]) -> list[int]:
    """The face indexes, validated: in range, no repeats, at least one (E_PROBUILDER_FACES_INVALID)."""
    count = len(mesh.faces)
    bad = [f for f in faces if not 0 <= f < count]
    if not faces or bad or len(set(faces)) != len(faces):
        why = ("no faces given" if not faces else f"face {bad[0]} is out of range (the mesh has {count} faces)"
               if bad else "a face index is repeated")
        raise UnityCliError("E_PROBUILDER_FACES_INVALID", why,
                            details={"faces": faces, "faceCount": count})
    return faces


def delete_faces(mesh: MeshData, faces: list[int]) -> list[int]:
    """Remove the faces and every vertex only they used; the selection keeps what still exists."""
    doomed = set(check_faces(mesh, faces))
    if len(doomed) == len(mesh.faces):
        raise UnityCliError("E_PROBUILDER_FACES_INVALID", "deleting every face would leave an empty mesh",
                            details={"faces": faces, "faceCount": len(mesh.faces)})
    face_remap = {}
    kept: list[Face] = []
    for i, face in enumerate(mesh.faces):
        if i not in doomed:
            face_remap[i] = len(kept)
            kept.append(face)
    mesh.faces = kept
    mesh.selected_faces = [face_remap[f] for f in mesh.selected_faces if f in face_remap]
    used = sorted({v for face in kept for v in face.indexes})
    keep_vertices(mesh, used)
    return []


def flip_normals(mesh: MeshData, faces: list[int]) -> list[int]:
    """Face.Reverse: the face's index array reversed, which turns every triangle's winding."""
    for f in check_faces(mesh, faces):
        mesh.faces[f].indexes.reverse()
    return faces


def _perimeter(indexes: list[int]) -> list[tuple[int, int]]:
    """Edges used by exactly one triangle of the face, directed as the winding runs."""
    directed = []
    for t in range(0, len(indexes) - 2, 3):
        a, b, c = indexes[t:t + 3]
        directed += [(a, b), (b, c), (c, a)]
    counts: dict[frozenset[int], int] = {}
    for a, b in directed:
        key = frozenset((a, b))
        counts[key] = counts.get(key, 0) + 1
    return [(a, b) for a, b in directed if counts[frozenset((a, b))] == 1]


def extrude_faces(mesh: MeshData, faces: list[int], distance: float) -> list[int]:
    """ExtrudePerFace: each face moves `distance` along its normal; a quad bridges every perimeter edge.

    Bridge quads are `[a, b, a', b']` with triangles (0,1,2)(1,3,2), so their normals face outwards for a face
    wound as ProBuilder winds it. The bottom corners join the shared vertices the face left; the moved face's
    corners and the bridge tops form new shared vertices. The face loses its smoothing and texture group.
    """
    check_faces(mesh, faces)
    group_of = {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}
    groups = [list(g) for g in mesh.shared_vertices]
    uv_groups = [list(g) for g in mesh.shared_textures]
    arrays = {key: list(mesh.vertex_array(key)) for key in VERTEX_ARRAYS}
    touched = list(faces)
    for f in faces:
        face = mesh.faces[f]
        face.smoothing_group = 0
        face.texture_group = -1
        delta = geometry.scale(geometry.face_normal(mesh, face), distance)
        moved: dict[int, int] = {}  # face vertex -> its new shared group
        for a, b in _perimeter(face.indexes):
            for v in (a, b):
                if v not in moved:
                    old = group_of.get(v)
                    if old is not None and v in groups[old]:
                        groups[old].remove(v)
                    moved[v] = len(groups)
                    groups.append([v])
            base = len(arrays["m_Positions"])
            for values in arrays.values():
                if values:
                    values += [values[a], values[b], values[a], values[b]]
            pos = arrays["m_Positions"]
            pos[base + 2] = geometry.add(pos[a], delta)
            pos[base + 3] = geometry.add(pos[b], delta)
            for v, corner in ((base, a), (base + 1, b)):
                old = group_of.get(corner)
                if old is not None:
                    groups[old].append(v)
                else:
                    groups.append([v])
            groups[moved[a]].append(base + 2)
            groups[moved[b]].append(base + 3)
            bridge = face.copy([base, base + 1, base + 2, base + 1, base + 3, base + 2])
            bridge.manual_uv, bridge.element_group, bridge.texture_group = 0, -1, -1
            touched.append(len(mesh.faces))
            mesh.faces.append(bridge)
        pos = arrays["m_Positions"]
        for v in face.distinct:
            pos[v] = geometry.add(pos[v], delta)
        doomed = set(face.distinct)
        uv_groups = [[v for v in g if v not in doomed] for g in uv_groups]
    for key, values in arrays.items():
        mesh.set_vertex_array(key, values)
    mesh.shared_vertices = [g for g in groups if g]
    mesh.shared_textures = [g for g in uv_groups if len(g) > 1]
    return touched


def set_face_material(mesh: MeshData, materials: list[Ref], faces: list[int], material: Ref) -> list[Ref]:
    """ProBuilderMesh.SetMaterial: reuse the material's submesh, else an unused slot, else append one.

    Returns the MeshRenderer's new material list; the faces get that submesh index.
    """
    check_faces(mesh, faces)
    materials = list(materials)
    index = next((i for i, m in enumerate(materials) if m == material), -1)
    if index < 0:
        used = [False] * len(materials)
        for face in mesh.faces:
            if materials:
                used[max(0, min(face.submesh_index, len(materials) - 1))] = True
        index = used.index(False) if False in used else -1
        if index >= 0:
            materials[index] = material
        else:
            index = len(materials)
            materials.append(material)
    for f in faces:
        mesh.faces[f].submesh_index = index
    return materials
