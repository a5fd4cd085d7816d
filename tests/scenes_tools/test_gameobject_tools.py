"""gameobject.create / rename / set-active / delete on real scenes and prefabs, checked as exact text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import (
    CHICKEN_GAME,
    CHICKEN_SAMPLE,
    GARDEN,
    MINIGOLF_GAME,
    documents,
    line_diff,
    replace_in_object,
    run,
)
from unitycli.errors import UnityCliError

HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


def _game_object(go: int, tf: int, name: str, active: int = 1) -> str:
    return (f"--- !u!1 &{go}\nGameObject:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
            f"  m_PrefabInstance: {{fileID: 0}}\n  m_PrefabAsset: {{fileID: 0}}\n  serializedVersion: 6\n"
            f"  m_Component:\n  - component: {{fileID: {tf}}}\n  m_Layer: 0\n  m_Name: {name}\n"
            f"  m_TagString: Untagged\n  m_Icon: {{fileID: 0}}\n  m_NavMeshLayer: 0\n  m_StaticEditorFlags: 0\n"
            f"  m_IsActive: {active}\n")


def _transform(tf: int, go: int, father: int, position: str = "{x: 0, y: 0, z: 0}", root_order: int | None = None) -> str:
    # A file that writes m_RootOrder (pre-2022.2, chicken-defense SampleScene.unity) has no serializedVersion line.
    order = f"  m_RootOrder: {root_order}\n" if root_order is not None else ""
    version = "  serializedVersion: 2\n" if root_order is None else ""
    return (f"--- !u!4 &{tf}\nTransform:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
            f"  m_PrefabInstance: {{fileID: 0}}\n  m_PrefabAsset: {{fileID: 0}}\n  m_GameObject: {{fileID: {go}}}\n"
            f"{version}  m_LocalRotation: {{x: 0, y: 0, z: 0, w: 1}}\n  m_LocalPosition: {position}\n"
            f"  m_LocalScale: {{x: 1, y: 1, z: 1}}\n  m_ConstrainProportionsScale: 0\n  m_Children: []\n"
            f"  m_Father: {{fileID: {father}}}\n{order}  m_LocalEulerAnglesHint: {{x: 0, y: 0, z: 0}}\n")


def _sorted_file(docs: dict[int, str]) -> str:
    return HEADER + "".join(docs[k] for k in sorted(docs))


# --- create -----------------------------------------------------------------------------------------------------

def test_create_under_a_parent_in_the_sample_scene_adds_two_objects_and_one_child_line(sample: Path) -> None:
    scene = sample / GARDEN
    docs = documents(scene.read_text())
    result = run(sample, "gameobject.create", {"file": GARDEN, "name": "Tree D", "parent": "Trees",
                                               "position": {"x": 6, "y": 1, "z": 0}})
    out = result.output
    go, tf = out["fileID"], out["transformFileID"]
    assert out["path"] == "Trees/Tree D" and 0 < go < 2**31 and 0 < tf < 2**31
    docs[go] = _game_object(go, tf, "Tree D")
    docs[tf] = _transform(tf, go, 1120648302, "{x: 6, y: 1, z: 0}")
    docs[1120648302] = docs[1120648302].replace("  - {fileID: 1583377909}\n",
                                                f"  - {{fileID: 1583377909}}\n  - {{fileID: {tf}}}\n")
    assert scene.read_text() == _sorted_file(docs)
    listed = run(sample, "scene.hierarchy", {"file": GARDEN, "root": "Trees"}).output
    assert [i["path"] for i in listed["items"]][-1] == "Trees/Tree D"


def test_create_at_the_root_of_a_chicken_defense_scene_appends_to_scene_roots(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    docs = documents(scene.read_text())
    out = run(chicken, "gameobject.create", {"file": CHICKEN_GAME, "name": "Spawn Point"}).output
    go, tf = out["fileID"], out["transformFileID"]
    docs[go] = _game_object(go, tf, "Spawn Point")
    docs[tf] = _transform(tf, go, 0)
    docs[9223372036854775807] += f"  - {{fileID: {tf}}}\n"
    assert scene.read_text() == _sorted_file(docs)


def test_create_in_a_file_with_m_root_order_writes_the_project_editors_transform(chicken: Path) -> None:
    # SampleScene.unity still carries 2021's m_RootOrder, but chicken-defense is a 2022.3.17f1 project: its Editor
    # writes the serializedVersion 2 Transform without m_RootOrder, and so does a new one
    scene = chicken / CHICKEN_SAMPLE
    docs = documents(scene.read_text())
    out = run(chicken, "gameobject.create", {"file": CHICKEN_SAMPLE, "name": "Props", "active": False}).output
    go, tf = out["fileID"], out["transformFileID"]
    docs[go] = _game_object(go, tf, "Props", active=0)
    docs[tf] = _transform(tf, go, 0)
    assert scene.read_text() == _sorted_file(docs)


def test_create_in_a_prefab_appends_objects_with_large_ids(sample: Path) -> None:
    prefab = sample / "Assets/Prefabs/Lantern.prefab"
    before = prefab.read_text()
    out = run(sample, "gameobject.create", {"file": "Lantern.prefab", "name": "Glass", "parent": "Lantern"}).output
    go, tf = out["fileID"], out["transformFileID"]
    assert go >= 2**32 and tf >= 2**32
    expected = replace_in_object(before, 5011465085818036814, "  - {fileID: 2535562803604555204}",
                                 f"  - {{fileID: 2535562803604555204}}\n  - {{fileID: {tf}}}")
    assert prefab.read_text() == expected + _game_object(go, tf, "Glass") + _transform(tf, go, 5011465085818036814)


def test_create_at_the_root_of_a_prefab_is_refused(sample: Path) -> None:
    with pytest.raises(UnityCliError) as err:
        run(sample, "gameobject.create", {"file": "Lantern.prefab", "name": "Second Root"})
    assert err.value.code == "E_SCHEMA_INVALID"


# --- rename and set-active --------------------------------------------------------------------------------------

def test_rename_changes_only_the_name_line(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_text()
    out = run(sample, "gameobject.rename", {"file": GARDEN, "gameObject": "Trees/Tree A", "name": "Oak"}).output
    assert scene.read_text() == replace_in_object(before, 1297714560, "  m_Name: Tree A", "  m_Name: Oak")
    assert (out["previousName"], out["path"]) == ("Tree A", "Trees/Oak")


def test_renaming_a_prefab_instance_rewrites_its_name_override(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    out = run(chicken, "gameobject.rename", {"file": CHICKEN_GAME, "gameObject": "World/Floor/huge_tree (1)",
                                             "name": "Old Oak"}).output
    assert scene.read_text() == replace_in_object(before, 186261937, "      value: huge_tree (1)", "      value: Old Oak")
    assert out["path"] == "World/Floor/Old Oak"


def test_set_active_flips_m_is_active(sample: Path, chicken: Path) -> None:
    before = (sample / GARDEN).read_text()
    out = run(sample, "gameobject.set-active", {"file": GARDEN, "gameObject": "Debug Marker", "active": True}).output
    assert (sample / GARDEN).read_text() == replace_in_object(before, 1902556741, "  m_IsActive: 0", "  m_IsActive: 1")
    assert out["previous"] is False
    before = (chicken / CHICKEN_GAME).read_text()
    run(chicken, "gameobject.set-active", {"file": CHICKEN_GAME, "gameObject": "Player", "active": True})
    assert (chicken / CHICKEN_GAME).read_text() == replace_in_object(before, 1425407381, "  m_IsActive: 0",
                                                                     "  m_IsActive: 1")


# --- delete -----------------------------------------------------------------------------------------------------

def test_delete_removes_the_subtree_its_components_and_the_scene_roots_entry(sample: Path) -> None:
    scene = sample / GARDEN
    docs = documents(scene.read_text())
    out = run(sample, "gameobject.delete", {"file": GARDEN, "gameObject": "Trees"}).output
    gone = {1120648301, 1120648302} | {base + k for base in (1297714560, 1436092218, 1583377905) for k in range(5)}
    assert set(out["removedObjects"]) == gone
    assert out["deleted"] == ["Trees", "Trees/Tree A", "Trees/Tree B", "Trees/Tree C"]
    assert out["clearedReferences"] == []
    expected = {k: v for k, v in docs.items() if k not in gone}
    expected[9223372036854775807] = docs[9223372036854775807].replace("  - {fileID: 1120648302}\n", "")
    assert scene.read_text() == _sorted_file(expected)


def test_delete_refuses_while_another_object_references_it_then_force_nulls_the_reference(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_text()
    with pytest.raises(UnityCliError) as err:
        run(sample, "gameobject.delete", {"file": GARDEN, "gameObject": "Directional Light"})
    assert err.value.code == "E_GAMEOBJECT_REFERENCED"
    assert err.value.details["referencedBy"] == [{"fileID": 2, "class": "RenderSettings", "property": "m_Sun",
                                                  "target": 388120915}]
    assert scene.read_text() == before
    out = run(sample, "gameobject.delete", {"file": GARDEN, "gameObject": "Directional Light", "force": True}).output
    docs = documents(before)
    expected = {k: v for k, v in docs.items() if k not in (388120914, 388120915, 388120916)}
    expected[2] = docs[2].replace("  m_Sun: {fileID: 388120915}\n", "  m_Sun: {fileID: 0}\n")
    expected[9223372036854775807] = docs[9223372036854775807].replace("  - {fileID: 388120916}\n", "")
    assert scene.read_text() == _sorted_file(expected)
    assert out["clearedReferences"] == [{"fileID": 2, "class": "RenderSettings", "property": "m_Sun",
                                         "target": 388120915}]


def test_deleting_a_prefab_instance_removes_it_its_stripped_objects_and_its_child_entry(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    out = run(chicken, "gameobject.delete", {"file": CHICKEN_GAME, "gameObject": "World/Floor/huge_tree (1)"}).output
    assert sorted(out["removedObjects"]) == [186261937, 186261938]
    docs = documents(before)
    expected = {k: v for k, v in docs.items() if k not in (186261937, 186261938)}
    expected[877252949] = docs[877252949].replace("  - {fileID: 186261938}\n", "")
    assert scene.read_text() == _sorted_file(expected)


def test_deleting_a_root_in_a_file_with_m_root_order_renumbers_the_later_roots(chicken: Path) -> None:
    scene = chicken / CHICKEN_SAMPLE
    before = scene.read_text()
    run(chicken, "gameobject.delete", {"file": CHICKEN_SAMPLE, "gameObject": "Main Camera"})
    after = scene.read_text()
    assert "m_Name: Main Camera" not in after
    assert [line for line in after.splitlines() if "m_RootOrder" in line] == ["  m_RootOrder: 0", "  m_RootOrder: 1"]
    assert len(after.splitlines()) < len(before.splitlines())


def test_delete_dry_run_writes_nothing(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    result = run(sample, "gameobject.delete", {"file": GARDEN, "gameObject": "Player"}, dry_run=True)
    assert scene.read_bytes() == before
    assert "-  m_Name: Hat" in result.planned_effects["diffs"][0]["diff"]


def test_rename_in_minigolf_keeps_every_other_line(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_text()
    run(minigolf, "gameobject.rename", {"file": MINIGOLF_GAME, "gameObject": "Lighting", "name": "Sun & Sky"})
    assert line_diff(before, scene.read_text()) == [("  m_Name: Lighting", "  m_Name: Sun & Sky")]
