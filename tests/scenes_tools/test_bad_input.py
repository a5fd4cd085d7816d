"""Bad input: each case is a catalogued error with next actions, and nothing is written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, run
from unitycli.errors import EXIT_INCOMPLETE, UnityCliError

HOLD_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
sys.stdin.read()
"""
LFS_POINTER = ("version https://git-lfs.github.com/spec/v1\n"
               "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n")
SET_Y = {"component": "Transform", "property": "m_LocalPosition.y", "value": 2}


def _fails(project: Path, tool: str, data: dict[str, Any], code: str, watched: Path | None = None) -> UnityCliError:
    """Run `tool`, expect `code`, and check that `watched` (default: the whole Assets folder) is unchanged."""
    watched = watched or project / "Assets"
    before = {p: p.read_bytes() for p in watched.rglob("*") if p.is_file()} if watched.is_dir() else \
        {watched: watched.read_bytes()}
    with pytest.raises(UnityCliError) as err:
        run(project, tool, data)
    assert err.value.code == code, err.value
    after = {p: p.read_bytes() for p in before}
    assert after == before
    assert err.value.to_dict()["nextActions"], f"{code} has no next actions"
    return err.value


def test_an_unknown_gameobject_path_lists_near_names(sample: Path) -> None:
    error = _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Trees/Tree Z", **SET_Y},
                   "E_GAMEOBJECT_NOT_FOUND")
    assert [c["path"] for c in error.details["didYouMean"]] == ["Trees/Tree A", "Trees/Tree B", "Trees/Tree C"]
    error = _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Hat", **SET_Y}, "E_GAMEOBJECT_NOT_FOUND")
    assert error.details["didYouMean"] == [{"path": "Player/Hat", "fileID": 845330172, "kind": "gameObject"}]


def test_an_unknown_gameobject_file_id_is_not_found_and_a_component_id_points_to_its_owner(sample: Path) -> None:
    _fails(sample, "gameobject.rename", {"file": GARDEN, "gameObject": "12345", "name": "X"}, "E_GAMEOBJECT_NOT_FOUND")
    error = _fails(sample, "gameobject.rename", {"file": GARDEN, "gameObject": 845330175, "name": "X"},
                   "E_GAMEOBJECT_NOT_FOUND")
    assert error.details["didYouMean"][0]["fileID"] == 845330172


def test_an_ambiguous_path_lists_every_candidate_with_its_file_id(minigolf: Path) -> None:
    error = _fails(minigolf, "gameobject.set-active",
                   {"file": MINIGOLF_GAME, "gameObject": "Grid/Tilemap/All Grass", "active": False},
                   "E_GAMEOBJECT_AMBIGUOUS")
    assert [c["fileID"] for c in error.details["candidates"]] == [2036997746, 649946260, 535763504, 174351696,
                                                                   1764677429]
    assert {c["kind"] for c in error.details["candidates"]} == {"prefabInstance"}


def test_an_ambiguous_parent_is_respelled_in_the_parent_not_in_gameobject(minigolf: Path) -> None:
    """The lookup serves every key that names a GameObject: its next actions change the value the caller gave."""
    given = {"file": MINIGOLF_GAME, "name": "Marker", "parent": "Grid/Tilemap/All Grass"}
    error = _fails(minigolf, "gameobject.create", given, "E_GAMEOBJECT_AMBIGUOUS")
    calls = [(a.tool, dict(a.arguments)) for a in error.actions()]
    assert calls == [("gameobject.create", {**given, "parent": c}) for c in error.details["fileIDs"][:5]]


def test_a_component_not_on_the_object_lists_the_ones_it_has(sample: Path) -> None:
    error = _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Light",
                                             "property": "m_Intensity", "value": 2}, "E_COMPONENT_NOT_FOUND")
    assert [c["class"] for c in error.details["components"]] == ["Transform", "MeshFilter", "MeshRenderer",
                                                                  "CapsuleCollider"]


def test_two_components_of_one_kind_are_ambiguous(chicken: Path) -> None:
    error = _fails(chicken, "component.get", {"file": CHICKEN_GAME, "gameObject": "Runtime UI",
                                              "component": "MonoBehaviour"}, "E_COMPONENT_AMBIGUOUS")
    assert len(error.details["candidates"]) == 2


