"""`object.get` / `object.set` on copies of real projects: scene settings, native assets, ProjectSettings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.typetree.projects import project_with
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output

MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
CONTROLLER = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/Chicken.controller"
PHYSIC_MATERIAL = "Assets/LlamAcademy/ChickenDefense/Physics/No Friction No Bounce.physicMaterial"
TIME = "ProjectSettings/TimeManager.asset"



@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return project_with(tmp_path, "minigolf", MAIN_MENU)


@pytest.fixture
def chicken(tmp_path: Path) -> Path:
    return project_with(tmp_path, "chicken-defense", CONTROLLER, PHYSIC_MATERIAL, TIME)


def test_scene_render_settings_read_with_their_layout_types(minigolf):
    out = tool_output(minigolf, "object.get", {"file": MAIN_MENU, "class": "RenderSettings"})
    assert (out["class"], out["layoutFrom"], out["serializedVersion"]) == ("RenderSettings", "6000.0.25f1", 10)
    assert out["value"]["m_FogColor"] == {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1}
    types = {f["name"]: (f["type"], f["present"]) for f in out["fields"]}
    assert types["m_Fog"] == ("bool (0/1)", True) and types["m_Sun"] == ("PPtr<Light>", True)
    one = tool_output(minigolf, "object.get", {"file": MAIN_MENU, "class": "LightmapSettings",
                                               "property": "m_GISettings.m_BounceScale"})
    assert (one["type"], one["value"]) == ("float", 1)


def test_fog_set_in_a_scene_changes_exactly_those_lines(minigolf):
    path = minigolf / MAIN_MENU
    before = path.read_text(encoding="utf-8")
    run = assert_dry_run_matches_commit(minigolf, "object.set", {
        "file": MAIN_MENU, "class": "RenderSettings",
        "values": {"m_Fog": True, "m_FogColor": {"r": 0.7, "g": 0.8, "b": 0.9, "a": 1}, "m_FogMode": 1}})
    assert [(c["property"], c["previous"], c["value"]) for c in run.output["changes"]] == [
        ("m_Fog", 0, 1), ("m_FogColor", {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1}, {"r": 0.7, "g": 0.8, "b": 0.9, "a": 1}),
        ("m_FogMode", 3, 1)]
    assert changed_lines(before, path.read_text(encoding="utf-8")) == [
        ("  m_Fog: 0", "  m_Fog: 1"),
        ("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}", "  m_FogColor: {r: 0.7, g: 0.8, b: 0.9, a: 1}"),
        ("  m_FogMode: 3", "  m_FogMode: 1")]
    checked = tool_output(minigolf, "asset.check-layout", {"file": MAIN_MENU})
    assert checked["clean"]


def test_a_missing_settings_field_is_inserted_in_layout_order(minigolf):
    path = minigolf / MAIN_MENU
    full = path.read_text(encoding="utf-8")
    path.write_text(full.replace("  m_UseRadianceAmbientProbe: 0\n", "", 1), encoding="utf-8")
    out = tool_output(minigolf, "object.set", {"file": MAIN_MENU, "class": "RenderSettings",
                                               "property": "m_UseRadianceAmbientProbe", "value": 0})
    assert out["changes"][0]["inserted"] is True and out["changes"][0]["previous"] is None
    assert path.read_text(encoding="utf-8") == full


def test_an_animator_state_is_named_by_file_id_in_a_controller(chicken):
    path = chicken / CONTROLLER
    before = path.read_text(encoding="utf-8")
    err = tool_error(chicken, "object.set", {"file": CONTROLLER, "class": "AnimatorState", "property": "m_Speed",
                                             "value": 2})
    assert err["code"] == "E_OBJECT_AMBIGUOUS" and len(err["details"]["candidates"]) == 6
    out = tool_output(chicken, "object.set", {"file": CONTROLLER, "fileID": -2274945311289495299,
                                              "property": "m_Speed", "value": 2})
    assert out["layoutFrom"] == "2022.3.17f1" and out["class"] == "AnimatorState"
    assert changed_lines(before, path.read_text(encoding="utf-8")) == [("  m_Speed: 1.5", "  m_Speed: 2")]


def test_a_physic_material_and_project_settings_are_the_files_only_object(chicken):
    tool_output(chicken, "object.set", {"file": PHYSIC_MATERIAL, "values": {"bounciness": 0.5,
                                                                             "bounceCombine": 3}})
    assert changed_lines(fixture_path(f"chicken-defense/{PHYSIC_MATERIAL}").read_text(encoding="utf-8"),
                         (chicken / PHYSIC_MATERIAL).read_text(encoding="utf-8")) == [
        ("  bounciness: 0", "  bounciness: 0.5"), ("  bounceCombine: 1", "  bounceCombine: 3")]
    tool_output(chicken, "object.set", {"file": TIME, "property": "Fixed Timestep", "value": 0.01})
    assert changed_lines(fixture_path(f"chicken-defense/{TIME}").read_text(encoding="utf-8"),
                         (chicken / TIME).read_text(encoding="utf-8")) == [
        ("  Fixed Timestep: 0.02", "  Fixed Timestep: 0.01")]


def test_bad_requests_are_catalogued_errors_and_write_nothing(minigolf):
    before = (minigolf / MAIN_MENU).read_bytes()
    cases = [
        ({"class": "RenderSettings", "property": "m_Fgo", "value": 1}, "E_PROPERTY_NOT_FOUND"),
        ({"class": "RenderSettings", "property": "m_FogMode", "value": "Linear"}, "E_VALUE_TYPE_MISMATCH"),
        ({"class": "RenderSettings", "property": "m_FogDensity", "value": 1e40}, "E_VALUE_OUT_OF_RANGE"),
        ({"class": "GameObject", "property": "m_Name", "value": "x"}, "E_OBJECT_AMBIGUOUS"),
        ({"class": "Terrain", "property": "m_Enabled", "value": 1}, "E_OBJECT_NOT_FOUND"),
        ({"fileID": 999, "property": "m_Fog", "value": 1}, "E_OBJECT_NOT_FOUND"),
    ]
    for extra, code in cases:
        assert tool_error(minigolf, "object.set", {"file": MAIN_MENU, **extra})["code"] == code, extra
    scripted = next(line for line in before.decode().splitlines() if line.startswith("--- !u!114 &"))
    err = tool_error(minigolf, "object.get", {"file": MAIN_MENU, "fileID": int(scripted.split("&")[1])})
    assert err["code"] == "E_COMPONENT_UNSUPPORTED"
    assert tool_error(minigolf, "object.get", {"file": "Assets/Nope.asset"})["code"] == "E_ASSET_NOT_FOUND"
    assert tool_error(minigolf, "object.set", {"file": MAIN_MENU, "class": "RenderSettings"})["code"] == \
        "E_SCHEMA_INVALID"
    assert (minigolf / MAIN_MENU).read_bytes() == before
