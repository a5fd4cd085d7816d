"""list-meshes, inspect-mesh and export-obj on the real ProBuilder data of chicken-defense and minigolf."""

from __future__ import annotations

from probuilder_testutil import GAME, MAIN_MENU, SNAKE, TILES, WALL_RIGHT, cli, describe_all
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import UnityYamlFile


def test_listing_chicken_defenses_game_scene_names_every_mesh_with_its_numbers(chicken):
    out = chicken.output("probuilder.list-meshes", {"file": GAME})
    rows = [(m["gameObject"], m["faceCount"], m["vertexCount"], m["sharedVertexCount"], m["shapeType"])
            for m in out["meshes"]]
    assert rows == [
        ("World/Floor", 518, 2172, 577, "Plane"),
        ("World/Coop", 169, 666, 162, "Cube"),
        ("World/Fence", 36, 144, 36, "Cube"),
        ("World/Coop/Coop Range", 6, 24, 8, "Cube"),
        ("World/Camera Clip", 30, 120, 32, "Cube"),
    ]
    floor = out["meshes"][0]
    assert floor["materials"] == [{"fileID": 2100000, "guid": "5332aa306c700af469e56615e0c51526",
                                   "path": "Assets/LlamAcademy/ChickenDefense/Materials/Ground/Ground.mat"}]
    assert floor["inFileMesh"] is True and floor["shapeEditable"] is False and floor["problems"] == []
    assert floor["meshFileID"] == 877252948 and floor["gameObjectFileID"] == 877252943
    assert list(out["revisions"]) == [GAME]


def test_listing_the_whole_project_finds_scenes_and_prefabs(chicken, minigolf):
    chicken_meshes = chicken.output("probuilder.list-meshes", {})["meshes"]
    assert [(m["file"], m["gameObject"]) for m in chicken_meshes][-1] == (SNAKE, "Snake/Spline Animated/Tail")
    assert len(chicken_meshes) == 6
    golf = minigolf.output("probuilder.list-meshes", {})["meshes"]
    assert len(golf) == 21
    assert sum(m["file"] == MAIN_MENU for m in golf) == 5
    wall = next(m for m in golf if m["file"] == WALL_RIGHT)
    assert wall["bounds"] == {"min": {"x": -0.5, "y": -0.25, "z": -0.5}, "max": {"x": -0.25, "y": 0.5, "z": 0.5},
                              "center": {"x": -0.375, "y": 0.125, "z": 0.0}, "size": {"x": 0.25, "y": 0.75, "z": 1.0}}
    assert wall["inFileMesh"] is False  # prefabs store m_Mesh: {fileID: 0}
    assert chicken.output("probuilder.list-meshes", {})["skipped"] == []


