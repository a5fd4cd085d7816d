"""The element, surface and object tools on cubes made in both fixture layouts and on Editor-written meshes.

Every tool runs on the 5.2.2 (chicken-defense) and 6.0.4 (minigolf) projects with dry-run == commit and the
mesh invariants checked after it; the exact effect of each is then pinned on one mesh.
"""

from __future__ import annotations

import pytest
from probuilder_testutil import CUBE, GAME, MAIN_MENU, WALL_RIGHT, make_cube, read_mesh, run_on_cube
from unitycli_probuilder import geometry, invariants, transforms

from unitycli.api import UnityYamlFile

# Each tool with a call on the 2 x 1 x 3 cube, and what the mesh then has: faces, vertices, position groups, closed,
# Euler characteristic (2 for a closed box, 1 for one open sheet, one more per detached piece).
CALLS = [
    ("probuilder.move-elements", {"faces": [4], "offset": {"y": 0.25}}, (6, 24, 8, True, 2)),
    ("probuilder.move-elements", {"edges": [[0, 1]], "offset": {"x": 1}, "space": "world"}, (6, 24, 8, True, 2)),
    ("probuilder.weld-vertices", {"vertices": [0, 1], "distance": 2.5}, (6, 22, 7, True, 2)),
    ("probuilder.collapse-vertices", {"vertices": [0, 1]}, (6, 22, 7, True, 2)),
    ("probuilder.split-vertices", {"vertices": [0]}, (6, 24, 9, False, 1)),
    ("probuilder.triangulate", {}, (12, 36, 8, True, 2)),
    ("probuilder.flip-diagonal", {"faces": [0, 3]}, (6, 24, 8, True, 2)),
    ("probuilder.subdivide-faces", {"faces": [4]}, (9, 40, 13, True, 2)),
    ("probuilder.conform-normals", {}, (6, 24, 8, True, 2)),
    ("probuilder.merge-faces", {"faces": [0, 1]}, (5, 22, 8, True, 2)),
    ("probuilder.detach-faces", {"faces": [4]}, (6, 24, 12, False, 2)),
    ("probuilder.duplicate-faces", {"faces": [4]}, (7, 28, 12, False, 3)),
    ("probuilder.set-smoothing", {"faces": [0, 1], "group": 3}, (6, 24, 8, True, 2)),
    ("probuilder.auto-smooth", {"angle": 30}, (6, 24, 8, True, 2)),
    ("probuilder.set-vertex-color", {"faces": [4], "color": {"r": 1, "g": 0.5, "b": 0}}, (6, 24, 8, True, 2)),
    ("probuilder.set-face-uv", {"faces": [4], "scale": {"x": 2, "y": 2}, "rotation": 45}, (6, 24, 8, True, 2)),
    ("probuilder.set-pivot", {"vertices": [0]}, (6, 24, 8, True, 2)),
    ("probuilder.freeze-transform", {}, (6, 24, 8, True, 2)),
    ("probuilder.extrude-faces", {"faces": [0, 4], "method": "face-normal"}, (12, 48, 14, True, 2)),
    ("probuilder.extrude-faces", {"faces": [0, 4], "method": "vertex-normal"}, (12, 48, 14, True, 2)),
    # after deleting the top face: the four rim edges of the open box
    ("probuilder.extrude-edges", {"edges": [[3, 2], [7, 6], [11, 10], [15, 14]], "distance": 0.25}, (9, 36, 12, False, 1)),
    ("probuilder.project-uv-box", {}, (6, 24, 8, True, 2)),
    ("probuilder.connect-edges", {"edges": [[0, 1], [2, 3]]}, (7, 30, 10, True, 2)),
    ("probuilder.insert-edge-loop", {"edges": [[0, 1]]}, (10, 40, 12, True, 2)),
    # after deleting the top and bottom: the tube's two bottom edges joined; then the top hole filled
    ("probuilder.bridge-edges", {"edges": [[0, 1], [8, 9]]}, (5, 20, 8, False, 1)),
    ("probuilder.fill-hole", {}, (6, 24, 8, True, 2)),
    # after moving corner 0 onto corner 1: the front and bottom quads each keep one triangle with area
    ("probuilder.repair-mesh", {}, (6, 22, 8, False, 1)),
]
BEFORE = {"probuilder.extrude-edges": ("probuilder.delete-faces", {"faces": [4]}),
          "probuilder.bridge-edges": ("probuilder.delete-faces", {"faces": [4, 5]}),
          "probuilder.fill-hole": ("probuilder.delete-faces", {"faces": [4]}),
          "probuilder.repair-mesh": ("probuilder.move-elements", {"vertices": [0], "offset": {"x": 2}})}


