"""The core's own tools address Cinemachine components by class name, because the extension declares its script
GUIDs (`unitycli_known_scripts`): the package's .cs files are never in the project."""

from __future__ import annotations

from unitycli.testing import copy_fixture_project, run_tool

MINIGOLF_GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def test_gameobject_find_finds_the_cm3_camera_of_a_unity_6_scene_by_class_name(tmp_path):
    root = copy_fixture_project("minigolf", tmp_path)
    found = run_tool(root, "gameobject.find", {"file": MINIGOLF_GAME, "component": "CinemachineCamera"})
    assert found.ok, found.error
    assert [m["path"] for m in found.output["matches"]] == ["Virtual Camera"]
    assert found.output["unresolvedScripts"] is None
    brain = run_tool(root, "gameobject.find", {"file": MINIGOLF_GAME, "component": "CinemachineBrain"})
    assert [m["path"] for m in brain.output["matches"]] == ["MainCamera"]


def test_component_get_reads_a_cm2_virtual_camera_by_class_name(tmp_path):
    root = copy_fixture_project("chicken-defense", tmp_path)
    got = run_tool(root, "component.get", {"file": CHICKEN_GAME, "gameObject": "Virtual Camera",
                                           "component": "CinemachineVirtualCamera"})
    assert got.ok, got.error
    assert got.output["component"]["script"] == "CinemachineVirtualCamera"
