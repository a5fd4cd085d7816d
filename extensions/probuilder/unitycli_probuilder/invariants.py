"""Structural checks of a ProBuilder mesh that every generator and edit must keep true.

Beyond `MeshData.problems()` (indexes in range, per-vertex arrays of one length): shared-vertex groups partition
the vertices and each group is coincident, and — on the graph of shared vertices, where ProBuilder's split
vertices are one point — the triangles form a surface whose edges each have at most two triangles. A closed
surface has every edge on exactly two triangles running it in opposite directions (consistent winding), and
its Euler characteristic V - E + F tells its genus (2 for a sphere-like solid, 0 for a torus).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from unitycli_probuilder.meshdata import MeshData

_COINCIDENT = 1e-4  # ProBuilder compares positions at 1/1000 (IntVec3); allow float32 noise on top


@dataclass(frozen=True)
class Topology:
    vertices: int  # shared vertices used by triangles
    edges: int
    triangles: int
    boundary_edges: int  # used by one triangle
    non_manifold_edges: int  # used by more than two
    inconsistent_edges: int  # used twice in the same direction (flipped winding)

    @property
    def euler(self) -> int:
        return self.vertices - self.edges + self.triangles

    @property
    def closed(self) -> bool:
        return self.boundary_edges == 0 and self.non_manifold_edges == 0


def problems(mesh: MeshData) -> list[str]:
    """Every broken invariant, as sentences; empty when the mesh is well formed."""
    found = mesh.problems()
    if found:
        return found
    seen = Counter(v for group in mesh.shared_vertices for v in group)
    missing = [v for v in range(mesh.vertex_count) if seen[v] == 0]
    twice = [v for v, n in seen.items() if n > 1]
    if missing:
        found.append(f"vertex {missing[0]} is in no shared-vertex group")
    if twice:
        found.append(f"vertex {twice[0]} is in {seen[twice[0]]} shared-vertex groups")
    for g, group in enumerate(mesh.shared_vertices):
        first = mesh.positions[group[0]]
        if any(max(abs(a - b) for a, b in zip(first, mesh.positions[v], strict=True)) > _COINCIDENT for v in group):
            found.append(f"shared-vertex group {g} holds vertices at different positions")
            break
    for i, face in enumerate(mesh.faces):
        if not face.indexes:
            found.append(f"face {i} has no triangles")
    return found


def topology(mesh: MeshData) -> Topology:
    """Counts on the shared-vertex graph (degenerate triangles, whose corners share a point, are skipped)."""
    group_of = {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}
    directed: Counter[tuple[int, int]] = Counter()
    used: set[int] = set()
    triangles = 0
    for face in mesh.faces:
        idx = face.indexes
        for t in range(0, len(idx) - 2, 3):
            a, b, c = (group_of.get(v, -1 - v) for v in idx[t:t + 3])
            if len({a, b, c}) < 3:
                continue
            triangles += 1
            used.update((a, b, c))
            directed.update(((a, b), (b, c), (c, a)))
    undirected: Counter[frozenset[int]] = Counter()
    for (a, b), n in directed.items():
        undirected[frozenset((a, b))] += n
    return Topology(
        vertices=len(used), edges=len(undirected), triangles=triangles,
        boundary_edges=sum(1 for n in undirected.values() if n == 1),
        non_manifold_edges=sum(1 for n in undirected.values() if n > 2),
        inconsistent_edges=sum(1 for n in directed.values() if n > 1),
    )
