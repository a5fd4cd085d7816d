"""Face operations that restructure faces: triangulate, flip a quad's diagonal, conform normals, merge, detach and
duplicate (Runtime/MeshOperations/SurfaceTopology.cs, MergeElements.cs, ExtrudeElements.DetachFaces; rc-6.0.4)."""

from __future__ import annotations

from collections import defaultdict

from unitycli.api import UnityCliError
from unitycli_probuilder import edits
from unitycli_probuilder.meshdata import Face, MeshData
from unitycli_probuilder.meshops.base import (
    copy_vertices,
    drop_unused_vertices,
    face_edges,
    lookup,
    remove_faces,
    set_groups,
)


def _append_faces(mesh: MeshData, sources: list[int], *, own_groups: bool) -> list[int]:
    """FaceRebuildData.Apply for copies of `sources`: each face's distinct vertices copied to the end, in
    first-use order. With `own_groups` the copies share groups only among themselves (DetachFaces); otherwise they
    join the groups of the vertices they copy (ToTriangles)."""
    table = lookup(mesh)
    offset = len(mesh.shared_vertices)
    new_faces: list[int] = []
    pending: list[tuple[Face, list[int]]] = []
    for f in sources:
        face = mesh.faces[f]
        distinct = face.distinct
        pending.append((face, distinct))
    for face, distinct in pending:
        copies = copy_vertices(mesh, distinct)
        local = dict(zip(distinct, copies, strict=True))
        for old, new in local.items():
            table[new] = table[old] + offset if own_groups else table[old]
        new_faces.append(len(mesh.faces))
        mesh.faces.append(face.copy([local[i] for i in face.indexes]))
    set_groups(mesh, table)
    return new_faces


def triangulate(mesh: MeshData, faces: list[int]) -> list[int]:
    """ToTriangles: every triangle of each face becomes a face of its own (same settings), the sources go."""
    edits.check_faces(mesh, faces)
    table = lookup(mesh)
    created: list[Face] = []
    for f in faces:
        face = mesh.faces[f]
        for t in range(0, len(face.indexes) - 2, 3):
            tri = face.indexes[t:t + 3]
            copies = copy_vertices(mesh, tri)
            for old, new in zip(tri, copies, strict=True):
                table[new] = table[old]
            created.append(face.copy(copies))
    start = len(mesh.faces)
    mesh.faces.extend(created)
    set_groups(mesh, table)
    remap = remove_faces(mesh, set(faces))
    drop_unused_vertices(mesh)
    return [remap[i] for i in range(start, start + len(created))]


def flip_diagonal(mesh: MeshData, faces: list[int]) -> list[int]:
    """SurfaceTopology.FlipEdge: a quad's shared diagonal turns to the other two corners."""
    edits.check_faces(mesh, faces)
    for f in faces:
        idx = mesh.faces[f].indexes
        if len(idx) != 6:
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"face {f} is not a quad ({len(idx) // 3} triangles)",
                                details={"face": f, "triangles": len(idx) // 3})
        mode = [1 + sum(1 for y, w in enumerate(idx) if y != x and w == v) for x, v in enumerate(idx)]
        if sum(mode[:3]) != 5 or sum(mode[3:]) != 5:
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"face {f}'s two triangles do not share one edge",
                                details={"face": f})
        i0 = idx[next(k for k in range(3) if mode[k] == 1)]
        i1 = idx[next(k for k in range(3, 6) if mode[k] == 1)]
        k = next(k for k in range(3) if mode[k] == 2)
        used, idx[k] = idx[k], i1
        second = next((k for k in range(3, 6) if mode[k] == 2 and idx[k] != used), None)
        if second is not None:
            idx[second] = i0
    return faces


def conform_normals(mesh: MeshData, faces: list[int]) -> tuple[list[int], int]:
    """ConformNormals: in each connected island of the faces, the minority winding is reversed to match.

    Two faces sharing an edge agree when they run it in opposite directions (on shared-vertex indexes). Returns
    the flipped faces and how many there were.
    """
    edits.check_faces(mesh, faces)
    table = lookup(mesh)
    chosen = list(dict.fromkeys(faces))
    by_edge: dict[frozenset[int], list[tuple[int, tuple[int, int]]]] = defaultdict(list)
    for f in chosen:
        for a, b in face_edges(mesh.faces[f]):
            ga, gb = table[a], table[b]
            by_edge[frozenset((ga, gb))].append((f, (ga, gb)))
    flags: dict[int, bool] = {}
    flipped: list[int] = []
    for start in chosen:
        if start in flags:
            continue
        island = {start: True}
        stack = [start]
        while stack:
            f = stack.pop()
            for a, b in face_edges(mesh.faces[f]):
                key = frozenset((table[a], table[b]))
                mine = (table[a], table[b])
                for other, theirs in by_edge[key]:
                    if other == f or other in island:
                        continue
                    island[other] = island[f] if theirs != mine else not island[f]
                    stack.append(other)
        vote = sum(1 if v else -1 for v in island.values())
        keep = vote > 0
        for f, flag in island.items():
            if flag != keep:
                mesh.faces[f].indexes.reverse()
                flipped.append(f)
        flags.update(island)
    return sorted(flipped), len(flipped)


def merge(mesh: MeshData, faces: list[int]) -> list[int]:
    """MergeElements.Merge: one face with all the triangles, the first face's settings, appended last; coincident
    corners inside it collapse to one vertex and vertices left unused go."""
    edits.check_faces(mesh, faces)
    if len(faces) < 2:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "merging needs at least two faces",
                            details={"faces": faces})
    first = mesh.faces[faces[0]]
    merged = first.copy([i for f in faces for i in mesh.faces[f].indexes])
    remove_faces(mesh, set(faces))
    mesh.faces.append(merged)
    table = lookup(mesh)
    seen: dict[int, int] = {}
    merged.indexes = [seen.setdefault(table[i], i) for i in merged.indexes]
    drop_unused_vertices(mesh)
    return [len(mesh.faces) - 1]


def detach(mesh: MeshData, faces: list[int], *, delete_source: bool) -> list[int]:
    """DetachFaces: copies of the faces with their own vertices, joined to each other but not to the rest; the
    sources are deleted (detach) or kept (duplicate). Returns the new faces' indexes."""
    edits.check_faces(mesh, faces)
    if delete_source and len(faces) == len(mesh.faces):
        raise UnityCliError("E_PROBUILDER_FACES_INVALID", "detaching every face changes nothing",
                            details={"faces": faces, "faceCount": len(mesh.faces)})
    created = _append_faces(mesh, faces, own_groups=True)
    if not delete_source:
        return created
    remap = remove_faces(mesh, set(faces))
    drop_unused_vertices(mesh)
    return [remap[f] for f in created]
