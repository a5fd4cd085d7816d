"""Merging ProBuilder meshes into one: CombineMeshes.Combine(meshes, meshTarget) (Runtime/MeshOperations/
CombineMeshes.cs, identical in rc-5.2.2 and rc-6.0.4).

The target keeps its vertices, faces and materials; each other mesh's vertices follow, moved through world space
into the target's local space (TransformVertex / InverseTransformVertex: points through T*R*S, tangents through the
rotations), with their faces, shared vertices and shared UVs shifted by the vertex offset. A face's submesh becomes
the index of its material in the target's growing material list (appended when new, 0 for a null material). Which
optional arrays the result has is decided by the target (Vertex.GetArrays reads the first vertex): a donor without
colours contributes (0, 0, 0, 0). Donor faces with local auto UVs are kept as they looked
(UvUnwrapping.SetAutoAndAlignUnwrapParamsToUVs): their UV settings become the defaults plus the offset, rotation
and scale that re-project the old UVs; then degenerate triangles are removed (MeshValidation.EnsureMeshIsValid).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unitycli.api import Ref
from unitycli_probuilder import f32, geometry
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.meshdata import TILE_UV, MeshData
from unitycli_probuilder.meshops.base import remove_degenerate_triangles

MAX_VERTEX_COUNT = 65535  # ProBuilderMesh.maxVertexCount (ushort.MaxValue)


@dataclass
class Donor:
    mesh: MeshData
    materials: list[Ref]
    point: Callable[[Vec3], Vec3]  # donor-local point -> target-local point
    direction: Callable[[Vec3], Vec3]  # donor-local direction -> target-local direction (rotation only)


def combine(target: MeshData, materials: list[Ref], donors: list[Donor]) -> tuple[list[Ref], list[int]]:
    """Append every donor to `target`; returns the renderer's new material list and the faces to refresh."""
    material_map = list(materials)
    colors = target.colors if len(target.colors) == target.vertex_count else None
    uv0 = target.textures0 if len(target.textures0) == target.vertex_count else None
    uv2 = target.textures2 if len(target.textures2) == target.vertex_count else None
    uv3 = target.textures3 if len(target.textures3) == target.vertex_count else None
    tangents = list(target.tangents) if len(target.tangents) == target.vertex_count else None
    if tangents is None:  # GetVertices -> GetTangents computes them
        geometry.refresh_tangents(target)
        tangents = list(target.tangents)
    positions, colors, uv0 = list(target.positions), list(colors or []), list(uv0 or [])
    uv2, uv3 = list(uv2) if uv2 is not None else None, list(uv3) if uv3 is not None else None
    has = {"colors": len(colors) == target.vertex_count, "uv0": len(uv0) == target.vertex_count}
    auto_faces: list[int] = []
    for donor in donors:
        mesh, offset = donor.mesh, len(positions)
        donor_tangents = mesh.tangents if len(mesh.tangents) == mesh.vertex_count else None
        if donor_tangents is None:
            scratch = copy.deepcopy(mesh)
            geometry.refresh_tangents(scratch)
            donor_tangents = scratch.tangents
        for i, p in enumerate(mesh.positions):
            positions.append(tuple(f32.f(c) for c in donor.point(f32.vec3(p))))
            t = donor_tangents[i]
            tangents.append((*(f32.f(c) for c in donor.direction(f32.vec3(t[:3]))), t[3]))
            if has["colors"]:
                colors.append(mesh.colors[i] if len(mesh.colors) == mesh.vertex_count else (0.0, 0.0, 0.0, 0.0))
            if has["uv0"]:
                uv0.append(mesh.textures0[i] if len(mesh.textures0) == mesh.vertex_count else (0.0, 0.0))
            for mine, theirs in ((uv2, mesh.textures2), (uv3, mesh.textures3)):
                if mine is not None:
                    mine.append(theirs[i] if len(theirs) == mesh.vertex_count else (0.0, 0.0, 0.0, 0.0))
        for face in mesh.faces:
            new = face.copy([i + offset for i in face.indexes])
            if not new.manual_uv and not new.uv.get("m_UseWorldSpace"):
                new.manual_uv = 1
                auto_faces.append(len(target.faces))
            material = (donor.materials[max(0, min(face.submesh_index, len(donor.materials) - 1))]
                        if donor.materials else None)
            if material is not None and material in material_map:
                new.submesh_index = material_map.index(material)
            elif material is None or material.is_null:
                new.submesh_index = 0
            else:
                new.submesh_index = len(material_map)
                material_map.append(material)
            target.faces.append(new)
        target.shared_vertices += [[i + offset for i in g] for g in mesh.shared_vertices]
        target.shared_textures += [[i + offset for i in g] for g in mesh.shared_textures]
    target.positions, target.tangents = positions, tangents
    target.colors = colors if has["colors"] else []
    target.textures0 = uv0 if has["uv0"] else []
    target.textures2, target.textures3 = uv2 or [], uv3 or []
    _align_auto_uvs(target, auto_faces)
    converted = {id(target.faces[f]) for f in auto_faces}
    remove_degenerate_triangles(target)
    return material_map, [f for f, face in enumerate(target.faces) if id(face) in converted]


