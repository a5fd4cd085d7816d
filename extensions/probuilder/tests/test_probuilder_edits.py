"""Face edits on real meshes: the new user's path end to end, and each edit's exact effect on the file."""

from __future__ import annotations

from probuilder_testutil import GAME, TILES, WALL_RIGHT, assert_closed_box_is_consistent, changes, read_mesh
from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import UnityYamlFile

WALL_FRONT = f"{TILES}/Wall Front.prefab"
WALL_RIGHT_MESH = 6253106402793275094


def test_new_user_lists_creates_extrudes_and_exports_a_cube(chicken):
    assert len(chicken.output("probuilder.list-meshes", {"file": GAME})["meshes"]) == 5
    request = {"file": GAME, "shape": "cube", "size": {"x": 2, "y": 1, "z": 3}}
    preview = chicken.run("probuilder.create-shape", request, dry_run=True)
    assert preview.ok, preview.error
    assert preview.effects["modified"] == [GAME]
    created = chicken.output("probuilder.create-shape", request)
    before = (chicken.root / GAME).read_bytes()
    out = chicken.output("probuilder.extrude-faces", {"file": GAME, "gameObject": "Cube", "faces": [4], "distance": 0.5})
    assert (out["faceCount"], out["vertexCount"], out["sharedVertexCount"]) == (10, 40, 12)
    assert out["changedFaces"] == [4, 6, 7, 8, 9]
    added, removed, modified = changes(before, chicken.root / GAME)
    assert (added, removed, modified) == (set(), set(), {created["meshFileID"]})
    data = read_mesh(chicken, GAME, created["meshFileID"])
    assert geometry.bounds(data.positions) == ((-1, -0.5, -1.5), (1, 1, 1.5))
    assert_closed_box_is_consistent(data)
    exported = chicken.output("probuilder.export-obj", {"file": GAME, "gameObject": "Cube",
                                                        "output": "Assets/Cube.obj"})
    assert (exported["vertexCount"], exported["triangleCount"]) == (40, 20)
    lines = (chicken.root / "Assets/Cube.obj").read_text().splitlines()
    vs = [tuple(float(c) for c in line.split()[1:]) for line in lines if line.startswith("v ")]
    assert vs == [(-x, y, z) for x, y, z in data.positions]
    assert max(v[1] for v in vs) == 1.0


def test_extruding_a_scene_mesh_detaches_and_removes_its_in_scene_mesh(chicken):
    before = (chicken.root / GAME).read_bytes()
    out = chicken.output("probuilder.extrude-faces", {"file": GAME, "gameObject": "World/Fence", "faces": [0],
                                                      "distance": 0.25})
    assert out["meshRebuild"] == {"meshReferenceCleared": True, "removedMeshFileID": 863656295,
                                  "keptMeshFileID": None}
    assert (out["faceCount"], out["vertexCount"], out["versionIndex"]) == (40, 160, 5964)
    added, removed, modified = changes(before, chicken.root / GAME)
    yaml = UnityYamlFile.read(chicken.root / GAME)
    fence = out["gameObject"]
    assert fence == "World/Fence"
    mesh_doc = next(d for d in yaml.of_class(114) if d.text.count("8233d90336aea43098adf6dbabd606a2")
                    and d.get("m_Mesh").file_id == 0 and d.get("m_VersionIndex") == 5964)
    owner = mesh_doc.get("m_GameObject").file_id
    filter_and_collider = {d.file_id for d in yaml.of_class(33) + yaml.of_class(64)
                           if d.get("m_GameObject").file_id == owner}
    assert (added, removed) == (set(), {863656295})
    assert modified == {mesh_doc.file_id} | filter_and_collider
    for file_id in filter_and_collider:
        assert "  m_Mesh: {fileID: 0}\n" in yaml.get(file_id).text
    data = MeshData.from_document(mesh_doc)
    assert data.problems() == [] and len(data.colors) == 160  # the painted colours grew with the vertices


def test_deleting_the_selected_face_drops_its_vertices_and_the_selection(minigolf):
    before = read_mesh(minigolf, WALL_FRONT, _wall_front_mesh(minigolf))
    assert (before.selected_faces, before.selected_vertices) == ([4], [16, 17, 18, 19])
    out = minigolf.output("probuilder.delete-faces", {"file": WALL_FRONT, "gameObject": "Wall Front", "faces": [4],
                                                      "force": True})
    assert (out["faceCount"], out["vertexCount"], out["sharedVertexCount"]) == (5, 20, 8)
    after = read_mesh(minigolf, WALL_FRONT, _wall_front_mesh(minigolf))
    assert (after.selected_faces, after.selected_edges, after.selected_vertices) == ([], [], [])
    assert after.positions == before.positions[:16] + before.positions[20:]
    assert after.faces[4].indexes == [i - 4 for i in before.faces[5].indexes]
    assert after.problems() == []


def test_deleting_another_face_renumbers_the_selection(minigolf):
    before = read_mesh(minigolf, WALL_FRONT, _wall_front_mesh(minigolf))
    minigolf.output("probuilder.delete-faces", {"file": WALL_FRONT, "gameObject": "Wall Front", "faces": [0],
                                                "force": True})
    after = read_mesh(minigolf, WALL_FRONT, _wall_front_mesh(minigolf))
    assert (after.selected_faces, after.selected_vertices) == ([3], [12, 13, 14, 15])
    assert after.selected_edges == [(a - 4, b - 4) for a, b in before.selected_edges]


