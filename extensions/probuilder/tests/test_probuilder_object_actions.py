"""Exact effects of the object-level actions: set collider / trigger, detach to a new object, merge objects, the
poly shape and planar UV projection, on real fixture files.

chicken-defense `Game.unity` holds two Editor-written ProBuilder entities (5.2.2): "Coop Range" (TriggerBehaviour,
convex trigger MeshCollider, Trigger.mat) and "Camera Clip" (ColliderBehaviour, solid MeshCollider, Collider.mat);
the tools must write the same components.
"""

from __future__ import annotations

import math
import re

import pytest
from probuilder_testutil import CUBE, GAME, MAIN_MENU, WALL_RIGHT, make_cube, read_mesh
from unitycli_probuilder import geometry, invariants

from unitycli.api import SceneModel, UnityYamlFile

TRIGGER_BEHAVIOUR, COLLIDER_BEHAVIOUR = 1927195792, 2081318674  # Coop Range, Camera Clip (Game.unity)
TRIGGER_GUID, COLLIDER_GUID = "a1e97cbf2538241b691aae8243b5fb10", "bbb235fff4f48426b863b36058ab66d2"


def _body(text: str) -> str:
    """A document's text without its header line and owner (`m_GameObject`), to compare objects across fileIDs."""
    return re.sub(r"m_GameObject: \{fileID: -?\d+\}", "m_GameObject: {}", text.split("\n", 1)[1])


def _doc(project, file: str, file_id: int):
    return UnityYamlFile.read(project.root / file).get(file_id)


@pytest.mark.parametrize(("tool", "editor_object"), [("probuilder.set-trigger", TRIGGER_BEHAVIOUR),
                                                     ("probuilder.set-collider", COLLIDER_BEHAVIOUR)])
def test_set_trigger_and_collider_write_what_the_editor_wrote_in_chicken_defense(chicken, tool, editor_object):
    make_cube(chicken, GAME, "Box")
    before = chicken.text(GAME)
    out = chicken.output(tool, {"file": GAME, "gameObject": "Box"})
    trigger = tool.endswith("trigger")
    assert _body(_doc(chicken, GAME, out["behaviourFileID"]).text) == _body(_doc(chicken, GAME, editor_object).text)
    collider = _doc(chicken, GAME, out["colliderFileID"]).text
    assert f"  m_IsTrigger: {int(trigger)}\n" in collider and f"  m_Convex: {int(trigger)}\n" in collider
    assert out["colliderAdded"] is False and out["removedFileIDs"] == []
    assert out["material"]["guid"] == (TRIGGER_GUID if trigger else COLLIDER_GUID)
    model = SceneModel(UnityYamlFile.read(chicken.root / GAME))
    box = next(n for n in model.nodes.values() if n.name == "Box")
    components = UnityYamlFile.read(chicken.root / GAME).get(box.file_id).get("m_Component")
    assert components[-1]["component"].file_id == out["behaviourFileID"]
    # only the new behaviour, the collider's flags, the renderer's one material and the component list changed
    after = set(chicken.text(GAME).splitlines())
    removed = [line for line in before.splitlines() if line not in after]
    assert "  - {fileID: 2100000, guid: c22777d6e868e4f2fb421913386b154e, type: 2}" in removed


def test_set_collider_on_the_editor_trigger_replaces_its_behaviour_and_keeps_convex(chicken):
    out = chicken.output("probuilder.set-collider", {"file": GAME, "gameObject": "World/Coop/Coop Range"})
    yaml = UnityYamlFile.read(chicken.root / GAME)
    assert out["removedFileIDs"] == [TRIGGER_BEHAVIOUR] and yaml.find(TRIGGER_BEHAVIOUR) is None
    collider = yaml.get(1927195793).text
    assert "  m_IsTrigger: 0\n" in collider and "  m_Convex: 1\n" in collider  # Initialize leaves convex alone
    assert _body(yaml.get(out["behaviourFileID"]).text) == _body(yaml.get(COLLIDER_BEHAVIOUR).text)


