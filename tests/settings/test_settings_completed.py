"""project.remove-tag, project.add-build-scene / remove-build-scene and project.set-layer without an index, on real
TagManager.asset and EditorBuildSettings.asset copies of chicken-defense (2022.3) and minigolf (Unity 6)."""

from __future__ import annotations

import pytest

from tests.settings.conftest import (
    BUILD,
    TAGS,
    U6,
    U2022,
    failure,
    original,
    output,
    settings_copy,
    snapshot,
)
from unitycli.testing import assert_dry_run_matches_commit, changed_lines

MG = "Assets/LlamAcademy/Minigolf"
MG_SCENES = (f"{MG}/Scenes/Main Menu.unity", f"{MG}/Scenes/Main Menu.unity.meta", f"{MG}/Scenes/Game.unity",
             f"{MG}/Scenes/Game.unity.meta", f"{MG}/Prefabs/Ball.prefab", f"{MG}/Prefabs/Ball.prefab.meta")
MENU, GAME = f"{MG}/Scenes/Main Menu.unity", f"{MG}/Scenes/Game.unity"
SAMPLE_SCENE = "Assets/Scenes/SampleScene.unity"
CD_SCENES = (SAMPLE_SCENE, SAMPLE_SCENE + ".meta", "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
             "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity.meta")


# --- project.remove-tag ---------------------------------------------------------------------------------------

def test_remove_an_unused_tag_in_unity6_drops_exactly_its_line(tmp_path):
    root = settings_copy(U6, tmp_path, MG_SCENES)
    out = assert_dry_run_matches_commit(root, "project.remove-tag", {"tag": "CinemachineTarget"}).output
    assert changed_lines(original(U6, TAGS), (root / TAGS).read_text()) == [("  - CinemachineTarget", "")]
    assert out["tags"] == ["Ball", "ExcludeFromCombine"]
    assert (out["users"], out["unscanned"], out["verified"]) == ([], [], True)


def test_a_tag_ball_prefab_still_uses_is_refused_unless_forced(tmp_path):
    root = settings_copy(U6, tmp_path, MG_SCENES)
    before = snapshot(root)
    refused = failure(root, "project.remove-tag", {"tag": "Ball"})
    assert refused.code == "E_PROJECT_TAG_IN_USE"
    assert refused.details["users"] == [{"path": f"{MG}/Prefabs/Ball.prefab", "count": 1}]
    assert snapshot(root) == before
    out = output(root, "project.remove-tag", {"tag": "Ball", "force": True})
    assert changed_lines(original(U6, TAGS), (root / TAGS).read_text()) == [("  - Ball", "")]
    assert out["users"] == [{"path": f"{MG}/Prefabs/Ball.prefab", "count": 1}]


def test_remove_the_only_tag_in_2022_gives_back_unitys_empty_list(tmp_path):
    root = settings_copy(U2022, tmp_path)
    output(root, "project.add-tag", {"tag": "Enemy"})
    output(root, "project.remove-tag", {"tag": "Enemy"})
    assert (root / TAGS).read_text() == original(U2022, TAGS)  # `tags: []`, byte for byte


def test_a_pointer_scene_is_named_as_unscanned(tmp_path):
    root = settings_copy(U6, tmp_path, MG_SCENES)
    (root / GAME).write_text("version https://git-lfs.github.com/spec/v1\n"
                             f"oid sha256:{'c' * 64}\nsize 99\n")
    out = output(root, "project.remove-tag", {"tag": "CinemachineTarget"})
    assert out["unscanned"] == [{"path": GAME, "reason": "lfs-pointer",
                                 "nextActions": [f'git lfs pull --include "{GAME}"']}]


@pytest.mark.parametrize(("tag", "code"), [("Player", "E_PROJECT_TAG_BUILTIN"), ("Enemy", "E_TAG_UNKNOWN")])
def test_a_builtin_or_unknown_tag_is_refused(tmp_path, tag, code):
    root = settings_copy(U2022, tmp_path)
    assert failure(root, "project.remove-tag", {"tag": tag}).code == code
    assert (root / TAGS).read_text() == original(U2022, TAGS)


# --- project.set-layer without an index -------------------------------------------------------------------------

@pytest.mark.parametrize(("project", "index"), [(U2022, 16), (U6, 8)])  # chicken-defense names 6–15, minigolf 6
def test_set_layer_without_an_index_names_the_first_free_layer_from_8(tmp_path, project, index):
    root = settings_copy(project, tmp_path)
    out = assert_dry_run_matches_commit(root, "project.set-layer", {"name": "Hazards"}).output
    assert (out["index"], out["previous"], out["changed"]) == (index, "", True)
    before, after = original(project, TAGS).split("\n"), (root / TAGS).read_text().split("\n")
    line = before.index("  layers:") + 1 + index
    assert (before[line], after[line]) == ("  - ", "  - Hazards")
    assert changed_lines("\n".join(before), "\n".join(after)) == [("  - ", "  - Hazards")]


