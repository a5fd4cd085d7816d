"""Bridging two edges with a new face: AppendElements.Bridge (Runtime/MeshOperations/AppendElements.cs, rc-6.0.4).

Two edges sharing a point make a triangle, otherwise a quad `{2, 1, 0, 2, 3, 1}` whose far side is flipped when the
straight order would cross itself (Math.GetLineSegmentIntersect on the four points projected on their plane). The
face takes the first edge's face's UV settings and submesh, no smoothing, no material; its vertices join the
position groups of the corners they copy and carry their colours; UVs are auto-projected.
"""

from __future__ import annotations

from collections.abc import Sequence

from unitycli.api import UnityCliError
from unitycli_probuilder import geometry, ids
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData
from unitycli_probuilder.meshops.base import Edge, face_edges, lookup, set_groups
from unitycli_probuilder.meshops.connect import ear_clip, vertex_attrs


def _append_face(mesh: MeshData, corners: list[int], indexes: list[int], template: Face | None) -> int:
    """ProBuilderMesh.AppendFace: copies of `corners` (positions, colours; other arrays zero) in their groups."""
    table = lookup(mesh)
    base = mesh.vertex_count
    for key in VERTEX_ARRAYS:
        values = mesh.vertex_array(key)
        if key in ("m_Positions", "m_Colors") and values:
            mesh.set_vertex_array(key, values + [values[v] for v in corners])
        elif values:
            mesh.set_vertex_array(key, values + [tuple(0.0 for _ in values[0])] * len(corners))
    for n, v in enumerate(corners):
        table[base + n] = table[v]
    face = Face([base + i for i in indexes])
    if template is not None:
        face.uv = template.copy().uv
        face.submesh_index = template.submesh_index
    mesh.faces.append(face)
    set_groups(mesh, table)
    return len(mesh.faces) - 1


def _intersects(p0: Sequence[float], p1: Sequence[float], p2: Sequence[float], p3: Sequence[float]) -> bool:
    """Math.GetLineSegmentIntersect."""
    s1 = (p1[0] - p0[0], p1[1] - p0[1])
    s2 = (p3[0] - p2[0], p3[1] - p2[1])
    den = -s2[0] * s1[1] + s1[0] * s2[1]
    if den == 0:
        return False
    s = (-s1[1] * (p0[0] - p2[0]) + s1[0] * (p0[1] - p2[1])) / den
    t = (s2[0] * (p0[1] - p2[1]) - s2[1] * (p0[0] - p2[0])) / den
    return 0 <= s <= 1 and 0 <= t <= 1


def bridge(mesh: MeshData, a: Edge, b: Edge, *, allow_non_manifold: bool = False) -> list[int]:
    table = lookup(mesh)
    owners: dict[frozenset[int], list[int]] = {}
    for f, face in enumerate(mesh.faces):
        for x, y in face_edges(face):
            owners.setdefault(frozenset((table[x], table[y])), []).append(f)
    ka, kb = frozenset((table[a[0]], table[a[1]])), frozenset((table[b[0]], table[b[1]]))
    if ka == kb:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "bridging needs two different edges",
                            details={"edges": [list(a), list(b)]})
    if not allow_non_manifold and (len(owners.get(ka, [])) > 1 or len(owners.get(kb, [])) > 1):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "an edge already has a face on each side; pass "
                            "\"allowNonManifold\": true to bridge it anyway", details={"edges": [list(a), list(b)]})
    if set(owners.get(ka, [])) & set(owners.get(kb, [])):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "a face already joins these two edges",
                            details={"edges": [list(a), list(b)]})
    template = next((mesh.faces[f] for f in owners.get(ka, []) + owners.get(kb, [])), None)
    if {table[b[0]], table[b[1]]} & {table[a[0]], table[a[1]]}:
        same = {(i, j) for i in range(2) for j in range(2) if table[a[i]] == table[b[j]]}
        if (0, 0) in same:
            corners, order = [a[0], a[1], b[1]], [2, 1, 0]
        elif (0, 1) in same:
            corners, order = [a[0], a[1], b[0]], [2, 1, 0]
        elif (1, 0) in same:
            corners, order = [a[1], a[0], b[1]], [0, 1, 2]
        else:
            corners, order = [a[1], a[0], b[0]], [0, 1, 2]
        return [_append_face(mesh, corners, order, template)]
    pos = mesh.positions
    normal = geometry.normalized(geometry.cross(geometry.sub(pos[b[0]], pos[a[0]]), geometry.sub(pos[a[1]], pos[a[0]])))
    u, v = geometry.projection_axes(geometry.unit_or_up(normal))
    flat = [(geometry.dot(u, pos[i]), geometry.dot(v, pos[i])) for i in (a[0], a[1], b[0], b[1])]
    crossing = _intersects(flat[0], flat[2], flat[1], flat[3])
    corners = [a[0], a[1], b[1], b[0]] if crossing else [a[0], a[1], b[0], b[1]]
    return [_append_face(mesh, corners, [2, 1, 0, 2, 3, 1], template)]


