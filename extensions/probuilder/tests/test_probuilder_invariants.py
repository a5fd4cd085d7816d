"""Property test: random sequences of mesh operations on random generated shapes never break the invariants.

Runs the operations on the in-memory model (the tools wrap exactly these functions with file I/O, tested
elsewhere): every per-vertex array stays in step, indexes stay in range, shared-vertex groups partition the
vertices and stay coincident; and while only operations that keep a surface closed were applied (moves,
triangulation, diagonal flips, conforming, merging two neighbours, extrusion, smoothing, planar UV projection), a
closed shape stays closed with consistent winding and the same Euler characteristic.
"""

from __future__ import annotations

import copy
import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from unitycli_probuilder import edits, invariants, shapes
from unitycli_probuilder.meshops import (
    base,
    bevel,
    combine,
    connect,
    edgesplit,
    faces,
    objectops,
    quads,
    surface,
    uvproject,
    vertices,
)

from unitycli.api import UnityCliError
from unitycli.testing import error_catalog

CLOSED_SHAPES = ("cube", "cylinder", "cone", "prism", "pipe", "sphere", "arch", "torus")
KEEPS_CLOSED = {"move", "triangulate", "flip", "conform", "merge", "extrude", "smooth", "subdivide", "loop",
                "split-edge", "connect-vertices", "quadrangulate", "mirror", "bevel", "project-planar"}


def _neighbour(mesh, f: int) -> int | None:
    table = base.lookup(mesh)
    mine = {frozenset((table[a], table[b])) for a, b in base.face_edges(mesh.faces[f])}
    return next((g for g, face in enumerate(mesh.faces) if g != f and mine
                 & {frozenset((table[a], table[b])) for a, b in base.face_edges(face)}), None)


def _apply(mesh, op: str, pick: int, amount: float) -> None:
    f = pick % len(mesh.faces)
    v = pick % mesh.vertex_count
    if op in {"loop", "split-edge", "bevel"} and not base.face_edges(mesh.faces[f]):
        return  # a collapse can leave a face of two back-to-back triangles: it has no outline edge to pick
    if op == "move":
        vertices.translate(mesh, [v], (amount, -amount / 2, 0.25))
    elif op == "triangulate":
        faces.triangulate(mesh, [f])
    elif op == "flip" and len(mesh.faces[f].indexes) == 6:
        faces.flip_diagonal(mesh, [f])
    elif op == "conform":
        faces.conform_normals(mesh, list(range(len(mesh.faces))))
    elif op == "merge":
        other = _neighbour(mesh, f)
        if other is not None:
            faces.merge(mesh, [f, other])
    elif op == "extrude":
        edits.extrude_faces(mesh, [f], amount or 0.5)
    elif op == "smooth":
        surface.set_smoothing(mesh, [f], pick % 4)
    elif op == "weld":
        vertices.weld(mesh, [v, (v + 1) % mesh.vertex_count], abs(amount) + 0.01)
    elif op == "collapse":
        vertices.collapse(mesh, [v, (v + 3) % mesh.vertex_count])
    elif op == "split":
        vertices.split(mesh, [v])
    elif op == "detach" and len(mesh.faces) > 1:
        faces.detach(mesh, [f], delete_source=True)
    elif op == "duplicate":
        faces.detach(mesh, [f], delete_source=False)
    elif op == "delete" and len(mesh.faces) > 1:
        edits.delete_faces(mesh, [f])
    elif op == "subdivide":
        connect.subdivide(mesh, [f])
    elif op == "loop":
        a, b = base.face_edges(mesh.faces[f])[0]
        connect.insert_edge_loop(mesh, [(a, b)])
    elif op == "split-edge":
        a, b = base.face_edges(mesh.faces[f])[0]
        edgesplit.subdivide_edges(mesh, [(a, b)], 1 + pick % 3)
    elif op == "connect-vertices":
        corners = mesh.faces[f].distinct
        edgesplit.connect_vertices(mesh, corners[:2 + pick % max(1, len(corners) - 1)])
    elif op == "quadrangulate":
        quads.quadrangulate(mesh, list(range(len(mesh.faces))))
    elif op == "bevel":
        a, b = base.face_edges(mesh.faces[f])[pick % len(base.face_edges(mesh.faces[f]))]
        bevel.bevel(mesh, [(a, b)], abs(amount) / 4 + 0.01)
    elif op == "mirror":
        objectops.mirror(mesh, {"xyz"[pick % 3]})
    elif op == "project-planar":
        uvproject.project_planar(mesh, [f, (f + 1) % len(mesh.faces)] if len(mesh.faces) > 1 else [f])
    elif op == "combine":  # merge a moved copy of the mesh into itself: a second, separate piece
        donor = copy.deepcopy(mesh)
        combine.combine(mesh, [], [combine.Donor(donor, [], point=lambda p: (p[0] + 3, p[1], p[2] + amount),
                                                 direction=lambda d: d)])


