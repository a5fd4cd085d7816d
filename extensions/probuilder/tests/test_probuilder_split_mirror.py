"""`probuilder.subdivide-edges`, `connect-vertices`, `quadrangulate`, `bevel-edges` and `mirror` on cubes made in both fixture layouts and on an
Editor-written prefab mesh: dry-run == commit, the mesh invariants after each call, then the exact effect of each.
"""

from __future__ import annotations

import itertools

import pytest
from probuilder_testutil import (
    GAME,
    MAIN_MENU,
    WALL_RIGHT,
    assert_closed_box_is_consistent,
    changes,
    make_cube,
    read_mesh,
    run_on_cube,
)
from unitycli_probuilder import invariants, shapes
from unitycli_probuilder.meshops import bevel, edgesplit
from unitycli_probuilder.meshops import faces as face_ops
from unitycli_probuilder.meshops.base import face_edges
from unitycli_probuilder.meshops.connect import ear_clip

from unitycli.api import UnityCliError, UnityYamlFile

WALL_RIGHT_MESH = 6253106402793275094
# the cube generator's twelve edges, all on its four sides (faces 0-3)
ALL_EDGES = [[0, 1], [2, 0], [1, 3], [3, 2], [4, 5], [5, 7], [7, 6], [8, 9], [9, 11], [11, 10], [12, 13], [15, 14]]
# Each call on the 2 x 1 x 3 cube and what the mesh then has: faces, vertices, position groups (it stays closed).
CALLS = [
    ("probuilder.subdivide-edges", {"edges": [[0, 1]]}, (6, 26, 9)),
    ("probuilder.subdivide-edges", {"edges": [[0, 1], [4, 5], [1, 0]], "count": 3}, (6, 36, 14)),
    ("probuilder.connect-vertices", {"vertices": [0, 3]}, (7, 26, 8)),
    ("probuilder.connect-vertices", {"vertices": [16, 17, 18, 19]}, (9, 32, 9)),
    ("probuilder.quadrangulate", {}, (6, 24, 8)),  # after triangulating the whole cube
    ("probuilder.bevel-edges", {"edges": [[0, 1]]}, (7, 30, 10)),
    # every edge: the six sides, twelve bridges and eight corner caps of a chamfered box
    ("probuilder.bevel-edges", {"edges": ALL_EDGES, "amount": 0.1}, (26, 96, 24)),
    ("probuilder.mirror", {"axes": ["x"]}, (6, 24, 8)),
    ("probuilder.mirror", {"axes": ["x", "z"]}, (6, 24, 8)),
]

BEFORE = {"probuilder.quadrangulate": ("probuilder.triangulate", {})}


@pytest.mark.parametrize("which", ["chicken", "minigolf"])
def test_each_tool_previews_exactly_what_it_writes_and_keeps_the_box_closed(which, request):
    project = request.getfixturevalue(which)
    file = GAME if which == "chicken" else MAIN_MENU
    for i, (tool, args, (faces, vertices, groups)) in enumerate(CALLS):
        out, data = run_on_cube(project, file, f"Split {i}", tool, args, BEFORE.get(tool))
        assert (out["faceCount"], out["vertexCount"], out["sharedVertexCount"]) == (faces, vertices, groups), tool
        topology = invariants.topology(data)
        assert (topology.closed, topology.inconsistent_edges, topology.non_manifold_edges, topology.euler) == \
            (True, 0, 0, 2), tool
        assert_closed_box_is_consistent(data)


def test_subdividing_an_edge_puts_evenly_spaced_vertices_into_both_faces(chicken):
    mesh_id = make_cube(chicken, GAME, "Ruler")
    base = {"file": GAME, "gameObject": "Ruler"}
    chicken.output("probuilder.set-smoothing", {**base, "faces": [0, 1, 2], "group": 5})
    before = read_mesh(chicken, GAME, mesh_id)
    assert (before.positions[0], before.positions[1]) == ((-1, -0.5, 1.5), (1, -0.5, 1.5))
    out = chicken.output("probuilder.subdivide-edges", {**base, "edges": [[1, 0]], "count": 3})
    after = read_mesh(chicken, GAME, mesh_id)
    assert out["changedFaces"] == [0, 5]  # the front and the bottom border the edge; they keep their places
    inserted = {(-0.5, -0.5, 1.5), (0, -0.5, 1.5), (0.5, -0.5, 1.5)}
    for f in (0, 5):
        corners = [after.positions[v] for v in after.faces[f].distinct]
        assert len(corners) == 7 and inserted <= set(corners)
    # the three new points are three new position groups, each holding the front's and the bottom's copy
    groups = [g for g in after.shared_vertices if after.positions[g[0]] in inserted]
    assert sorted(len(g) for g in groups) == [2, 2, 2]
    # as face.CopyFrom(new Face(triangles)) does: the rebuilt front loses its smoothing group, the untouched keep it
    assert [f.smoothing_group for f in after.faces] == [0, 5, 5, 0, 0, 0]
    assert after.faces[1].indexes == [v - 4 for v in before.faces[1].indexes]  # the front's four corners are gone


