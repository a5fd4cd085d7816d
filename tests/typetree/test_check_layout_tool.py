"""`asset.check-layout` on real files: each object's Editor versions, and the findings of a file no Editor wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.typetree.projects import project_with
from unitycli.testing import tool_error, tool_output

MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
MATERIAL = "Assets/LlamAcademy/ChickenDefense/Physics/No Friction No Bounce.physicMaterial"



@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return project_with(tmp_path, "minigolf", MAIN_MENU)


def test_every_object_of_minigolfs_main_menu_is_in_the_layout_of_unity_6000_0_25(minigolf):
    out = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU})
    assert (out["unityVersion"], out["layoutFrom"], out["exact"], out["clean"]) == (
        "6000.0.25f1", "6000.0.25f1", True, True)
    assert out["counts"] == {"matches": 93}
    light = next(d for d in out["documents"] if d["class"] == "Light")
    assert light["status"] == "matches" and light["serializedVersions"] == [11] and light["findings"] == []
    assert {"from": "2023.3.0b5", "to": "6000.2.15f1"} in light["versions"]


def test_a_large_answer_is_paged(minigolf):
    first = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU, "limit": 50})
    assert (first["total"], len(first["documents"])) == (93, 50) and first["nextCursor"]
    rest = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU, "limit": 50, "cursor": first["nextCursor"]})
    assert len(rest["documents"]) == 43 and rest["nextCursor"] is None
    ids = [d["fileID"] for d in first["documents"] + rest["documents"]]
    assert len(set(ids)) == 93


def test_a_light_edited_into_an_unknown_field_is_a_finding_at_its_path(minigolf):
    path = minigolf / MAIN_MENU
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  m_Intensity: ", "  m_Intensty: ", 1), encoding="utf-8")
    out = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU, "problemsOnly": True})
    assert out["clean"] is False and out["counts"] == {"matches": 92, "mismatch": 1}
    [light] = out["documents"]
    assert light["class"] == "Light" and light["status"] == "mismatch"
    assert [(f["path"], f["problem"]) for f in light["findings"]] == [
        ("m_Intensty", "unknown-field"), ("m_Intensity", "missing-field")]


def test_a_newer_editors_layout_in_an_older_project_is_flagged(tmp_path):
    root = project_with(tmp_path, "minigolf", MAIN_MENU)
    (root / "ProjectSettings/ProjectVersion.txt").write_text("m_EditorVersion: 2022.3.17f1\n", encoding="utf-8")
    out = tool_output(root, "asset.check-layout", {"file": MAIN_MENU, "problemsOnly": True})
    assert out["layoutFrom"] == "2022.3.17f1"
    assert "newer-than-project" in out["counts"]
    light = next(d for d in out["documents"] if d["class"] == "Light")
    assert light["status"] == "newer-than-project"
    assert light["findings"][0]["message"].endswith("newer than the project's 2022.3.17f1")


def test_an_editor_version_can_be_named_instead_of_the_projects(minigolf):
    out = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU, "unityVersion": "2022.3.17f1",
                                                       "problemsOnly": True})
    assert (out["unityVersion"], out["layoutFrom"]) == ("2022.3.17f1", "2022.3.17f1")
    assert out["counts"]["newer-than-project"] > 0 and not out["clean"]
    error = tool_error(minigolf, "asset.check-layout", {"file": MAIN_MENU, "unityVersion": "latest"})
    assert error["code"] == "E_LAYOUT_VERSION_UNKNOWN"


def test_a_renamed_class_is_checked_under_the_name_it_was_written_with(tmp_path):
    root = project_with(tmp_path, "chicken-defense", MATERIAL)
    out = tool_output(root, "asset.check-layout", {"file": MATERIAL})
    assert [(d["class"], d["status"]) for d in out["documents"]] == [("PhysicMaterial", "matches")]


@pytest.mark.parametrize(("file", "code"), [
    ("Assets/Nope.unity", "E_ASSET_NOT_FOUND"),
    ("../outside.unity", "E_PATH_OUTSIDE_PROJECT"),
    ("ProjectSettings/ProjectVersion.txt", "E_FILE_FORMAT_UNSUPPORTED"),
])
def test_a_missing_outside_or_non_yaml_file_is_a_catalogued_error(minigolf, file, code):
    assert tool_error(minigolf, "asset.check-layout", {"file": file})["code"] == code


def test_a_project_older_than_the_table_is_refused_with_the_rule(minigolf):
    (minigolf / "ProjectSettings/ProjectVersion.txt").write_text("m_EditorVersion: 4.7.2f1\n", encoding="utf-8")
    error = tool_error(minigolf, "asset.check-layout", {"file": MAIN_MENU})
    assert error["code"] == "E_LAYOUT_VERSION_UNKNOWN" and error["details"]["oldest"] == "5.0.0f4"
