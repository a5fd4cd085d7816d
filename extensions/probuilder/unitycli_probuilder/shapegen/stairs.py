"""Straight and curved stairs, ported from Runtime/Shapes/Stairs.cs (rc-6.0.4; rc-5.2.2 is identical).

`circumference` 0 builds straight stairs (BuildStairs); anything else curved ones (BuildCurvedStairs), which are
recentred on the origin and whose step tops get a UV rotation following the turn.
"""

from __future__ import annotations

from typing import Any

from unitycli_probuilder import f32
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.shapegen.common import (
    Built,
    finish,
    fit_to_size,
    mesh_bounds,
    new_face,
    recentre,
    shared_by_position,
)

HEIGHT, COUNT = 0, 1  # StepGenerationType


def _steps(height: float, options: dict[str, Any], *, curved: bool) -> tuple[int, float]:
    """How many steps and how high, as both builders compute it (with the curved builder's extra guard)."""
    use_height = int(options["stepGenerationType"]) == HEIGHT
    wanted = f32.f(float(options["stepsHeight"]))
    step_height = min(wanted, height)
    steps = int(options["stepsCount"])
    if use_height and (not curved or step_height > f32.mul(0.01, wanted)):
        if height > 0:
            divisor = wanted if curved else step_height
            steps = int(f32.div(height, divisor))
            if bool(options["homogeneousSteps"]) and (not curved or steps > 0):
                step_height = f32.div(height, steps)
            else:
                steps += 1 if f32.sub(f32.div(height, divisor), steps) > 0.001 else 0
        else:
            steps = 1
    if steps > 256:
        steps, step_height = 256, f32.div(height, 256)
    return steps, step_height


def stairs(size: Vec3, options: dict[str, Any]) -> Built:
    if abs(f32.f(float(options["circumference"]))) > 0:
        return _curved(size, options)
    return _straight(size, options)


def _straight(size: Vec3, options: dict[str, Any]) -> Built:
    """BuildStairs: a riser and a tread quad per step, then both sides (quad + triangle per step) and the back."""
    use_height = int(options["stepGenerationType"]) == HEIGHT
    steps, step_height = _steps(size[1], options, curved=False)
    ext = f32.vscale(size, 0.5)
    points: list[Vec3] = []
    faces = []
    for i in range(steps):
        h0 = f32.mul(i, step_height)
        h1 = f32.mul(i + 1, step_height) if i != steps - 1 else size[1]
        inc0, inc1 = f32.div(i, steps), f32.div(i + 1, steps)
        x0, x1 = f32.sub(size[0], ext[0]), -ext[0]
        y0 = f32.sub(h0 if use_height else f32.mul(size[1], inc0), ext[1])
        y1 = f32.sub(h1 if use_height else f32.mul(size[1], inc1), ext[1])
        z0, z1 = f32.sub(f32.mul(size[2], inc0), ext[2]), f32.sub(f32.mul(size[2], inc1), ext[2])
        v = len(points)
        points += [(x0, y0, z0), (x1, y0, z0), (x0, y1, z0), (x1, y1, z0),
                   (x0, y1, z0), (x1, y1, z0), (x0, y1, z1), (x1, y1, z1)]
        faces += [new_face([v, v + 1, v + 2, v + 1, v + 3, v + 2]),
                  new_face([v + 4, v + 5, v + 6, v + 5, v + 7, v + 6])]
    if bool(options["sides"]):
        x = 0.0
        for side in range(2):
            for i in range(steps):
                h0 = f32.mul(max(i, 1), step_height)
                h1 = f32.mul(i + 1, step_height) if i != steps - 1 else size[1]
                y0 = h0 if use_height else f32.mul(f32.div(max(i, 1), steps), size[1])
                y1 = h1 if use_height else f32.mul(f32.div(i + 1, steps), size[1])
                z0, z1 = f32.mul(f32.div(i, steps), size[2]), f32.mul(f32.div(i + 1, steps), size[2])
                v = len(points)
                points += [f32.vsub(p, ext) for p in ((x, 0.0, z0), (x, 0.0, z1), (x, y0, z0), (x, y1, z1))]
                faces.append(new_face([v, v + 1, v + 2, v + 1, v + 3, v + 2] if side % 2 == 0
                                      else [v + 2, v + 1, v, v + 2, v + 3, v + 1], texture_group=side + 1))
                if i > 0:
                    v = len(points)
                    points += [f32.vsub(p, ext) for p in ((x, y0, z0), (x, y1, z0), (x, y1, z1))]
                    faces.append(new_face([v + 2, v + 1, v] if side % 2 == 0 else [v, v + 1, v + 2],
                                          texture_group=side + 1))
            x = f32.add(x, size[0])
        v = len(points)
        points += [f32.vsub(p, ext) for p in ((0.0, 0.0, size[2]), (size[0], 0.0, size[2]),
                                               (0.0, size[1], size[2]), (size[0], size[1], size[2]))]
        faces.append(new_face([v, v + 1, v + 2, v + 1, v + 3, v + 2]))
    center, _ = mesh_bounds(points)
    # UpdateBounds: the mesh's centre with `size`, so FitToSize changes nothing.
    return Built(finish(points, faces), center, size)