def test_connecting_vertices_cuts_a_face_along_them_or_around_their_average(minigolf):
    mesh_id = make_cube(minigolf, MAIN_MENU, "Cut")
    base = {"file": MAIN_MENU, "gameObject": "Cut"}
    out = minigolf.output("probuilder.connect-vertices", {**base, "vertices": [0, 3]})  # the front's diagonal
    data = read_mesh(minigolf, MAIN_MENU, mesh_id)
    assert out["changedFaces"] == [5, 6]
    halves = [sorted(data.positions[v] for v in data.faces[f].indexes) for f in (5, 6)]
    assert halves == [sorted([(-1, -0.5, 1.5), (1, 0.5, 1.5), (-1, 0.5, 1.5)]),
                      sorted([(-1, -0.5, 1.5), (1, -0.5, 1.5), (1, 0.5, 1.5)])]
    assert data.faces[5].texture_group == data.faces[6].texture_group == 1  # one new texture group for the pieces
    top = data.faces[3].distinct  # the top after the front left: its four corners
    minigolf.output("probuilder.connect-vertices", {**base, "vertices": top})
    quads = read_mesh(minigolf, MAIN_MENU, mesh_id)
    assert len(quads.faces) == 10
    centre = [p for p in quads.positions if p == (0, 0.5, 0)]
    assert len(centre) == 4  # the corners' average, one copy in each of the four new faces
    # ConnectIndexesPerFace with every corner picked: a triangle from each side of the top to the average
    assert [len(f.distinct) for f in quads.faces[6:]] == [3, 3, 3, 3]


def test_quadrangulating_a_triangulated_cube_gives_back_its_six_sides(chicken):
    mesh_id = make_cube(chicken, GAME, "Quads")
    base = {"file": GAME, "gameObject": "Quads"}
    original = read_mesh(chicken, GAME, mesh_id)
    sides = sorted(sorted(original.positions[v] for v in f.distinct) for f in original.faces)
    chicken.output("probuilder.set-smoothing", {**base, "faces": [2], "group": 4})
    chicken.output("probuilder.triangulate", base)
    out = chicken.output("probuilder.quadrangulate", base)
    data = read_mesh(chicken, GAME, mesh_id)
    assert out["changedFaces"] == [0, 1, 2, 3, 4, 5]
    assert sorted(sorted(data.positions[v] for v in f.distinct) for f in data.faces) == sides
    assert all(len(f.indexes) == 6 and len(f.distinct) == 4 for f in data.faces)  # coincident corners collapsed
    assert sorted(f.smoothing_group for f in data.faces) == [0, 0, 0, 0, 0, 4]  # the first triangle's settings
    assert all(f.material.file_id == 0 for f in data.faces)  # MergePairs' Face constructor sets no material
    before = chicken.text(GAME)
    again = chicken.output("probuilder.quadrangulate", base)  # quads only: nothing pairs, nothing is written
    assert (again["changedFaces"], again["changedFields"], chicken.text(GAME)) == ([], [], before)


def test_bevelling_an_edge_bridges_its_two_slid_faces_and_clamps_the_amount(minigolf):
    mesh_id = make_cube(minigolf, MAIN_MENU, "Bevel")
    base = {"file": MAIN_MENU, "gameObject": "Bevel"}
    out = minigolf.output("probuilder.bevel-edges", {**base, "edges": [[0, 1]], "amount": 0.25})
    data = read_mesh(minigolf, MAIN_MENU, mesh_id)
    bridge = data.faces[4]  # after the four untouched sides (the two end faces were rebuilt and come last)
    assert sorted(data.positions[v] for v in bridge.distinct) == sorted(
        [(-1, -0.25, 1.5), (1, -0.25, 1.5), (-1, -0.5, 1.25), (1, -0.5, 1.25)])
    assert (bridge.smoothing_group, bridge.texture_group, bridge.manual_uv) == (-1, -1, 0)  # GetBridgeFaces' Face
    slid = [f for f in data.faces if f.manual_uv]
    assert len(slid) == 2  # SlideEdge makes the front and the bottom manual-UV
    assert out["changedFaces"] == [0, 3, 4, 5, 6] and data.shared_textures == []
    assert_closed_box_is_consistent(data)
    # far more than fits: clamped to the shortest side at a moved corner (1, the height) less 0.001
    clamped = make_cube(minigolf, MAIN_MENU, "Clamped")
    minigolf.output("probuilder.bevel-edges", {"file": MAIN_MENU, "gameObject": "Clamped", "edges": [[0, 1]],
                                               "amount": 5})
    heights = {round(p[1], 6) for p in read_mesh(minigolf, MAIN_MENU, clamped).positions}
    assert heights == {-0.5, 0.499, 0.5}


