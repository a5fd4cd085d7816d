"""Mesh math as ProBuilder does it: face normals, bounds, vertex normals, auto UVs and tangents.

The rules follow the package source (Runtime/Core Math.Normal, Normals.CalculateNormals/CalculateTangents,
Projection.PlanarProject, UvUnwrapping.ApplyUVSettings), so UVs and tangents the tools write for new or moved
vertices are the ones ProBuilder's own Refresh() would store. Unity recomputes auto UVs and tangents when it rebuilds
the mesh anyway; matching them keeps the file plausible before that and makes the numbers testable against
fixture meshes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from unitycli_probuilder.meshdata import Face, MeshData, Vec

_APPROX = 0.0001  # ProBuilder Math.k_FltCompareEpsilon
_FLOAT_EPSILON = 1.401298e-45  # Mathf.Epsilon


def sub(a: Vec, b: Vec) -> Vec:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def add(a: Vec, b: Vec) -> Vec:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def scale(a: Vec, k: float) -> Vec:
    return tuple(x * k for x in a)


def dot(a: Vec, b: Vec) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def length(a: Vec) -> float:
    return math.sqrt(dot(a, a))


def normalized(a: Vec) -> Vec:
    """Unity's Vector3.normalized: zero for vectors shorter than 1e-5."""
    n = length(a)
    return scale(a, 1.0 / n) if n > 1e-5 else tuple(0.0 for _ in a)


def unit_or_up(a: Vec) -> Vec:
    """ProBuilder Math.EnsureUnitVector: up when the vector is zero."""
    return (0.0, 1.0, 0.0) if dot(a, a) < _FLOAT_EPSILON else normalized(a)


def triangle_normal(p0: Vec, p1: Vec, p2: Vec) -> Vec:
    """Math.Normal(p0, p1, p2): the unit normal of the triangle's winding, zero for a degenerate triangle."""
    c = cross(sub(p1, p0), sub(p2, p0))
    return (0.0, 0.0, 0.0) if length(c) < _FLOAT_EPSILON else normalized(c)


def best_plane_normal(points: Sequence[Vec]) -> Vec:
    """Projection.FindBestPlane's normal: least-squares plane through `points`."""
    n = len(points)
    c = scale(tuple(sum(p[i] for p in points) for i in range(3)), 1.0 / n)
    xx = xy = xz = yy = yz = zz = 0.0
    for p in points:
        r = sub(p, c)
        xx += r[0] * r[0]
        xy += r[0] * r[1]
        xz += r[0] * r[2]
        yy += r[1] * r[1]
        yz += r[1] * r[2]
        zz += r[2] * r[2]
    det_x, det_y, det_z = yy * zz - yz * yz, xx * zz - xz * xz, xx * yy - xy * xy
    if det_x > det_y and det_x > det_z:
        nrm = (1.0, (xz * yz - xy * zz) / det_x, (xy * yz - xz * yy) / det_x)
    elif det_y > det_z:
        nrm = ((yz * xz - xy * zz) / det_y, 1.0, (xy * xz - yz * xx) / det_y)
    elif det_z != 0:
        nrm = ((yz * xy - xz * yy) / det_z, (xz * xy - yz * xx) / det_z, 1.0)
    else:
        return (0.0, 0.0, 0.0)
    return normalized(nrm)


def face_normal(mesh: MeshData, face: Face) -> Vec:
    """Math.Normal(mesh, face): the first triangle's normal, or the best-fit plane's (same side) past one quad."""
    pos = mesh.positions
    idx = face.indexes
    nrm = triangle_normal(pos[idx[0]], pos[idx[1]], pos[idx[2]])
    if len(idx) > 6:
        prj = best_plane_normal([pos[i] for i in face.distinct])
        nrm = scale(prj, -1.0) if dot(nrm, prj) < 0 else prj
    return nrm


def bounds(points: Iterable[Vec]) -> tuple[Vec, Vec] | None:
    """(min, max) corners, or None for no points."""
    pts = list(points)
    if not pts:
        return None
    dims = range(len(pts[0]))
    return tuple(min(p[i] for p in pts) for i in dims), tuple(max(p[i] for p in pts) for i in dims)


def is_smooth(group: int, *, legacy_hard_range: bool) -> bool:
    """Smoothing.IsSmooth: > 0, except groups 25-42 which 5.2.x still treats as hard."""
    if group <= 0:
        return False
    return not (legacy_hard_range and 24 < group < 42)


