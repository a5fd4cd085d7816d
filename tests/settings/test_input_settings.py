"""project.get-input-settings / project.set-input-axis on real InputManager.asset files."""

from __future__ import annotations

import pytest

from tests.settings.conftest import (
    INPUT,
    PHYSICS,
    U6,
    U2022,
    failure,
    original,
    output,
    run,
    settings_copy,
    snapshot,
)


def axis_block(text: str, index: int) -> tuple[int, int]:
    """Character span of axis `index` in the file text, found by the test's own line scan."""
    starts = [i + 1 for i in range(len(text)) if text.startswith("\n  - serializedVersion: 3\n", i)]
    end = starts[index + 1] if index + 1 < len(starts) else text.index("\n", starts[index]) + 1
    return starts[index], end


def test_get_pages_all_axes_of_chicken_defense(tmp_path):
    root = settings_copy(U2022, tmp_path)
    first = output(root, "project.get-input-settings", {"limit": 12})
    assert (first["total"], len(first["axes"]), first["serializedVersion"]) == (30, 12, 2)
    assert first["axes"][0] == {
        "index": 0, "name": "Horizontal", "descriptiveName": "", "descriptiveNegativeName": "",
        "negativeButton": "left", "positiveButton": "right", "altNegativeButton": "a", "altPositiveButton": "d",
        "gravity": 3.0, "dead": 0.001, "sensitivity": 3.0, "snap": True, "invert": False, "type": "KeyOrMouseButton",
        "axis": 0, "joyNum": 0}
    axes = list(first["axes"])
    cursor = first["nextCursor"]
    while cursor:
        page = output(root, "project.get-input-settings", {"limit": 12, "cursor": cursor})
        axes += page["axes"]
        cursor = page["nextCursor"]
    assert [a["index"] for a in axes] == list(range(30))
    cursor_of_other_query = first["nextCursor"]
    error = failure(root, "project.get-input-settings", {"name": "Jump", "cursor": cursor_of_other_query})
    assert error.code == "E_SCHEMA_INVALID"


def test_get_by_exact_name_shows_the_repeated_axes(tmp_path):
    root = settings_copy(U6, tmp_path)
    out = output(root, "project.get-input-settings", {"name": "Horizontal"})
    assert [(a["index"], a["type"]) for a in out["axes"]] == [(0, "KeyOrMouseButton"), (9, "JoystickAxis")]
    assert output(root, "project.get-input-settings", {"name": "horizontal"})["total"] == 0


@pytest.mark.parametrize("name", [U2022, U6])
def test_set_jump_buttons_changes_only_those_lines(tmp_path, name):
    root = settings_copy(name, tmp_path)
    [jump, _] = output(root, "project.get-input-settings", {"name": "Jump"})["axes"]
    out = output(root, "project.set-input-axis", {"name": "Jump", "index": jump["index"], "fields": {
        "positiveButton": "w", "altPositiveButton": "up", "gravity": 1000.5, "snap": True}})
    before = original(name, INPUT)
    start, end = axis_block(before, jump["index"])
    block = before[start:end]
    expected = (block.replace("    positiveButton: space\n", "    positiveButton: w\n")
                .replace(f"    altPositiveButton: {jump['altPositiveButton']}\n", "    altPositiveButton: up\n")
                .replace("    gravity: 1000\n", "    gravity: 1000.5\n").replace("    snap: 0\n", "    snap: 1\n"))
    assert (root / INPUT).read_text() == before[:start] + expected + before[end:]
    assert out["changed"] == ["positiveButton", "altPositiveButton", "gravity", "snap"]
    assert out["axis"]["gravity"] == 1000.5 and out["previous"]["positiveButton"] == "space"


