"""The bookkeeping every mesh operation shares: shared-vertex lookups, copying and dropping vertices, selections.

ProBuilder keeps coincident vertices apart in the arrays and together in `m_SharedVertices`; an operation edits a
lookup (vertex -> group) and rebuilds the groups from it (SharedVertex.ToSharedVertices: groups in the order
their first vertex appears, a vertex mapped to a negative group gets one of its own).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from unitycli.api import UnityCliError
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData

Edge = tuple[int, int]


def lookup(mesh: MeshData) -> dict[int, int]:
    """mesh.sharedVertexLookup: vertex -> group index, iterated group by group."""
    return {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}


def set_groups(mesh: MeshData, table: dict[int, int]) -> None:
    """ProBuilderMesh.SetSharedVertices(lookup): rebuild the groups; vertices missing from `table` get their own."""
    groups: dict[int, list[int]] = {}
    own: list[list[int]] = []
    for v, g in table.items():
        if g < 0:
            own.append([v])
        else:
            groups.setdefault(g, []).append(v)
    found = list(groups.values()) + own
    seen = set(table)
    found += [[v] for v in range(mesh.vertex_count) if v not in seen]
    mesh.shared_vertices = found


def coincident(mesh: MeshData, vertices: Iterable[int]) -> list[int]:
    """ProBuilderMesh.GetCoincidentVertices: every vertex sharing a position group with one of `vertices`."""
    table = lookup(mesh)
    wanted = {table.get(v, -1 - v) for v in vertices}
    return sorted(v for v in range(mesh.vertex_count) if table.get(v, -1 - v) in wanted)


def copy_vertices(mesh: MeshData, sources: list[int]) -> list[int]:
    """Append copies of `sources` to every per-vertex array; returns the new indexes (groups not touched)."""
    base = mesh.vertex_count
    for key in VERTEX_ARRAYS:
        values = mesh.vertex_array(key)
        if values:
            mesh.set_vertex_array(key, values + [values[i] for i in sources])
    return list(range(base, base + len(sources)))


def keep_vertices(mesh: MeshData, keep: list[int]) -> dict[int, int]:
    """Reduce every per-vertex array to `keep` (old indexes, in order); returns old -> new index."""
    remap = {old: new for new, old in enumerate(keep)}
    for key in VERTEX_ARRAYS:
        values = mesh.vertex_array(key)
        if values:
            mesh.set_vertex_array(key, [values[i] for i in keep])
    for face in mesh.faces:
        face.indexes = [remap[i] for i in face.indexes]
    for attr in ("shared_vertices", "shared_textures"):
        groups = [[remap[v] for v in g if v in remap] for g in getattr(mesh, attr)]
        setattr(mesh, attr, [g for g in groups if g])
    mesh.selected_vertices = [remap[v] for v in mesh.selected_vertices if v in remap]
    mesh.selected_edges = [(remap[a], remap[b]) for a, b in mesh.selected_edges if a in remap and b in remap]
    return remap


def drop_unused_vertices(mesh: MeshData) -> list[int]:
    """Remove vertices no face uses (MeshValidation.RemoveUnusedVertices); returns the removed indexes."""
    used = {v for face in mesh.faces for v in face.indexes}
    removed = [v for v in range(mesh.vertex_count) if v not in used]
    if removed:
        keep_vertices(mesh, [v for v in range(mesh.vertex_count) if v in used])
    return removed


def remove_faces(mesh: MeshData, doomed: set[int]) -> dict[int, int]:
    """Drop faces (not their vertices); the face selection is renumbered. Returns old -> new face index."""
    remap: dict[int, int] = {}
    kept: list[Face] = []
    for i, face in enumerate(mesh.faces):
        if i not in doomed:
            remap[i] = len(kept)
            kept.append(face)
    mesh.faces = kept
    mesh.selected_faces = [remap[f] for f in mesh.selected_faces if f in remap]
    return remap


def triangle_area(a: tuple[float, ...], b: tuple[float, ...], c: tuple[float, ...]) -> float:
    """Math.TriangleArea: half the cross product's length."""
    ux, uy, uz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    vx, vy, vz = c[0] - a[0], c[1] - a[1], c[2] - a[2]
    cx, cy, cz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    return 0.5 * math.sqrt(cx * cx + cy * cy + cz * cz)


def remove_degenerate_triangles(mesh: MeshData) -> list[int]:
    """MeshValidation.RemoveDegenerateTriangles: triangles without area or with two corners in one group go,
    faces left without triangles go, then vertices nothing uses. Returns the removed vertex indexes."""
    table = lookup(mesh)
    empty: set[int] = set()
    for f, face in enumerate(mesh.faces):
        kept: list[int] = []
        first_of: dict[int, int] = {}
        idx = face.indexes
        for t in range(0, len(idx) - 2, 3):
            a, b, c = idx[t:t + 3]
            if triangle_area(mesh.positions[a], mesh.positions[b], mesh.positions[c]) <= 1.401298e-45:
                continue
            ga, gb, gc = (table.get(v, -1 - v) for v in (a, b, c))
            if ga in (gb, gc) or gb == gc:
                continue
            kept += [first_of.setdefault(ga, a), first_of.setdefault(gb, b), first_of.setdefault(gc, c)]
        face.indexes = kept
        if not kept:
            empty.add(f)
    if empty:
        remove_faces(mesh, empty)
    return drop_unused_vertices(mesh)


def faces_using(mesh: MeshData, vertices: Iterable[int]) -> list[int]:
    wanted = set(vertices)
    return [f for f, face in enumerate(mesh.faces) if wanted.intersection(face.indexes)]


def check_vertices(mesh: MeshData, vertices: list[int]) -> list[int]:
    """Vertex indexes, validated like face indexes (E_PROBUILDER_ELEMENTS_INVALID)."""
    bad = [v for v in vertices if not 0 <= v < mesh.vertex_count]
    if not vertices or bad:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                            "no vertices given" if not vertices else
                            f"vertex {bad[0]} is out of range (the mesh has {mesh.vertex_count} vertices)",
                            details={"vertices": vertices, "vertexCount": mesh.vertex_count})
    return list(dict.fromkeys(vertices))


def check_edges(mesh: MeshData, edges: list[Edge]) -> list[Edge]:
    """Edges as vertex-index pairs that some face actually has (E_PROBUILDER_ELEMENTS_INVALID otherwise)."""
    if not edges:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "no edges given", details={"edges": []})
    table = lookup(mesh)
    known = {frozenset((table.get(a, -1 - a), table.get(b, -1 - b)))
             for face in mesh.faces for a, b in face_edges(face)}
    for a, b in edges:
        if not (0 <= a < mesh.vertex_count and 0 <= b < mesh.vertex_count) or a == b or \
                frozenset((table.get(a, -1 - a), table.get(b, -1 - b))) not in known:
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"({a}, {b}) is not an edge of the mesh",
                                details={"edge": [a, b], "vertexCount": mesh.vertex_count})
    return list(dict.fromkeys(edges))


def face_edges(face: Face) -> list[Edge]:
    """Face.edges: the perimeter, edges used by one triangle of the face, in winding order."""
    directed: list[Edge] = []
    idx = face.indexes
    for t in range(0, len(idx) - 2, 3):
        a, b, c = idx[t:t + 3]
        directed += [(a, b), (b, c), (c, a)]
    counts: dict[frozenset[int], int] = {}
    for a, b in directed:
        counts[frozenset((a, b))] = counts.get(frozenset((a, b)), 0) + 1
    return [(a, b) for a, b in directed if counts[frozenset((a, b))] == 1]