def test_a_prefab_that_is_a_git_lfs_pointer_is_listed_as_skipped_not_silently_dropped(chicken):
    oid = "4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393"
    (chicken.root / SNAKE).write_text(f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize 123\n")
    out = chicken.output("probuilder.list-meshes", {})
    assert len(out["meshes"]) == 5 and SNAKE not in {m["file"] for m in out["meshes"]}
    assert out["skipped"] == [{"path": SNAKE, "code": "E_ASSET_LFS_POINTER",
                               "reason": f"{SNAKE} is a Git LFS pointer, not the file's content"}]
    assert SNAKE not in out["revisions"]
    assert chicken.error("probuilder.list-meshes", {"file": SNAKE})["code"] == "E_ASSET_LFS_POINTER"


def test_a_file_without_probuilder_is_mesh_not_found(minigolf):
    error = minigolf.error("probuilder.list-meshes", {"file": "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"})
    assert error["code"] == "E_PROBUILDER_MESH_NOT_FOUND"


def test_inspect_pages_the_floor_and_names_face_zero_exactly(chicken):
    out = chicken.output("probuilder.inspect-mesh", {"file": GAME, "gameObject": "World/Floor", "faceLimit": 10,
                                                     "vertexLimit": 4})
    assert (len(out["faces"]), out["nextFaceOffset"], len(out["vertices"]), out["nextVertexOffset"]) == (10, 10, 4, 4)
    data = MeshData.from_document(UnityYamlFile.read(chicken.root / GAME).get(877252948))
    assert out["faces"][0]["indexes"] == data.faces[0].indexes
    assert out["vertices"][0]["position"] == dict(zip("xyz", data.positions[0], strict=True))
    last = chicken.output("probuilder.inspect-mesh", {"file": GAME, "gameObject": "877252943", "faceOffset": 510})
    assert (len(last["faces"]), last["nextFaceOffset"]) == (8, None)


def test_inspect_on_a_game_object_without_probuilder_says_so(chicken):
    error = chicken.error("probuilder.inspect-mesh", {"file": GAME, "gameObject": "World"})
    assert error["code"] == "E_PROBUILDER_MESH_NOT_FOUND"
    assert "World/Floor" in error["details"]["meshesInFile"]


def test_export_obj_writes_the_serialized_geometry_right_handed(minigolf):
    out = minigolf.output("probuilder.export-obj", {"file": WALL_RIGHT, "gameObject": "Wall Right",
                                                    "output": "Assets/Export/Wall Right.obj"})
    assert out == {"objFile": "Assets/Export/Wall Right.obj", "mtlFile": "Assets/Export/Wall Right.mtl",
                   "vertexCount": 24, "triangleCount": 12, "faceCount": 6, "materials": ["Default_Toon"],
                   "handedness": "right", "metaFiles": ["Assets/Export/Wall Right.mtl.meta"]}
    lines = minigolf.text("Assets/Export/Wall Right.obj").splitlines()
    data = MeshData.from_document(UnityYamlFile.read(minigolf.root / WALL_RIGHT).get(6253106402793275094))
    vs = [tuple(float(c) for c in line.split()[1:]) for line in lines if line.startswith("v ")]
    assert vs == [(-x, y, z) for x, y, z in data.positions]
    faces = [[int(c.split("/")[0]) - 1 for c in line.split()[1:]] for line in lines if line.startswith("f ")]
    expected = [data.faces[f].indexes[t:t + 3][::-1] for f in range(6) for t in (0, 3)]
    assert faces == expected
    assert sum(line.startswith("vt ") for line in lines) == 24 and "usemtl Default_Toon" in lines
    assert "newmtl Default_Toon" in minigolf.text("Assets/Export/Wall Right.mtl").splitlines()


def test_export_refuses_to_overwrite_unless_asked(minigolf):
    request = {"file": f"{TILES}/All Grass.prefab", "gameObject": "All Grass"}
    assert minigolf.output("probuilder.export-obj", request)["objFile"] == f"{TILES}/All_Grass.obj"
    assert minigolf.error("probuilder.export-obj", request)["code"] == "E_PROBUILDER_EXPORT_EXISTS"
    meta = minigolf.text(f"{TILES}/All_Grass.mtl.meta")
    again = minigolf.output("probuilder.export-obj", {**request, "overwrite": True, "handedness": "left"})
    assert again["metaFiles"] == [] and minigolf.text(f"{TILES}/All_Grass.mtl.meta") == meta  # the GUID stays


def test_game_objects_are_named_by_path_or_int_file_id_as_in_the_core_tools(chicken):
    by_path = chicken.output("probuilder.inspect-mesh", {"file": GAME, "gameObject": "World/Floor", "faceLimit": 1})
    for spec in (877252943, "877252943", 877252948):  # the GameObject's fileID, as number or text; the mesh's
        assert chicken.output("probuilder.inspect-mesh", {"file": GAME, "gameObject": spec, "faceLimit": 1}) == by_path
    created = chicken.output("probuilder.create-shape", {"file": "Game", "shape": "cube", "parent": 877252943})
    assert created["gameObject"] == "World/Floor/Cube"


def test_probuilder_inputs_use_the_core_vocabulary_and_types(tmp_path):
    code, envelope = cli("tools", "search", "probuilder", cwd=tmp_path)
    assert code == 0, envelope
    names = [t["name"] for t in envelope["result"]["tools"] if t["name"].startswith("probuilder.")]
    descriptors = describe_all([*names, "component.get", "gameobject.create"], cwd=tmp_path)
    schemas = {name: d["inputSchema"]["properties"] for name, d in descriptors.items()}
    core_game_object, core_file = schemas["component.get"]["gameObject"], schemas["component.get"]["file"]
    with_target = [name for name in schemas if name.startswith("probuilder.") and "gameObject" in schemas[name]]
    # all but create-shape, create-poly-shape and list-meshes name one mesh
    assert len(with_target) == len(names) - 3 == 40
    for name in with_target:
        assert schemas[name]["gameObject"]["anyOf"] == core_game_object["anyOf"], name
        assert schemas[name]["gameObject"]["description"].startswith(core_game_object["description"]), name
        assert schemas[name]["file"] == core_file, name
    for creator in ("probuilder.create-shape", "probuilder.create-poly-shape"):
        assert schemas[creator]["parent"]["anyOf"] == schemas["gameobject.create"]["parent"]["anyOf"]