def test_mirror_negates_the_axis_reverses_the_faces_and_leaves_the_transform(minigolf):
    before_bytes = (minigolf.root / WALL_RIGHT).read_bytes()
    before = read_mesh(minigolf, WALL_RIGHT, WALL_RIGHT_MESH)
    out = minigolf.output("probuilder.mirror", {"file": WALL_RIGHT, "gameObject": "Wall Right", "axes": ["x"]})
    after = read_mesh(minigolf, WALL_RIGHT, WALL_RIGHT_MESH)
    assert after.positions == [(-p[0], p[1], p[2]) for p in before.positions]
    assert [f.indexes for f in after.faces] == [f.indexes[::-1] for f in before.faces]
    assert after.shared_vertices == before.shared_vertices
    assert out["changedFields"][:2] == ["m_Faces", "m_Positions"]
    added, removed, modified = changes(before_bytes, minigolf.root / WALL_RIGHT)
    assert not added and WALL_RIGHT_MESH in modified
    transforms = [d for d in UnityYamlFile.read(minigolf.root / WALL_RIGHT) if d.class_id == 4]
    assert transforms and all(d.text == UnityYamlFile.parse(before_bytes).get(d.file_id).text
                              for d in transforms)  # the Transform is not touched
    minigolf.output("probuilder.mirror", {"file": WALL_RIGHT, "gameObject": "Wall Right", "axes": ["x"]})
    assert read_mesh(minigolf, WALL_RIGHT, WALL_RIGHT_MESH).positions == before.positions


def test_bad_requests_are_refused_with_the_catalogued_code_and_write_nothing(chicken):
    make_cube(chicken, GAME, "Refused")
    base = {"file": GAME, "gameObject": "Refused"}
    before = chicken.text(GAME)
    for tool, args in (("probuilder.subdivide-edges", {"edges": [[0, 1]], "count": 0}),
                       ("probuilder.subdivide-edges", {"edges": [[0, 1]], "count": 513}),
                       ("probuilder.subdivide-edges", {"edges": [[0, 3]]}),  # a diagonal, not an edge
                       ("probuilder.subdivide-edges", {"edges": []}),
                       ("probuilder.connect-vertices", {"vertices": [0, 1]}),  # already an edge
                       ("probuilder.connect-vertices", {"vertices": [0]}),
                       ("probuilder.connect-vertices", {"vertices": [24]}),
                       ("probuilder.bevel-edges", {"edges": [[0, 1]], "amount": 0}),
                       ("probuilder.bevel-edges", {"edges": [[0, 3]]}),
                       ("probuilder.mirror", {"axes": []}),
                       ("probuilder.mirror", {"axes": ["x", "x"]})):
        assert chicken.error(tool, {**base, **args})["code"] == "E_PROBUILDER_ELEMENTS_INVALID", (tool, args)
    assert chicken.error("probuilder.mirror", {**base, "axes": ["w"]})["code"] != "E_INTERNAL"
    assert chicken.text(GAME) == before
    chicken.output("probuilder.delete-faces", {**base, "faces": [4]})
    opened = chicken.text(GAME)
    error = chicken.error("probuilder.bevel-edges", {**base, "edges": [[3, 2]]})  # the hole's rim: one face
    assert error["code"] == "E_PROBUILDER_ELEMENTS_INVALID" and chicken.text(GAME) == opened


EDITOR_MESHES = {"chicken": (GAME, "World/Coop/Coop Range"), "minigolf": (WALL_RIGHT, "Wall Right")}