@pytest.mark.parametrize("which", ["chicken", "minigolf"])
def test_every_tool_previews_exactly_what_it_writes_and_keeps_the_mesh_sound(which, request):
    project = request.getfixturevalue(which)
    file = GAME if which == "chicken" else MAIN_MENU
    for i, (tool, args, (faces, vertices, groups, closed, euler)) in enumerate(CALLS):
        out, data = run_on_cube(project, file, f"Block {i}", tool, args, BEFORE.get(tool))
        assert (out["faceCount"], out["vertexCount"], out["sharedVertexCount"]) == (faces, vertices, groups), tool
        topology = invariants.topology(data)
        assert (topology.closed, topology.inconsistent_edges, topology.non_manifold_edges) == (closed, 0, 0), tool
        assert topology.euler == euler, tool


def test_moving_a_face_moves_exactly_its_corners_and_their_coincident_vertices(minigolf):
    before = read_mesh(minigolf, WALL_RIGHT, 6253106402793275094)
    out = minigolf.output("probuilder.move-elements", {"file": WALL_RIGHT, "gameObject": "Wall Right", "faces": [4],
                                                       "offset": {"y": 0.25}})
    after = read_mesh(minigolf, WALL_RIGHT, 6253106402793275094)
    corners = {tuple(before.positions[v]) for v in before.faces[4].distinct}
    for old, new in zip(before.positions, after.positions, strict=True):
        expected = (old[0], old[1] + 0.25, old[2]) if tuple(old) in corners else old
        assert new == pytest.approx(expected, abs=1e-7)
    assert out["changedFields"][:1] == ["m_Positions"] and out["versionIndex"] == before.version_index + 1


def test_a_world_offset_goes_through_the_parents_rotation_and_scale(chicken):
    parent = chicken.output("probuilder.create-shape", {"file": GAME, "name": "Base", **CUBE})
    mesh_id = chicken.output("probuilder.create-shape", {"file": GAME, "name": "Lid", "parent": "Base", **CUBE})["meshFileID"]
    base = UnityYamlFile.read(chicken.root / GAME).get(parent["componentFileIDs"]["transform"])
    text = chicken.text(GAME).replace(base.text, base.text.replace(
        "m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}", "m_LocalRotation: {x: 0, y: 0.70710677, z: 0, w: 0.70710677}")
        .replace("m_LocalScale: {x: 1, y: 1, z: 1}", "m_LocalScale: {x: 2, y: 2, z: 2}"))
    (chicken.root / GAME).write_text(text)
    before = read_mesh(chicken, GAME, mesh_id)
    chicken.output("probuilder.move-elements", {"file": GAME, "gameObject": "Base/Lid", "vertices": [0],
                                                "offset": {"x": 1}, "space": "world"})
    after = read_mesh(chicken, GAME, mesh_id)
    moved = [v for v in range(before.vertex_count) if before.positions[v] != after.positions[v]]
    assert len(moved) == 3  # the corner and its two coincident copies
    delta = geometry.sub(after.positions[moved[0]], before.positions[moved[0]])
    assert delta == pytest.approx((0, 0, 0.5), abs=1e-6)  # R(-90 about y) * (1, 0, 0) / 2
    world = transforms.mat_vec(transforms.mat_mul(transforms.rotation_matrix((0, 0.70710677, 0, 0.70710677)),
                                                  ((2, 0, 0), (0, 2, 0), (0, 0, 2))), delta)
    assert world == pytest.approx((1, 0, 0), abs=1e-6)


