"""`asset.references`: the files, objects and property paths that reference an asset, on real scenes and prefabs."""

from __future__ import annotations

import re
from pathlib import Path

from tests.assets.conftest import GARDEN, GARDEN_GUID, GRASS, LANTERN, all_pages, output
from tests.fixturepaths import fixture_project

EGG = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"
GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def test_the_sample_prefab_is_referenced_by_its_prefab_instance_in_garden(sample: Path) -> None:
    found = output(sample, "asset.references", {"file": LANTERN})
    text = (sample / GARDEN).read_text()
    assert (found["totalFiles"], found["totalReferences"]) == (1, text.count(found["guid"]))
    (referrer,) = found["referrers"]
    instance, transform = referrer["objects"]
    assert (referrer["path"], instance["classId"], instance["className"], instance["name"]) == (
        GARDEN, 1001, "PrefabInstance", "Lantern")
    # The stripped Transform stands for the prefab's root inside the scene; it is named after its instance.
    assert transform == {"fileID": 2004719384, "classId": 4, "className": "Transform", "name": "Lantern",
                         "properties": [{"property": "m_CorrespondingSourceObject",
                                         "targetFileID": 5011465085818036814, "type": 3}]}
    properties = [p["property"] for p in instance["properties"]]
    assert properties[-1] == "m_SourcePrefab"
    assert properties[:-1] == [f"m_Modification.m_Modifications[{i}].target" for i in range(len(properties) - 1)]
    assert instance["properties"][-1] == {"property": "m_SourcePrefab", "targetFileID": 100100000, "type": 3}


def test_a_wrapped_reference_in_a_chicken_defense_component_names_its_game_object_and_field() -> None:
    root = fixture_project("chicken-defense")
    found = output(root, "asset.references", {"file": EGG})
    assert [r["path"] for r in found["referrers"]] == [GAME, "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Chicken.prefab"]
    scene = (root / GAME).read_text()
    owner = re.search(r"--- !u!1 &378637631\nGameObject:\n(?:  .*\n)*?  m_Name: (.*)\n", scene).group(1)
    assert found["referrers"][0]["objects"] == [{
        "fileID": 378637633, "classId": 114, "className": "MonoBehaviour", "name": owner,
        "properties": [{"property": "EggPrefab", "targetFileID": -2707395637519825111, "type": 3}]}]


def test_a_build_scene_is_referenced_by_the_bare_guid_line_of_editor_build_settings(sample: Path) -> None:
    found = output(sample, "asset.references", {"guid": GARDEN_GUID})
    assert found["referrers"] == [{"path": "ProjectSettings/EditorBuildSettings.asset", "count": 1, "objects": [{
        "fileID": 1, "classId": 1045, "className": "EditorBuildSettings", "name": None,
        "properties": [{"property": "m_Scenes[0].guid", "targetFileID": None, "type": None}]}]}]


def test_references_page_by_file_and_can_skip_reading_files(sample: Path) -> None:
    whole = output(sample, "asset.references", {"file": GRASS})
    assert [r["path"] for r in whole["referrers"]] == [LANTERN, GARDEN]
    assert all_pages(sample, "asset.references", {"file": GRASS, "limit": 1}, "referrers") == whole["referrers"]
    light = output(sample, "asset.references", {"file": GRASS, "includeProperties": False})
    assert all(o["properties"] is None and o["name"] is None for r in light["referrers"] for o in r["objects"])
    assert [[o["fileID"] for o in r["objects"]] for r in light["referrers"]] == [
        [[o["fileID"] for o in r["objects"]] for r in whole["referrers"]][i] for i in range(2)]


def test_a_unity_6_material_is_used_by_the_ball_prefab_and_the_main_menu_renderer() -> None:
    root = fixture_project("minigolf")
    found = output(root, "asset.references", {"file": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"})
    assert [(r["path"], [(o["className"], o["name"], [p["property"] for p in o["properties"]])
                         for o in r["objects"]]) for r in found["referrers"]] == [
        ("Assets/LlamAcademy/Minigolf/Prefabs/Ball.prefab", [("MeshRenderer", "Ball", ["m_Materials[0]"])]),
        ("Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity", [("MeshRenderer", "Ball", ["m_Materials[0]"])]),
    ]