def test_set_trigger_refuses_a_renderer_with_several_materials_and_writes_nothing(minigolf):
    make_cube(minigolf, MAIN_MENU, "Box")
    minigolf.output("probuilder.set-face-material", {"file": MAIN_MENU, "gameObject": "Box", "faces": [0],
                                                     "material": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"})
    before = minigolf.text(MAIN_MENU)
    error = minigolf.error("probuilder.set-trigger", {"file": MAIN_MENU, "gameObject": "Box"})
    assert error["code"] == "E_PROPERTY_EDIT_UNSUPPORTED" and error["details"]["materialSlots"] == 2
    assert minigolf.text(MAIN_MENU) == before


def test_planar_projection_follows_the_average_normal_and_moves_to_the_lower_left(minigolf):
    mesh_id = make_cube(minigolf, MAIN_MENU, "Box")
    minigolf.output("probuilder.project-uv-planar", {"file": MAIN_MENU, "gameObject": "Box", "faces": [0, 1]})
    data = read_mesh(minigolf, MAIN_MENU, mesh_id)
    # faces 0 (+z) and 1 (+x) average to (1, 0, 1)/sqrt2: Z axis (|x| == |z|), tangent up, so u = (z - x)/sqrt2 and
    # v = y; the lowest u is -2.5/sqrt2 (x = 1, z = -1.5) and the lowest v -0.5.
    for v in data.faces[0].distinct + data.faces[1].distinct:
        x, y, z = data.positions[v]
        expected = ((z - x + 2.5) / math.sqrt(2), y + 0.5)
        assert data.textures0[v] == pytest.approx(expected, abs=1e-6)
    assert [f.manual_uv for f in data.faces] == [1, 1, 0, 0, 0, 0]
    # the shared corner pairs are sewn into shared UVs, which join the two faces in one element group
    assert data.shared_textures == [[0], [1, 4], [2], [3, 6], [5], [7]]
    assert [f.element_group for f in data.faces] == [1, 1, -1, -1, -1, -1]


def test_a_poly_shape_is_the_outline_capped_and_extruded_with_its_polyshape(chicken):
    points = [{"x": 0, "z": 0}, {"x": 4, "z": 0}, {"x": 4, "z": 3}, {"x": 0, "z": 3}]
    out = chicken.output("probuilder.create-poly-shape", {"file": GAME, "points": points, "extrude": 0.5})
    data = read_mesh(chicken, GAME, out["meshFileID"])
    assert (out["faceCount"], out["vertexCount"], out["gameObject"]) == (6, 24, "PolyShape")
    # the cap, reversed to face +y, was extruded up by 0.5; the duplicate below faces -y
    assert sorted({tuple(p) for p in data.positions}) == sorted(
        {(x, y, z) for x in (0, 4) for y in (0, 0.5) for z in (0, 3)})
    assert geometry.face_normal(data, data.faces[0]) == pytest.approx((0, 1, 0))
    assert geometry.face_normal(data, data.faces[1]) == pytest.approx((0, -1, 0))
    topology = invariants.topology(data)
    assert (topology.closed, topology.inconsistent_edges, topology.euler) == (True, 0, 2)
    poly = _doc(chicken, GAME, out["polyShapeFileID"]).text
    assert poly.endswith("  m_Script: {fileID: 11500000, guid: bb977b126bc1b4f15813dcf9da9bb600, type: 3}\n"
                         "  m_Name: \n  m_EditorClassIdentifier: \n  m_Points:\n  - {x: 0, y: 0, z: 0}\n"
                         "  - {x: 4, y: 0, z: 0}\n  - {x: 4, y: 0, z: 3}\n  - {x: 0, y: 0, z: 3}\n"
                         "  m_Extrude: 0.5\n  m_EditMode: 0\n  m_FlipNormals: 0\n  isOnGrid: 1\n")


def test_a_poly_shape_with_a_hole_is_a_ring_without_polyshape(minigolf):
    square = [{"x": 0, "z": 0}, {"x": 4, "z": 0}, {"x": 4, "z": 3}, {"x": 0, "z": 3}]
    hole = [{"x": 1, "z": 1}, {"x": 2, "z": 1}, {"x": 2, "z": 2}, {"x": 1, "z": 2}]
    out = minigolf.output("probuilder.create-poly-shape", {"file": WALL_RIGHT, "points": square, "holes": [hole],
                                                           "extrude": -1, "flipNormals": True})
    data = read_mesh(minigolf, WALL_RIGHT, out["meshFileID"])
    topology = invariants.topology(data)
    assert (out["faceCount"], topology.closed, topology.inconsistent_edges, topology.euler) == (10, True, 0, 0)
    assert out["polyShapeFileID"] is None and "polyShape" not in out["componentFileIDs"]
    bad = minigolf.error("probuilder.create-poly-shape", {"file": WALL_RIGHT, "points": square,
                                                          "holes": [[{"x": 9, "z": 9}, {"x": 10, "z": 9}, {"x": 9, "z": 10}]]})
    assert bad["code"] == "E_PROBUILDER_SHAPE_INVALID"


def test_detaching_faces_to_an_object_splits_the_floor_and_its_in_scene_mesh(chicken):
    floor = read_mesh(chicken, GAME, 877252948)
    out = chicken.output("probuilder.detach-faces-to-object", {"file": GAME, "gameObject": "World/Floor",
                                                                "faces": [4, 7]})
    yaml = UnityYamlFile.read(chicken.root / GAME)
    model = SceneModel(yaml)
    copy = model.nodes[out["gameObjectFileID"]]
    assert copy.path == "World/Floor (1)" and copy.children == [] and copy.parent.children[-1] is copy
    original = model.nodes[877252943]
    assert len(original.children) == 7  # the original keeps its children; the copy gets none
    assert yaml.get(copy.transform_id).get("m_LocalPosition") == yaml.get(original.transform_id).get("m_LocalPosition")
    source, detached = out["source"], out["detached"]
    assert (source["faceCount"], detached["faceCount"]) == (len(floor.faces) - 2, 2)
    # the Mesh both used is kept while the copy still points at it, then removed once neither does
    assert source["meshRebuild"]["keptMeshFileID"] == 1482347682
    assert detached["meshRebuild"]["removedMeshFileID"] == 1482347682 and yaml.find(1482347682) is None
    copy_mesh = next(d for d in yaml.documents if d.class_id == 114 and d.get("m_GameObject", None) is not None
                     and d.get("m_GameObject").file_id == copy.file_id and "m_Faces" in d.to_python())
    data = read_mesh(chicken, GAME, copy_mesh.file_id)
    assert [sorted(floor.positions[v] for v in floor.faces[f].distinct) for f in (4, 7)] == \
        [sorted(data.positions[v] for v in face.distinct) for face in data.faces]
    assert data.selected_faces == [0, 1] and read_mesh(chicken, GAME, 877252948).selected_faces == []
    assert invariants.problems(data) == []


def test_merging_objects_keeps_world_positions_maps_materials_and_deletes_the_donor(chicken):
    target = make_cube(chicken, GAME, "Target")
    egg = "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat"
    donor_out = chicken.output("probuilder.create-shape", {"file": GAME, "name": "Donor", "shape": "cylinder",
                                                           "position": {"x": 1, "y": 2, "z": 3}, "material": egg})
    donor = read_mesh(chicken, GAME, donor_out["meshFileID"])
    out = chicken.output("probuilder.merge-objects", {"file": GAME, "gameObject": "Target", "objects": ["Donor"]})
    merged = read_mesh(chicken, GAME, target)
    offset = tuple(d - t for d, t in zip((1, 2, 3), CUBE["position"].values(), strict=True))
    assert merged.positions[24:] == [pytest.approx(tuple(p[k] + offset[k] for k in range(3))) for p in donor.positions]
    assert [m["path"] for m in out["materials"]] == [None, egg]  # ProBuilderDefault (a package asset), then Egg
    assert {f.submesh_index for f in merged.faces[6:]} == {1} and {f.submesh_index for f in merged.faces[:6]} == {0}
    # the donor's auto-UV faces stay auto, with settings that re-project the UVs they had
    assert all(f.manual_uv == 0 for f in merged.faces[6:])
    for v in range(len(donor.positions)):
        assert merged.textures0[24 + v] == pytest.approx(donor.textures0[v], abs=1e-4)
    assert out["removedGameObjects"] == ["Donor"] and "m_Name: Donor\n" not in chicken.text(GAME)
    assert invariants.problems(merged) == []


def test_detaching_to_an_object_refuses_the_prefab_root_and_writes_nothing(minigolf):
    before = minigolf.text(WALL_RIGHT)
    error = minigolf.error("probuilder.detach-faces-to-object", {"file": WALL_RIGHT, "gameObject": "Wall Right",
                                                                 "faces": [0]})
    assert error["code"] == "E_SCHEMA_INVALID" and minigolf.text(WALL_RIGHT) == before
