"""`scene.create`: an empty scene whose settings objects are those of a project scene, scene-specific data reset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import GARDEN, failure, output, snapshot
from tests.indexes.projectcopies import writable_copy
from unitycli.testing import assert_dry_run_matches_commit, changed_lines
from unitycli.unityyaml import UnityYamlFile, ensure_roundtrips

SCENE_META = re.compile(r"fileFormatVersion: 2\nguid: ([0-9a-f]{32})\nDefaultImporter:\n  externalObjects: \{\}\n"
                        r"  userData: \n  assetBundleName: \n  assetBundleVariant: \n")  # every fixture .unity.meta
SETTINGS = (29, 104, 157, 196, 1660057539)
MINIGOLF_SCENES = "Assets/LlamAcademy/Minigolf/Scenes"


def _settings_text(project: Path, scene: str) -> str:
    """The source scene's header and settings objects as they are on disk (the test's own reading)."""
    source = UnityYamlFile.read(project / scene)
    return source.header + "".join(doc.text for doc in source if doc.class_id in SETTINGS)


def _roots(count_lines: list[str]) -> list[tuple[str, str]]:
    return [("  m_Roots:", "  m_Roots: []"), *((line, "") for line in count_lines)]


def test_a_chicken_defense_scene_copies_the_newest_layout_and_empties_scene_roots(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    before = snapshot(project)
    counts = output(project, "asset.validate", {"limit": 5000})["counts"]
    result = assert_dry_run_matches_commit(project, "scene.create", {"file": "Assets/Levels/Meadow.unity"}).output
    # Game.unity (2022.3 layout, SceneRoots) is chosen over SampleScene (RenderSettings 9, no SceneRoots).
    source = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
    assert (result["preambleFrom"], result["createdFolders"]) == (source, ["Assets/Levels"])
    assert result["documents"] == ["OcclusionCullingSettings", "RenderSettings", "LightmapSettings",
                                   "NavMeshSettings", "SceneRoots"]
    new = (project / "Assets/Levels/Meadow.unity").read_text()
    roots = [line for line in _settings_text(project, source).splitlines() if line.startswith("  - {fileID: ")]
    assert len(roots) == 17
    assert changed_lines(_settings_text(project, source), new) == _roots(roots)
    # The shared LightingSettings asset stays referenced; the scene has no baked data of its own.
    assert "  m_LightingSettings: {fileID: 4890085278179872738, guid: 79d593002443ab549adde962c9530605," in new
    meta = (project / "Assets/Levels/Meadow.unity.meta").read_text()
    assert SCENE_META.fullmatch(meta).group(1) == result["guid"]
    ensure_roundtrips(new.encode(), "Meadow.unity")
    assert set(snapshot(project)) - set(before) == {"Assets/Levels.meta", "Assets/Levels/Meadow.unity",
                                                     "Assets/Levels/Meadow.unity.meta"}
    assert output(project, "asset.validate", {"limit": 5000})["counts"] == counts


def test_a_minigolf_scene_resets_baked_lighting_and_the_source_scenes_own_objects(tmp_path: Path) -> None:
    project = writable_copy("minigolf", tmp_path / "minigolf")
    game = f"{MINIGOLF_SCENES}/Game.unity"
    result = assert_dry_run_matches_commit(project, "scene.create", {"file": "Assets/Hole 19.unity"}).output
    assert result["preambleFrom"] == game
    new = (project / "Assets/Hole 19.unity").read_text()
    roots = [line for line in _settings_text(project, game).splitlines() if line.startswith("  - {fileID: ")]
    assert changed_lines(_settings_text(project, game), new) == [
        ("  m_LightingDataAsset: {fileID: 20201, guid: 0000000000000000f000000000000000, type: 0}",
         "  m_LightingDataAsset: {fileID: 0}"), *_roots(roots)]
    # Main Menu embeds its LightingSettings object: the reference to it cannot survive without the object.
    menu = f"{MINIGOLF_SCENES}/Main Menu.unity"
    output(project, "scene.create", {"file": "Assets/Menu 2.unity", "preambleFrom": menu})
    second = (project / "Assets/Menu 2.unity").read_text()
    menu_roots = [line for line in _settings_text(project, menu).splitlines() if line.startswith("  - {fileID: ")]
    assert changed_lines(_settings_text(project, menu), second) == [
        ("  m_LightingSettings: {fileID: 1790507302}", "  m_LightingSettings: {fileID: 0}"), *_roots(menu_roots)]


def test_the_sample_scene_drops_its_sun_light_reference(sample: Path) -> None:
    output(sample, "scene.create", {"file": "Assets/Scenes/Orchard.unity", "preambleFrom": "Garden"})
    new = (sample / "Assets/Scenes/Orchard.unity").read_text()
    changes = changed_lines(_settings_text(sample, GARDEN), new)
    assert changes[0] == ("  m_Sun: {fileID: 388120915}", "  m_Sun: {fileID: 0}")


@pytest.mark.parametrize(("payload", "code"), [
    ({"file": GARDEN}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": "Assets/Scenes/garden.unity"}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": "Assets/Scenes/Orchard.prefab"}, "E_ASSET_PATH_INVALID"),
    ({"file": "Assets/Scenes/Orchard"}, "E_ASSET_PATH_INVALID"),
    ({"file": "ProjectSettings/Orchard.unity"}, "E_ASSET_PATH_INVALID"),
    ({"file": "../Orchard.unity"}, "E_PATH_OUTSIDE_PROJECT"),
    ({"file": "Assets/Orchard.unity", "preambleFrom": "Nowhere"}, "E_SCENE_NOT_FOUND"),
    ({"file": "Assets/Orchard.unity", "preambleFrom": "Assets/Prefabs/Lantern.prefab"}, "E_SCENE_NOT_FOUND"),
])
def test_bad_scenes_are_refused_with_a_catalogued_code_and_nothing_written(sample: Path, payload: dict,
                                                                           code: str) -> None:
    before = snapshot(sample)
    assert failure(sample, "scene.create", payload).code == code
    assert snapshot(sample) == before


def test_a_project_without_a_scene_has_no_layout_to_copy(sample: Path) -> None:
    for scene in ("Credits", "Garden"):
        (sample / f"Assets/Scenes/{scene}.unity").unlink()
        (sample / f"Assets/Scenes/{scene}.unity.meta").unlink()
    error = failure(sample, "scene.create", {"file": "Assets/Scenes/First.unity"})
    assert (error.code, error.details["unityVersion"]) == ("E_LAYOUT_UNAVAILABLE", "6000.0.25f1")


def test_the_new_scene_takes_gameobjects_like_any_scene(tmp_path: Path) -> None:
    project = writable_copy("minigolf", tmp_path / "minigolf")
    output(project, "scene.create", {"file": "Assets/Hole 19.unity"})
    created = output(project, "gameobject.create", {"file": "Assets/Hole 19.unity", "name": "Flag"})
    text = (project / "Assets/Hole 19.unity").read_text()
    assert text.endswith(f"  m_Roots:\n  - {{fileID: {created['transformFileID']}}}\n")
    assert output(project, "project.format-check", {"path": "Assets/Hole 19.unity"})["identical"] == 1


@pytest.mark.parametrize(("file", "suggested"), [("Assets/Scenes/Level 2", "Assets/Scenes/Level 2.unity"),
                                                 ("Assets/Scenes/Level 2.scene", "Assets/Scenes/Level 2.unity")])
def test_a_scene_name_without_unity_suggests_the_command_with_it(sample: Path, file: str, suggested: str) -> None:
    error = failure(sample, "scene.create", {"file": file, "preambleFrom": GARDEN})
    assert error.code == "E_ASSET_PATH_INVALID"
    assert len(error.next_actions) == 1
    [call] = error.next_actions
    assert call.tool == "scene.create" and call.arguments == {"file": suggested, "preambleFrom": GARDEN}
