"""Cylinder, cone, pipe and arch, ported from Runtime/Shapes/{Cylinder,Cone,Pipe,Arch}.cs (rc-6.0.4; rc-5.2.2 is
identical), with identity rotation and positive size. Circles come from Math.PointInEllipseCircumference /
PointInCircumference in float32, which is what makes the stored values match the Editor's to the last digit."""

from __future__ import annotations

from typing import Any

from unitycli_probuilder import f32, geometry
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.shapegen.common import (
    Built,
    finish,
    fit_to_size,
    mesh_bounds,
    new_face,
    plain_face,
    quad_faces,
    recentre,
    shared_by_position,
)

Vec2 = tuple[float, float]


def ellipse_point(x_radius: float, y_radius: float, degrees: float) -> tuple[Vec2, Vec2]:
    """Math.PointInEllipseCircumference: the point and the normalized tangent there."""
    cos_a, sin_a = f32.cos_deg(degrees), f32.sin_deg(degrees)
    x, y = f32.mul(x_radius, cos_a), f32.mul(y_radius, sin_a)
    tx = f32.div(-y, f32.mul(y_radius, y_radius))
    ty = f32.div(x, f32.mul(x_radius, x_radius))
    length = f32.f((tx * tx + ty * ty) ** 0.5)
    tangent = (f32.div(tx, length), f32.div(ty, length)) if length > 1e-5 else (0.0, 0.0)
    return (x, y), tangent


def circle_point(radius: float, degrees: float) -> Vec2:
    """Math.PointInCircumference."""
    return f32.mul(radius, f32.cos_deg(degrees)), f32.mul(radius, f32.sin_deg(degrees))


def cylinder(size: Vec3, options: dict[str, Any]) -> Built:
    """Cylinder.RebuildMesh: side quads per height segment, then one bottom and one top triangle per side."""
    sides, cuts, smooth = int(options["axisDivisions"]), int(options["heightCuts"]), bool(options["smooth"])
    height, x_radius, z_radius = size[1], f32.div(size[0], 2), f32.div(size[2], 2)
    step = f32.div(height, cuts + 1)
    circle = [ellipse_point(x_radius, z_radius, f32.div(f32.mul(i, 360), sides))[0] for i in range(sides)]
    half = f32.mul(height, 0.5)
    points: list[Vec3] = []
    for i in range(cuts + 1):
        y0, y1 = f32.sub(f32.mul(i, step), half), f32.sub(f32.mul(i + 1, step), half)
        for n in range(sides):
            a, b = circle[n], circle[(n + 1) % sides]
            points += [(a[0], y0, a[1]), (a[0], y1, a[1]), (b[0], y0, b[1]), (b[0], y1, b[1])]
    faces = [plain_face([k, k + 1, k + 2, k + 1, k + 3, k + 2], smoothing=1 if smooth else -1)
             for k in range(0, len(points), 4)]
    caps: list[Any] = [None] * (2 * sides)
    for n in range(sides):
        a, b = circle[n], circle[(n + 1) % sides]
        base = len(points)
        points += [(a[0], -half, a[1]), (0.0, -half, 0.0), (b[0], -half, b[1])]
        caps[n] = new_face([base + 2, base + 1, base])
        base = len(points)
        points += [(a[0], half, a[1]), (0.0, half, 0.0), (b[0], half, b[1])]
        caps[n + sides] = new_face([base, base + 1, base + 2])
    # UpdateBounds: the box is `size` about the origin, so FitToSize leaves the positions as they are.
    return Built(finish(points, faces + caps), (0.0, 0.0, 0.0), size)


def cone(size: Vec3, options: dict[str, Any]) -> Built:
    """Cone.RebuildMesh: radius min(x, z), a smoothed side triangle and a bottom triangle per side.

    The side faces get manual UVs: the first is projected along +y with a lower-left anchor, the others copy it.
    UpdateBounds reports (2r, height, 2r) about the origin, so FitToSize stretches the circle to size.x by size.z.
    """
    sides, smooth = int(options["numberOfSides"]), bool(options["smooth"])
    radius, height = min(size[0], size[2]), size[1]
    half = f32.div(height, 2)
    template = [(p[0], -half, p[1]) for p in (circle_point(radius, f32.mul(i, f32.div(360, sides)))
                                              for i in range(sides))]
    points: list[Vec3] = []
    for i in range(sides):
        nxt = template[(i + 1) % sides]
        points += [template[i], nxt, (0.0, half, 0.0), template[i], nxt, (0.0, -half, 0.0)]
    faces, side_faces = [], []
    for i in range(0, sides * 6, 6):
        side = new_face([i + 2, i + 1, i], smoothing=1 if smooth else 0)
        side.manual_uv = 1
        faces += [side, new_face([i + 3, i + 4, i + 5])]
        side_faces.append(side)
    textures = [[0.0, 0.0] for _ in points]
    first = side_faces[0]
    first.uv["m_Anchor"] = 6  # AutoUnwrapSettings.Anchor.LowerLeft
    # Projection.PlanarProject(mesh, face, projection): `projection` is the tangent, the face normal the axis.
    a, b, c = (points[i] for i in first.indexes[:3])
    normal = geometry.unit_or_up(geometry.triangle_normal(a, b, c))
    u_axis = geometry.normalized(geometry.cross(normal, (0.0, 1.0, 0.0)))
    v_axis = geometry.normalized(geometry.cross(u_axis, normal))
    for i in first.distinct:
        textures[i] = [geometry.dot(u_axis, points[i]), geometry.dot(v_axis, points[i])]
    geometry.apply_uv_settings(textures, first.distinct, first.uv)
    for face in side_faces[1:]:
        for src, dst in zip(first.distinct, face.distinct, strict=True):
            textures[dst] = list(textures[src])
    _, mesh_size = mesh_bounds(points)
    box = (f32.mul(radius, 2), mesh_size[1], f32.mul(radius, 2))
    fitted = fit_to_size(points, (0.0, 0.0, 0.0), box, size)
    built = Built(finish(fitted, faces, shared=shared_by_position(points), textures=[(u, v) for u, v in textures]),
                  (0.0, 0.0, 0.0), box, pack_margin=30)
    return built