def _align_auto_uvs(mesh: MeshData, faces: list[int]) -> None:
    """SetAutoAndAlignUnwrapParamsToUVs: default auto settings, then the offset, rotation and scale that map the
    fresh projection onto the UVs the faces had (CalculateDelta)."""
    if not faces or len(mesh.textures0) != mesh.vertex_count:
        return
    wanted = list(mesh.textures0)
    for f in faces:
        face = mesh.faces[f]
        face.uv = copy.deepcopy(TILE_UV)
        face.element_group = face.texture_group = -1
        face.manual_uv = 0
    projected = copy.deepcopy(mesh)
    geometry.refresh_auto_uvs(projected)
    for f in faces:
        face = mesh.faces[f]
        found = _delta(projected.textures0, wanted, face.indexes)
        if found is None:  # no UV extent to scale (Unity would divide by zero): the face keeps its manual UVs
            face.manual_uv = 1
            continue
        translation, rotation, scale = found
        face.uv["m_Offset"] = {"x": f32.f(-translation[0]), "y": f32.f(-translation[1])}
        face.uv["m_Rotation"] = f32.f(rotation)
        face.uv["m_Scale"] = {"x": f32.f(scale[0]), "y": f32.f(scale[1])}


def _angle(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Vector2.Angle in degrees."""
    denominator = math.sqrt((a[0] ** 2 + a[1] ** 2) * (b[0] ** 2 + b[1] ** 2))
    if denominator < 1e-15:
        return 0.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (a[0] * b[0] + a[1] * b[1]) / denominator))))


def _bounds(points: list[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float]]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), (max(xs) - min(xs), max(ys) - min(ys))


def _delta(src: list[Any], dst: list[Any], indexes: list[int]) -> tuple[tuple[float, float], float, tuple[float, float]] | None:
    """UvUnwrapping.CalculateDelta(src, indexes, dst, indexes): translation, rotation, scale."""
    sa = (src[indexes[1]][0] - src[indexes[0]][0], src[indexes[1]][1] - src[indexes[0]][1])
    da = (dst[indexes[1]][0] - dst[indexes[0]][0], dst[indexes[1]][1] - dst[indexes[0]][1])
    rotation = _angle(da, sa)
    if -da[1] * sa[0] + da[0] * sa[1] < 0:  # Vector2.Perpendicular(dstAngle) . srcAngle
        rotation = 360 - rotation
    dst_points = [dst[i][:2] for i in indexes]
    dst_center, _ = _bounds(dst_points)
    s, c = math.sin(math.radians(-rotation)), math.cos(math.radians(-rotation))
    rotated = [((x - dst_center[0]) * c + (y - dst_center[1]) * s + dst_center[0],
                -(x - dst_center[0]) * s + (y - dst_center[1]) * c + dst_center[1]) for x, y in dst_points]
    _, dst_size = _bounds(rotated)
    src_center, src_size = _bounds([src[i][:2] for i in indexes])
    if not src_size[0] or not src_size[1]:
        return None
    scale = (dst_size[0] / src_size[0], dst_size[1] / src_size[1])
    return ((dst_center[0] - src_center[0] * scale[0], dst_center[1] - src_center[1] * scale[1]), rotation, scale)
