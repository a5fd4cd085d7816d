"""The read tools on real projects: scene.list, scene/prefab.hierarchy (paged), gameobject.find/get, component.get."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, run
from unitycli.errors import UnityCliError
from unitycli.transaction import revision_of

GARDEN_ORDER = ["Main Camera", "Directional Light", "Ground", "Player", "Player/Hat", "Trees", "Trees/Tree A",
                "Trees/Tree B", "Trees/Tree C", "Lantern", "Debug Marker"]


def test_scene_list_gives_build_order_enabled_flags_and_build_indexes(sample: Path) -> None:
    out = run(sample, "scene.list", {}).output
    assert out["scenes"] == [
        {"path": GARDEN, "guid": "e246dfd13fe44b1baf3af19880ca274b", "inBuild": True, "enabled": True,
         "buildOrder": 0, "buildIndex": 0, "exists": True},
        {"path": "Assets/Scenes/Credits.unity", "guid": "e1d30ad2715b458bb5090aa30118628f", "inBuild": True,
         "enabled": False, "buildOrder": 1, "buildIndex": None, "exists": True}]


def test_scene_list_on_minigolf_puts_build_scenes_first(minigolf: Path) -> None:
    out = run(minigolf, "scene.list", {"limit": 1}).output
    assert out["total"] == 2 and out["nextCursor"]
    first = out["scenes"][0]
    assert (first["path"], first["buildIndex"]) == ("Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity", 0)
    rest = run(minigolf, "scene.list", {"limit": 1, "cursor": out["nextCursor"]}).output
    assert rest["scenes"][0]["path"] == MINIGOLF_GAME and rest["nextCursor"] is None


def test_hierarchy_follows_scene_roots_order_and_pages_without_losing_items(sample: Path) -> None:
    paths, cursor, pages = [], None, 0
    while True:
        out = run(sample, "scene.hierarchy", {"file": "Garden", "limit": 4, "cursor": cursor}).output
        paths += [item["path"] for item in out["items"]]
        pages += 1
        cursor = out["nextCursor"]
        if cursor is None:
            break
    assert (paths, pages, out["total"]) == (GARDEN_ORDER, 3, 11)
    assert out["revision"] == revision_of((sample / GARDEN).read_bytes())


def test_hierarchy_depth_limit_says_which_items_have_children_below_it(sample: Path) -> None:
    items = run(sample, "scene.hierarchy", {"file": GARDEN, "depth": 0, "includeComponents": False,
                                      "detail": "full"}).output["items"]
    assert [i["name"] for i in items] == ["Main Camera", "Directional Light", "Ground", "Player", "Trees",
                                          "Lantern", "Debug Marker"]
    assert [i["name"] for i in items if i["childrenBeyondDepth"]] == ["Player", "Trees"]
    lantern, marker = items[5], items[6]
    assert lantern["kind"] == "prefabInstance" and lantern["sourcePrefab"] == {
        "guid": "f91bd20328494e959c526d05ca57b3fc", "path": "Assets/Prefabs/Lantern.prefab"}
    assert marker["active"] is False and items[0]["components"] is None


def test_hierarchy_by_default_gives_names_paths_fileids_and_component_names_with_flags_only_when_set(
        sample: Path) -> None:
    out = run(sample, "scene.hierarchy", {"file": GARDEN, "depth": 0}).output
    assert out["detail"] == "compact"
    items = {i["path"]: i for i in out["items"]}
    assert items["Main Camera"] == {"fileID": 210455630, "name": "Main Camera", "path": "Main Camera", "depth": 0,
                                    "kind": "gameObject", "components": ["Transform", "Camera", "AudioListener"]}
    assert items["Trees"]["childrenBeyondDepth"] is True and "childrenBeyondDepth" not in items["Ground"]
    assert items["Debug Marker"]["inactive"] is True and "inactive" not in items["Ground"]
    assert items["Lantern"]["kind"] == "prefabInstance" and "components" not in items["Lantern"]
    assert all("tag" not in i and "hideFlags" not in i and "sourcePrefab" not in i for i in out["items"])


def test_a_cursor_is_bound_to_the_detail_it_was_made_for(sample: Path) -> None:
    out = run(sample, "scene.hierarchy", {"file": GARDEN, "limit": 2}).output
    with pytest.raises(UnityCliError) as err:
        run(sample, "scene.hierarchy", {"file": GARDEN, "limit": 2, "detail": "full", "cursor": out["nextCursor"]})
    assert err.value.code == "E_SCHEMA_INVALID"


def test_compact_hierarchy_is_a_fraction_of_the_full_answer_on_chicken_defense(chicken: Path) -> None:
    import json

    compact = run(chicken, "scene.hierarchy", {"file": "Game"}).output
    full = run(chicken, "scene.hierarchy", {"file": "Game", "detail": "full"}).output
    assert [i["path"] for i in compact["items"]] == [i["path"] for i in full["items"]] and compact["total"] == 71
    assert [i["fileID"] for i in compact["items"]] == [i["fileID"] for i in full["items"]]
    cm = next(i for i in compact["items"] if i["path"] == "Virtual Camera/cm")
    assert cm["hidden"] is True
    brain = next(i for i in compact["items"] if i["path"] == "Enemy Brain")
    assert brain["components"] == ["Transform", "AttackerBrain"]
    assert len(json.dumps(compact)) * 3 < len(json.dumps(full))


def test_hierarchy_below_a_root_and_a_cursor_of_another_query_is_refused(sample: Path) -> None:
    out = run(sample, "scene.hierarchy", {"file": GARDEN, "root": "Trees", "limit": 2}).output
    assert [(i["path"], i["depth"]) for i in out["items"]] == [("Trees", 0), ("Trees/Tree A", 1)]
    with pytest.raises(UnityCliError) as err:
        run(sample, "scene.hierarchy", {"file": GARDEN, "limit": 2, "cursor": out["nextCursor"]})
    assert err.value.code == "E_SCHEMA_INVALID"


def test_chicken_defense_hierarchy_flags_hidden_cinemachine_children_and_orders_instances(chicken: Path) -> None:
    items = run(chicken, "scene.hierarchy", {"file": "Game", "detail": "full"}).output["items"]
    by_path = {i["path"]: i for i in items}
    cm = by_path["Virtual Camera/cm"]
    assert (cm["hidden"], cm["hideFlags"]) == (True, 3)
    floor_children = [i["name"] for i in items if i["parentFileID"] == 877252943]
    assert floor_children == ["huge_tree", "huge_tree (6)", "huge_tree (1)", "huge_tree (2)", "huge_tree (3)",
                              "huge_tree (4)", "huge_tree (5)"]
    assert by_path["Selection Canvas"]["components"][0]["class"] == "RectTransform"
    brain = by_path["Enemy Brain"]["components"][1]
    assert (brain["script"], brain["scriptGuid"]) == ("AttackerBrain", "fe4d41abbf2944329bd8987d33d78af7")


def test_minigolf_hierarchy_names_prefab_instances_and_their_sources(minigolf: Path) -> None:
    items = run(minigolf, "scene.hierarchy", {"file": MINIGOLF_GAME, "depth": 2, "detail": "full"}).output["items"]
    ball = next(i for i in items if i["name"] == "Ball")
    assert ball["kind"] == "prefabInstance" and ball["sourcePrefab"]["path"].endswith(".prefab")
    tiles = [i for i in items if i["path"].startswith("Grid/Tilemap/")]
    assert len(tiles) == 16 and all(t["kind"] == "prefabInstance" for t in tiles)


def test_prefab_hierarchy_of_a_prefab_and_of_a_variant(sample: Path, minigolf: Path) -> None:
    out = run(sample, "prefab.hierarchy", {"file": "Lantern", "detail": "full"}).output
    assert [(i["path"], [c["class"] for c in i["components"]]) for i in out["items"]] == [
        ("Lantern", ["Transform", "MeshFilter", "MeshRenderer", "BoxCollider"]),
        ("Lantern/Lantern Light", ["Transform", "Light"])]
    variant = run(minigolf, "prefab.hierarchy", {"file": "Wall Left Long Variant", "detail": "full"}).output["items"]
    assert len(variant) == 1 and variant[0]["kind"] == "prefabInstance" and variant[0]["parentFileID"] is None
    with pytest.raises(UnityCliError) as err:
        run(sample, "prefab.hierarchy", {"file": GARDEN})
    assert err.value.code == "E_PREFAB_NOT_FOUND"


def test_gameobject_find_across_the_project_and_in_one_file(sample: Path, chicken: Path) -> None:
    out = run(sample, "gameobject.find", {"component": "BoxCollider"}).output
    assert sorted((m["file"], m["path"]) for m in out["matches"]) == [
        ("Assets/Prefabs/Lantern.prefab", "Lantern"), (GARDEN, "Trees/Tree A"), (GARDEN, "Trees/Tree B"),
        (GARDEN, "Trees/Tree C")]
    assert out["filesSearched"] == 3 and out["skipped"] == []
    assert set(out["revisions"]) == {"Assets/Prefabs/Lantern.prefab", GARDEN}
    tagged = run(sample, "gameobject.find", {"file": GARDEN, "tag": "Pickup", "layer": 6}).output["matches"]
    assert [m["path"] for m in tagged] == ["Player/Hat"]
    jumps = run(chicken, "gameobject.find", {"file": CHICKEN_GAME, "name": "Jump (1?)", "limit": 5}).output
    assert jumps["total"] == 10 and len(jumps["matches"]) == 5 and jumps["nextCursor"]
    scripted = run(chicken, "gameobject.find", {"component": "AttackerBrain"}).output["matches"]
    assert [m["path"] for m in scripted] == ["Enemy Brain"]


def test_gameobject_get_returns_components_with_fields_and_instance_overrides(sample: Path) -> None:
    out = run(sample, "gameobject.get", {"file": GARDEN, "gameObject": "Player/Hat"}).output
    assert out["gameObject"]["tag"] == "Pickup" and out["fields"]["m_Layer"] == 6
    assert [c["class"] for c in out["components"]] == ["Transform", "MeshFilter", "MeshRenderer"]  # m_Component order
    assert out["components"][0]["fields"]["m_Father"] == {"fileID": 731902450}
    lantern = run(sample, "gameobject.get", {"file": GARDEN, "gameObject": "Lantern"}).output
    assert lantern["components"] == [] and lantern["modifications"][-1]["propertyPath"] == "m_Name"
    assert lantern["modifications"][0]["target"] == {"fileID": 3225885301537407164,
                                                     "guid": "f91bd20328494e959c526d05ca57b3fc", "type": 3}


def test_component_get_one_value_or_all_fields(minigolf: Path) -> None:
    one = run(minigolf, "component.get", {"file": MINIGOLF_GAME, "gameObject": "Lighting/Directional Light",
                                          "component": "Light", "property": "m_Color"}).output
    assert one["value"] == {"r": 1, "g": 0.99682575, "b": 0.93773586, "a": 1}
    everything = run(minigolf, "component.get", {"file": MINIGOLF_GAME, "gameObject": "Lighting/Directional Light",
                                                 "component": "Transform"}).output
    assert everything["value"]["m_LocalPosition"] == {"x": 39.455, "y": 0, "z": 7.815}
