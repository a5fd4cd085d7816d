"""WingedEdge.GetWingedEdges (Runtime/Core/WingedEdge.cs, rc-6.0.4): each face's outline as a ring of edges, each
knowing its neighbours in the ring and the edge across it in another face. Quadrangulate and bevel walk these.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops.base import lookup
from unitycli_probuilder.meshops.connect import outline


@dataclass(eq=False)
class Wing:
    """One WingedEdge: a face's outline edge as vertex indexes (`local`) and position groups (`common`)."""

    face: int
    local: tuple[int, int]
    common: tuple[int, int]
    next: Wing | None = None
    previous: Wing | None = None
    opposite: Wing | None = None

    @property
    def key(self) -> frozenset[int]:
        """EdgeLookup equality: the common edge, either way round."""
        return frozenset(self.common)

    def loop(self) -> list[Wing]:
        """WingedEdgeEnumerator: this wing, then `next` until back here."""
        out = [self]
        while out[-1].next is not None and out[-1].next is not self:
            out.append(out[-1].next)
        return out


def build(mesh: MeshData, faces: list[int], *, one_per_face: bool = False) -> list[Wing]:
    """GetWingedEdges: rings in face order; an edge's opposite is the last other wing met with the same common edge
    (the package's dictionary keeps the first and re-points it at each later one)."""
    table = lookup(mesh)
    out: list[Wing] = []
    seen: dict[frozenset[int], Wing] = {}
    for f in faces:
        ring_of = outline(mesh, f)
        ring = [Wing(f, (a, b), (table[a], table[b])) for a, b in zip(ring_of, ring_of[1:] + ring_of[:1], strict=True)]
        for i, wing in enumerate(ring):
            wing.next, wing.previous = ring[(i + 1) % len(ring)], ring[i - 1]
            other = seen.get(wing.key)
            if other is not None:
                other.opposite, wing.opposite = wing, other
            else:
                seen[wing.key] = wing
        out += ring[:1] if one_per_face else ring
    return out