def pipe(size: Vec3, options: dict[str, Any]) -> Built:
    """Pipe.RebuildMesh: outer and inner wall quads per height segment, then bottom and top ring quads."""
    thickness, sides = f32.f(float(options["thickness"])), int(options["numberOfSides"])
    cuts, smooth = int(options["heightCuts"]), bool(options["smooth"])
    height, x_radius, z_radius = size[1], f32.div(size[0], 2), f32.div(size[2], 2)
    outer, inner = [], []
    for i in range(sides):
        point, tangent = ellipse_point(x_radius, z_radius, f32.mul(i, f32.div(360, sides)))
        outer.append(point)
        inner.append((f32.add(point[0], f32.mul(thickness, -tangent[1])), f32.add(point[1], f32.mul(thickness, tangent[0]))))
    base_y = f32.div(height, 2)
    segments = cuts + 1
    points: list[Vec3] = []
    for i in range(segments):
        y0 = f32.sub(f32.mul(i, f32.div(height, segments)), base_y)
        y1 = f32.sub(f32.mul(i + 1, f32.div(height, segments)), base_y)
        for n in range(sides):
            a, b = outer[n], outer[(n + 1) % sides]
            points += [(b[0], y0, b[1]), (a[0], y0, a[1]), (b[0], y1, b[1]), (a[0], y1, a[1])]
            a, b = inner[n], inner[(n + 1) % sides]
            points += [(a[0], y0, a[1]), (b[0], y0, b[1]), (a[0], y1, a[1]), (b[0], y1, b[1])]
    top = f32.sub(height, base_y)
    for i in range(sides):
        o1, o2, i1, i2 = outer[i], outer[(i + 1) % sides], inner[i], inner[(i + 1) % sides]
        points += [(o1[0], -base_y, o1[1]), (o2[0], -base_y, o2[1]), (i1[0], -base_y, i1[1]), (i2[0], -base_y, i2[1])]
        points += [(o2[0], top, o2[1]), (o1[0], top, o1[1]), (i2[0], top, i2[1]), (i1[0], top, i1[1])]
    faces = quad_faces(len(points))
    if smooth:
        for face in faces[:2 * segments * sides]:
            face.smoothing_group = 1
    return Built(finish(points, faces), (0.0, 0.0, 0.0), size)


def _arch_face(a: Vec2, b: Vec2, depth: float) -> list[Vec3]:
    return [(a[0], a[1], depth), (b[0], b[1], depth), (a[0], a[1], -depth), (b[0], b[1], -depth)]


def arch(size: Vec3, options: dict[str, Any]) -> Built:
    """Arch.RebuildMesh: outer and inner curved quads, optional end caps, front and back quads; recentred."""
    thickness, sides = f32.f(float(options["thickness"])), int(options["numberOfSides"])
    angle, end_caps, smooth = f32.f(float(options["archDegrees"])), bool(options["endCaps"]), bool(options["smooth"])
    x_radius, y_radius, depth = f32.div(size[0], 2), size[1], f32.div(size[2], 2)
    cuts = sides + 1
    if angle < 90:
        x_radius = f32.mul(x_radius, 2)
    elif angle < 180:
        x_radius = f32.mul(x_radius, f32.add(1, f32.lerp(1, 0, abs(f32.cos(f32.mul(angle, f32.DEG2RAD))))))
    elif angle > 180:
        y_radius = f32.div(y_radius, f32.add(1, f32.lerp(0, 1, f32.div(f32.sub(angle, 180), 90))))
    outer, inner = [], []
    for i in range(cuts):
        current = f32.mul(i, f32.div(angle, cuts - 1))
        outer.append(ellipse_point(x_radius, y_radius, current)[0])
        inner.append(ellipse_point(f32.sub(x_radius, thickness), f32.sub(y_radius, thickness), current)[0])
    caps = angle < 360 and end_caps
    points: list[Vec3] = []
    smoothed = 0
    for n in range(cuts - 1):
        if caps and n == 0:
            points += _arch_face(outer[n], inner[n], depth)
        points += _arch_face(outer[n], outer[n + 1], -depth)
        points += _arch_face(inner[n + 1], inner[n], -depth)
        smoothed += 2
        if caps and n == cuts - 2:
            points += _arch_face(inner[n + 1], outer[n + 1], depth)
    for i in range(cuts - 1):
        o1, o2, i1, i2 = outer[i], outer[i + 1], inner[i], inner[i + 1]
        points += [(o1[0], o1[1], depth), (o2[0], o2[1], depth), (i1[0], i1[1], depth), (i2[0], i2[1], depth)]
        points += [(o2[0], o2[1], -depth), (o1[0], o1[1], -depth), (i2[0], i2[1], -depth), (i1[0], i1[1], -depth)]
    faces = quad_faces(len(points))
    shared = shared_by_position(points)
    if smooth:
        for face in faces[1 if caps else 0:smoothed]:
            face.smoothing_group = 1
    points = recentre(points)
    center, box = mesh_bounds(points)
    return Built(finish(fit_to_size(points, center, box, size), faces, shared=shared), center, box)
