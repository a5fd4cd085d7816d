"""Splitting edges and connecting vertices: AppendElements.AppendVerticesToEdge and ConnectElements.Connect(indexes)
(rc-6.0.4), the two element operations that add vertices without cutting at midpoints.

Both rebuild each affected face from its outline (WingedEdge.SortEdgesByAdjacency) with the new vertices in
place, so positions, faces and position groups follow the package step by step. As in connect.py, each new polygon
is ear-clipped in its own winding where ProBuilder uses Poly2Tri, so a diagonal may differ from the Editor's.
"""

from __future__ import annotations

from unitycli.api import UnityCliError
from unitycli_probuilder import f32, geometry, ids
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData
from unitycli_probuilder.meshops.base import (
    drop_unused_vertices,
    face_edges,
    lookup,
    remove_faces,
    set_groups,
)
from unitycli_probuilder.meshops.connect import Attrs, ear_clip, outline, vertex_attrs

MAX_EDGE_VERTICES = 512  # AppendVerticesToEdge refuses a count below 1 or above 512
Corner = tuple[Attrs, int]  # a polygon corner: its attributes and its position group (lookup value)


def _mix(a: Attrs, b: Attrs, weight: float) -> Attrs:
    """Vertex.Mix: x * (1 - weight) + y * weight, each product and the sum in float32."""
    keep = f32.f(1 - weight)
    return {k: tuple(f32.f(f32.mul(x, keep) + f32.mul(y, weight)) for x, y in zip(a[k], b[k], strict=True))
            for k in a}


def average(items: list[Attrs]) -> Attrs:
    """Vertex.Average: the sum in float32, then times (1f / count)."""
    out: Attrs = {}
    inverse = f32.div(1.0, float(len(items)))
    for k in items[0]:
        sums = [0.0] * len(items[0][k])
        for it in items:
            sums = [f32.f(s + c) for s, c in zip(sums, it[k], strict=True)]
        out[k] = tuple(f32.mul(s, inverse) for s in sums)
    return out


def _append(mesh: MeshData, table: dict[int, int], corners: list[Corner], face: Face) -> None:
    """FaceRebuildData.Apply: the polygon's vertices go to the end of every array, the face indexes follow."""
    base = mesh.vertex_count
    for key in VERTEX_ARRAYS:
        values = mesh.vertex_array(key)
        if values:
            mesh.set_vertex_array(key, values + [attrs[key] for attrs, _ in corners])
    for n, (_, group) in enumerate(corners):
        table[base + n] = group
    face.indexes = [i + base for i in face.indexes]


def _triangles(corners: list[Corner]) -> list[int]:
    return ear_clip([attrs["m_Positions"] for attrs, _ in corners])


def subdivide_edges(mesh: MeshData, edges: list[tuple[int, int]], count: int) -> list[int]:
    """AppendVerticesToEdge: `count` evenly spaced vertices on each edge, inserted into every face that has the
    edge on its outline. Returns the rebuilt faces (their indexes do not change)."""
    if not 1 <= count <= MAX_EDGE_VERTICES:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                            f"count must be 1 to {MAX_EDGE_VERTICES} new vertices per edge, not {count}",
                            details={"count": count})
    table = lookup(mesh)
    first = [group[0] for group in mesh.shared_vertices]  # GetEdgeWithSharedVertexHandles
    pairs: list[tuple[int, int]] = []
    for a, b in edges:
        pair = (table[a], table[b])
        if pair not in pairs and pair[::-1] not in pairs:
            pairs.append(pair)
    polygons: dict[int, list[Corner]] = {}
    next_group = len(mesh.shared_vertices)
    for ga, gb in pairs:
        start, end = vertex_attrs(mesh, first[ga]), vertex_attrs(mesh, first[gb])
        weight_den = f32.f(count + 1)
        fresh = [(_mix(start, end, f32.div(i + 1, weight_den)), next_group + i) for i in range(count)]
        for f, face in enumerate(mesh.faces):  # ElementSelection.GetNeighborFaces: faces with the edge on the outline
            if not any({table[x], table[y]} == {ga, gb} for x, y in face_edges(face)):
                continue
            if f not in polygons:
                polygons[f] = [(vertex_attrs(mesh, v), table[v]) for v in outline(mesh, f)]
            polygon = polygons[f]
            for i in range(len(polygon)):
                here, after = polygon[i][1], polygon[(i + 1) % len(polygon)][1]
                if (here, after) in ((ga, gb), (gb, ga)):
                    polygon[i + 1:i + 1] = fresh if (here, after) == (ga, gb) else fresh[::-1]
                    break
        next_group += count
    if not polygons:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "no face has these edges on its outline",
                            details={"edges": [list(e) for e in edges]})
    for f, corners in polygons.items():
        source = mesh.faces[f]
        # face.CopyFrom(new Face(triangles)): only the submesh survives; smoothing, UV settings, manual UV and the
        # texture group go back to a new face's defaults, as in the package.
        rebuilt = Face(_triangles(corners), material=ids.DEFAULT_MATERIAL, submesh_index=source.submesh_index,
                       element_group=0)
        _append(mesh, table, corners, rebuilt)
        mesh.faces[f] = rebuilt
    set_groups(mesh, table)
    drop_unused_vertices(mesh)  # DeleteVertices of the old outlines (their texture groups lose them; new join none)
    return sorted(polygons)