def vertex_normals(mesh: MeshData, *, legacy_hard_range: bool = False) -> list[Vec]:
    """Normals.CalculateNormals: per-triangle normals averaged per vertex, then per smoothing group."""
    count = mesh.vertex_count
    sums = [[0.0, 0.0, 0.0] for _ in range(count)]
    hits = [0] * count
    for face in mesh.faces:
        idx = face.indexes
        for t in range(0, len(idx) - 2, 3):
            a, b, c = idx[t], idx[t + 1], idx[t + 2]
            n = triangle_normal(mesh.positions[a], mesh.positions[b], mesh.positions[c])
            for v in (a, b, c):
                sums[v][0] += n[0]
                sums[v][1] += n[1]
                sums[v][2] += n[2]
                hits[v] += 1
    normals: list[Vec] = [tuple(s / h for s in sv) if h else (0.0, 0.0, 0.0) for sv, h in zip(sums, hits, strict=True)]
    group_of = [0] * count
    for face in mesh.faces:
        for v in face.distinct:
            group_of[v] = face.smoothing_group
    for shared in mesh.shared_vertices:
        totals: dict[int, list[float]] = {}
        for v in shared:
            g = group_of[v]
            if not is_smooth(g, legacy_hard_range=legacy_hard_range):
                continue
            acc = totals.setdefault(g, [0.0, 0.0, 0.0, 0.0])
            for k in range(3):
                acc[k] += normals[v][k]
            acc[3] += 1
        for v in shared:
            total = totals.get(group_of[v])
            if total is not None:
                normals[v] = unit_or_up((total[0] / total[3], total[1] / total[3], total[2] / total[3]))
    return normals


# --- auto UVs (faces whose m_ManualUV is 0) -----------------------------------------------------------------

def projection_axes(direction: Vec) -> tuple[Vec, Vec]:
    """Projection.VectorToProjectionAxis + GetTangentToAxis, then the u and v axes of the planar projection."""
    x, y, z = (abs(c) for c in direction)
    if not math.isclose(x, y, abs_tol=_APPROX) and x > y and not math.isclose(x, z, abs_tol=_APPROX) and x > z:
        tangent = (0.0, 1.0, 0.0)
    elif not math.isclose(y, z, abs_tol=_APPROX) and y > z:
        tangent = (0.0, 0.0, 1.0)
    else:
        tangent = (0.0, 1.0, 0.0)
    u = cross(direction, tangent)
    v = cross(u, direction)
    return normalized(u), normalized(v)


