"""Sphere (icosphere) and torus, ported from Runtime/Shapes/{Sphere,Torus}.cs (rc-6.0.4; rc-5.2.2 is identical)."""

from __future__ import annotations

import math
from typing import Any

from unitycli_probuilder import f32, geometry
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.meshops import uvproject
from unitycli_probuilder.shapegen.common import (
    Built,
    finish,
    fit_to_size,
    mesh_bounds,
    new_face,
    recentre,
    shared_by_position,
)

_PHI = f32.f(1.618033988749895)  # Math.phi
_ICO_VERTICES: tuple[Vec3, ...] = (
    (-1, _PHI, 0), (1, _PHI, 0), (-1, -_PHI, 0), (1, -_PHI, 0), (0, -1, _PHI), (0, 1, _PHI),
    (0, -1, -_PHI), (0, 1, -_PHI), (_PHI, 0, -1), (_PHI, 0, 1), (-_PHI, 0, -1), (-_PHI, 0, 1),
)
_ICO_TRIANGLES = (0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8,
                  3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1)
def _subdivide(vertices: list[Vec3], radius: float) -> list[Vec3]:
    """Sphere.SubdivideIcosahedron: each triangle into four, new corners pushed out to the radius."""
    out: list[Vec3] = []
    for i in range(0, len(vertices), 3):
        p0, p2, p5 = vertices[i:i + 3]
        p1 = f32.vscale(f32.normalized(f32.vscale(f32.vadd(p0, p2), 0.5)), radius)
        p3 = f32.vscale(f32.normalized(f32.vscale(f32.vadd(p0, p5), 0.5)), radius)
        p4 = f32.vscale(f32.normalized(f32.vscale(f32.vadd(p2, p5), 0.5)), radius)
        out += [p0, p1, p3, p1, p2, p4, p1, p4, p3, p3, p4, p5]
    return out


def sphere(size: Vec3, options: dict[str, Any]) -> Built:
    """Sphere.RebuildMesh: a radius-0.5 icosahedron subdivided `subdivisions` times, one face per triangle.

    Each face's texture group is its normal's projection axis (2..7), so auto UVs project each group as one;
    the bounds are the mesh's own, fitted to `size`.
    """
    subdivisions, smooth = int(options["subdivisions"]), bool(options["smooth"])
    radius = 0.5
    points = [f32.vscale(f32.normalized(_ICO_VERTICES[t]), radius) for t in _ICO_TRIANGLES]
    for _ in range(subdivisions):
        points = _subdivide(points, radius)
    faces = []
    for i in range(0, len(points), 3):
        normal = geometry.triangle_normal(points[i], points[i + 1], points[i + 2])
        face = new_face([i, i + 1, i + 2], smoothing=1 if smooth else 0)
        face.texture_group = 2 + uvproject.projection_axis(normal)  # X, Y, Z, -X, -Y, -Z -> 2..7
        faces.append(face)
    center, box = mesh_bounds(points)
    fitted = fit_to_size(points, center, box, size)
    return Built(finish(fitted, faces, shared=shared_by_position(points)), center, box, pack_margin=30)


def _rotate_y(degrees: float, p: Vec3) -> Vec3:
    """Quaternion.Euler(0, degrees, 0) * p, with Unity's quaternion-vector product."""
    half = math.radians(degrees) / 2
    qy, qw = f32.f(math.sin(half)), f32.f(math.cos(half))
    n2 = f32.mul(qy, 2)
    n5 = f32.mul(qy, n2)
    n11 = f32.mul(qw, n2)
    one = f32.sub(1, n5)
    return (f32.add(f32.mul(one, p[0]), f32.mul(n11, p[2])), p[1], f32.add(f32.mul(-n11, p[0]), f32.mul(one, p[2])))


def _circle(segments: int, radius: float, circumference: float, degrees: float, offset: Vec3) -> list[Vec3]:
    """Torus.GetCirclePoints (the Vector3-offset overload): a ring of the tube, as pairs of segment ends."""
    seg = float(segments - 1)

    def point(i: int) -> Vec3:
        rad = f32.mul(f32.mul(f32.div(i, seg), circumference), f32.DEG2RAD)
        local = (f32.mul(f32.cos(rad), radius), f32.mul(f32.sin(rad), radius), 0.0)
        return f32.vadd(_rotate_y(degrees, local), offset)

    v = [point(0), point(1)]
    for i in range(2, segments):
        v += [v[-1], point(i)]
    return v


def _signed_angle(to: tuple[float, float]) -> float:
    """Vector2.SignedAngle(Vector2.up, to) in degrees."""
    length = math.hypot(*to)
    if length < 1e-15:
        return 0.0
    cos_a = max(-1.0, min(1.0, to[1] / length))
    angle = f32.f(math.degrees(math.acos(cos_a)))
    return angle if -to[0] >= 0 else -angle  # sign of up.x * to.y - up.y * to.x


def torus(size: Vec3, options: dict[str, Any]) -> Built:
    """Torus.RebuildMesh: tube rings around an ellipse, box-projected manual UVs, recentred on the origin."""
    rows, columns = int(options["rows"]), int(options["columns"])
    x_outer = f32.clamp(f32.div(size[0], 2), 0.01, 2048)
    y_outer = f32.clamp(f32.div(size[2], 2), 0.01, 2048)
    rows_c, cols_c = int(f32.clamp(rows + 1, 4, 128)), int(f32.clamp(columns + 1, 4, 128))
    tube = f32.clamp(f32.f(float(options["tubeRadius"])), 0.01, f32.sub(min(x_outer, y_outer), 0.001))
    x_outer, y_outer = f32.sub(x_outer, tube), f32.sub(y_outer, tube)
    horizontal = f32.clamp(f32.f(float(options["horizontalCircumference"])), 0.01, 360)
    vertical = f32.clamp(f32.f(float(options["verticalCircumference"])), 0.01, 360)
    col = cols_c - 1
    ring = _circle(rows_c, tube, vertical, 0.0, (x_outer, 0.0, 0.0))
    points: list[Vec3] = []
    for i in range(1, cols_c):
        points += ring
        angle = f32.mul(f32.div(i, col), horizontal)
        ex = f32.mul(x_outer, f32.cos(f32.mul(f32.DEG2RAD, angle)))
        ey = f32.mul(y_outer, f32.sin(f32.mul(f32.DEG2RAD, angle)))
        tangent = (f32.div(-ey, f32.mul(y_outer, y_outer)), f32.div(ex, f32.mul(x_outer, x_outer)))
        ring = _circle(rows_c, tube, vertical, _signed_angle(tangent), (ex, 0.0, -ey))
        points += ring
    faces = []
    stride = (rows_c - 1) * 2
    for i in range(0, (cols_c - 1) * 2, 2):
        for n in range(rows_c - 1):
            a, b = i * stride + n * 2, (i + 1) * stride + n * 2
            face = new_face([a, b, a + 1, b, b + 1, a + 1], smoothing=1 if options["smooth"] else -1)
            face.manual_uv = 1
            faces.append(face)
    shared = shared_by_position(points)
    points = recentre(points)
    textures = uvproject.box_uvs(points, faces, [(0.0, 0.0)] * len(points))
    _, box = mesh_bounds(points)
    return Built(finish(fit_to_size(points, (0.0, 0.0, 0.0), box, size), faces, shared=shared, textures=textures),
                 (0.0, 0.0, 0.0), box)