def _split_at(perimeter: list[int], picked: list[int], table: dict[int, int],
              mesh: MeshData, centre_group: int) -> list[list[Corner]] | None:
    """ConnectIndexesPerFace: two picked corners cut the face in two along them; more meet at their average."""
    attrs = {v: vertex_attrs(mesh, v) for v in perimeter}
    if len(picked) == 2:
        a, b = picked
        count = len(perimeter)
        if any({perimeter[i], perimeter[(i + 1) % count]} == {a, b} for i in range(count)):
            return None  # already joined by an edge
        parts: list[list[Corner]] = [[], []]
        index = 0
        for v in perimeter:
            parts[index].append((attrs[v], table[v]))
            if v in (a, b):
                index = (index + 1) % 2
                parts[index].append((attrs[v], table[v]))
        return parts
    if len(picked) < 3:
        return None
    centre = (average([attrs[v] for v in picked]), centre_group)
    parts = [[] for _ in picked]
    index = 0
    for v in perimeter:
        parts[index].append((attrs[v], table[v]))
        if v in picked:
            parts[index].append(centre)
            index = (index + 1) % len(picked)
            parts[index].append((attrs[v], table[v]))
    return [p for p in parts if len(p) >= 3]


def connect_vertices(mesh: MeshData, vertices: list[int]) -> list[int]:
    """ConnectElements.Connect(indexes): in each face holding two of the vertices (or their coincident copies) a new
    edge joins them; a face holding three or more is cut from each to their average. Returns the new faces (last)."""
    table = lookup(mesh)
    wanted = {table[v] for v in vertices}
    joined = {frozenset((table[a], table[b])) for face in mesh.faces for a, b in face_edges(face)}
    offset = len(mesh.shared_vertices)
    used_groups = {face.texture_group for face in mesh.faces}
    next_group = 1
    built: list[Face] = []
    split: list[int] = []
    pending: list[tuple[Face, list[Corner]]] = []
    for f, face in enumerate(mesh.faces):
        picked = [v for v in face.distinct if table[v] in wanted]
        if len(picked) < 2:
            continue
        if len(picked) == 2 and frozenset(table[v] for v in picked) in joined:
            continue  # another face (this one bent by a merge) already has the edge: a second copy is non-manifold
        parts = _split_at(outline(mesh, f), picked, table, mesh, offset)
        if parts is None:
            continue
        if len(picked) > 2:
            offset += 1
        if face.texture_group < 0:
            while next_group in used_groups:
                next_group += 1
            used_groups.add(next_group)
        normal = geometry.face_normal(mesh, face)
        for corners in parts:
            points = [attrs["m_Positions"] for attrs, _ in corners]
            triangles = _triangles(corners)
            new = Face(triangles, smoothing_group=face.smoothing_group, uv=face.copy().uv,
                       material=ids.DEFAULT_MATERIAL, submesh_index=face.submesh_index, manual_uv=face.manual_uv,
                       element_group=0, texture_group=face.texture_group if face.texture_group >= 0 else next_group)
            mine = geometry.triangle_normal(*(points[i] for i in triangles[:3]))
            if geometry.dot(normal, mine) < 0:
                new.indexes.reverse()
            pending.append((new, corners))
        split.append(f)
    if not split:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                            "nothing to connect: no face holds two of these vertices without an edge between them",
                            details={"vertices": vertices})
    for face, corners in pending:
        _append(mesh, table, corners, face)
        mesh.faces.append(face)
        built.append(face)
    set_groups(mesh, table)
    remove_faces(mesh, set(split))
    drop_unused_vertices(mesh)
    return list(range(len(mesh.faces) - len(built), len(mesh.faces)))
