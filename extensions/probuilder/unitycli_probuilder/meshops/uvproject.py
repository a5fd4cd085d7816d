"""Box projection of manual UVs: UVEditing.ProjectFacesBox (Runtime/MeshOperations/UV/UVEditing.cs, rc-6.0.4).

Faces are sorted by the axis their normal is closest to (Projection.VectorToProjectionAxis, in the order the axes
are first met) and each axis's vertices are planar-projected along that axis; the faces become manual-UV, leave
their element group (-1) and their vertices leave the shared-UV groups (SplitUVs). The torus generator uses it too.
"""

from __future__ import annotations

from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import Face, MeshData

_APPROX = 0.0001
AXIS_VECTORS: tuple[tuple[float, float, float], ...] = (
    (1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, 0, 0), (0, -1, 0), (0, 0, -1))


def projection_axis(direction: tuple[float, ...]) -> int:
    """Projection.VectorToProjectionAxis: 0..5 for X, Y, Z, -X, -Y, -Z."""
    x, y, z = (abs(c) for c in direction)
    if not abs(x - y) < _APPROX and x > y and not abs(x - z) < _APPROX and x > z:
        return 0 if direction[0] > 0 else 3
    if not abs(y - z) < _APPROX and y > z:
        return 1 if direction[1] > 0 else 4
    return 2 if direction[2] > 0 else 5


def box_uvs(positions: list, faces: list[Face], uvs: list) -> list:
    """`uvs` with every vertex of `faces` box-projected; the faces become manual-UV with no element group."""
    out = list(uvs)
    groups: dict[int, list[int]] = {}
    for face in faces:
        a, b, c = (positions[i] for i in face.indexes[:3])
        groups.setdefault(projection_axis(geometry.triangle_normal(a, b, c)), []).extend(face.distinct)
        face.element_group = -1
        face.manual_uv = 1
    for axis, indexes in groups.items():
        u_axis, v_axis = geometry.projection_axes(AXIS_VECTORS[axis])
        for i in indexes:
            out[i] = (geometry.dot(u_axis, positions[i]), geometry.dot(v_axis, positions[i]))
    return out


def project_box(mesh: MeshData, faces: list[int]) -> list[int]:
    """ProjectFacesBox on a mesh: UVs, manual flags, element groups and shared UVs as the package leaves them."""
    chosen = [mesh.faces[f] for f in faces]
    if len(mesh.textures0) != mesh.vertex_count:
        mesh.textures0 = [(0.0, 0.0)] * mesh.vertex_count
    mesh.textures0 = box_uvs(mesh.positions, chosen, mesh.textures0)
    split = {v for face in chosen for v in face.distinct}
    groups = [[v for v in g if v not in split] for g in mesh.shared_textures]
    mesh.shared_textures = [g for g in groups if len(g) > 1]
    return faces
