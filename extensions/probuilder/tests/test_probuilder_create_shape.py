"""create-shape on real scenes and prefabs, in each project's ProBuilder layout."""

from __future__ import annotations

from probuilder_testutil import GAME, MAIN_MENU, WALL_RIGHT, assert_closed_box_is_consistent, changes
from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import UnityYamlFile

CUBE = {"file": GAME, "shape": "cube", "size": {"x": 2, "y": 1, "z": 3}, "position": {"x": 4, "y": 0.5, "z": -2}}


def test_dry_run_shows_the_diff_and_writes_nothing(chicken):
    before = (chicken.root / GAME).read_bytes()
    result = chicken.run("probuilder.create-shape", CUBE, dry_run=True)
    assert result.ok, result.error
    assert (chicken.root / GAME).read_bytes() == before
    effects = result.effects
    assert effects["modified"] == [GAME] and effects["created"] == [] and effects["deleted"] == []
    diff = effects["diffs"][0]["diff"]
    assert "+  m_Name: Cube\n" in diff and "+  m_Script: {fileID: 11500000, guid: 8233d90336aea43098adf6dbabd606a2, type: 3}\n" in diff
    assert not [line for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]


def test_a_cube_in_chicken_defense_has_probuilders_geometry_and_the_5_2_shape_layout(chicken):
    before = (chicken.root / GAME).read_bytes()
    out = chicken.output("probuilder.create-shape", CUBE)
    assert (out["gameObject"], out["probuilderLayout"], out["faceCount"], out["vertexCount"]) == ("Cube", "5.2", 6, 24)
    added, removed, modified = changes(before, chicken.root / GAME)
    assert added == set(out["componentFileIDs"].values()) and removed == set()
    assert modified == {9223372036854775807}  # SceneRoots gains the new root Transform, nothing else changes
    yaml = UnityYamlFile.read(chicken.root / GAME)
    assert yaml.get(9223372036854775807).get("m_Roots")[-1].file_id == out["componentFileIDs"]["transform"]
    data = MeshData.from_document(yaml.get(out["meshFileID"]))
    assert_closed_box_is_consistent(data)
    assert geometry.bounds(data.positions) == ((-1, -0.5, -1.5), (1, 0.5, 1.5))
    assert data.faces[0].indexes == [0, 1, 2, 1, 3, 2] and len(data.shared_vertices) == 8
    assert data.tangents[0] == (-1, 0, 0, -1) and data.colors == []
    shape = yaml.get(out["shapeFileID"]).to_python()
    assert list(shape)[-8:] == ["m_Shape", "m_Size", "m_Rotation", "m_PivotLocation", "m_PivotPosition",
                                "m_UnmodifiedMeshVersion", "m_ShapeBox", "references"]
    assert shape["m_ShapeBox"]["m_Extent"] == {"x": 1, "y": 0.5, "z": 1.5}
    assert shape["m_UnmodifiedMeshVersion"] == data.version_index
    assert shape["references"]["RefIds"][0]["type"]["class"] == "Cube"
    transform = yaml.get(out["componentFileIDs"]["transform"]).to_python()
    assert transform["m_LocalPosition"] == {"x": 4, "y": 0.5, "z": -2}
    renderer = yaml.get(out["componentFileIDs"]["meshRenderer"]).to_python()
    assert "m_SmallMeshCulling" not in renderer  # a Unity 6 field; chicken-defense is 2022.3
    listed = next(m for m in chicken.output("probuilder.list-meshes", {"file": GAME})["meshes"] if m["gameObject"] == "Cube")
    assert (listed["gameObject"], listed["shapeType"], listed["shapeEditable"]) == ("Cube", "Cube", True)


def test_a_plane_in_minigolf_uses_the_6_0_layout_and_faces_up(minigolf):
    out = minigolf.output("probuilder.create-shape", {"file": MAIN_MENU, "shape": "plane",
                                                      "size": {"x": 4, "y": 9, "z": 2}})
    assert (out["probuilderLayout"], out["faceCount"], out["vertexCount"]) == ("6.0", 4, 16)
    yaml = UnityYamlFile.read(minigolf.root / MAIN_MENU)
    data = MeshData.from_document(yaml.get(out["meshFileID"]))
    assert geometry.bounds(data.positions) == ((-2, 0, -1), (2, 0, 1))
    assert all(geometry.face_normal(data, f) == (0, 1, 0) for f in data.faces)
    assert len(data.shared_vertices) == 9
    shape = yaml.get(out["shapeFileID"]).to_python()
    assert list(shape)[-6:] == ["m_Shape", "m_ShapeRotation", "m_UnmodifiedMeshVersion", "m_Size", "m_LocalCenter",
                                "references"]
    assert shape["m_Size"] == {"x": 4, "y": 0, "z": 2}
    assert shape["references"]["RefIds"][0]["data"] == {"m_HeightSegments": 1, "m_WidthSegments": 1}
    assert "m_SmallMeshCulling" in yaml.get(out["componentFileIDs"]["meshRenderer"]).to_python()


def test_in_a_prefab_the_shape_goes_under_the_root_with_a_unique_name(minigolf):
    first = minigolf.output("probuilder.create-shape", {"file": WALL_RIGHT, "shape": "cube", "name": "Post"})
    second = minigolf.output("probuilder.create-shape", {"file": WALL_RIGHT, "shape": "cube", "name": "Post"})
    assert (first["gameObject"], second["gameObject"]) == ("Wall Right/Post", "Wall Right/Post (1)")
    assert first["gameObjectFileID"] > 2**32  # prefab-style 64-bit fileIDs


def test_unknown_shapes_and_bad_sizes_are_refused(chicken):
    error = chicken.error("probuilder.create-shape", {**CUBE, "shape": "teapot"})
    assert (error["code"], error["details"]["known"][:3]) == ("E_PROBUILDER_SHAPE_INVALID", ["cube", "sphere", "cylinder"])
    error = chicken.error("probuilder.create-shape", {**CUBE, "size": {"x": 1, "y": 0, "z": 1}})
    assert (error["code"], error["details"]["field"]) == ("E_PROBUILDER_SHAPE_INVALID", "size.y")
    plane = {"file": GAME, "shape": "plane", "widthCuts": -1}
    assert chicken.error("probuilder.create-shape", plane)["details"]["field"] == "options.widthSegments"
    for options, field, fragment in (({"sides": 3}, "options.sides", "cylinder has no option 'sides'"),
                                     ({"axisDivisions": 2}, "options.axisDivisions", "between 3 and 64"),
                                     ({"axisDivisions": 6.5}, "options.axisDivisions", "whole number"),
                                     ({"smooth": 1}, "options.smooth", "true or false")):
        error = chicken.error("probuilder.create-shape", {**CUBE, "shape": "cylinder", "options": options})
        assert (error["code"], error["details"]["field"]) == ("E_PROBUILDER_SHAPE_INVALID", field)
        assert fragment in error["message"]
    error = chicken.error("probuilder.create-shape", {**CUBE, "shape": "cube", "widthCuts": 2})
    assert (error["code"], error["message"]) == ("E_PROBUILDER_SHAPE_INVALID", "widthCuts is for planes only")
