"""Subdividing faces: ConnectElements.Connect(faces) as Subdivision.Subdivide calls it (rc-6.0.4).

Each face is cut into one quad per corner (corner, the midpoints of its two edges, the face centroid); a face
outside the selection that shares a cut edge gets the midpoint inserted into its outline so the surface stays
closed. New vertices mix every per-vertex attribute of their edge's ends (Vertex.Mix at 0.5) or average the face
(Vertex.Average); the cut faces keep the source face's UV, smoothing, submesh and manual-UV settings and share a
texture group (the source's, or the lowest unused), the affected faces are replaced by the new ones at the end,
and position groups are rebuilt from positions (GetSharedVerticesWithPositions) with shared UVs cleared.

Not proven: ProBuilder triangulates each new polygon with Poly2Tri (constrained Delaunay); here each polygon is
ear-clipped and then flipped to the Delaunay diagonals, so only a tie (a rectangle's diagonal) may differ from the
Editor's — the outlines, vertices and attributes are the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from unitycli.api import UnityCliError
from unitycli_probuilder import edits, f32, geometry, ids
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData
from unitycli_probuilder.meshops.base import face_edges, keep_vertices, lookup
from unitycli_probuilder.shapegen.common import shared_by_position

Attrs = dict[str, tuple[float, ...]]


def outline(mesh: MeshData, f: int) -> list[int]:
    """WingedEdge.SortEdgesByAdjacency: the face's perimeter as one loop of vertex indexes in winding order."""
    edges = face_edges(mesh.faces[f])
    nxt = {a: b for a, b in edges}
    if not edges or len(nxt) != len(edges):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"face {f} has no single outline", details={"face": f})
    loop = [edges[0][0]]
    while len(loop) <= len(edges):
        following = nxt.get(loop[-1])
        if following is None:
            break
        if following == loop[0]:
            return loop
        loop.append(following)
    raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"face {f}'s triangles do not form one polygon",
                        details={"face": f})


def vertex_attrs(mesh: MeshData, v: int) -> Attrs:
    return {key: mesh.vertex_array(key)[v] for key in VERTEX_ARRAYS if mesh.vertex_array(key)}


def _mix(a: Attrs, b: Attrs) -> Attrs:
    return {k: tuple(f32.f(x + (y - x) * 0.5) for x, y in zip(a[k], b[k], strict=True)) for k in a}


def _average(items: list[Attrs]) -> Attrs:
    return {k: tuple(f32.f(sum(it[k][c] for it in items) / len(items)) for c in range(len(items[0][k])))
            for k in items[0]}


def ear_clip(points: list[tuple[float, ...]]) -> list[int]:
    """Triangles of a simple polygon in its own winding (planar projection on its best-fit plane): ear-clipped,
    then flipped to the constrained Delaunay triangulation ProBuilder's Poly2Tri builds."""
    normal = geometry.best_plane_normal(points) if len(points) > 3 else (0.0, 0.0, 1.0)
    if len(points) == 3:
        return [0, 1, 2]
    u, v = geometry.projection_axes(geometry.unit_or_up(normal))
    flat = [(geometry.dot(u, p), geometry.dot(v, p)) for p in points]
    area = sum(flat[i][0] * flat[(i + 1) % len(flat)][1] - flat[(i + 1) % len(flat)][0] * flat[i][1]
               for i in range(len(flat)))
    sign = 1 if area >= 0 else -1

    def cross(o: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
        return ((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])) * sign

    remaining = list(range(len(points)))
    out: list[int] = []
    guard = 0
    while len(remaining) > 3 and guard < 10_000:
        guard += 1
        for k in range(len(remaining)):
            i, j, n = remaining[k - 1], remaining[k], remaining[(k + 1) % len(remaining)]
            if cross(flat[i], flat[j], flat[n]) <= 1e-12:
                continue
            if any(cross(flat[i], flat[j], flat[m]) >= 0 and cross(flat[j], flat[n], flat[m]) >= 0
                   and cross(flat[n], flat[i], flat[m]) >= 0 for m in remaining if m not in (i, j, n)):
                continue
            out += [i, j, n]
            remaining.pop(k)
            break
        else:
            break
    if len(remaining) != 3:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "a face could not be triangulated", details={})
    return _delaunay_flips(flat, out + remaining, sign)