def apply_uv_settings(uvs: list[list[float]], indexes: list[int], settings: dict[str, Any]) -> None:
    """UvUnwrapping.ApplyUVSettings for local-space projections: fill, scale/rotation, anchor, flips, offset."""
    xs = [uvs[i][0] for i in indexes]
    ys = [uvs[i][1] for i in indexes]
    center = [(min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2]
    size = [max(xs) - min(xs), max(ys) - min(ys)]
    fill = int(settings.get("m_Fill", 1))
    if fill in (0, 2):  # Fit, Stretch
        factor = [max(size), max(size)] if fill == 0 else size
        if all(factor):
            scaled = [center[0] / factor[0], center[1] / factor[1]]
            delta = [center[0] - scaled[0], center[1] - scaled[1]]
            for i in indexes:
                uvs[i][0] = (uvs[i][0] - delta[0] - scaled[0]) / factor[0] + scaled[0]
                uvs[i][1] = (uvs[i][1] - delta[1] - scaled[1]) / factor[1] + scaled[1]
            center = scaled
    sx, sy = (float(settings["m_Scale"]["x"]), float(settings["m_Scale"]["y"]))
    rotation = float(settings.get("m_Rotation", 0))
    if sx != 1 or sy != 1 or rotation != 0:
        pivot = [center[0] * sx, center[1] * sy]
        delta = [center[0] - pivot[0], center[1] - pivot[1]]
        s, c = math.sin(math.radians(rotation)), math.cos(math.radians(rotation))
        for i in indexes:
            px = (uvs[i][0] - delta[0] - pivot[0]) * sx
            py = (uvs[i][1] - delta[1] - pivot[1]) * sy
            uvs[i][0] = px * c + py * s + pivot[0]
            uvs[i][1] = -px * s + py * c + pivot[1]
    anchor = int(settings.get("m_Anchor", 9))
    if not settings.get("m_UseWorldSpace") and anchor != 9:
        lo = [min(uvs[i][0] for i in indexes), min(uvs[i][1] for i in indexes)]
        hi = [max(uvs[i][0] for i in indexes), max(uvs[i][1] for i in indexes)]
        col, row = anchor % 3, anchor // 3  # UpperLeft..LowerRight in rows of three
        shift_x = lo[0] if col == 0 else hi[0] - 1 if col == 2 else lo[0] + (hi[0] - lo[0]) * 0.5 - 0.5
        shift_y = hi[1] - 1 if row == 0 else lo[1] + (hi[1] - lo[1]) * 0.5 - 0.5 if row == 1 else lo[1]
        for i in indexes:
            uvs[i][0] -= shift_x
            uvs[i][1] -= shift_y
    flip_u, flip_v, swap = bool(settings.get("m_FlipU")), bool(settings.get("m_FlipV")), bool(settings.get("m_SwapUV"))
    if flip_u or flip_v or swap:
        for i in indexes:
            u, v = (-uvs[i][0] if flip_u else uvs[i][0]), (-uvs[i][1] if flip_v else uvs[i][1])
            uvs[i][0], uvs[i][1] = (v, u) if swap else (u, v)
    ox, oy = float(settings["m_Offset"]["x"]), float(settings["m_Offset"]["y"])
    for i in indexes:
        uvs[i][0] -= ox
        uvs[i][1] -= oy


def refresh_auto_uvs(mesh: MeshData) -> None:
    """MeshData.textures0 with every auto-UV face re-projected (ProBuilderMesh.RefreshUV, local space).

    World-space auto UVs need the Transform chain, so faces using them keep their stored UVs (the Editor
    re-projects them on load).
    """
    count = mesh.vertex_count
    if len(mesh.textures0) != count:
        mesh.textures0 = [(0.0, 0.0)] * count
        for face in mesh.faces:
            face.manual_uv = 0
    uvs = [list(t) for t in mesh.textures0]
    done_groups: set[int] = set()
    for face in mesh.faces:
        if face.manual_uv or len(face.indexes) < 3 or face.uv.get("m_UseWorldSpace"):
            continue
        group = face.texture_group
        if group > 0:
            if group in done_groups:
                continue
            done_groups.add(group)
            members = [f for f in mesh.faces if f.texture_group == group]
            direction: Vec = (0.0, 0.0, 0.0)
            for f in members:
                direction = add(direction, face_normal(mesh, f))
            indexes = [i for f in members for i in f.distinct]
        else:
            direction = unit_or_up(face_normal(mesh, face))
            indexes = face.distinct
        u_axis, v_axis = projection_axes(direction)
        for i in indexes:
            p = mesh.positions[i]
            uvs[i] = [dot(u_axis, p), dot(v_axis, p)]
        apply_uv_settings(uvs, indexes, face.uv)
    mesh.textures0 = [tuple(uv) for uv in uvs]


def refresh_tangents(mesh: MeshData, *, legacy_hard_range: bool = False) -> None:
    """Normals.CalculateTangents: per-vertex tangents from positions and UV0, w the bitangent sign."""
    count = mesh.vertex_count
    if len(mesh.textures0) != count:
        mesh.tangents = [(0.0, 0.0, 0.0, 0.0)] * count
        return
    normals = vertex_normals(mesh, legacy_hard_range=legacy_hard_range)
    tan1 = [[0.0, 0.0, 0.0] for _ in range(count)]
    tan2 = [[0.0, 0.0, 0.0] for _ in range(count)]
    pos, uv = mesh.positions, mesh.textures0
    for face in mesh.faces:
        idx = face.indexes
        for tri in range(0, len(idx) - 2, 3):
            i1, i2, i3 = idx[tri], idx[tri + 1], idx[tri + 2]
            e1, e2 = sub(pos[i2], pos[i1]), sub(pos[i3], pos[i1])
            s1, s2 = uv[i2][0] - uv[i1][0], uv[i3][0] - uv[i1][0]
            t1, t2 = uv[i2][1] - uv[i1][1], uv[i3][1] - uv[i1][1]
            det = s1 * t2 - s2 * t1
            r = 1.0 / det if det else math.inf
            sdir = tuple((t2 * e1[k] - t1 * e2[k]) * r for k in range(3))
            tdir = tuple((s1 * e2[k] - s2 * e1[k]) * r for k in range(3))
            for v in (i1, i2, i3):
                for k in range(3):
                    tan1[v][k] += sdir[k]
                    tan2[v][k] += tdir[k]
    tangents: list[Vec] = []
    for v in range(count):
        n = normalized(normals[v])
        t = tuple(tan1[v])
        t = (0.0, 1.0, 0.0) if not all(math.isfinite(c) for c in t) else unit_or_up(t)
        ortho = sub(t, scale(n, dot(n, t)))  # Vector3.OrthoNormalize(ref n, ref t)
        if length(ortho) < 1e-5:
            ortho = cross(n, (1.0, 0.0, 0.0)) if abs(n[0]) < 0.9 else cross(n, (0.0, 1.0, 0.0))
        ortho = normalized(ortho)
        w = -1.0 if dot(cross(n, ortho), tuple(tan2[v])) < 0 else 1.0
        tangents.append((*ortho, w))
    mesh.tangents = tangents
