"""Not-found errors name what was meant (a typo, another case) and their next actions run it; none globs the typo."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tests.scenes_tools.projects import GARDEN, copy_project
from unitycli.cli.main import run as cli_run
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import run_tool
from unitycli.suggest import closest, edit_distance
from unitycli.testing import changed_lines

CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"


def _error(root: Path, tool: str, data: dict) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        run_tool(Session(project_arg=str(root)).prepare(tool), data)
    return info.value


def _run_action(action: str) -> dict:
    """Run a next action exactly as printed, through the CLI."""
    argv = shlex.split(action)
    assert argv[:3] == ["unitycli", "tools", "run"], action
    return cli_run(argv[1:] + ["--json"]).envelope


def _no_glob(error: UnityCliError) -> None:
    assert not any("*" in action for action in error.next_actions), error.next_actions


def test_edit_distance_counts_a_swap_as_one_edit() -> None:
    assert edit_distance("ligth", "light", 3) == 1
    assert edit_distance("directionalligth", "directional light", 5) == 2
    assert edit_distance("cube", "sphere", 2) == 3  # beyond the limit: limit + 1
    assert closest("Cubee", ["Sphere", "Cube", "Capsule"]) == ["Cube"]
    assert closest("MAIN CAMERA", ["Main Camera", "Camera"]) == ["Main Camera"]
    assert closest("Camera", ["Main Camera", "Light"]) == ["Main Camera"]  # a longer name holding it
    assert closest("Cube", ["Sphere", "Plane"]) == []


@pytest.mark.parametrize(("project", "file", "typo", "meant"), [
    ("chicken-defense", CHICKEN_GAME, "Core/DirectionalLigth", "Directional Light"),  # a wrong parent, a swap, no space
    ("minigolf", MAIN_MENU, "Cubee", "Cube"),
    ("minigolf", MAIN_MENU, "cube", "Cube"),
    ("sample", GARDEN, "player/HAT", "Player/Hat"),
])
def test_a_mistyped_gameobject_suggests_the_one_meant_and_a_call_that_reads_it(tmp_path: Path, project: str,
                                                                                  file: str, typo: str,
                                                                                  meant: str) -> None:
    root = copy_project(project, tmp_path / "project")
    error = _error(root, "gameobject.get", {"file": file, "gameObject": typo})
    assert error.code == "E_GAMEOBJECT_NOT_FOUND"
    assert [c["path"] for c in error.details["didYouMean"]] == [meant]
    _no_glob(error)
    envelope = _run_action(error.for_project(root).next_actions[0])
    assert envelope["ok"] and envelope["result"]["output"]["gameObject"]["path"] == meant


@pytest.mark.parametrize(("typo", "meant"), [("Assets/Scenes/Gardn.unity", GARDEN),
                                             ("assets/scenes/GARDEN.unity", GARDEN),
                                             ("Gardn", GARDEN),
                                             ("Assets/Scene/Garden.unity", GARDEN)])
def test_a_mistyped_scene_path_suggests_the_scene(tmp_path: Path, typo: str, meant: str) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "scene.hierarchy", {"file": typo})
    assert (error.code, error.details["didYouMean"]) == ("E_SCENE_NOT_FOUND", [meant])
    _no_glob(error)
    assert _run_action(error.for_project(root).next_actions[0])["result"]["output"]["file"] == meant


def test_a_mistyped_asset_path_suggests_the_asset(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "asset.info", {"file": "Assets/Materials/gras.mat"})
    assert error.code == "E_ASSET_NOT_FOUND" and error.details["closeMatches"] == ["Assets/Materials/Grass.mat"]
    assert _run_action(error.for_project(root).next_actions[0])["result"]["output"]["file"] == \
        "Assets/Materials/Grass.mat"


def test_a_mistyped_tool_name_suggests_the_tool(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "GameObject.Renam", {})
    assert error.details["closest"][0] == "gameobject.rename"


def test_a_mistyped_enum_value_or_key_suggests_the_value_and_the_corrected_call(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "scene.hierarchy", {"file": GARDEN, "detail": "Compact"})
    assert error.code == "E_SCHEMA_INVALID"
    assert error.details["errors"][0]["didYouMean"] == ["compact"]
    assert error.message.endswith("Input should be 'compact' or 'full'; did you mean 'compact'?")
    assert _run_action(error.for_project(root).next_actions[0])["ok"]
    error = _error(root, "scene.hierarchy", {"file": GARDEN, "detial": "full"})
    assert error.details["errors"][0]["didYouMean"] == ["detail"]
    corrected = _run_action(error.for_project(root).next_actions[0])
    assert corrected["ok"] and corrected["result"]["output"]["detail"] == "full"


def test_a_component_set_inside_a_prefab_instance_points_at_the_override_call_that_works(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "component.set", {"file": GARDEN, "gameObject": "Lantern/Lantern Light",
                                           "component": "Light", "property": "m_Intensity", "value": 2})
    assert error.code == "E_PREFAB_INSTANCE_UNSUPPORTED"
    assert error.details["overrideTarget"] == 3225885301537407164  # the Light of Lantern.prefab's child
    action = error.for_project(root).next_actions[0]
    assert json.loads(shlex.split(action)[-1]) == {
        "file": GARDEN, "gameObject": 2004719383, "target": {"fileID": 3225885301537407164},
        "propertyPath": "m_Intensity", "value": 2}
    before = (root / GARDEN).read_text()
    envelope = _run_action(action)
    assert envelope["ok"], envelope["error"]
    # Garden already overrides the light's intensity (3): the call changes exactly that value.
    assert changed_lines(before, (root / GARDEN).read_text()) == [("      value: 3", "      value: 2")]


def test_a_blank_gameobject_is_ambiguous_not_the_blank_named_root(tmp_path: Path) -> None:
    # Hand-edited copy (no fixture GameObject has a blank name): Garden's root `Ground` renamed to nothing.
    root = copy_project("sample", tmp_path / "project")
    scene = root / GARDEN
    assert _error(root, "gameobject.get", {"file": GARDEN, "gameObject": " "}).code == "E_GAMEOBJECT_NOT_FOUND"
    scene.write_text(scene.read_text().replace("  m_Name: Ground\n", "  m_Name: \n", 1))
    error = _error(root, "gameobject.get", {"file": GARDEN, "gameObject": ""})
    assert error.code == "E_GAMEOBJECT_AMBIGUOUS"
    assert [(c["path"], c["kind"]) for c in error.details["candidates"]] == [("", "gameObject")]
    found = run_tool(Session(project_arg=str(root)).prepare("gameobject.get"),
                     {"file": GARDEN, "gameObject": error.details["fileIDs"][0]}).output
    assert found["gameObject"]["name"] == ""


def test_a_mistyped_component_suggests_it_and_an_absent_unity_class_offers_the_add_call(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "project")
    error = _error(root, "component.get", {"file": GARDEN, "gameObject": "Player", "component": "Transfrom"})
    assert (error.code, error.details["didYouMean"]) == ("E_COMPONENT_NOT_FOUND", ["Transform"])
    assert error.message.endswith("has no component 'Transfrom'; did you mean Transform?")
    read = _run_action(error.for_project(root).next_actions[0])
    assert read["ok"] and read["result"]["output"]["component"]["class"] == "Transform"
    error = _error(root, "component.get", {"file": GARDEN, "gameObject": "Player", "component": "boxcollider"})
    assert error.details["didYouMean"] == []
    added = _run_action(error.for_project(root).next_actions[0])
    assert added["ok"], added["error"]
    assert added["result"]["output"]["class"] == "BoxCollider"
