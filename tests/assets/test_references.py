"""`asset.references`: the files, objects and property paths that reference an asset, on real scenes and prefabs."""

from __future__ import annotations

import re
from pathlib import Path

from tests.assets.conftest import (
    GARDEN,
    GARDEN_GUID,
    GRASS,
    GRASS_GUID,
    LANTERN,
    all_pages,
    failure,
    output,
    run,
)
from tests.fixturepaths import fixture_project
from unitycli.unityyaml import UnityYamlFile

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


def test_big_objects_are_read_through_a_stand_in_that_names_the_same_properties_and_objects() -> None:
    from unitycli.indexes import ProjectIndex
    from unitycli.plugins.assets.refpaths import for_reading, object_name, properties_referencing
    from unitycli.unityyaml import UnityYamlFile

    root = fixture_project("physics-samples")
    guid = "959eccfeb940d0e4b9bff9d7d3841c5a"  # PhysicsDynamicMaterial.mat: 101 files, 323 PrefabInstances
    with ProjectIndex.open(root) as index:
        referrers = index.referrers(guid)
    stand_ins = compared = 0
    for referrer in referrers:
        data = (root / referrer.path).read_bytes()
        whole, pruned = UnityYamlFile.parse(data, referrer.path), UnityYamlFile.parse(data, referrer.path)
        for ref in referrer.documents:
            document = pruned.find(ref.file_id)
            reading = for_reading(document, guid)
            stand_ins += reading is not document
            full = whole.find(ref.file_id)
            assert (properties_referencing(reading, guid), object_name(pruned, reading)) == (
                properties_referencing(full, guid), object_name(whole, full)), (referrer.path, ref.file_id)
            compared += 1
    assert (len(referrers), compared, stand_ins) == (101, 647, 323)


def test_a_stand_in_that_would_cut_a_quoted_string_is_not_used() -> None:
    from unitycli.plugins.assets.refpaths import for_reading, properties_referencing

    guid = "0123456789abcdef0123456789abcdef"
    text = ("--- !u!114 &1\nMonoBehaviour:\n  m_Name: Notes\n  notes: 'first\n    - second\n      third'\n"
            f"  list:\n  - a: {{fileID: 1, guid: {guid}, type: 2}}\n  - b: 1\n  pad: {'x' * 3000}\n")
    file = UnityYamlFile.parse(("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n" + text).encode(), "Notes.asset")
    document = file.find(1)
    assert for_reading(document, guid) is document  # the pruned text leaves the quote open: the whole one is read
    assert [p.property for p in properties_referencing(document, guid)] == ["list[0].a"]


PHYSICS_MATERIAL = "Assets/Common/Materials/PhysicsDynamicMaterial.mat"  # PhysicsSamples' most used: 100+ files


def test_the_most_used_physics_material_pages_within_the_budget_and_every_page_is_what_the_files_say() -> None:
    from unitycli.budget import ANSWER_BUDGET, answer_size
    from unitycli.context import ToolContext
    from unitycli.indexes import ProjectIndex
    from unitycli.plugins.assets.references import describe_referrer
    from unitycli.project.root import open_project
    from unitycli.transaction import Transaction

    root = fixture_project("physics-samples")
    first = run(root, "asset.references", {"file": PHYSICS_MATERIAL})
    # A page, not a spilled answer: the default call builds and sends only what fits
    assert first.overflow is None and answer_size(first.answer()) <= ANSWER_BUDGET // 2 + 4096
    assert first.output["nextCursor"] is not None and len(first.output["referrers"]) < first.output["totalFiles"]
    pages = all_pages(root, "asset.references", {"file": PHYSICS_MATERIAL}, "referrers")
    assert all_pages(root, "asset.references", {"file": PHYSICS_MATERIAL, "limit": 7}, "referrers") == pages
    ctx = ToolContext(project=open_project(root), transaction=Transaction(root, dry_run=True))
    with ProjectIndex.open(root) as index:
        guid = first.output["guid"]
        referrers = index.referrers(guid)
        read = [describe_referrer(ctx, index, r, guid, True) for r in referrers]  # each file read and parsed
    assert (len(pages), sum(r["count"] for r in pages)) == (first.output["totalFiles"],
                                                             first.output["totalReferences"])
    assert [[{k: o[k] for k in ("fileID", "classId", "className", "name")} | {"properties": [
        {"property": p["property"], "target_file_id": p["targetFileID"], "type": p["type"]}
        for p in o["properties"]]} for o in r["objects"]] for r in pages] == [
        [{"fileID": o["file_id"], "classId": o["class_id"], "className": o["class_name"], "name": o["name"],
          "properties": o["properties"]} for o in r["objects"]] for r in read]
    light = all_pages(root, "asset.references", {"file": PHYSICS_MATERIAL, "includeProperties": False}, "referrers")
    assert [(r["path"], [o["fileID"] for o in r["objects"]]) for r in light] == [
        (r["path"], [o["fileID"] for o in r["objects"]]) for r in pages]
    assert all(o["properties"] is None for r in light for o in r["objects"])


def test_a_cursor_from_before_the_referring_files_changed_is_refused_and_the_next_action_starts_over(
        sample: Path) -> None:
    cursor = output(sample, "asset.references", {"file": GRASS, "limit": 1})["nextCursor"]
    assert cursor is not None
    lantern = sample / LANTERN
    lantern.write_text(lantern.read_text().replace(GRASS_GUID, "0" * 32))  # Lantern no longer uses Grass
    error = failure(sample, "asset.references", {"file": GRASS, "limit": 1, "cursor": cursor})
    assert error.code == "E_SCHEMA_INVALID"
    (again,) = error.next_actions  # the same call from the first page
    assert again.tool == "asset.references" and again.arguments == {"file": GRASS, "limit": 1}
    restarted = run(sample, "asset.references", {"file": GRASS, "limit": 1})
    assert [r["path"] for r in restarted.output["referrers"]] == [GARDEN] and restarted.output["nextCursor"] is None
