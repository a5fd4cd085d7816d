"""Cube and plane geometry exactly as ProBuilder's shape generators build it (Runtime/Shapes Cube.cs, Plane.cs).

Both wrap every four points into a quad face `[i, i+1, i+2, i+1, i+3, i+2]` with AutoUnwrapSettings.tile
(ProBuilderMesh.GeometryWithPoints), group coincident positions into shared vertices in first-seen order
(SharedVertex.GetSharedVerticesWithPositions), then Refresh() projects auto UVs and computes tangents. A plane is
built at unit size and scaled to fit (MeshUtility.FitToSize), y stays 0. Vertex colours are not set (`[]`).
"""

from __future__ import annotations

import math

from unitycli.api import UnityCliError
from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import Face, MeshData, Vec

_CUBE_VERTICES: tuple[Vec, ...] = (
    (-0.5, -0.5, 0.5), (0.5, -0.5, 0.5), (0.5, -0.5, -0.5), (-0.5, -0.5, -0.5),
    (-0.5, 0.5, 0.5), (0.5, 0.5, 0.5), (0.5, 0.5, -0.5), (-0.5, 0.5, -0.5),
)
_CUBE_TRIANGLES = (0, 1, 4, 5, 1, 2, 5, 6, 2, 3, 6, 7, 3, 0, 7, 4, 4, 5, 7, 6, 3, 2, 0, 1)
SHAPES = ("cube", "plane")


def invalid(message: str, **details: object) -> UnityCliError:
    return UnityCliError("E_PROBUILDER_SHAPE_INVALID", message, details=dict(details),
                         next_actions=["unitycli tools describe probuilder.create-shape"])


def _quads(points: list[Vec]) -> MeshData:
    """ProBuilderMesh.GeometryWithPoints + Refresh: quads, shared vertices, auto UVs, tangents."""
    faces = [Face([i, i + 1, i + 2, i + 1, i + 3, i + 2]) for i in range(0, len(points), 4)]
    groups: dict[tuple[int, int, int], list[int]] = {}
    for i, p in enumerate(points):
        groups.setdefault(tuple(round(c * 1000) for c in p), []).append(i)  # type: ignore[arg-type]
    mesh = MeshData(faces=faces, positions=list(points), shared_vertices=list(groups.values()))
    geometry.refresh_auto_uvs(mesh)
    geometry.refresh_tangents(mesh)
    return mesh


def _check_size(name: str, value: float, *, allow_zero: bool = False) -> float:
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        raise invalid(f"size.{name} must be a finite number greater than 0, not {value}", field=f"size.{name}", value=value)
    return value


def cube(size: Vec) -> MeshData:
    """Cube.RebuildMesh with identity rotation: the unit cube template scaled by |size|, centred on the pivot."""
    sx, sy, sz = (_check_size(n, v) for n, v in zip("xyz", size, strict=True))
    return _quads([(v[0] * sx, v[1] * sy, v[2] * sz) for v in (_CUBE_VERTICES[t] for t in _CUBE_TRIANGLES)])


def plane(size: Vec, width_cuts: int = 1, height_cuts: int = 1) -> MeshData:
    """Plane.RebuildMesh (m_WidthSegments / m_HeightSegments cuts) fitted to size.x by size.z, normal +y."""
    sx, sz = _check_size("x", size[0]), _check_size("z", size[2])
    for name, cuts in (("widthCuts", width_cuts), ("heightCuts", height_cuts)):
        if not 0 <= cuts <= 64:
            raise invalid(f"{name} must be between 0 and 64, not {cuts}", field=name, value=cuts)
    w, h = width_cuts + 1, height_cuts + 1
    points: list[Vec] = []
    for y in range(h):
        for x in range(w):
            x0, x1 = x * (1.0 / w) - 0.5, (x + 1) * (1.0 / w) - 0.5
            y0, y1 = y * (1.0 / h) - 0.5, (y + 1) * (1.0 / h) - 0.5
            # p = (x, y) pairs, then v = (p.y, 0, p.x), then FitToSize scales x by size.x and z by size.z.
            for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                points.append((py * sx, 0.0, px * sz))
    return _quads(points)