def _hole_loops(mesh: MeshData) -> list[list[int]]:
    """ElementSelection.FindHoles on position groups: each loop of open edges, in the order a face closing it
    would wind (against the open edges' own direction)."""
    table = lookup(mesh)
    directed: dict[tuple[int, int], int] = {}
    for face in mesh.faces:
        for a, b in face_edges(face):
            directed[(table[a], table[b])] = directed.get((table[a], table[b]), 0) + 1
    open_next = {}
    for (ga, gb) in directed:
        if (gb, ga) not in directed:
            open_next[gb] = ga  # the hole runs the other way round
    loops, seen = [], set()
    for start in list(open_next):
        if start in seen:
            continue
        loop, g = [], start
        while g not in seen and g in open_next:
            seen.add(g)
            loop.append(g)
            g = open_next[g]
        if g == start and len(loop) >= 3:
            loops.append(loop)
    return loops


def fill_holes(mesh: MeshData, vertices: list[int] | None) -> list[int]:
    """The Editor's Fill Hole (whole path): every hole whose outline touches one of `vertices` (all holes when
    omitted) gets a face through copies of its corners (AppendElements.CreatePolygon), then takes the UV settings
    and submesh of the first neighbouring face and its winding (SurfaceTopology.ConformOppositeNormal)."""
    table = lookup(mesh)
    wanted = None if vertices is None else {table[v] for v in vertices}
    made: list[int] = []
    for loop in _hole_loops(mesh):
        if wanted is not None and not wanted & set(loop):
            continue
        corners = [mesh.shared_vertices[g][0] for g in loop]
        triangles = ear_clip([mesh.positions[v] for v in corners])
        base = mesh.vertex_count
        polygon = [vertex_attrs(mesh, v) for v in corners]
        for key in VERTEX_ARRAYS:
            values = mesh.vertex_array(key)
            if values:
                mesh.set_vertex_array(key, values + [p[key] for p in polygon])
        for n, g in enumerate(loop):
            table[base + n] = g
        face = Face([base + i for i in triangles], material=ids.DEFAULT_MATERIAL, element_group=0)
        neighbour = _neighbour(mesh, table, loop)
        if neighbour is not None:
            face.uv = neighbour.copy().uv
            face.submesh_index = neighbour.submesh_index
        mesh.faces.append(face)
        made.append(len(mesh.faces) - 1)
    if made:  # no hole is the Editor's "No Holes Found": nothing changes
        set_groups(mesh, table)
    return made


def _neighbour(mesh: MeshData, table: dict[int, int], loop: list[int]) -> Face | None:
    edges = {frozenset((loop[i], loop[(i + 1) % len(loop)])) for i in range(len(loop))}
    for face in mesh.faces:
        if any(frozenset((table[a], table[b])) in edges for a, b in face_edges(face)):
            return face
    return None
