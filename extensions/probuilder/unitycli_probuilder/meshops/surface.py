"""Surface settings of faces: smoothing groups, vertex colours and auto-UV settings (Face.smoothingGroup,
ProBuilderMesh.SetFaceColor, Face.uv / AutoUnwrapSettings; rc-6.0.4)."""

from __future__ import annotations

import math
from typing import Any

from unitycli.api import UnityCliError
from unitycli_probuilder import edits, geometry
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops.base import check_vertices, coincident, face_edges, lookup

SMOOTHING_MAX = 1024  # any positive group is smooth (6.0.x); 5.2.x treats 25..42 as hard
WHITE = (1.0, 1.0, 1.0, 1.0)


def set_smoothing(mesh: MeshData, faces: list[int], group: int) -> list[int]:
    """Every face gets `group` (0: hard edges; faces sharing a positive group are smoothed together)."""
    edits.check_faces(mesh, faces)
    if not 0 <= group <= SMOOTHING_MAX:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"smoothing group {group} is not between 0 and "
                            f"{SMOOTHING_MAX}", details={"group": group})
    for f in faces:
        mesh.faces[f].smoothing_group = group
    return faces


def _next_unused(start: int, used: set[int], legacy: bool) -> int:
    """Smoothing.GetNextUnusedSmoothingGroup; 5.2.x jumps over its hard range 25..42."""
    while start in used:
        start += 1
        if legacy and 24 < start < 42:
            start = 43
    return start


def auto_smooth(mesh: MeshData, faces: list[int], angle: float, *, legacy: bool) -> tuple[list[int], int]:
    """Smoothing.ApplySmoothingGroups: the faces are reset to hard, then, in face order, each unprocessed face
    starts a group and takes in every neighbour across a shared edge whose normal is within `angle` (|cos| above
    the threshold, angle clamped below 90); a face that found no neighbour goes back to hard. Normals are the
    faces' own (hard) normals. Returns the faces and how many groups were made."""
    edits.check_faces(mesh, faces)
    if not math.isfinite(angle) or not 0 <= angle <= 180:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"angle {angle} is not between 0 and 180",
                            details={"angle": angle})
    chosen = sorted(set(faces))
    for f in chosen:
        mesh.faces[f].smoothing_group = 0
    table = lookup(mesh)
    normals = {f: geometry.face_normal(mesh, mesh.faces[f]) for f in chosen}
    by_edge: dict[frozenset[int], list[int]] = {}
    for f in chosen:
        for a, b in face_edges(mesh.faces[f]):
            by_edge.setdefault(frozenset((table[a], table[b])), []).append(f)
    threshold = abs(math.cos(math.radians(min(max(angle, 0.0), 89.999))))
    used = {face.smoothing_group for face in mesh.faces}
    group = _next_unused(1, used, legacy)
    processed: set[int] = set()
    groups = 0
    for start in chosen:
        if start in processed:
            continue
        processed.add(start)
        island, stack = [start], [start]
        while stack:
            f = stack.pop()
            for a, b in face_edges(mesh.faces[f]):
                for other in by_edge[frozenset((table[a], table[b]))]:
                    if other not in processed and abs(geometry.dot(normals[f], normals[other])) > threshold:
                        processed.add(other)
                        island.append(other)
                        stack.append(other)
        if len(island) == 1:
            continue
        for f in island:
            mesh.faces[f].smoothing_group = group
        used.add(group)
        groups += 1
        group = _next_unused(group, used, legacy)
    return chosen, groups


def set_color(mesh: MeshData, color: tuple[float, float, float, float], *, faces: list[int] | None,
              vertices: list[int] | None) -> list[int]:
    """SetFaceColor / vertex colouring: a mesh without colours first gets white everywhere, then the face's
    vertices (or the given vertices and those coincident with them) get `color`."""
    if any(not math.isfinite(c) for c in color):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "colour components must be finite", details={})
    if not mesh.colors:
        mesh.colors = [WHITE] * mesh.vertex_count
    if faces is not None:
        edits.check_faces(mesh, faces)
        targets = [v for f in faces for v in mesh.faces[f].distinct]
    else:
        targets = coincident(mesh, check_vertices(mesh, vertices or []))
    for v in targets:
        mesh.colors[v] = color
    return []


UV_FIELDS = {"useWorldSpace": "m_UseWorldSpace", "flipU": "m_FlipU", "flipV": "m_FlipV", "swapUV": "m_SwapUV",
             "fill": "m_Fill", "scale": "m_Scale", "offset": "m_Offset", "rotation": "m_Rotation",
             "anchor": "m_Anchor"}
FILL = {"fit": 0, "tile": 1, "stretch": 2}  # AutoUnwrapSettings.Fill
ANCHOR = {"upper-left": 0, "upper-center": 1, "upper-right": 2, "middle-left": 3, "middle-center": 4,
          "middle-right": 5, "lower-left": 6, "lower-center": 7, "lower-right": 8, "none": 9}


def set_uv(mesh: MeshData, faces: list[int], settings: dict[str, Any]) -> list[int]:
    """Face.uv fields changed as given and the faces switched to auto UVs, so Refresh re-projects them."""
    edits.check_faces(mesh, faces)
    for f in faces:
        face = mesh.faces[f]
        for key, value in settings.items():
            face.uv[UV_FIELDS[key]] = value
        face.manual_uv = 0
    return faces