def test_flip_diagonal_and_conform_pin_their_index_arrays(minigolf):
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right"}
    assert read_mesh(minigolf, WALL_RIGHT, 6253106402793275094).faces[0].indexes == [0, 1, 2, 1, 3, 2]
    minigolf.output("probuilder.flip-diagonal", {**base, "faces": [0]})
    assert read_mesh(minigolf, WALL_RIGHT, 6253106402793275094).faces[0].indexes == [0, 3, 2, 1, 3, 0]
    minigolf.output("probuilder.flip-normals", {**base, "faces": [2]})
    out = minigolf.output("probuilder.conform-normals", base)
    assert out["changedFaces"] == [2]
    assert invariants.topology(read_mesh(minigolf, WALL_RIGHT, 6253106402793275094)).inconsistent_edges == 0
    again = minigolf.output("probuilder.conform-normals", base)
    assert (again["changedFaces"], again["changedFields"]) == ([], [])  # nothing to do: the file is not touched


def test_merge_detach_and_triangulate_keep_face_settings(chicken):
    mesh_id = make_cube(chicken, GAME, "Box")
    chicken.output("probuilder.set-smoothing", {"file": GAME, "gameObject": "Box", "faces": [0], "group": 5})
    chicken.output("probuilder.merge-faces", {"file": GAME, "gameObject": "Box", "faces": [0, 1]})
    merged = read_mesh(chicken, GAME, mesh_id)
    assert len(merged.faces[-1].indexes) == 12 and merged.faces[-1].smoothing_group == 5
    assert sorted(set(merged.faces[-1].indexes)) == sorted(merged.faces[-1].distinct) and len(merged.faces[-1].distinct) == 6
    chicken.output("probuilder.triangulate", {"file": GAME, "gameObject": "Box", "faces": [4]})
    split = read_mesh(chicken, GAME, mesh_id)
    assert [len(f.indexes) for f in split.faces] == [6, 6, 6, 6, 3, 3, 3, 3]
    assert all(f.smoothing_group == 5 for f in split.faces[4:])


def test_surface_settings_are_written_as_the_fields_unity_reads(minigolf):
    mesh_id = make_cube(minigolf, MAIN_MENU, "Painted")
    base = {"file": MAIN_MENU, "gameObject": "Painted"}
    minigolf.output("probuilder.set-vertex-color", {**base, "faces": [4], "color": {"r": 1, "g": 0.5, "b": 0}})
    data = read_mesh(minigolf, MAIN_MENU, mesh_id)
    assert [data.colors[v] for v in range(24)].count((1, 0.5, 0, 1)) == 4 and data.colors.count((1, 1, 1, 1)) == 20
    minigolf.output("probuilder.set-face-uv", {**base, "faces": [4], "scale": {"x": 2, "y": 2}, "anchor": "lower-left",
                                               "fill": "stretch"})
    face = read_mesh(minigolf, MAIN_MENU, mesh_id).faces[4]
    assert (face.uv["m_Scale"], face.uv["m_Anchor"], face.uv["m_Fill"], face.manual_uv) == ({"x": 2, "y": 2}, 6, 2, 0)
    uvs = [read_mesh(minigolf, MAIN_MENU, mesh_id).textures0[v] for v in face.distinct]
    assert min(u for u, _ in uvs) == pytest.approx(0, abs=1e-6) and min(v for _, v in uvs) == pytest.approx(0, abs=1e-6)
    minigolf.output("probuilder.auto-smooth", {**base, "angle": 30})
    assert {f.smoothing_group for f in read_mesh(minigolf, MAIN_MENU, mesh_id).faces} == {0}  # a box has no soft edge
    cylinder = minigolf.output("probuilder.create-shape", {"file": MAIN_MENU, "shape": "cylinder", "name": "Column",
                                                           "options": {"axisDivisions": 16, "smooth": False}})
    minigolf.output("probuilder.auto-smooth", {"file": MAIN_MENU, "gameObject": "Column", "angle": 30})
    groups = [f.smoothing_group for f in read_mesh(minigolf, MAIN_MENU, cylinder["meshFileID"]).faces]
    assert groups == [1] * 16 + [2] * 16 + [3] * 16  # the sides, the bottom cap, the top cap