def _delaunay_flips(flat: list[tuple[float, float]], triangles: list[int], sign: int) -> list[int]:
    """Lawson flips until every inner diagonal is locally Delaunay: the constrained Delaunay triangulation Poly2Tri
    gives. On a bent polygon (faces merged over an edge) the ear-clipped diagonal can be an edge the mesh already
    has elsewhere, which makes it non-manifold; Poly2Tri's choice avoids that where the Editor's does. Near-ties
    (a square's two diagonals) keep the ear-clipped one, so planar quads are unchanged."""
    scale = max((max(abs(x), abs(y)) for x, y in flat), default=0.0) or 1.0
    tolerance = 1e-7 * scale ** 4

    def orient(a: int, b: int, c: int) -> float:
        (ax, ay), (bx, by), (cx, cy) = flat[a], flat[b], flat[c]
        return ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) * sign

    def inside(a: int, b: int, c: int, d: int) -> bool:
        """d strictly inside the circumcircle of the (positively wound) triangle a b c."""
        rows = [(flat[v][0] - flat[d][0], flat[v][1] - flat[d][1]) for v in (a, b, c)]
        m = [(x, y, x * x + y * y) for x, y in rows]
        det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
               + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
        return det * sign > tolerance

    tris = [triangles[t:t + 3] for t in range(0, len(triangles), 3)]
    for _ in range(len(tris) * len(tris) + 1):
        flipped = False
        for t, (a, b, c) in enumerate(tris):
            for i, j, k in ((a, b, c), (b, c, a), (c, a, b)):
                other = next((u for u, tri in enumerate(tris) if u != t and i in tri and j in tri), None)
                if other is None:
                    continue
                far = next(v for v in tris[other] if v not in (i, j))
                if not inside(i, j, k, far) or orient(k, i, far) <= 0 or orient(k, far, j) <= 0:
                    continue
                tris[t], tris[other] = [k, i, far], [k, far, j]
                flipped = True
                break
            if flipped:
                break
        if not flipped:
            break
    return [v for tri in tris for v in tri]


def _outlines(mesh: MeshData, required: set[int]) -> dict[int, list[int]]:
    """Every face's outline; a face without a single outline is skipped unless it is `required`."""
    outlines: dict[int, list[int]] = {}
    for f in range(len(mesh.faces)):
        try:
            outlines[f] = outline(mesh, f)
        except UnityCliError:
            if f in required:
                raise
    return outlines


def _split_polygons(corners: list[Attrs], split: list[bool]) -> list[list[Attrs]]:
    """ConnectEdgesInFace: two polygons across two cut edges, else one per cut edge around the centroid."""
    count = sum(split)
    polygons: list[list[Attrs]] = [[] for _ in range(count)]
    centroid = _average(corners) if count > 2 else None
    index = 0
    for i, corner in enumerate(corners):
        polygons[index % count].append(corner)
        if split[i]:
            mid = _mix(corner, corners[(i + 1) % len(corners)])
            polygons[index % count].append(mid)
            if centroid is not None:
                polygons[index % count].append(centroid)
            index = (index + 1) % count
            polygons[index].append(mid)
    return polygons


def _connect(mesh: MeshData, cut: set[frozenset[int]], mask: set[int] | None,
             outlines: dict[int, list[int]]) -> list[int]:
    """ConnectElements.Connect(edges, faceMask): the shared core of subdivide, connect edges and edge loops."""
    table = lookup(mesh)

    def key(a: int, b: int) -> frozenset[int]:
        return frozenset((table[a], table[b]))

    touched: dict[int, list[bool]] = {}
    owners: dict[frozenset[int], list[int]] = {}
    for f, loop in outlines.items():
        flags = []
        for i, a in enumerate(loop):
            k = key(a, loop[(i + 1) % len(loop)])
            owners.setdefault(k, []).append(f)
            flags.append(k in cut)
        if any(flags):
            touched[f] = flags
    for f in set(range(len(mesh.faces))) - set(outlines):
        if {key(a, b) for a, b in face_edges(mesh.faces[f])} & cut:
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"face {f} borders the cut but has no single outline",
                                details={"face": f})
    affected = []
    for f, flags in touched.items():
        if sum(flags) <= 1:
            i = flags.index(True)
            loop = outlines[f]
            others = [o for o in owners[key(loop[i], loop[(i + 1) % len(loop)])] if o != f]
            if not others or sum(touched.get(others[0], [])) <= 1:
                continue
        affected.append(f)
    if not affected:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "nothing to connect: each face needs two of the edges",
                            details={})
    used_groups = {face.texture_group for face in mesh.faces}
    next_group = 1
    built: list[tuple[Face, list[Attrs]]] = []
    for f in affected:
        source = mesh.faces[f]
        loop, flags = outlines[f], touched[f]
        normal = geometry.face_normal(mesh, source)
        corners = [vertex_attrs(mesh, v) for v in loop]
        group = source.texture_group
        if sum(flags) == 1 or (mask is not None and f not in mask):  # InsertVertices: the midpoints only
            outline: list[Attrs] = []
            for i, corner in enumerate(corners):
                outline.append(corner)
                if flags[i]:
                    outline.append(_mix(corner, corners[(i + 1) % len(corners)]))
            polygons = [outline]
        else:
            polygons = _split_polygons(corners, flags)
            if group < 0:
                while next_group in used_groups:
                    next_group += 1
                used_groups.add(next_group)
                group = next_group
        for polygon in polygons:
            triangles = ear_clip([p["m_Positions"] for p in polygon])
            face = Face(triangles, smoothing_group=source.smoothing_group, uv=dict(source.copy().uv),
                        material=ids.DEFAULT_MATERIAL, submesh_index=source.submesh_index,
                        manual_uv=source.manual_uv, element_group=0, texture_group=group)
            points = [p["m_Positions"] for p in polygon]
            mine = geometry.triangle_normal(points[triangles[0]], points[triangles[1]], points[triangles[2]])
            if geometry.dot(normal, mine) < 0:
                face.indexes.reverse()
            built.append((face, polygon))
    for face, polygon in built:
        base = mesh.vertex_count
        for key_ in VERTEX_ARRAYS:
            values = mesh.vertex_array(key_)
            if values:
                mesh.set_vertex_array(key_, values + [p[key_] for p in polygon])
        face.indexes = [i + base for i in face.indexes]
        mesh.faces.append(face)
    doomed = set(affected)
    remap = {i: n for n, i in enumerate(i for i in range(len(mesh.faces)) if i not in doomed)}
    mesh.faces = [face for i, face in enumerate(mesh.faces) if i not in doomed]
    mesh.selected_faces = [remap[f] for f in mesh.selected_faces if f in remap]
    mesh.shared_textures = []
    keep_vertices(mesh, sorted({v for face in mesh.faces for v in face.indexes}))
    mesh.shared_vertices = shared_by_position(mesh.positions)
    return list(range(len(mesh.faces) - len(built), len(mesh.faces)))


