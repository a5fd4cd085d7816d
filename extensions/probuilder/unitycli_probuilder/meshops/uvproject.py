"""Box projection of manual UVs: UVEditing.ProjectFacesBox (Runtime/MeshOperations/UV/UVEditing.cs, rc-6.0.4).

Faces are sorted by the axis their normal is closest to (Projection.VectorToProjectionAxis, in the order the axes
are first met) and each axis's vertices are planar-projected along that axis; the faces become manual-UV, leave
their element group (-1) and their vertices leave the shared-UV groups (SplitUVs). The torus generator uses it too.
"""

from __future__ import annotations

from typing import Any

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


def box_uvs(positions: list[Any], faces: list[Face], uvs: list[Any]) -> list[Any]:
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


# --- planar projection: the UV Editor's Planar Project (Editor/EditorCore/UVEditor.cs Menu_PlanarProject) ---------

_SEW_DISTANCE = 0.001  # ProjectFacesAuto sews UVs closer than this


def _texture_lookup(mesh: MeshData) -> dict[int, int]:
    """ProBuilderMesh.sharedTextureLookup: vertex -> shared-UV group, in group order."""
    return {v: g for g, group in enumerate(mesh.shared_textures) for v in group}


def _set_shared_textures(mesh: MeshData, lookup: dict[int, int]) -> None:
    """SetSharedTextures(lookup) via SharedVertex.ToSharedVertices: groups in first-seen order, singletons kept."""
    where: dict[int, int] = {}
    groups: list[list[int]] = []
    for vertex, group in lookup.items():
        if group < 0:
            groups.append([vertex])
        elif group in where:
            groups[where[group]].append(vertex)
        else:
            where[group] = len(groups)
            groups.append([vertex])
    mesh.shared_textures = groups


def _split_uvs(mesh: MeshData, indexes: list[int]) -> None:
    """UVEditing.SplitUVs: each listed vertex that has a shared-UV group gets a group of its own."""
    lookup = _texture_lookup(mesh)
    fresh = len(lookup)
    for vertex in indexes:
        if vertex in lookup:
            lookup[vertex] = fresh
            fresh += 1
    _set_shared_textures(mesh, lookup)


def _sew_uvs(mesh: MeshData, indexes: list[int], uvs: list[Any]) -> None:
    """UVEditing.SewUVs: pairs closer than the distance meet at their midpoint and join one shared-UV group."""
    lookup = _texture_lookup(mesh)
    for i in range(len(indexes) - 1):
        for n in range(i + 1, len(indexes)):
            first, second = indexes[i], indexes[n]
            a = lookup.setdefault(first, len(lookup))
            b = lookup.setdefault(second, len(lookup))
            if a == b:
                continue
            (x0, y0), (x1, y1) = uvs[first][:2], uvs[second][:2]
            if ((x0 - x1) ** 2 + (y0 - y1) ** 2) ** 0.5 < _SEW_DISTANCE:
                uvs[first] = uvs[second] = ((x0 + x1) / 2, (y0 + y1) / 2)
                for key in [k for k, g in lookup.items() if g == b]:
                    lookup[key] = a
    _set_shared_textures(mesh, lookup)


def _unused_element_group(mesh: MeshData, start: int) -> int:
    """ProBuilderMesh.UnusedElementGroup."""
    while any(face.element_group == start for face in mesh.faces):
        start += 1
    return start


def _refresh_element_groups(mesh: MeshData) -> None:
    """UVEditor.RefreshElementGroups: faces joined by a shared-UV group share an element group; others get -1."""
    for face in mesh.faces:
        face.element_group = -1
    counter = 0
    for group in mesh.shared_textures:
        if len(group) < 2:
            continue
        members = set(group)
        touching = [face for face in mesh.faces if members.intersection(face.distinct)]
        current = _unused_element_group(mesh, counter)
        counter += 1
        for face in touching:
            if face.element_group > -1:
                old = face.element_group
                for other in mesh.faces:
                    if other.element_group == old:
                        other.element_group = current
            face.element_group = current


def project_planar(mesh: MeshData, faces: list[int]) -> list[int]:
    """Menu_PlanarProject on the faces: split their shared UVs, project along their average normal
    (UVEditing.ProjectFacesAuto: SplitUVs per face, SewUVs), mark them manual, refresh every face's element group,
    then move the projected UVs so their minimum is at (0, 0) (CenterUVsAtPoint at the lower left)."""
    chosen = [mesh.faces[f] for f in faces]
    selected = [v for face in chosen for v in face.distinct]  # SetSelectedFaces' m_SelectedVertices
    _split_uvs(mesh, selected)
    if len(mesh.textures0) != mesh.vertex_count:
        mesh.textures0 = [(0.0, 0.0)] * mesh.vertex_count
    uvs = list(mesh.textures0)
    normals = [geometry.face_normal(mesh, face) for face in chosen]
    direction = tuple(sum(n[k] for n in normals) / len(chosen) for k in range(3))
    u_axis, v_axis = geometry.projection_axes(geometry.unit_or_up(direction))
    for i in selected:
        uvs[i] = (geometry.dot(u_axis, mesh.positions[i]), geometry.dot(v_axis, mesh.positions[i]))
    for face in chosen:
        face.element_group = -1
        _split_uvs(mesh, face.distinct)
    _sew_uvs(mesh, selected, uvs)
    for face in chosen:
        face.manual_uv = 1
    _refresh_element_groups(mesh)
    distinct = list(dict.fromkeys(selected))
    low_u = min(uvs[i][0] for i in distinct)
    low_v = min(uvs[i][1] for i in distinct)
    for i in distinct:
        uvs[i] = (uvs[i][0] - low_u, uvs[i][1] - low_v)
    mesh.textures0 = uvs
    return faces
