"""Issue 17.3: values Unity would reject are refused with a catalogued error before anything is staged.

- package.add with a `file:` value holding NUL, a 5,000-character path, or a folder that does not exist;
- asset.rename / asset.move to names Unity ignores or Windows forbids;
- component.set of a float field to 1e100 (beyond float32's ±3.4028235e38).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project
from tests.transaction.txnprojects import make_project, tree
from unitycli.testing import error_catalog, run_tool

SCENE = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
TARGET = "Assets/Scenes/Menu.unity"
GAME_OBJECT = 19897471
META = "fileFormatVersion: 2\nguid: {guid}\nDefaultImporter:\n  externalObjects: {{}}\n  userData: \n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = make_project(tmp_path / "project")
    source = fixture_project("minigolf")
    (root / "Packages").mkdir()
    shutil.copyfile(source / "Packages" / "manifest.json", root / "Packages" / "manifest.json")
    (root / "Assets" / "Scenes").mkdir()
    shutil.copyfile(source / SCENE, root / TARGET)
    shutil.copyfile(source / (SCENE + ".meta"), root / (TARGET + ".meta"))
    (root / "Assets" / "Notes.txt").write_text("notes\n")
    (root / "Assets" / "Notes.txt.meta").write_text(META.format(guid="0123456789abcdef0123456789abcdef"))
    (root / "Assets" / "Docs").mkdir()
    (root / "Assets" / "Docs.meta").write_text("fileFormatVersion: 2\nguid: 1123456789abcdef0123456789abcdef\n"
                                                "folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n"
                                                "  userData: \n")
    return root


def _refused(root: Path, tool: str, data: dict, code: str) -> dict:
    before = tree(root)
    for dry_run in (True, False):
        run = run_tool(root, tool, data, dry_run=dry_run)
        assert not run.ok, f"{tool} accepted {data!r}"
        assert run.error is not None and run.error["code"] == code, run.error
        assert run.error["code"] in error_catalog()
    assert tree(root) == before, f"{tool} changed the project although it refused"
    return run.error


# --- package.add -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [
    "file:../Local\x00Pkg",
    "file:../" + "a" * 5000,
    "file:../" + "/".join(["deep"] * 1200),
    "file:../NoSuchFolder",
    "file:",
    "file:../Local\nPkg",
])
def test_package_add_refuses_a_file_value_unity_cannot_use(project: Path, value: str) -> None:
    error = _refused(project, "package.add", {"name": "com.example.local", "version": value},
                     "E_PACKAGE_SPEC_INVALID")
    assert len(error["message"]) < 600  # a 5,000-character path is not echoed whole


def test_package_add_accepts_an_existing_local_package(project: Path) -> None:
    local = project / "LocalPkg"
    local.mkdir()
    (local / "package.json").write_text(json.dumps({"name": "com.example.local", "version": "1.0.0"}))
    run = run_tool(project, "package.add", {"name": "com.example.local", "version": "file:../LocalPkg"})
    assert run.ok, run.error
    manifest = json.loads((project / "Packages" / "manifest.json").read_text())
    assert manifest["dependencies"]["com.example.local"] == "file:../LocalPkg"


def test_package_add_refuses_a_folder_without_package_json(project: Path) -> None:
    (project / "Empty").mkdir()
    _refused(project, "package.add", {"name": "com.example.local", "version": "file:../Empty"},
             "E_PACKAGE_SPEC_INVALID")


# --- asset.rename / asset.move -------------------------------------------------------------------------------------
BAD_NAMES = [".hidden", "Folder~", "CON", "nul.txt", "Com1.asset", "Notes.", "Notes ", "a<b", "a>b", 'a"b', "a|b",
             "a?b", "a*b", "a:b", "tab\there", "cvs"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_asset_move_refuses_names_unity_ignores_or_windows_forbids(project: Path, name: str) -> None:
    error = _refused(project, "asset.move", {"path": "Assets/Notes.txt", "destination": f"Assets/{name}"},
                     "E_ASSET_PATH_INVALID")
    assert name.strip() in error["message"] or repr(name)[1:-1] in error["message"]


@pytest.mark.parametrize("folder", [".hidden", "Folder~", "AUX", "Trail.", "q?"])
def test_asset_move_refuses_a_bad_folder_on_the_way(project: Path, folder: str) -> None:
    _refused(project, "asset.move", {"path": "Assets/Notes.txt", "destination": f"Assets/{folder}/Notes.txt"},
             "E_ASSET_PATH_INVALID")


def test_asset_move_refuses_moving_into_a_tilde_folder_given_with_a_slash(project: Path) -> None:
    _refused(project, "asset.move", {"path": "Assets/Docs", "destination": "Assets/Folder~/"},
             "E_ASSET_PATH_INVALID")


@pytest.mark.parametrize("name", BAD_NAMES)
def test_asset_rename_refuses_names_unity_ignores_or_windows_forbids(project: Path, name: str) -> None:
    _refused(project, "asset.rename", {"path": "Assets/Docs", "name": name}, "E_ASSET_PATH_INVALID")


def test_good_names_still_move_and_rename(project: Path) -> None:
    moved = run_tool(project, "asset.move", {"path": "Assets/Notes.txt", "destination": "Assets/Docs/Read me.txt"})
    assert moved.ok, moved.error
    renamed = run_tool(project, "asset.rename", {"path": "Assets/Docs", "name": "Documents (old)"})
    assert renamed.ok, renamed.error
    assert (project / "Assets" / "Documents (old)" / "Read me.txt.meta").is_file()


# --- component.set float32 range -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("prop", "value"), [
    ("m_LocalPosition.x", 1e100), ("m_LocalPosition.y", -1e100), ("m_LocalScale.z", 3.5e38),
    ("m_LocalPosition", {"x": 0, "y": 1e39, "z": 0}), ("m_LocalPosition.x", 10**40),
])
def test_component_set_refuses_numbers_beyond_float32(project: Path, prop: str, value: object) -> None:
    error = _refused(project, "component.set", {"file": TARGET, "gameObject": GAME_OBJECT, "component": "Transform",
                                                "property": prop, "value": value}, "E_VALUE_OUT_OF_RANGE")
    assert "3.4028235e38" in error["message"]


def test_component_set_accepts_the_float32_maximum(project: Path) -> None:
    run = run_tool(project, "component.set", {"file": TARGET, "gameObject": GAME_OBJECT, "component": "Transform",
                                              "property": "m_LocalPosition.x", "value": 3.4028234e38})
    assert run.ok, run.error
