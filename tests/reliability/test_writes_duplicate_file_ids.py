"""Issue 17.2: a Unity file in which two documents share a fileID is never edited blindly.

A lookup by fileID sees only the first document with that id, so gameobject.* used to edit one copy and leave the
other (or miss the object it was asked for) without a word. Now the parsed file records its duplicates, writers
refuse with E_FILE_DUPLICATE_FILE_ID naming the fileIDs and lines, and asset.validate and project.format-check
report the file. The scene is a copy of a real fixture scene with one GameObject document duplicated.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project
from tests.transaction.txnprojects import make_project
from unitycli.errors import CORE
from unitycli.testing import run_tool
from unitycli.unityyaml import UnityYamlFile

SCENE = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
TARGET = "Assets/Scenes/Menu.unity"
FILE_ID = 19897471


def _copy_scene(root: Path) -> bytes:
    source = fixture_project("minigolf") / SCENE
    (root / "Assets" / "Scenes").mkdir(parents=True)
    shutil.copyfile(source, root / TARGET)
    shutil.copyfile(source.with_name(source.name + ".meta"), root / (TARGET + ".meta"))
    return source.read_bytes()


def _duplicate(data: bytes, file_id: int) -> tuple[bytes, list[int]]:
    """`data` with the document of `file_id` repeated right after itself; the 1-based header lines of both."""
    text = data.decode("utf-8")
    start = text.index(f"--- !u!1 &{file_id}\n")
    end = text.index("\n---", start) + 1
    doc = text[start:end]
    assert "m_Name: " in doc
    copy = re.sub(r"m_Name: .*", "m_Name: ShadowCopy", doc, count=1)
    out = text[:end] + copy + text[end:]
    first = text.count("\n", 0, start) + 1
    return out.encode("utf-8"), [first, first + doc.count("\n")]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "project")


@pytest.fixture
def duplicated(project: Path) -> tuple[Path, bytes, list[int]]:
    data, lines = _duplicate(_copy_scene(project), FILE_ID)
    (project / TARGET).write_bytes(data)
    return project, data, lines


def test_the_code_is_catalogued() -> None:
    assert "E_FILE_DUPLICATE_FILE_ID" in CORE


def test_the_parsed_file_records_its_duplicates(duplicated: tuple[Path, bytes, list[int]]) -> None:
    root, data, lines = duplicated
    assert UnityYamlFile.parse(data, TARGET).duplicate_file_ids == {FILE_ID: lines}
    assert UnityYamlFile.parse(_copy_scene_bytes(), SCENE).duplicate_file_ids == {}


def _copy_scene_bytes() -> bytes:
    return (fixture_project("minigolf") / SCENE).read_bytes()


@pytest.mark.parametrize(("tool", "extra"), [
    ("gameobject.rename", {"name": "Renamed"}),
    ("gameobject.set-active", {"active": False}),
    ("gameobject.delete", {}),
])
def test_writers_refuse_a_file_with_duplicate_file_ids(duplicated: tuple[Path, bytes, list[int]], tool: str,
                                                       extra: dict) -> None:
    root, data, lines = duplicated
    for dry_run in (True, False):
        run = run_tool(root, tool, {"file": TARGET, "gameObject": FILE_ID, **extra}, dry_run=dry_run)
        assert not run.ok, f"{tool} edited a file with duplicate fileIDs"
        assert run.error is not None and run.error["code"] == "E_FILE_DUPLICATE_FILE_ID", run.error
        assert str(FILE_ID) in run.error["message"] and f"lines {lines[0]}, {lines[1]}" in run.error["message"]
        assert run.error["details"]["duplicates"] == [{"fileID": FILE_ID, "lines": lines}]
    assert (root / TARGET).read_bytes() == data


def test_a_writer_still_edits_the_same_scene_without_the_duplicate(project: Path) -> None:
    _copy_scene(project)
    run = run_tool(project, "gameobject.rename", {"file": TARGET, "gameObject": FILE_ID, "name": "Renamed"})
    assert run.ok, run.error
    assert b"m_Name: Renamed" in (project / TARGET).read_bytes()


def test_asset_validate_reports_the_duplicate(duplicated: tuple[Path, bytes, list[int]]) -> None:
    root, _data, lines = duplicated
    run = run_tool(root, "asset.validate", {"kinds": ["duplicate-file-id"]})
    assert run.ok, run.error
    out = run.output
    assert out is not None and out["clean"] is False and out["counts"] == {"duplicate-file-id": 1}
    issue = out["issues"][0]
    assert (issue["path"], issue["severity"], issue["family"]) == (TARGET, "error", "unity-text")
    assert f"&{FILE_ID} (lines {lines[0]}, {lines[1]})" in issue["message"]


def test_format_check_reports_the_duplicate(duplicated: tuple[Path, bytes, list[int]]) -> None:
    root, _data, lines = duplicated
    run = run_tool(root, "project.format-check", {"path": TARGET})
    assert run.ok, run.error
    out = run.output
    assert out is not None and out["identical"] == 0
    [different] = out["different"]
    assert different["path"] == TARGET and different["line"] == lines[1]
    assert "duplicate fileID" in different["reason"] and str(FILE_ID) in different["reason"]


def test_the_clean_scene_passes_both_checks(project: Path) -> None:
    _copy_scene(project)
    check = run_tool(project, "project.format-check", {"path": TARGET})
    assert check.ok and check.output is not None and check.output["different"] == []
    validate = run_tool(project, "asset.validate", {"kinds": ["duplicate-file-id"]})
    assert validate.ok and validate.output is not None and validate.output["total"] == 0