@pytest.mark.parametrize("which", sorted(EDITOR_MESHES))
def test_the_new_tools_on_an_editor_written_mesh_preview_what_they_write(which, request):
    """One after another on a mesh the Editor saved (5.2.2 scene, 6.0.4 prefab; `force` past the prefab's
    overriding variants): every step previews exactly its write and leaves the mesh well formed and as closed and
    consistently wound as it was."""
    project = request.getfixturevalue(which)
    file, game_object = EDITOR_MESHES[which]
    base = {"file": file, "gameObject": game_object, "force": True}
    mesh_id = project.output("probuilder.inspect-mesh", {"file": file, "gameObject": game_object})["mesh"]["meshFileID"]
    start = invariants.topology(read_mesh(project, file, mesh_id))

    def first_edges(count: int) -> list[list[int]]:
        return [list(e) for e in face_edges(read_mesh(project, file, mesh_id).faces[0])[:count]]

    steps = [
        ("probuilder.subdivide-edges", lambda: {"edges": first_edges(1), "count": 2}),
        ("probuilder.connect-vertices", lambda: {"vertices": read_mesh(project, file, mesh_id).faces[1].distinct[:3]}),
        ("probuilder.triangulate", lambda: {"faces": [2]}),
        ("probuilder.quadrangulate", lambda: {}),
        ("probuilder.bevel-edges", lambda: {"edges": first_edges(1), "amount": 0.05}),
        ("probuilder.mirror", lambda: {"axes": ["z"]}),
    ]
    for tool, args in steps:
        call = {**base, **args()}
        preview = project.run(tool, call, dry_run=True)
        assert preview.ok, (tool, preview.error)
        done = project.run(tool, call)
        assert done.ok and preview.diffs == done.diffs, (tool, done.error)
        data = read_mesh(project, file, mesh_id)
        assert invariants.problems(data) == [], tool
        topology = invariants.topology(data)
        assert (topology.closed, topology.inconsistent_edges, topology.non_manifold_edges) == \
            (start.closed, start.inconsistent_edges, start.non_manifold_edges), tool
    assert (start.closed, start.inconsistent_edges) == (True, 0)  # both are closed boxes to begin with


def test_connecting_vertices_on_faces_merged_over_an_edge_keeps_the_cube_closed():
    """Two L-shaped faces (cube sides merged over an edge) cut around their picked corners' average: each bent
    polygon takes Poly2Tri's Delaunay diagonals, not an ear-clipped one that is already an edge of the bottom side
    (which made that edge non-manifold: open, two inconsistent edges)."""
    mesh = shapes.build(shapes.kind_of("cube"), (1.0, 1.0, 1.0), shapes.options_for(shapes.kind_of("cube"), {})).mesh
    face_ops.merge(mesh, [1, 0])  # two sides, appended last
    face_ops.merge(mesh, [2, 0])  # two more: the cube now has two L-shaped faces sharing three edges
    picked = mesh.faces[3].distinct[:5]
    edgesplit.connect_vertices(mesh, picked)
    topology = invariants.topology(mesh)
    assert invariants.problems(mesh) == []
    assert (topology.closed, topology.inconsistent_edges, topology.euler) == (True, 0, 2)


def test_rebuilt_polygons_take_the_delaunay_diagonals_and_keep_a_square_s():
    """ear_clip's fan from the first corner is flipped where a corner lies inside a triangle's circumcircle."""
    pentagon = [(0.68, -0.51, 0.0), (-0.2, -0.54, 0.0), (-0.68, -0.49, 0.0), (-0.22, 0.24, 0.0), (0.68, 0.49, 0.0)]
    tris = ear_clip(pentagon)
    inner = {frozenset(e) for t in range(0, 9, 3) for e in itertools.combinations(tris[t:t + 3], 2)}
    outline = {frozenset((i, (i + 1) % 5)) for i in range(5)}
    assert inner - outline == {frozenset((3, 0)), frozenset((3, 1))}  # the fan from corner 3, the only Delaunay one
    assert ear_clip([(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (1.0, 1.0, 0.0), (0.0, 1.0, 0.0)]) == [3, 0, 1, 1, 2, 3]


def test_bevelling_next_to_a_face_that_cannot_be_rebuilt_is_refused_instead_of_leaving_a_hole():
    """ExplodeVertex fails on a face of three merged cube sides (its outline folds on its best-fit plane); BevelEdges
    would delete it and leave the cube open, the extension refuses and changes nothing."""
    mesh = shapes.build(shapes.kind_of("cube"), (1.0, 1.0, 1.0), shapes.options_for(shapes.kind_of("cube"), {})).mesh
    face_ops.merge(mesh, [0, 1])
    face_ops.merge(mesh, [4, 0])
    before = (list(mesh.positions), [list(f.indexes) for f in mesh.faces])
    a, b = face_edges(mesh.faces[0])[0]
    with pytest.raises(UnityCliError) as refused:
        bevel.bevel(mesh, [(a, b)], 0.01)
    assert refused.value.code == "E_PROBUILDER_ELEMENTS_INVALID"
    assert (list(mesh.positions), [list(f.indexes) for f in mesh.faces]) == before
