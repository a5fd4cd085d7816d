"""Issue 19's "done when", replayed as a new user would on real Unity 6 (minigolf) and 2022.3 (chicken-defense)
projects: create a scene, instantiate a prefab, override a property and revert it, reparent keeping the world
pose, duplicate, tint a material and add the scene to the build, each dry-run first. Afterwards the read tools
agree with what was written, and format-check and asset.validate find nothing an untouched copy does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.scenes_tools.projects import copy_project
from unitycli.testing import assert_dry_run_matches_commit, run_tool, tool_output

SCENE = "Assets/Scenes/Walkthrough.unity"

CASES = {
    "minigolf": {"prefab": "Ball", "material": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat", "color": "_Color",
                 # A rotated, scaled holder: the kept world pose needs the whole parent chain.
                 "holder": {"position": {"x": 1, "y": 2, "z": 3}, "rotation": {"x": 0, "y": 90, "z": 0},
                            "scale": {"x": 2, "y": 2, "z": 2}},
                 "local": {"x": 1.75, "y": -0.7245, "z": -0.25}},
    "chicken-defense": {"prefab": "Chicken", "material": "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat",
                        "color": "_BaseColor", "holder": {"position": {"x": 1, "y": 2, "z": 3}},
                        "local": {"x": -3.25, "y": -2.0, "z": 6.25}},
}
TINT = {"r": 1, "g": 0.25, "b": 0.5, "a": 1}


def _checks(root: Path) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """format-check's differing files and asset.validate's issues, comparable across copies."""
    fmt = tool_output(root, "project.format-check", {})
    assert fmt["nextCursor"] is None and fmt["skipped"] == []
    issues = tool_output(root, "asset.validate", {})["issues"]
    return fmt["different"], sorted((i["kind"], i["path"], i["guid"]) for i in issues)


def _overrides(root: Path, name: str) -> list[tuple[Any, ...]]:
    """The instance's overrides without their indexes (which shift as entries come and go)."""
    out = tool_output(root, "prefab.get-overrides", {"file": SCENE, "gameObject": name})["overrides"]
    return [(o["propertyPath"], o["value"], o["targetClass"]) for o in out]


def _commit(root: Path, tool: str, data: dict[str, Any]) -> dict[str, Any]:
    return assert_dry_run_matches_commit(root, tool, data).output  # type: ignore[return-value]


@pytest.mark.parametrize("project", sorted(CASES))
def test_everyday_editing_leaves_the_project_as_clean_as_it_was(project: str, tmp_path: Path) -> None:
    case = CASES[project]
    untouched = copy_project(project, tmp_path / "untouched")
    root = copy_project(project, tmp_path / "edited")

    created = _commit(root, "scene.create", {"file": SCENE})
    inst = _commit(root, "prefab.instantiate", {"file": SCENE, "prefab": case["prefab"]})
    name = inst["path"]
    assert name == case["prefab"]

    # Override one property of the instance, read it back, revert it.
    override = {"file": SCENE, "gameObject": name, "propertyPath": "m_IsActive"}
    before = _overrides(root, name)
    _commit(root, "prefab.set-override", {**override, "value": "0"})
    assert [o for o in _overrides(root, name) if o not in before] == [("m_IsActive", 0, "GameObject")]
    reverted = _commit(root, "prefab.revert-override", override)["reverted"]
    assert [(o["propertyPath"], o["targetClass"], o["targetPath"]) for o in reverted] == [
        ("m_IsActive", "GameObject", name)]
    assert _overrides(root, name) == before

    # Reparent under a posed holder keeping the world pose, then duplicate.
    holder = _commit(root, "gameobject.create", {"file": SCENE, "name": "Holder"})
    _commit(root, "gameobject.set-transform", {"file": SCENE, "gameObject": "Holder", **case["holder"]})
    moved = _commit(root, "gameobject.reparent", {"file": SCENE, "gameObject": name, "parent": "Holder"})
    assert moved["path"] == f"Holder/{name}" and moved["localPose"]["position"] == case["local"]
    copy = _commit(root, "gameobject.duplicate", {"file": SCENE, "gameObject": f"Holder/{name}"})
    assert copy["path"] == f"Holder/{name} (1)" and copy["siblingIndex"] == 1

    _commit(root, "material.set", {"file": case["material"], "colors": {case["color"]: TINT}})
    build = _commit(root, "project.add-build-scene", {"path": SCENE})

    # The read tools agree with what was written.
    items = tool_output(root, "scene.hierarchy", {"file": SCENE})["items"]
    assert [(i["path"], i["kind"]) for i in items] == [
        ("Holder", "gameObject"), (f"Holder/{name}", "prefabInstance"), (f"Holder/{name} (1)", "prefabInstance")]
    for path in (f"Holder/{name}", f"Holder/{name} (1)"):
        got = tool_output(root, "gameobject.get", {"file": SCENE, "gameObject": path})["gameObject"]
        assert got["parentFileID"] == holder["fileID"] and got["sourcePrefab"] == inst["sourcePrefab"]
    assert tool_output(root, "material.get", {"file": case["material"]})["colors"][case["color"]] == TINT
    scenes = tool_output(root, "project.get-build-scenes", {})["scenes"]
    assert scenes[-1] == build["scene"]
    assert (scenes[-1]["path"], scenes[-1]["guid"], scenes[-1]["status"]) == (SCENE, created["guid"], "ok")

    # asset.references sees the new links: the scene uses the prefab, Build Settings uses the scene.
    prefab = inst["sourcePrefab"]["path"]
    assert SCENE in [r["path"] for r in tool_output(root, "asset.references", {"file": prefab})["referrers"]]
    assert [r["path"] for r in tool_output(root, "asset.references", {"file": SCENE})["referrers"]] == [
        "ProjectSettings/EditorBuildSettings.asset"]

    different, issues = _checks(root)
    assert different == []
    assert issues == _checks(untouched)[1]


def test_a_new_scene_joins_the_build_by_its_asset_name(tmp_path: Path) -> None:
    root = copy_project("chicken-defense", tmp_path / "chicken")
    created = _commit(root, "scene.create", {"file": SCENE})
    added = _commit(root, "project.add-build-scene", {"path": "Walkthrough"})["scene"]
    assert (added["path"], added["guid"]) == (SCENE, created["guid"])
    # chicken-defense has two scenes named Game once another is made; a name must say which.
    _commit(root, "scene.create", {"file": "Assets/Scenes/Game.unity"})
    run = run_tool(root, "project.add-build-scene", {"path": "Game"})
    assert run.error["code"] == "E_SCENE_AMBIGUOUS" and "Assets/Scenes/Game.unity" in run.error["details"]["candidates"]
    assert run_tool(root, "project.add-build-scene", {"path": "Nowhere"}).error["code"] == "E_SCENE_NOT_FOUND"
