"""Extruding edges: ExtrudeElements.Extrude(edges, distance, extrudeAsGroup, enableManifoldExtrude) (rc-6.0.4).

Each open edge (one face; with `manifold` also edges between two faces) grows a quad `[a, b, a', b']` wound
`{2, 1, 0, 2, 3, 1}`, whose far corners sit `distance` along the face's normal, or, as a group, along the average
of the smoothed vertex normals at each corner among the extruded edges' ends; as a group, far corners that grow
from one position become one position group. The quad takes the edge's face's submesh, tile UV settings, no
smoothing and no material, colours copied from the edge, and auto UVs.
"""

from __future__ import annotations

import math
from typing import Any

from unitycli.api import UnityCliError
from unitycli_probuilder import f32, geometry
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData, Vec
from unitycli_probuilder.meshops.base import Edge, face_edges, lookup, set_groups


def extrude_edges(mesh: MeshData, edges: list[Edge], distance: float, *, as_group: bool, manifold: bool,
                  legacy: bool) -> list[int]:
    """Returns the new faces; E_PROBUILDER_ELEMENTS_INVALID when no edge can be extruded."""
    table = lookup(mesh)
    owners: dict[frozenset[int], list[int]] = {}
    for f, face in enumerate(mesh.faces):
        for a, b in face_edges(face):
            owners.setdefault(frozenset((table[a], table[b])), []).append(f)
    valid: list[tuple[Edge, int]] = []
    for a, b in edges:
        found = owners.get(frozenset((table[a], table[b])), [])
        if found and (manifold or len(found) < 2):
            valid.append(((a, b), found[-1]))
    if not valid:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "none of the edges is open (on one face only); pass "
                            "\"manifold\": true to extrude edges between two faces",
                            details={"edges": [list(e) for e in edges]})
    normals = geometry.vertex_normals(mesh, legacy_hard_range=legacy)
    ends = [v for (a, b), _ in valid for v in (a, b)]
    has_colors = bool(mesh.colors)
    new_faces: list[int] = []
    tips: list[tuple[int, int]] = []  # (source group, tip vertex)
    for (a, b), f in valid:
        if as_group:
            na = _average_at(table[a], table, ends, normals)
            nb = _average_at(table[b], table, ends, normals)
        else:
            na = nb = geometry.face_normal(mesh, mesh.faces[f])
        pa, pb = f32.vec3(mesh.positions[a]), f32.vec3(mesh.positions[b])
        corners: list[Vec] = [pa, pb, f32.vadd(pa, f32.vscale(f32.normalized(f32.vec3(na)), distance)),
                              f32.vadd(pb, f32.vscale(f32.normalized(f32.vec3(nb)), distance))]
        base = mesh.vertex_count
        for key in VERTEX_ARRAYS:
            values = mesh.vertex_array(key)
            if key == "m_Positions":
                mesh.positions = values + corners
            elif key == "m_Colors" and has_colors:
                mesh.colors = values + [values[a], values[b], values[a], values[b]]
            elif values:
                mesh.set_vertex_array(key, values + [tuple(0.0 for _ in values[0])] * 4)
        table[base], table[base + 1] = table[a], table[b]
        table[base + 2], table[base + 3] = -1, -1
        face = Face([base + 2, base + 1, base, base + 2, base + 3, base + 1],
                    submesh_index=mesh.faces[f].submesh_index)
        new_faces.append(len(mesh.faces))
        mesh.faces.append(face)
        tips += [(table[a], base + 2), (table[b], base + 3)]
    groups = len(mesh.shared_vertices) + 1
    own: dict[int, int] = {}
    for _, tip in tips:
        own[tip] = groups
        groups += 1
    if as_group:
        for i, (source, tip) in enumerate(tips):
            partner = next((t for n, (s, t) in enumerate(tips) if n != i and s == source), None)
            if partner is not None:
                own[partner] = own[tip]
    for tip, group in own.items():
        table[tip] = group
    set_groups(mesh, table)
    return new_faces


def _average_at(group: int, table: dict[int, int], ends: list[int], normals: list[Any]) -> tuple[float, ...]:
    """InternalMeshUtility.AverageNormalWithIndexes: the normals of the edge ends in this position group."""
    picked = [normals[v] for v in ends if table[v] == group]
    return tuple(sum(n[k] for n in picked) / len(picked) for k in range(3))


