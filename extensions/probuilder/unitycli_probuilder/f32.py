"""Single-precision arithmetic, so generated geometry has the float32 values Unity computes and stores.

A product, sum, quotient or square root of two float32 values computed in double and rounded once is the float32
result (53 >= 2*24+2 bits), so rounding after every operation reproduces C#'s `float` arithmetic. Mathf.Sin/Cos
are `(float)Math.Sin((double)f)`. The minigolf `Hole Cube.prefab` cylinder shows why this matters: its vertex 2 is
stored as `x: 0.062499996`, the float32 of 0.125 * cos(float32(60 deg in radians)), not 0.0625.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

_F = struct.Struct("<f")
_MAX = 3.4028234663852886e38

Vec3 = tuple[float, float, float]


def f(x: float) -> float:
    """Round a Python float to the nearest float32 (infinities and NaN pass through)."""
    if not math.isfinite(x) or abs(x) > _MAX:
        return x if not math.isfinite(x) else math.copysign(math.inf, x)
    rounded: float = _F.unpack(_F.pack(x))[0]
    return rounded


DEG2RAD = f(math.pi * 2 / 360)  # Mathf.Deg2Rad
RAD2DEG = f(1 / (math.pi * 2 / 360))  # Mathf.Rad2Deg
EPSILON = 1.401298464324817e-45  # Mathf.Epsilon / float.Epsilon


def mul(a: float, b: float) -> float:
    return f(a * b)


def div(a: float, b: float) -> float:
    if b == 0:
        return math.copysign(math.inf, a) if a else math.nan
    return f(a / b)


def add(a: float, b: float) -> float:
    return f(a + b)


def sub(a: float, b: float) -> float:
    return f(a - b)


def cos(radians: float) -> float:
    return f(math.cos(f(radians)))


def sin(radians: float) -> float:
    return f(math.sin(f(radians)))


def cos_deg(degrees: float) -> float:
    """Mathf.Cos(Mathf.Deg2Rad * degrees)."""
    return cos(mul(DEG2RAD, degrees))


def sin_deg(degrees: float) -> float:
    return sin(mul(DEG2RAD, degrees))


def vec3(p: Sequence[float]) -> Vec3:
    """A vector of a mesh array (`tuple[float, ...]`) as the three components a position has; ValueError otherwise."""
    x, y, z = p
    return (x, y, z)


def v3(x: float, y: float, z: float) -> Vec3:
    return (f(x), f(y), f(z))


def vadd(a: Vec3, b: Vec3) -> Vec3:
    return (add(a[0], b[0]), add(a[1], b[1]), add(a[2], b[2]))


def vsub(a: Vec3, b: Vec3) -> Vec3:
    return (sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2]))


def vscale(a: Vec3, k: float) -> Vec3:
    return (mul(a[0], k), mul(a[1], k), mul(a[2], k))


def vmul(a: Vec3, b: Vec3) -> Vec3:
    """Vector3.Scale."""
    return (mul(a[0], b[0]), mul(a[1], b[1]), mul(a[2], b[2]))


def magnitude(a: Vec3) -> float:
    return f(math.sqrt(add(add(mul(a[0], a[0]), mul(a[1], a[1])), mul(a[2], a[2]))))


def normalized(a: Vec3) -> Vec3:
    """Vector3.normalized: each component divided by the magnitude, zero below 1e-5."""
    m = magnitude(a)
    return (div(a[0], m), div(a[1], m), div(a[2], m)) if m > 1e-5 else (0.0, 0.0, 0.0)


def lerp(a: float, b: float, t: float) -> float:
    """Mathf.Lerp: a + (b - a) * Clamp01(t)."""
    t = min(max(t, 0.0), 1.0)
    return add(a, mul(sub(b, a), t))


def clamp(value: float, lo: float, hi: float) -> float:
    return lo if value < lo else hi if value > hi else value