def subdivide(mesh: MeshData, faces: list[int]) -> list[int]:
    """Cut each face into a quad per corner; returns the indexes of the faces made (they come last)."""
    edits.check_faces(mesh, faces)
    mask = set(faces)
    outlines = _outlines(mesh, mask)
    table = lookup(mesh)
    cut = {frozenset((table[a], table[outlines[f][(i + 1) % len(outlines[f])]]))
           for f in mask for i, a in enumerate(outlines[f])}
    return _connect(mesh, cut, mask, outlines)


def connect_edges(mesh: MeshData, edges: list[tuple[int, int]]) -> list[int]:
    """ConnectElements.Connect(edges): each face with two or more of the edges is cut between their midpoints
    (two edges: in two; more: around the centroid); a face with one of them takes its midpoint."""
    table = lookup(mesh)
    cut = {frozenset((table[a], table[b])) for a, b in edges}
    return _connect(mesh, cut, None, _outlines(mesh, set()))


def edge_ring(mesh: MeshData, edge: tuple[int, int]) -> list[tuple[int, int]]:
    """ElementSelection.GetEdgeRing: from an edge across quads to the opposite edge, both ways, until the ring
    closes or meets a face that is not a quad (or the mesh's border)."""
    table = lookup(mesh)
    outlines = _outlines(mesh, set())
    owners: dict[frozenset[int], list[int]] = {}
    for f, loop in outlines.items():
        for i, a in enumerate(loop):
            owners.setdefault(frozenset((table[a], table[loop[(i + 1) % len(loop)]])), []).append(f)
    start = frozenset((table[edge[0]], table[edge[1]]))
    ring = [start]
    for first in owners.get(start, [])[:2]:
        current, face = start, first
        while True:
            loop = outlines[face]
            if len(loop) != 4:
                break
            keys = [frozenset((table[a], table[loop[(i + 1) % 4]])) for i, a in enumerate(loop)]
            opposite = keys[(keys.index(current) + 2) % 4]
            if opposite in ring:
                break
            ring.append(opposite)
            nxt = [o for o in owners[opposite] if o != face]
            if not nxt:
                break
            current, face = opposite, nxt[0]
    first_vertex = {g: group[0] for g, group in enumerate(mesh.shared_vertices)}
    return [tuple(first_vertex[g] for g in sorted(k)) for k in ring]  # type: ignore[misc]


def insert_edge_loop(mesh: MeshData, edges: list[tuple[int, int]]) -> list[int]:
    """Insert Edge Loop: connect the edge rings of the given edges (ConnectElements.Connect on the ring)."""
    ring: list[tuple[int, int]] = []
    for e in edges:
        ring += [r for r in edge_ring(mesh, e) if r not in ring]
    return connect_edges(mesh, ring)
