"""Vertex operations: move, weld, collapse and split (Runtime/MeshOperations/VertexEditing.cs,
ProBuilderMesh.TranslateVertices; rc-6.0.4)."""

from __future__ import annotations

from unitycli.api import UnityCliError
from unitycli_probuilder import f32
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops.base import (
    coincident,
    faces_using,
    lookup,
    remove_degenerate_triangles,
    set_groups,
)


def translate(mesh: MeshData, vertices: list[int], offset: tuple[float, float, float]) -> list[int]:
    """TranslateVertices: every vertex coincident with the selection moves by `offset` (local space)."""
    moved = coincident(mesh, vertices)
    for v in moved:
        mesh.positions[v] = f32.vadd(f32.v3(*mesh.positions[v]), f32.v3(*offset))
    return faces_using(mesh, moved)


def _average(mesh: MeshData, vertices: list[int]) -> tuple[float, ...]:
    n = len(vertices)
    return tuple(f32.f(sum(mesh.positions[v][k] for v in vertices) / n) for k in range(3))


def weld(mesh: MeshData, vertices: list[int], radius: float) -> tuple[list[int], int]:
    """WeldVertices: position groups of the selection within `radius` of each other become one, at their average.

    Groups are taken in selection order; each unmerged one gathers every unmerged group within the radius (a
    radial search, as the package's k-d tree does). Degenerate triangles left behind are removed, as the Editor's
    Weld Vertices action does. Returns the touched faces and how many position groups were merged away.
    """
    table = lookup(mesh)
    handles = list(dict.fromkeys(table[v] for v in vertices))
    point = {h: mesh.positions[mesh.shared_vertices[h][0]] for h in handles}
    merged: dict[int, int] = {}
    clusters: list[list[int]] = []
    for h in handles:
        if h in merged:
            continue
        near = [o for o in handles if o not in merged
                and sum((a - b) ** 2 for a, b in zip(point[h], point[o], strict=True)) <= radius * radius]
        for o in near:
            merged[o] = len(clusters)
        clusters.append(near)
    changed = [c for c in clusters if len(c) > 1]
    if not changed:
        return [], 0
    new_table = dict(table)
    targets: set[tuple[float, ...]] = set()
    next_group = len(mesh.shared_vertices)
    for cluster in changed:
        avg = tuple(f32.f(sum(point[h][k] for h in cluster) / len(cluster)) for k in range(3))
        targets.add(avg)
        for h in cluster:
            for v in mesh.shared_vertices[h]:
                new_table[v] = next_group
                mesh.positions[v] = avg
        next_group += 1
    set_groups(mesh, new_table)
    remove_degenerate_triangles(mesh)
    return _faces_at(mesh, targets), sum(len(c) - 1 for c in changed)


def _faces_at(mesh: MeshData, points: set[tuple[float, ...]]) -> list[int]:
    return faces_using(mesh, [v for v, p in enumerate(mesh.positions) if tuple(p) in points])


def collapse(mesh: MeshData, vertices: list[int], *, to_first: bool = False) -> list[int]:
    """MergeVertices (Collapse Vertices): the selection becomes one point, at its average or the first vertex;
    triangles that lose their area go, with the faces and vertices left unused."""
    distinct = list(dict.fromkeys(vertices))
    if len(distinct) < 2:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "collapsing needs at least two vertices",
                            details={"vertices": vertices})
    target = mesh.positions[distinct[0]] if to_first else _average(mesh, distinct)
    table = lookup(mesh)
    group = table[distinct[0]]
    everything = coincident(mesh, distinct)
    new_table = dict(table)
    for v in everything:
        new_table[v] = group
        mesh.positions[v] = target
    set_groups(mesh, new_table)
    remove_degenerate_triangles(mesh)
    return _faces_at(mesh, {tuple(target)})


def split(mesh: MeshData, vertices: list[int]) -> list[int]:
    """SplitVertices: each given vertex leaves its position group and gets a group of its own."""
    table = lookup(mesh)
    top = len(mesh.shared_vertices)
    for v in dict.fromkeys(vertices):
        top += 1
        table[v] = top
    set_groups(mesh, table)
    return []