@pytest.mark.parametrize("prop, value, expected", [
    ("m_LocalPosition.y", "high", "number"),
    ("m_LocalPosition", {"x": 1, "y": 2}, "mapping with keys x, y, z"),
    ("m_LocalPosition", [1, 2, 3], "mapping with keys x, y, z"),
    ("m_Father", 5, "reference {fileID, guid?, type?}"),
    ("m_Children", {"fileID": 1}, "list"),
    ("m_LocalPosition.x", None, "number"),
])
def test_a_wrong_value_type_is_refused(sample: Path, prop: str, value: Any, expected: str) -> None:
    error = _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                             "property": prop, "value": value}, "E_VALUE_TYPE_MISMATCH")
    assert error.details["expected"] == expected


def test_a_string_for_a_name_and_a_reference_to_a_missing_object(sample: Path) -> None:
    _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                     "property": "m_Father", "value": {"fileID": 999}}, "E_OBJECT_NOT_FOUND")
    _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                     "property": "m_NoSuchField", "value": 1}, "E_PROPERTY_NOT_FOUND")


def test_a_git_lfs_pointer_instead_of_a_scene(sample: Path) -> None:
    (sample / GARDEN).write_text(LFS_POINTER)
    _fails(sample, "component.set", {"file": GARDEN, "gameObject": "Player", **SET_Y}, "E_ASSET_LFS_POINTER")
    read = _fails(sample, "scene.hierarchy", {"file": GARDEN}, "E_ASSET_LFS_POINTER")
    assert read.exit_code == EXIT_INCOMPLETE  # this checkout cannot answer: 3, as the README says, not a failure


def test_a_scene_the_editor_has_open(sample: Path) -> None:
    (sample / "Temp").mkdir()
    lockfile = sample / "Temp" / "UnityLockfile"
    child = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(lockfile)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        _fails(sample, "gameobject.rename", {"file": GARDEN, "gameObject": "Player", "name": "Hero"},
               "E_UNITY_EDITOR_OPEN")
    finally:
        child.communicate(timeout=10)


@pytest.mark.parametrize("file", ["../outside.unity", "/etc/hosts.unity", "Assets/Link/Garden.unity"])
def test_a_path_outside_the_project(sample: Path, tmp_path: Path, file: str) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(sample / GARDEN, outside / "Garden.unity")
    shutil.copy(sample / GARDEN, tmp_path / "outside.unity")
    os.symlink(outside, sample / "Assets" / "Link")
    _fails(sample, "gameobject.rename", {"file": file, "gameObject": "Player", "name": "Hero"},
           "E_PATH_OUTSIDE_PROJECT", watched=outside / "Garden.unity")


def test_scene_names_missing_or_ambiguous(sample: Path) -> None:
    error = _fails(sample, "scene.hierarchy", {"file": "Gardn"}, "E_SCENE_NOT_FOUND")
    assert error.details["didYouMean"] == [GARDEN]
    _fails(sample, "scene.hierarchy", {"file": "Assets/Scenes/Nope.unity"}, "E_SCENE_NOT_FOUND")
    _fails(sample, "scene.hierarchy", {"file": "Assets/Materials/Grass.mat"}, "E_SCENE_NOT_FOUND")
    (sample / "Assets/Scenes/Old").mkdir()
    shutil.copy(sample / GARDEN, sample / "Assets/Scenes/Old/Garden.unity")
    error = _fails(sample, "gameobject.rename", {"file": "Garden", "gameObject": "Player", "name": "Hero"},
                   "E_SCENE_AMBIGUOUS")
    assert error.details["candidates"] == [GARDEN, "Assets/Scenes/Old/Garden.unity"]


@pytest.mark.parametrize("tool, data", [
    ("component.set", {"gameObject": "Lantern", "component": "Transform", "property": "m_LocalPosition.x", "value": 1}),
    ("component.add", {"gameObject": "Lantern", "component": "BoxCollider"}),
    ("gameobject.create", {"name": "Child", "parent": "Lantern"}),
    ("gameobject.set-active", {"gameObject": "Lantern", "active": False}),
])
def test_prefab_instances_are_refused_where_the_edit_would_be_an_override(sample: Path, tool: str, data: dict) -> None:
    _fails(sample, tool, {"file": GARDEN, **data}, "E_PREFAB_INSTANCE_UNSUPPORTED")


@pytest.mark.parametrize("broken", ["  m_Name: [Ground\n", "  m_Name: \"Ground\\q\"\n"])
def test_a_file_the_model_cannot_read_back_is_not_edited(sample: Path, broken: str) -> None:
    scene = sample / GARDEN
    scene.write_text(scene.read_text().replace("  m_Name: Ground\n", broken))
    _fails(sample, "gameobject.rename", {"file": GARDEN, "gameObject": "Player", "name": "Hero"},
           "E_FILE_FORMAT_UNSUPPORTED")
    _fails(sample, "scene.hierarchy", {"file": GARDEN}, "E_FILE_FORMAT_UNSUPPORTED")