def test_set_layer_without_an_index_keeps_a_layer_of_that_name(tmp_path):
    root = settings_copy(U6, tmp_path)
    out = output(root, "project.set-layer", {"name": "Ball"})
    assert (out["index"], out["changed"]) == (6, False)
    assert (output(root, "project.set-layer", {"name": "Water"})["index"], out["changed"]) == (4, False)
    assert (root / TAGS).read_text() == original(U6, TAGS)


def test_no_free_user_layer_and_clearing_without_an_index_are_refused(tmp_path):
    root = settings_copy(U6, tmp_path)
    lines = original(U6, TAGS).split("\n")
    start = lines.index("  layers:") + 1
    for i in range(8, 32):
        lines[start + i] = f"  - Layer{i}"
    (root / TAGS).write_text("\n".join(lines))
    refused = failure(root, "project.set-layer", {"name": "Hazards"})
    assert refused.code == "E_PROJECT_LAYER_NONE_FREE"
    assert refused.details["unnamedUserLayers"] == [3, 7]
    assert failure(root, "project.set-layer", {"name": ""}).code == "E_SCHEMA_INVALID"


# --- project.add-build-scene / project.remove-build-scene -------------------------------------------------------

def test_add_a_scene_to_2022_build_settings_at_the_end(tmp_path):
    root = settings_copy(U2022, tmp_path, CD_SCENES)
    out = assert_dry_run_matches_commit(root, "project.add-build-scene",
                                        {"path": SAMPLE_SCENE, "enabled": False}).output
    assert changed_lines(original(U2022, BUILD), (root / BUILD).read_text()) == [
        ("", "  - enabled: 0"), ("", f"    path: {SAMPLE_SCENE}"), ("", "    guid: 99c9720ab356a0642a771bea13969a05")]
    assert (root / BUILD).read_text().index("guid: 99c9720ab356a0642a771bea13969a05\n  m_configObjects: {}") > 0
    assert out["scene"] == {"index": 1, "buildIndex": None, "path": SAMPLE_SCENE,
                            "guid": "99c9720ab356a0642a771bea13969a05", "enabled": False, "status": "ok",
                            "currentPath": None}
    assert [s["path"] for s in out["scenes"]] == ["Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", SAMPLE_SCENE]


def test_remove_then_add_back_at_index_0_in_unity6_is_byte_identical(tmp_path):
    root = settings_copy(U6, tmp_path, MG_SCENES)
    out = assert_dry_run_matches_commit(root, "project.remove-build-scene", {"path": MENU}).output
    assert (root / BUILD).read_text() == original(U6, BUILD).replace(
        f"  - enabled: 1\n    path: {MENU}\n    guid: 6817956fab772a14392489164d61994c\n", "", 1)
    assert out["scene"]["path"] == MENU and out["scene"]["index"] == 0
    assert [(s["path"], s["buildIndex"]) for s in out["scenes"]] == [(GAME, 0)]
    added = assert_dry_run_matches_commit(root, "project.add-build-scene", {"path": MENU, "index": 0}).output
    assert (root / BUILD).read_text() == original(U6, BUILD)
    assert [(s["path"], s["buildIndex"]) for s in added["scenes"]] == [(MENU, 0), (GAME, 1)]


def test_remove_the_last_scene_writes_an_empty_list(tmp_path):
    root = settings_copy(U2022, tmp_path, CD_SCENES)
    output(root, "project.remove-build-scene", {"path": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"})
    assert changed_lines(original(U2022, BUILD), (root / BUILD).read_text()) == [
        ("  m_Scenes:", "  m_Scenes: []"), ("  - enabled: 1", ""),
        ("    path: Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", ""),
        ("    guid: e9ee5d2340f91fd4dab403469c17a453", "")]


@pytest.mark.parametrize(("tool", "payload", "code"), [
    ("project.add-build-scene", {"path": GAME}, "E_PROJECT_BUILD_SCENE_DUPLICATE"),
    ("project.add-build-scene", {"path": f"{MG}/Scenes/Nowhere.unity"}, "E_SCENE_NOT_FOUND"),
    ("project.add-build-scene", {"path": f"{MG}/Prefabs/Ball.prefab"}, "E_ASSET_PATH_INVALID"),
    ("project.add-build-scene", {"path": MENU, "index": 3}, "E_SCHEMA_INVALID"),
    ("project.remove-build-scene", {"path": f"{MG}/Scenes/Nowhere.unity"}, "E_PROJECT_BUILD_SCENE_NOT_LISTED"),
])
def test_bad_build_scene_edits_are_refused_and_change_nothing(tmp_path, tool, payload, code):
    root = settings_copy(U6, tmp_path, MG_SCENES)
    if payload.get("index") == 3:
        output(root, "project.remove-build-scene", {"path": MENU})
    before = snapshot(root)
    assert failure(root, tool, payload).code == code
    assert snapshot(root) == before


def test_a_scene_without_a_meta_has_no_guid_to_add(tmp_path):
    root = settings_copy(U2022, tmp_path, (SAMPLE_SCENE,))
    refused = failure(root, "project.add-build-scene", {"path": SAMPLE_SCENE})
    assert (refused.code, refused.details["path"]) == ("E_ASSET_NOT_FOUND", SAMPLE_SCENE + ".meta")