def test_flipping_a_face_reverses_exactly_its_index_line(minigolf):
    before = minigolf.text(WALL_RIGHT)
    out = minigolf.output("probuilder.flip-normals", {"file": WALL_RIGHT, "gameObject": "Wall Right", "faces": [0]})
    assert out["changedFields"] == ["m_Faces", "m_Textures0", "m_Tangents", "m_VersionIndex"]
    after = minigolf.text(WALL_RIGHT)
    removed = [line for line in before.splitlines() if line not in after.splitlines()]
    assert "  - m_Indexes: 000000000100000002000000010000000300000002000000" in removed
    assert "  - m_Indexes: 020000000300000001000000020000000100000000000000" in after.splitlines()
    assert "  m_VersionIndex: 2605" in after.splitlines()
    data = read_mesh(minigolf, WALL_RIGHT, WALL_RIGHT_MESH)
    assert geometry.face_normal(data, data.faces[0]) == (0, 0, -1)


def test_setting_a_new_material_appends_a_renderer_slot(minigolf):
    out = minigolf.output("probuilder.set-face-material", {"file": WALL_RIGHT, "gameObject": "Wall Right",
                                                           "faces": [1, 2], "material": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"})
    assert out["changedFields"] == ["m_Faces", "m_VersionIndex"]
    yaml = UnityYamlFile.read(minigolf.root / WALL_RIGHT)
    renderer = next(d for d in yaml.of_class(23))
    assert [m.file_id for m in renderer.get("m_Materials")] == [2100000, 2100000]
    assert renderer.get("m_Materials")[0].guid == "52630fd4eabe6024faa3dfcc23858a32"
    data = read_mesh(minigolf, WALL_RIGHT, WALL_RIGHT_MESH)
    assert [f.submesh_index for f in data.faces] == [0, 1, 1, 0, 0, 0]
    listed = minigolf.output("probuilder.list-meshes", {"file": WALL_RIGHT})["meshes"][0]
    assert [m["path"] for m in listed["materials"]] == ["Assets/LlamAcademy/Minigolf/Materials/Default Toon.mat",
                                                        "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"]


def test_bad_face_indexes_are_refused_before_anything_is_written(minigolf):
    before = minigolf.text(WALL_RIGHT)
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right"}
    for tool, extra in (("probuilder.delete-faces", {"faces": [6]}),
                        ("probuilder.delete-faces", {"faces": [0, 1, 2, 3, 4, 5]}),
                        ("probuilder.extrude-faces", {"faces": [1, 1]}),
                        ("probuilder.flip-normals", {"faces": []})):
        assert minigolf.error(tool, {**base, **extra})["code"] == "E_PROBUILDER_FACES_INVALID"
    assert minigolf.text(WALL_RIGHT) == before


def test_an_ambiguous_path_asks_for_a_file_id(chicken):
    first = chicken.output("probuilder.create-shape", {"file": GAME, "shape": "cube", "name": "Twin"})
    second = chicken.output("probuilder.create-shape", {"file": GAME, "shape": "cube", "name": "Twin"})
    assert second["gameObject"] == "Twin (1)"
    # Unity allows equal sibling names (a hand rename, a merge); then the path cannot pick one.
    (chicken.root / GAME).write_text(chicken.text(GAME).replace("m_Name: Twin (1)", "m_Name: Twin"))
    error = chicken.error("probuilder.flip-normals", {"file": GAME, "gameObject": "Twin"})
    assert error["code"] == "E_GAMEOBJECT_AMBIGUOUS"
    assert sorted(error["details"]["fileIDs"]) == sorted([first["gameObjectFileID"], second["gameObjectFileID"]])
    by_id = {"file": GAME, "gameObject": str(second["gameObjectFileID"])}
    missing = chicken.error("probuilder.flip-normals", {"file": GAME, "gameObject": "Triplet"})
    assert missing["code"] == "E_GAMEOBJECT_NOT_FOUND"
    assert chicken.output("probuilder.flip-normals", by_id)["faceCount"] == 6


def _wall_front_mesh(project) -> int:
    yaml = UnityYamlFile.read(project.root / WALL_FRONT)
    return next(d.file_id for d in yaml.of_class(114) if "8233d90336aea43098adf6dbabd606a2" in d.text)


def test_renumbering_a_prefab_mesh_that_variants_override_by_index_needs_force(minigolf):
    variants = [f"{TILES}/Wall Right Forward Ramp Variant.prefab", f"{TILES}/Wall Right Long Variant.prefab"]
    before = minigolf.text(WALL_RIGHT)
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right"}
    error = minigolf.error("probuilder.triangulate", {**base, "faces": [0]})
    assert (error["code"], error["details"]["files"]) == ("E_PROBUILDER_OVERRIDES_AFFECTED", variants)
    assert minigolf.text(WALL_RIGHT) == before
    # values move but every index keeps its meaning: allowed, with the overriding files named
    moved = minigolf.output("probuilder.move-elements", {**base, "faces": [4], "offset": {"y": 0.1}})
    assert moved["overriddenBy"] == variants
    forced = minigolf.output("probuilder.triangulate", {**base, "faces": [0], "force": True})
    assert (forced["faceCount"], forced["overriddenBy"]) == (7, variants)


def test_a_zero_extrude_distance_is_refused_before_anything_is_written(minigolf):
    before = minigolf.text(WALL_RIGHT)
    base = {"file": WALL_RIGHT, "gameObject": "Wall Right", "distance": 0}
    for tool, extra in (("probuilder.extrude-faces", {"faces": [1]}),
                        ("probuilder.extrude-edges", {"edges": [[0, 1]], "manifold": True})):
        error = minigolf.error(tool, {**base, **extra})
        assert (error["code"], error["details"]["errors"]) == ("E_SCHEMA_INVALID", [
            {"path": "distance", "message": "Value error, distance must be a finite, non-zero number",
             "type": "value_error"}]), tool
    assert minigolf.text(WALL_RIGHT) == before
