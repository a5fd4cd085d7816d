"""project.set-quality-settings: values typed by the project's QualitySettings layout, levels by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output

QUALITY = "ProjectSettings/QualitySettings.asset"


def _text(root: Path) -> str:
    return (root / QUALITY).read_text(encoding="utf-8")


def test_a_2022_3_level_by_name_and_the_current_level(chicken: Path):
    before = _text(chicken)
    out = assert_dry_run_matches_commit(chicken, "project.set-quality-settings", {
        "level": "Balanced", "settings": {"shadowDistance": 60, "antiAliasing": 4, "vSyncCount": 0},
        "currentLevel": "Performant"}).output
    assert changed_lines(before, _text(chicken)) == [
        ("  m_CurrentQuality: 2", "  m_CurrentQuality: 0"), ("    shadowDistance: 20", "    shadowDistance: 60"),
        ("    antiAliasing: 0", "    antiAliasing: 4"), ("    vSyncCount: 1", "    vSyncCount: 0")]
    assert out["layoutFrom"] == "2022.3.17f1" and out["inserted"] == []
    read = tool_output(chicken, "project.get-quality-settings", {})
    assert read["currentLevel"] == 0 and read["levels"][1]["settings"]["shadowDistance"] == 60


def test_a_unity_6_field_only_newer_editors_have(minigolf: Path):
    levels = tool_output(minigolf, "project.get-quality-settings", {})["levels"]
    name = levels[0]["name"]
    before = _text(minigolf)
    assert_dry_run_matches_commit(minigolf, "project.set-quality-settings", {"level": name, "settings": {
        "adaptiveVsync": 1, "lodBias": 1.5}})
    old_adaptive = levels[0]["settings"]["adaptiveVsync"]
    old_bias = levels[0]["settings"]["lodBias"]
    assert changed_lines(before, _text(minigolf)) == [
        (f"    adaptiveVsync: {old_adaptive}", "    adaptiveVsync: 1"), (f"    lodBias: {old_bias}", "    lodBias: 1.5")]


def test_the_2020_3_stand_in_refuses_fields_2020_3_levels_do_not_have(chicken_2020: Path):
    error = tool_error(chicken_2020, "project.set-quality-settings", {"level": "Balanced", "settings": {
        "globalTextureMipmapLimit": 1}})
    assert error["code"] == "E_PROPERTY_NOT_FOUND" and "textureQuality" in error["details"]["properties"]
    before = _text(chicken_2020)
    out = assert_dry_run_matches_commit(chicken_2020, "project.set-quality-settings", {
        "level": 1, "settings": {"pixelLightCount": 2}}).output
    assert out["layoutFrom"] == "2020.3.48f1"
    assert changed_lines(before, _text(chicken_2020)) == [("    pixelLightCount: 1", "    pixelLightCount: 2")]


@pytest.mark.parametrize(("data", "code"), [
    ({"level": "Ultra", "settings": {"lodBias": 2}}, "E_PROPERTY_NOT_FOUND"),
    ({"level": "Balanced", "settings": {"noSuchField": 2}}, "E_PROPERTY_NOT_FOUND"),
    ({"level": "Balanced", "settings": {"vSyncCount": "fast"}}, "E_VALUE_TYPE_MISMATCH"),
    ({"level": "Balanced", "settings": {"pixelLightCount": 2**40}}, "E_VALUE_OUT_OF_RANGE"),
    ({"settings": {"lodBias": 2}}, "E_SCHEMA_INVALID"),
    ({}, "E_SCHEMA_INVALID"),
])
def test_bad_requests_are_catalogued_errors_and_write_nothing(chicken: Path, data, code):
    before = _text(chicken)
    assert tool_error(chicken, "project.set-quality-settings", data)["code"] == code
    assert _text(chicken) == before


def test_a_reference_set_to_what_the_level_holds_is_no_change_and_a_new_one_is(chicken: Path):
    # `changed` comes from the write itself: a reference the level already holds (a wrapped flow line in the
    # Editor-written file) is reported unchanged and the file keeps its bytes; another one changes that line only
    before = _text(chicken)
    same = {"fileID": 11400000, "guid": "d0e2fc18fe036412f8223b3b3d9ad574", "type": 2}
    out = tool_output(chicken, "project.set-quality-settings", {"level": 0, "settings": {"customRenderPipeline": same}})
    assert out["changed"] == [] and _text(chicken) == before
    other = {"fileID": 11400000, "guid": "e1260c1148f6143b28bae5ace5e9c5d1", "type": 2}
    out = tool_output(chicken, "project.set-quality-settings", {"level": 0, "settings": {"customRenderPipeline": other}})
    assert out["changed"] == ["m_QualitySettings[0].customRenderPipeline"]
    assert changed_lines(before, _text(chicken)) == [
        ("    customRenderPipeline: {fileID: 11400000, guid: d0e2fc18fe036412f8223b3b3d9ad574,",
         "    customRenderPipeline: {fileID: 11400000, guid: e1260c1148f6143b28bae5ace5e9c5d1,")]