def _face_groups(mesh: MeshData, faces: list[int], table: dict[int, int]) -> list[list[int]]:
    """ExtrudeElements.GetFaceGroups: the faces in connected groups (neighbours across a shared edge)."""
    by_edge: dict[frozenset[int], list[int]] = {}
    for f in faces:
        for a, b in face_edges(mesh.faces[f]):
            by_edge.setdefault(frozenset((table[a], table[b])), []).append(f)
    used: set[int] = set()
    groups = []
    for start in faces:
        if start in used:
            continue
        group, stack = [start], [start]
        used.add(start)
        while stack:
            f = stack.pop()
            for a, b in face_edges(mesh.faces[f]):
                for other in by_edge[frozenset((table[a], table[b]))]:
                    if other not in used:
                        used.add(other)
                        group.append(other)
                        stack.append(other)
        groups.append(group)
    return groups


def extrude_face_groups(mesh: MeshData, faces: list[int], distance: float, *, compensate: bool) -> list[int]:
    """ExtrudeAsGroups (ExtrudeMethod.FaceNormal with `compensate`, VertexNormal without): each connected group of
    faces moves out as one piece, bridged to the rest only along its outline.

    Every vertex moves along the average normal of the group's faces at its position (FaceNormal lengthens the
    move by the secant of the angle to the first face's normal, so flat sides stay `distance` apart); outline
    vertices get new position groups, the bridge quads `[a, b, a', b']` take the face's submesh and UV settings.
    Returns the touched faces (the groups and the bridges).
    """
    table = lookup(mesh)
    uv_table = {v: g for g, group in enumerate(mesh.shared_textures) for v in group}
    top = len(mesh.shared_vertices)
    arrays = {key: list(mesh.vertex_array(key)) for key in VERTEX_ARRAYS}
    bridges: list[Face] = []
    delayed: dict[int, int] = {}
    extrude_map: dict[int, list[Any]] = {}  # new group -> [normal sum, first normal, vertices]
    touched: list[int] = []
    for group in _face_groups(mesh, faces, table):
        old_shared: dict[int, int] = {}
        new_shared: dict[int, int] = {}
        perimeter: dict[frozenset[int], tuple[Edge, int]] = {}
        seen: set[frozenset[int]] = set()
        for f in group:
            for a, b in face_edges(mesh.faces[f]):
                k = frozenset((table[a], table[b]))
                if k in seen:
                    perimeter.pop(k, None)
                else:
                    seen.add(k)
                    perimeter[k] = ((a, b), f)
        for (x, y), f in perimeter.values():
            for v in (x, y):
                if v not in old_shared:
                    old_shared[v] = table[v]
                    if table[v] not in new_shared:
                        new_shared[table[v]] = top
                        top += 1
                    table[v] = new_shared[table[v]]
            vc = len(arrays["m_Positions"])
            for values in arrays.values():
                if values:
                    values += [values[x], values[y], values[x], values[y]]
            table[vc], table[vc + 1] = old_shared[x], old_shared[y]
            table[vc + 2], table[vc + 3] = table[x], table[y]
            delayed[vc + 2], delayed[vc + 3] = x, y
            source = mesh.faces[f]
            bridge = Face([vc, vc + 1, vc + 2, vc + 1, vc + 3, vc + 2], submesh_index=source.submesh_index,
                          uv=source.copy().uv)
            bridges.append(bridge)
        for f in group:
            face = mesh.faces[f]
            face.texture_group = -1
            normal = geometry.face_normal(mesh, face)
            touched.append(f)
            for v in face.distinct:
                if v not in old_shared and table[v] in new_shared:
                    table[v] = new_shared[table[v]]
                uv_table.pop(v, None)
                entry = extrude_map.setdefault(table[v], [(0.0, 0.0, 0.0), normal, []])
                entry[0] = geometry.add(entry[0], normal)
                entry[2].append(v)
    positions = arrays["m_Positions"]
    for total, first, members in extrude_map.values():
        (x, y, z), n = total, len(members)
        direction = f32.normalized(f32.v3(x / n, y / n, z / n))
        modifier = 1.0
        if compensate:
            cos = max(-1.0, min(1.0, geometry.dot(geometry.normalized(direction), geometry.normalized(first))))
            angle = f32.f(math.degrees(math.acos(cos)))  # Vector3.Angle, then Math.Secant(angle * Deg2Rad)
            modifier = 1.0 / math.cos(f32.mul(angle, f32.DEG2RAD))
        step = f32.vscale(direction, f32.f(distance * modifier))
        for v in members:
            positions[v] = f32.vadd(f32.vec3(positions[v]), step)
    for tip, origin in delayed.items():
        for values in arrays.values():
            if values:
                values[tip] = values[origin]
    for key, values in arrays.items():
        mesh.set_vertex_array(key, values)
    start = len(mesh.faces)
    mesh.faces.extend(bridges)
    set_groups(mesh, table)
    uv_groups: dict[int, list[int]] = {}
    for v, g in uv_table.items():
        uv_groups.setdefault(g, []).append(v)
    mesh.shared_textures = [g for g in uv_groups.values() if len(g) > 1]
    return touched + list(range(start, len(mesh.faces)))