def _curved(size: Vec3, options: dict[str, Any]) -> Built:
    """BuildCurvedStairs: risers and (quad or, without an inner radius, triangle) treads around the y axis."""
    use_height = int(options["stepGenerationType"]) == HEIGHT
    max_width = min(size[0], size[2])
    inner = f32.clamp(f32.f(float(options["innerRadius"])), 0.0, max_width)
    if inner >= max_width:
        inner = max_width  # Mathf.Clamp(.., maxWidth - float.Epsilon) is maxWidth in float32
    width = f32.sub(max_width, inner)
    height = abs(size[1])
    circumference = f32.f(float(options["circumference"]))
    no_inner = inner < f32.EPSILON
    steps, step_height = _steps(height, options, curved=True)
    cir = f32.mul(abs(circumference), f32.DEG2RAD)
    outer = f32.add(inner, width)
    points: list[Vec3] = []
    faces = []

    def ring(angle: float, radius: float, y: float) -> Vec3:
        return (f32.mul(-f32.cos(angle), radius), y, f32.mul(f32.sin(angle), radius))

    for i in range(steps):
        inc0, inc1 = f32.mul(f32.div(i, steps), cir), f32.mul(f32.div(i + 1, steps), cir)
        h0 = f32.mul(i, step_height) if use_height else f32.mul(f32.div(i, steps), height)
        h1 = ((f32.mul(i + 1, step_height) if i != steps - 1 else height) if use_height
              else f32.mul(f32.div(i + 1, steps), height))
        v = len(points)
        points += [ring(inc0, inner, h0), ring(inc0, outer, h0), ring(inc0, inner, h1), ring(inc0, outer, h1)]
        points += [points[v + 2], points[v + 3], ring(inc1, outer, h1)]
        if not no_inner:
            points.append(ring(inc1, inner, h1))
        faces.append(new_face([v, v + 1, v + 2, v + 1, v + 3, v + 2]))
        tread = new_face([v + 4, v + 5, v + 6] if no_inner else [v + 4, v + 5, v + 6, v + 4, v + 6, v + 7])
        rotation = f32.mul(f32.mul(f32.add(inc1, inc0), -0.5), f32.RAD2DEG) % 360
        tread.uv["m_Rotation"] = f32.add(360, rotation) if rotation < 0 else rotation
        faces.append(tread)
    if bool(options["sides"]):
        x = outer if no_inner else inner
        for side in range(1 if no_inner else 0, 2):
            for i in range(steps):
                inc0, inc1 = f32.mul(f32.div(i, steps), cir), f32.mul(f32.div(i + 1, steps), cir)
                h0 = (f32.mul(max(i, 1), step_height) if use_height
                      else f32.mul(f32.div(max(i, 1), steps), height))
                h1 = ((f32.mul(i + 1, step_height) if i != steps - 1 else size[1]) if use_height
                      else f32.mul(f32.div(i + 1, steps), height))
                v = len(points)
                points += [ring(inc0, x, 0.0), ring(inc1, x, 0.0), ring(inc0, x, h0), ring(inc1, x, h1)]
                riser = new_face([v + 2, v + 1, v, v + 2, v + 3, v + 1] if side % 2 == 0
                                 else [v, v + 1, v + 2, v + 1, v + 3, v + 2], smoothing=side + 1)
                faces.append(riser)
                if i > 0:
                    riser.texture_group = side * steps + i
                    v = len(points)
                    points += [ring(inc0, x, h0), ring(inc1, x, h1), ring(inc0, x, h1)]
                    faces.append(new_face([v + 2, v + 1, v] if side % 2 == 0 else [v, v + 1, v + 2],
                                          smoothing=side + 1, texture_group=side * steps + i))
            x = f32.add(x, width)
        cos, sin = -f32.cos(cir), f32.sin(cir)
        v = len(points)
        points += [(f32.mul(cos, inner), 0.0, f32.mul(sin, inner)), (f32.mul(cos, outer), 0.0, f32.mul(sin, outer)),
                   (f32.mul(cos, inner), height, f32.mul(sin, inner)), (f32.mul(cos, outer), height, f32.mul(sin, outer))]
        faces.append(new_face([v + 2, v + 1, v, v + 2, v + 3, v + 1]))
    if circumference < 0:
        points = [(-p[0], p[1], p[2]) for p in points]
        for face in faces:
            face.indexes.reverse()
    shared = shared_by_position(points)
    points = recentre(points)
    center, box = mesh_bounds(points)
    return Built(finish(fit_to_size(points, center, box, size), faces, shared=shared), center, box)
