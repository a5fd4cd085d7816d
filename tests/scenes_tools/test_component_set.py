"""component.set on real scenes: exactly one value changes, everything else stays byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import (
    CHICKEN_GAME,
    GARDEN,
    MINIGOLF_GAME,
    line_diff,
    replace_in_object,
    run,
)
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool
from unitycli.transaction import Transaction, revision_of


def _set(project: Path, file: str, game_object: str | int, component: str | int, prop: str, value, **kw):
    return run(project, "component.set", {"file": file, "gameObject": game_object, "component": component,
                                          "property": prop, "value": value}, **kw)


def test_setting_a_transform_position_in_minigolf_changes_exactly_that_line(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_text()
    result = _set(minigolf, MINIGOLF_GAME, "Lighting/Directional Light", "Transform", "m_LocalPosition",
                  {"x": 40, "y": 2.5, "z": -7.815})
    after = scene.read_text()
    assert after == replace_in_object(before, 81762061, "  m_LocalPosition: {x: 39.455, y: 0, z: 7.815}",
                                      "  m_LocalPosition: {x: 40, y: 2.5, z: -7.815}")
    out = result.output
    assert out["previous"] == {"x": 39.455, "y": 0, "z": 7.815}
    assert out["value"] == {"x": 40, "y": 2.5, "z": -7.815}
    assert out["changed"] is True and out["revision"] == revision_of(after.encode())
    assert result.applied_effects["modified"] == [MINIGOLF_GAME]


def test_setting_a_transform_position_in_chicken_defense_changes_exactly_that_line(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    _set(chicken, "Game", "Virtual Camera Target", "Transform", "m_LocalPosition",
         {"x": -2.5, "y": 0.75, "z": 5.08})
    assert scene.read_text() == replace_in_object(before, 855074659, "  m_LocalPosition: {x: -2.57, y: 0.5, z: 5.08}",
                                                  "  m_LocalPosition: {x: -2.5, y: 0.75, z: 5.08}")


def test_setting_one_axis_by_property_path_rewrites_only_that_mapping_line(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    _set(chicken, CHICKEN_GAME, "Virtual Camera Target", "Transform", "m_LocalPosition.y", 3)
    assert line_diff(before, scene.read_text()) == [("  m_LocalPosition: {x: -2.57, y: 0.5, z: 5.08}",
                                                     "  m_LocalPosition: {x: -2.57, y: 3, z: 5.08}")]


def test_setting_a_lights_intensity_in_minigolf(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_text()
    result = _set(minigolf, MINIGOLF_GAME, "81762060", "Light", "m_Intensity", 1.35)
    assert scene.read_text() == replace_in_object(before, 81762063, "  m_Intensity: 1", "  m_Intensity: 1.35")
    assert result.output["component"]["fileID"] == 81762063 and result.output["previous"] == 1


@pytest.mark.parametrize("component", [81762063, "81762063"])  # the number outputs print, or its digits
def test_a_component_named_by_its_file_id_is_the_one_its_class_names(minigolf: Path, component: int | str) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_text()
    result = _set(minigolf, MINIGOLF_GAME, "Lighting/Directional Light", component, "m_Intensity", 2)
    assert scene.read_text() == replace_in_object(before, 81762063, "  m_Intensity: 1", "  m_Intensity: 2")
    assert result.output["component"]["fileID"] == 81762063


def test_a_script_component_is_found_by_its_class_name_through_its_cs_meta(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    result = _set(chicken, CHICKEN_GAME, "Enemy Brain", "AttackerBrain", "DifficultyScaling[1].MultiplierPerSpawn", 1.3)
    assert result.output["component"]["script"] == "AttackerBrain"
    assert result.output["component"]["scriptPath"] == "Assets/LlamAcademy/ChickenDefense/AI/AttackerBrain.cs"
    assert line_diff(before, scene.read_text()) == [("    MultiplierPerSpawn: 1.25", "    MultiplierPerSpawn: 1.3")]


def test_a_script_component_is_found_by_its_guid_and_a_local_reference_is_set(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    _set(chicken, CHICKEN_GAME, "Enemy Brain", "fe4d41abbf2944329bd8987d33d78af7", "SnakeSurface",
         {"fileID": 1917502158})
    assert scene.read_text() == replace_in_object(before, 41118591, "  SnakeSurface: {fileID: 1917502157}",
                                                  "  SnakeSurface: {fileID: 1917502158}")


def test_a_nested_value_in_a_cinemachine_lens_keeps_the_block_layout(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    # The CM2 package is not on disk, so its script is named by the component's fileID.
    _set(chicken, CHICKEN_GAME, "Virtual Camera (MainMenu)", "938951685", "m_Lens.FieldOfView", 50)
    assert scene.read_text() == replace_in_object(before, 938951685, "    FieldOfView: 45", "    FieldOfView: 50")


def test_a_mapping_value_is_written_in_the_files_key_order(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_text()
    _set(sample, "Garden", "Player", "Transform", "m_LocalScale", {"z": 2, "x": 1, "y": 1})  # key order is the file's
    assert scene.read_text() == replace_in_object(before, 731902450, "  m_LocalScale: {x: 1, y: 1, z: 1}",
                                                  "  m_LocalScale: {x: 1, y: 1, z: 2}")


def test_dry_run_shows_the_unified_diff_and_writes_nothing(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_bytes()
    result = _set(minigolf, MINIGOLF_GAME, "Lighting/Directional Light", "Light", "m_Intensity", 2, dry_run=True)
    assert scene.read_bytes() == before
    effects = result.planned_effects
    assert effects["modified"] == [MINIGOLF_GAME] and result.applied_effects is None
    diff = effects["diffs"][0]["diff"]
    assert "\n-  m_Intensity: 1\n+  m_Intensity: 2\n" in diff
    assert [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")] == [
        "-  m_Intensity: 1", "+  m_Intensity: 2"]


def test_setting_the_value_it_already_has_writes_nothing(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    result = _set(sample, GARDEN, "Directional Light", "Light", "m_Intensity", 1.2)
    assert result.output["changed"] is False and result.applied_effects["modified"] == []
    assert scene.read_bytes() == before


def test_a_wrong_expected_revision_is_a_stale_write_and_nothing_is_written(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                      "property": "m_LocalPosition.y", "value": 5,
                                      "expectedRevision": "sha256:" + "0" * 64})
    assert err.value.code == "E_STALE_WRITE"
    assert scene.read_bytes() == before


def test_the_revision_from_a_read_lets_the_write_through(sample: Path) -> None:
    read = run(sample, "component.get", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                         "property": "m_LocalPosition"})
    assert read.output["value"] == {"x": 0, "y": 1, "z": 0}
    result = run(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                           "property": "m_LocalPosition.y", "value": 5,
                                           "expectedRevision": read.output["revision"]})
    assert result.output["value"] == 5


def test_a_file_changed_between_read_and_commit_is_target_changed(sample: Path) -> None:
    scene = sample / GARDEN
    txn = Transaction(sample, dry_run=False)
    run_tool(Session(project_arg=str(sample)).prepare("component.set"),
             {"file": GARDEN, "gameObject": "Player", "component": "Transform", "property": "m_LocalPosition.y",
              "value": 5}, RunOptions(transaction=txn))
    meddled = scene.read_text().replace("m_Name: Ground", "m_Name: Lawn")
    scene.write_text(meddled)
    with pytest.raises(UnityCliError) as err:
        txn.commit()
    assert err.value.code == "E_TARGET_CHANGED"
    assert scene.read_text() == meddled


def test_json_true_for_the_garden_lights_intensity_is_refused_and_nothing_is_written(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    for prop, value in (("m_Intensity", True), ("m_Enabled", False), ("m_Intensity", float("nan"))):
        with pytest.raises(UnityCliError) as err:
            _set(sample, GARDEN, "Directional Light", "Light", prop, value)
        assert err.value.code == "E_VALUE_TYPE_MISMATCH"
    assert err.value.message == "m_Intensity holds a finite number; got NaN"
    assert scene.read_bytes() == before
    with pytest.raises(UnityCliError) as err:
        _set(sample, GARDEN, "Directional Light", "Light", "m_Enabled", False)
    assert err.value.message == "m_Enabled holds a number; got boolean; Unity stores a bool as 0 or 1: pass 1 or 0"
    assert [(a.kind, a.tool) for a in err.value.next_actions] == [("describe", "component.set")]
    assert err.value.details["current"] == 1
    _set(sample, GARDEN, "Directional Light", "Light", "m_Enabled", 0)
    assert line_diff(before.decode(), scene.read_text()) == [("  m_Enabled: 1", "  m_Enabled: 0")]
