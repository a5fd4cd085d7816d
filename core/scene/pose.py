"""Local transforms (position, rotation, scale) as affine matrices, so a reparent can keep the world pose.

Unity composes a Transform as T·R·S down the parent chain. Moving an object under another parent keeps its world
matrix when the new local matrix is `inverse(newParentWorld) · oldParentWorld · oldLocal`; that is only a Transform
again (T·R·S with scale along the local axes) when its columns stay orthogonal. With non-uniform scale and
rotation on the way the result needs shear, which a Transform cannot hold: `rebase` says so instead of guessing.
Rotations use Unity's quaternion order `(x, y, z, w)` and its Euler convention (Z, then X, then Y).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]
Mat = tuple[Vec, Vec, Vec]  # rows

_TOLERANCE = 1e-5


@dataclass(frozen=True)
class Pose:
    """A Transform's local values as written in the file."""

    position: Vec = (0.0, 0.0, 0.0)
    rotation: Quat = (0.0, 0.0, 0.0, 1.0)
    scale: Vec = (1.0, 1.0, 1.0)


@dataclass(frozen=True)
class Affine:
    linear: Mat
    offset: Vec


IDENTITY = Affine(((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), (0.0, 0.0, 0.0))


def quat_matrix(q: Quat) -> Mat:
    x, y, z, w = q
    n = math.sqrt(x * x + y * y + z * z + w * w) or 1.0
    x, y, z, w = x / n, y / n, z / n, w / n
    return ((1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
            (2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
            (2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)))


def matrix_quat(m: Mat) -> Quat:
    """The unit quaternion of a proper rotation matrix (Shepperd's method)."""
    trace = m[0][0] + m[1][1] + m[2][2]
    if trace > 0:
        s = math.sqrt(trace + 1.0) * 2
        return ((m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, 0.25 * s)
    if m[0][0] > m[1][1] and m[0][0] > m[2][2]:
        s = math.sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2
        return (0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s)
    if m[1][1] > m[2][2]:
        s = math.sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2
        return ((m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s)
    s = math.sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2
    return ((m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s, (m[1][0] - m[0][1]) / s)


def _mul(a: Mat, b: Mat) -> Mat:
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))  # type: ignore[return-value]


def _apply(a: Mat, v: Vec) -> Vec:
    return tuple(sum(a[i][k] * v[k] for k in range(3)) for i in range(3))  # type: ignore[return-value]


def _det(m: Mat) -> float:
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def _inverse(m: Mat) -> Mat | None:
    det = _det(m)
    if abs(det) < 1e-12:
        return None
    c = ((m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2],
          m[0][1] * m[1][2] - m[0][2] * m[1][1]),
         (m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0],
          m[0][2] * m[1][0] - m[0][0] * m[1][2]),
         (m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1],
          m[0][0] * m[1][1] - m[0][1] * m[1][0]))
    return tuple(tuple(v / det for v in row) for row in c)  # type: ignore[return-value]


def local_affine(pose: Pose) -> Affine:
    r = quat_matrix(pose.rotation)
    s = pose.scale
    return Affine(tuple(tuple(r[i][j] * s[j] for j in range(3)) for i in range(3)), pose.position)  # type: ignore[arg-type]


def compose(parent: Affine, child: Affine) -> Affine:
    off = _apply(parent.linear, child.offset)
    return Affine(_mul(parent.linear, child.linear), tuple(off[i] + parent.offset[i] for i in range(3)))  # type: ignore[arg-type]


def invert(a: Affine) -> Affine | None:
    inv = _inverse(a.linear)
    if inv is None:
        return None
    off = _apply(inv, a.offset)
    return Affine(inv, (-off[0], -off[1], -off[2]))


def world(chain: list[Pose]) -> Affine:
    """The world matrix of the last pose in `chain` (root first)."""
    result = IDENTITY
    for pose in chain:
        result = compose(result, local_affine(pose))
    return result


def _clean(value: float) -> float:
    """Float noise next to a whole number (`0.99999994`, `1e-8`) becomes the number; `-0` becomes `0`."""
    nearest = round(value)
    value = float(nearest) if abs(value - nearest) < 1e-6 else value
    return value + 0.0


def rebase(old_parent: Affine, new_parent: Affine, pose: Pose) -> Pose | None:
    """The local pose under `new_parent` that keeps the world matrix `old_parent · pose`; None when no Transform
    (T·R·S) can hold it exactly."""
    inv = invert(new_parent)
    if inv is None:
        return None
    local = compose(compose(inv, old_parent), local_affine(pose))
    cols = [tuple(local.linear[i][j] for i in range(3)) for j in range(3)]
    norms = [math.sqrt(sum(c * c for c in col)) for col in cols]
    if min(norms) < 1e-9:
        return None
    for a in range(3):
        for b in range(a + 1, 3):
            if abs(sum(cols[a][i] * cols[b][i] for i in range(3))) > _TOLERANCE * norms[a] * norms[b]:
                return None  # shear: the columns are not orthogonal
    signs = [math.copysign(1.0, s) for s in pose.scale]
    rot = tuple(tuple(local.linear[i][j] / (norms[j] * signs[j]) for j in range(3)) for i in range(3))
    if _det(rot) < 0:  # type: ignore[arg-type]
        return None  # a mirror the original negative scales do not account for
    q = matrix_quat(rot)  # type: ignore[arg-type]
    if sum(a * b for a, b in zip(q, pose.rotation, strict=True)) < 0:
        q = (-q[0], -q[1], -q[2], -q[3])  # the same rotation, kept on the side of the original quaternion
    scale = tuple(norms[j] * signs[j] for j in range(3))
    return Pose(tuple(_clean(v) for v in local.offset), tuple(_clean(v) for v in q),  # type: ignore[arg-type]
                tuple(_clean(v) for v in scale))  # type: ignore[arg-type]


def euler_hint(q: Quat) -> Vec:
    """Unity's Euler angles (degrees, applied Z, X, Y) of `q`, each in (-180, 180]."""
    m = quat_matrix(q)
    x = math.degrees(math.asin(max(-1.0, min(1.0, -m[1][2]))))
    if abs(m[1][2]) < 0.9999999:
        y = math.degrees(math.atan2(m[0][2], m[2][2]))
        z = math.degrees(math.atan2(m[1][0], m[1][1]))
    else:  # gimbal lock: put all of the remaining turn into y
        y = math.degrees(math.atan2(-m[2][0], m[0][0]))
        z = 0.0
    return tuple(_clean(round(a, 4)) for a in (x, y, z))  # type: ignore[return-value]