def test_set_type_axis_and_joystick_in_physics_samples(tmp_path):
    root = settings_copy(PHYSICS, tmp_path)
    [axis] = output(root, "project.get-input-settings", {"name": "Mouse X"})["axes"]
    run(root, "project.set-input-axis", {"name": "Mouse X", "fields": {"type": "JoystickAxis", "axis": 3,
                                                                       "joyNum": 2, "invert": True}})
    before = original(PHYSICS, INPUT)
    start, end = axis_block(before, axis["index"])
    block = before[start:end]
    expected = (block.replace("    type: 1\n", "    type: 2\n").replace("    axis: 0\n", "    axis: 3\n")
                .replace("    joyNum: 0\n", "    joyNum: 2\n").replace("    invert: 0\n", "    invert: 1\n"))
    assert (root / INPUT).read_text() == before[:start] + expected + before[end:]


def test_repeated_name_needs_the_index_and_unknown_names_are_not_found(tmp_path):
    root = settings_copy(U2022, tmp_path)
    before = snapshot(root)
    error = failure(root, "project.set-input-axis", {"name": "Horizontal", "fields": {"dead": 0.2}})
    assert (error.code, error.details["indexes"]) == ("E_PROJECT_INPUT_AXIS_AMBIGUOUS", [0, 9])
    error = failure(root, "project.set-input-axis", {"name": "Strafe", "fields": {"dead": 0.2}})
    assert error.code == "E_PROJECT_INPUT_AXIS_NOT_FOUND" and "Horizontal" in error.details["axes"]
    error = failure(root, "project.set-input-axis", {"name": "Horizontal", "index": 1, "fields": {"dead": 0.2}})
    assert error.code == "E_PROJECT_INPUT_AXIS_NOT_FOUND" and error.details["indexesWithName"] == [0, 9]
    assert snapshot(root) == before


def test_dry_run_and_stale_revision(tmp_path):
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    result = run(root, "project.set-input-axis", {"name": "Submit", "index": 15, "fields": {"dead": 0.25}},
                 dry_run=True)
    assert snapshot(root) == before
    assert "+    dead: 0.25" in result.planned_effects["diffs"][0]["diff"].splitlines()
    revision = output(root, "project.get-input-settings", {"limit": 1})["revision"]
    run(root, "project.set-input-axis", {"name": "Submit", "index": 15, "fields": {"dead": 0.25}})
    error = failure(root, "project.set-input-axis", {"name": "Submit", "index": 15, "fields": {"dead": 0.5},
                                                      "expectedRevision": revision})
    assert error.code == "E_STALE_WRITE"


@pytest.mark.parametrize("fields", [{}, {"m_Name": "x"}, {"type": "Wheel"}, {"joyNum": 17}, {"dead": -1}])
def test_bad_fields_are_refused(tmp_path, fields):
    root = settings_copy(U6, tmp_path)
    error = failure(root, "project.set-input-axis", {"name": "Jump", "index": 5, "fields": fields})
    assert error.code == "E_SCHEMA_INVALID"


def test_more_than_4096_axes_is_refused(tmp_path):
    root = settings_copy(U2022, tmp_path)
    text = original(U2022, INPUT)
    start, end = axis_block(text, 0)
    (root / INPUT).write_text(text[:end] + text[start:end] * 4067 + text[end:])  # 30 + 4067 = 4097
    error = failure(root, "project.get-input-settings", {"limit": 1})
    assert (error.code, error.details["axes"]) == ("E_PROJECT_SETTINGS_LIMIT_EXCEEDED", 4097)
    error = failure(root, "project.set-input-axis", {"name": "Jump", "index": 5, "fields": {"dead": 0.5}})
    assert error.code == "E_PROJECT_SETTINGS_LIMIT_EXCEEDED"


def test_an_axis_entry_of_an_unverified_version_is_not_edited(tmp_path):
    root = settings_copy(U6, tmp_path)
    text = original(U6, INPUT)
    start, end = axis_block(text, 5)
    (root / INPUT).write_text(text[:start] + text[start:end].replace("serializedVersion: 3", "serializedVersion: 4")
                              + text[end:])
    error = failure(root, "project.set-input-axis", {"name": "Jump", "index": 5, "fields": {"dead": 0.5}})
    assert error.code == "E_PROJECT_SETTINGS_VERSION_UNAVAILABLE" and error.details["found"] == 4