def test_pivot_and_freeze_leave_the_world_result_in_place(minigolf):
    mesh_id = make_cube(minigolf, MAIN_MENU, "Plinth")
    base = {"file": MAIN_MENU, "gameObject": "Plinth"}
    before = read_mesh(minigolf, MAIN_MENU, mesh_id).positions
    out = minigolf.output("probuilder.set-pivot", {**base, "vertices": [0]})
    assert out["changedFields"] == ["m_Positions", "m_Textures0", "m_VersionIndex"]
    text = minigolf.text(MAIN_MENU)
    assert "  m_LocalPosition: {x: 3, y: 0, z: -0.5}\n" in text  # (4, 0.5, -2) + vertex 0 (-1, -0.5, 1.5)
    after = read_mesh(minigolf, MAIN_MENU, mesh_id).positions
    assert [geometry.add(p, (3, 0, -0.5)) for p in after] == [geometry.add(p, (4, 0.5, -2)) for p in before]
    minigolf.output("probuilder.freeze-transform", base)
    frozen = read_mesh(minigolf, MAIN_MENU, mesh_id)
    assert frozen.positions == [geometry.add(p, (4, 0.5, -2)) for p in before]
    assert all(f.manual_uv == 1 for f in frozen.faces)
    assert "  m_LocalPosition: {x: 0, y: 0, z: 0}\n" in minigolf.text(MAIN_MENU)


def test_bad_elements_are_refused_with_the_catalogued_code(minigolf):
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right"}
    before = minigolf.text(WALL_RIGHT)
    for tool, args in (("probuilder.move-elements", {"vertices": [99], "offset": {"x": 1}}),
                       ("probuilder.move-elements", {"edges": [[0, 3]], "offset": {"x": 1}}),
                       ("probuilder.move-elements", {"offset": {"x": 1}}),
                       ("probuilder.collapse-vertices", {"vertices": [2]}),
                       ("probuilder.merge-faces", {"faces": [1]}),
                       ("probuilder.set-smoothing", {"faces": [0], "group": -1}),
                       ("probuilder.set-vertex-color", {"color": {"r": 1}}),
                       ("probuilder.set-pivot", {"vertices": [0], "point": {"x": 1}})):
        assert minigolf.error(tool, {**base, **args})["code"] == "E_PROBUILDER_ELEMENTS_INVALID", (tool, args)
    triangles = minigolf.output("probuilder.triangulate", {**base, "faces": [0], "force": True})
    error = minigolf.error("probuilder.flip-diagonal", {**base, "faces": [triangles["faceCount"] - 1]})
    assert (error["code"], error["details"]["triangles"]) == ("E_PROBUILDER_ELEMENTS_INVALID", 1)
    assert minigolf.text(WALL_RIGHT) != before  # only the triangulate went through


def test_repair_leaves_a_sound_mesh_alone_and_box_projection_makes_uvs_manual(minigolf):
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right"}
    before = minigolf.text(WALL_RIGHT)
    out = minigolf.output("probuilder.repair-mesh", base)
    assert (out["changedFields"], minigolf.text(WALL_RIGHT)) == ([], before)
    minigolf.output("probuilder.project-uv-box", {**base, "faces": [0]})
    data = read_mesh(minigolf, WALL_RIGHT, 6253106402793275094)
    assert [f.manual_uv for f in data.faces] == [1, 0, 0, 0, 0, 0] and data.faces[0].element_group == -1
    # face 0 faces -z after nothing else moved it: projected along z, u is -x and v is y (Projection axes)
    assert [data.textures0[v] for v in data.faces[0].distinct] == [(-p[0], p[1]) for p in
                                                                 (data.positions[v] for v in data.faces[0].distinct)]


def test_freezing_a_mesh_under_a_moved_parent_is_refused_before_anything_is_written(chicken):
    chicken.output("probuilder.create-shape", {"file": GAME, "name": "Base", **CUBE})  # CUBE sits at (4, 0.5, -2)
    chicken.output("probuilder.create-shape", {"file": GAME, "name": "Lid", "parent": "Base", **CUBE})
    before = chicken.text(GAME)
    error = chicken.error("probuilder.freeze-transform", {"file": GAME, "gameObject": "Base/Lid"})
    assert (error["code"], error["details"]) == ("E_PROPERTY_EDIT_UNSUPPORTED", {"gameObject": "Base/Lid"})
    assert chicken.text(GAME) == before