@pytest.fixture(scope="module", autouse=True)
def _catalog() -> None:
    """The extension's refusals are catalogued codes once its plugin is loaded (as the CLI loads it)."""
    assert "E_PROBUILDER_ELEMENTS_INVALID" in error_catalog()


OPS = st.sampled_from(sorted(KEEPS_CLOSED | {"weld", "collapse", "split", "detach", "duplicate", "delete",
                                             "combine"}))


# Derandomized (the same 60 sequences every run, as the other property tests here): a sequence the search finds is
# fixed and kept as an @example, never a failure that comes and goes in CI; UNITYCLI_FUZZ_EXAMPLES searches afresh.
# Known open class (found with a wider search): faces merged over a cube edge twice, then connect-vertices with three
# or more corners or an edge loop, reuse an existing edge as a diagonal (non-manifold); Poly2Tri likely does too.
@settings(max_examples=int(os.environ.get("UNITYCLI_FUZZ_EXAMPLES", "60")), deadline=None,
          derandomize="UNITYCLI_FUZZ_EXAMPLES" not in os.environ, database=None,
          suppress_health_check=[HealthCheck.too_slow])
# two cube faces merged over an edge twice, then connect-vertices: an ear-clipped diagonal of the bent polygon was an
# edge the mesh already had (non-manifold); the Delaunay diagonal Poly2Tri picks is not
@example(shape="cube", steps=[("merge", 1, 0.0), ("merge", 67, 0.0), ("connect-vertices", 3, 0.0)])
# bevelling next to a face of three merged sides: it cannot be rebuilt around the corner; refused, not left as a hole
@example(shape="cube", steps=[("merge", 0, 0.0), ("merge", 134, 0.0), ("bevel", 0, 0.0)])
# connecting two corners of a bent merged face that another face's edge already joins: skipped (nothing to connect)
@example(shape="cube", steps=[("merge", 0, 0.0), ("merge", 134, 0.0), ("connect-vertices", 0, 0.0)])
@given(shape=st.sampled_from(CLOSED_SHAPES),
       steps=st.lists(st.tuples(OPS, st.integers(0, 10_000), st.floats(-2, 2, allow_nan=False, width=32)),
                      min_size=1, max_size=6))
def test_random_operation_sequences_keep_the_mesh_well_formed(shape, steps):
    kind = shapes.kind_of(shape)
    small = {"sphere": {"subdivisions": 1}, "torus": {"rows": 4, "columns": 5}}.get(shape, {})
    mesh = shapes.build(kind, (1.0, 1.0, 1.0), shapes.options_for(kind, small)).mesh
    euler = invariants.topology(mesh).euler
    closed = True
    for op, pick, amount in steps:
        try:
            _apply(mesh, op, pick, amount)
        except UnityCliError as exc:  # a refusal is fine (e.g. a collapse that would empty the mesh)
            assert error_catalog()[exc.code].owner == "unitycli-probuilder", exc
            continue
        if not mesh.faces:
            return
        assert invariants.problems(mesh) == [], (op, pick)
        closed = closed and op in KEEPS_CLOSED
        if closed:
            topology = invariants.topology(mesh)
            assert (topology.closed, topology.inconsistent_edges, topology.euler) == (True, 0, euler), (op, pick)
