"""What every ProBuilder shape generator shares: face constructors, shared vertices, bounds, FitToSize, Refresh.

ProBuilderShape.Rebuild (Runtime/Shapes/ProBuilderShape.cs, rc-5.2.2 and rc-6.0.4) calls the shape's
RebuildMesh(mesh, size, rotation), takes the Bounds it returns, and MeshUtility.FitToSize scales the positions so
that box becomes `size`; Refresh then projects auto UVs and computes tangents. Shapes are made here with identity
rotation and positive sizes, as the shape tool makes them at the pivot, so `rotation * v` and the size-sign
reversals of the C# are the identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from unitycli_probuilder import f32, geometry, ids
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.meshdata import Face, MeshData, Vec


@dataclass
class Built:
    """A generated mesh and the Bounds its RebuildMesh returned (5.2.x stores it as ProBuilderShape.m_ShapeBox)."""

    mesh: MeshData
    box_center: Vec3
    box_size: Vec3
    pack_margin: float | None = None  # UnwrapParameters.packMargin when the generator sets it (cone, sphere)
    notes: list[str] = field(default_factory=list)


def new_face(indexes: list[int], *, smoothing: int = 0, texture_group: int = -1) -> Face:
    """`new Face(int[])` (Runtime/Core/Face.cs): the default material, element group 0, no smoothing.

    The minigolf `Hole Cube.prefab` cylinder's cap faces show it: `m_Material` is ProBuilderDefault.mat and
    `elementGroup: 0`, while its side faces (the explicit constructor) have `{fileID: 0}` and -1.
    """
    face = Face(list(indexes), smoothing_group=smoothing, material=ids.DEFAULT_MATERIAL, element_group=0,
                texture_group=texture_group)
    return face


def plain_face(indexes: list[int], *, smoothing: int = 0) -> Face:
    """`new Face(indexes, 0, AutoUnwrapSettings.tile, smoothing, -1, -1, false)`: no material, element -1."""
    return Face(list(indexes), smoothing_group=smoothing)


def quad_faces(count: int) -> list[Face]:
    """ProBuilderMesh.GeometryWithPoints: every four points one quad `[i, i+1, i+2, i+1, i+3, i+2]`."""
    return [plain_face([i, i + 1, i + 2, i + 1, i + 3, i + 2]) for i in range(0, count - count % 4, 4)]


def shared_by_position(points: Sequence[Vec]) -> list[list[int]]:
    """SharedVertex.GetSharedVerticesWithPositions: IntVec3 equality (Convert.ToInt32(v * 1000), half to even)."""
    groups: dict[tuple[int, int, int], list[int]] = {}
    for i, p in enumerate(points):
        key = (round(f32.mul(p[0], 1000)), round(f32.mul(p[1], 1000)), round(f32.mul(p[2], 1000)))
        groups.setdefault(key, []).append(i)
    return list(groups.values())


def mesh_bounds(points: list[Vec3]) -> tuple[Vec3, Vec3]:
    """Mesh.bounds of the compiled mesh (every position): (center, size) as Bounds.SetMinMax computes them."""
    lo = tuple(min(p[k] for p in points) for k in range(3))
    hi = tuple(max(p[k] for p in points) for k in range(3))
    extents = tuple(f32.mul(f32.sub(hi[k], lo[k]), 0.5) for k in range(3))
    center = tuple(f32.add(lo[k], extents[k]) for k in range(3))
    return center, tuple(f32.mul(e, 2) for e in extents)  # type: ignore[return-value]


def recentre(points: list[Vec3]) -> list[Vec3]:
    """`TranslateVerticesInWorldSpace(triangles, -mesh.bounds.center)` at an identity transform."""
    center, _ = mesh_bounds(points)
    return [f32.vsub(p, center) for p in points]


def fit_to_size(points: list[Vec3], center: Vec3, box: Vec3, size: Vec3) -> list[Vec3]:
    """MeshUtility.FitToSize: scale about the box centre so |box| becomes |size| (Vector3 == is approximate)."""
    box = tuple(abs(c) for c in box)  # type: ignore[assignment]
    scale = [f32.div(abs(size[k]), box[k]) if box[k] else (abs(size[k]) and float("inf")) for k in range(3)]
    for k in range(3):
        if scale[k] != scale[k]:  # NaN from 0/0
            scale[k] = 0.0
    near = sum((s - t) ** 2 for s, t in zip(scale, (1.0, 1.0, 1.0), strict=True)) < 1e-10
    if near or all(s == 0 for s in scale):
        return points
    for k in range(3):
        if abs(box[k]) < 0.001:
            scale[k] = 0.0
    out = []
    for p in points:
        q = f32.vsub(p, center)
        q = (f32.mul(q[0], scale[0]), f32.mul(q[1], scale[1]), f32.mul(q[2], scale[2]))
        out.append(f32.vadd(q, center))
    return out


def finish(points: list[Vec3], faces: list[Face], *, shared: list[list[int]] | None = None,
           textures: list[tuple[float, float]] | None = None) -> MeshData:
    """Rebuild + Refresh: shared vertices (from the positions the generator wound), auto UVs, tangents.

    `textures` carries the UVs of manual-UV faces the generator projected itself (cone sides, torus).
    """
    mesh = MeshData(faces=faces, positions=list(points),
                    shared_vertices=shared if shared is not None else shared_by_position(points))
    mesh.textures0 = list(textures) if textures is not None else [(0.0, 0.0)] * len(points)
    geometry.refresh_auto_uvs(mesh)
    geometry.refresh_tangents(mesh)
    return mesh


def planar_uvs(points: list[Vec3], indexes: list[int], direction: Vec3) -> list[tuple[float, float]]:
    """Projection.PlanarProject(positions, indexes, direction): (u, v) for each index, in order."""
    u_axis, v_axis = geometry.projection_axes(geometry.unit_or_up(direction))
    return [(geometry.dot(u_axis, points[i]), geometry.dot(v_axis, points[i])) for i in indexes]
