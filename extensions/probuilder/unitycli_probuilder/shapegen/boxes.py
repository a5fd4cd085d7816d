"""Cube, plane, sprite, prism and door, ported from Runtime/Shapes/{Cube,Plane,Sprite,Prism,Door}.cs (rc-6.0.4;
rc-5.2.2 is identical), with identity rotation and positive size."""

from __future__ import annotations

from typing import Any

from unitycli_probuilder import f32
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.meshdata import Face
from unitycli_probuilder.shapegen.common import (
    Built,
    finish,
    fit_to_size,
    mesh_bounds,
    new_face,
    quad_faces,
    shared_by_position,
)

_CUBE_VERTICES: tuple[Vec3, ...] = (
    (-0.5, -0.5, 0.5), (0.5, -0.5, 0.5), (0.5, -0.5, -0.5), (-0.5, -0.5, -0.5),
    (-0.5, 0.5, 0.5), (0.5, 0.5, 0.5), (0.5, 0.5, -0.5), (-0.5, 0.5, -0.5),
)
_CUBE_TRIANGLES = (0, 1, 4, 5, 1, 2, 5, 6, 2, 3, 6, 7, 3, 0, 7, 4, 4, 5, 7, 6, 3, 2, 0, 1)


def _points_built(points: list[Vec3], size: Vec3, faces: list[Face] | None = None) -> Built:
    """Shapes whose RebuildMesh returns `mesh.mesh.bounds`: fitted from their own bounds to `size`."""
    center, box = mesh_bounds(points)
    fitted = fit_to_size(points, center, box, size)
    return Built(finish(fitted, faces if faces is not None else quad_faces(len(points)),
                        shared=shared_by_position(points)), center, box)


def cube(size: Vec3, options: dict[str, Any]) -> Built:
    """Cube.RebuildMesh: the unit cube's 24 corners scaled by |size|, wrapped into 6 quads."""
    return _points_built([f32.vmul(_CUBE_VERTICES[t], size) for t in _CUBE_TRIANGLES], size)


def plane(size: Vec3, options: dict[str, Any]) -> Built:
    """Plane.RebuildMesh: (widthSegments+1) x (heightSegments+1) unit quads, y = 0, fitted to size.x by size.z."""
    w, h = int(options["widthSegments"]) + 1, int(options["heightSegments"]) + 1
    points: list[Vec3] = []
    for y in range(h):
        for x in range(w):
            x0 = f32.sub(f32.mul(x, f32.div(1, w)), 0.5)
            x1 = f32.sub(f32.mul(x + 1, f32.div(1, w)), 0.5)
            y0 = f32.sub(f32.mul(y, f32.div(1, h)), 0.5)
            y1 = f32.sub(f32.mul(y + 1, f32.div(1, h)), 0.5)
            for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                points.append((py, 0.0, px))  # v = (p.y, 0, p.x)
    return _points_built(points, size)


def sprite(size: Vec3, options: dict[str, Any]) -> Built:
    """Sprite.RebuildMesh: one quad of |size.x| by |size.z| at y = 0 (the plane without segments)."""
    x1, y1 = f32.div(size[0], 2), f32.div(size[2], 2)
    p = [(-x1, -y1), (x1, -y1), (-x1, y1), (x1, y1)]
    points = [(py, 0.0, px) for px, py in p]
    return _points_built(points, size, [new_face([0, 1, 2, 1, 3, 2])])


def prism(size: Vec3, options: dict[str, Any]) -> Built:
    """Prism.RebuildMesh: a triangular prism, ridge along z; two triangles, three quads."""
    sx, sy, sz = size
    base_y = f32.div(sy, 2)
    sy2 = f32.mul(sy, 2)
    template = [f32.vsub(f32.vmul(c, (sx, sy2, sz)), (0.0, base_y, 0.0)) for c in (
        (-0.5, 0, -0.5), (0.5, 0, -0.5), (0, 0.5, -0.5), (-0.5, 0, 0.5), (0.5, 0, 0.5), (0, 0.5, 0.5))]
    order = (0, 1, 2, 1, 4, 2, 5, 4, 3, 5, 3, 0, 5, 2, 0, 1, 3, 4)
    faces = [new_face(i) for i in ([2, 1, 0], [5, 4, 3, 5, 6, 4], [9, 8, 7], [12, 11, 10, 12, 13, 11],
                                   [14, 15, 16, 15, 17, 16])]
    return _points_built([template[i] for i in order], size, faces)


def door(size: Vec3, options: dict[str, Any]) -> Built:
    """Door.RebuildMesh: a frame of two legs and a lintel, front, back and the opening's three inner faces."""
    total_width, total_height, depth = size
    door_height, leg_width = f32.f(float(options["doorHeight"])), f32.f(float(options["legWidth"]))
    x_leg = f32.div(total_width, 2)
    leg = f32.sub(x_leg, leg_width) if f32.sub(x_leg, leg_width) > 0 else f32.f(0.001)
    ledge = (f32.sub(total_height, f32.mul(door_height, 2)) if f32.sub(total_height, f32.mul(door_height, 2)) > 0
             else f32.f(0.001))
    base_y, front = -total_height, f32.div(depth, 2)
    xs = (-x_leg, -leg, leg, x_leg)
    ys = (base_y, ledge, total_height)
    t = [(xs[i % 4], ys[i // 4], front) for i in range(12)]
    points = [t[i] for i in (4, 0, 5, 1, 2, 3, 6, 7, 4, 5, 8, 9, 10, 6, 11, 7, 5, 6, 9, 10)]

    def back(p: Vec3) -> Vec3:
        return f32.vsub(p, (0.0, 0.0, depth))

    reverse: list[Vec3] = []
    for i in range(0, len(points), 4):
        reverse += [back(points[i]), back(points[i + 2]), back(points[i + 1]), back(points[i + 3])]
    points += reverse
    points += [t[6], t[5], back(t[6]), back(t[5]), back(t[2]), t[2], back(t[6]), t[6], t[1], back(t[1]), t[5],
               back(t[5])]
    return _points_built(points, size)
