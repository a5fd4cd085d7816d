"""`unitycli.typetree.typed`: property paths, values and edits held against the Editor's own layout, on real files."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path
from unitycli.errors import UnityCliError
from unitycli.testing import changed_lines
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.typed import describe, field_node, missing_fields, set_field, typed_value
from unitycli.unityyaml import Flow, Ref, UnityYamlFile

MAIN_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"  # Unity 6000.0.25f1
CONTROLLER = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/Chicken.controller"  # 2022.3.17f1
UNITY_6 = pick_version("6000.0.25f1")
UNITY_2022 = pick_version("2022.3.17f1")


def _scene(text: str | None = None) -> tuple[str, UnityYamlFile]:
    before = text if text is not None else fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    return before, UnityYamlFile.parse(before.encode("utf-8"), "Main Menu.unity")


def _render_settings(file: UnityYamlFile):
    [doc] = file.of_class(104)
    return doc, layout_for("RenderSettings", UNITY_6)


def test_a_field_path_resolves_to_its_node_in_the_layout_with_its_type():
    layout = layout_for("LightmapSettings", UNITY_6)
    assert describe(field_node(layout, "m_GISettings.m_BounceScale")) == "float"
    assert describe(field_node(layout_for("RenderSettings", UNITY_6), "m_Fog")) == "bool (0/1)"
    assert describe(field_node(layout_for("RenderSettings", UNITY_6), "m_Sun")) == "PPtr<Light>"
    assert describe(field_node(layout_for("RenderSettings", UNITY_6), "m_FogColor")) == "ColorRGBA {r, g, b, a}"
    with pytest.raises(UnityCliError) as err:
        field_node(layout, "m_GISettings.m_Bounce")
    assert err.value.code == "E_PROPERTY_NOT_FOUND"
    assert "m_BounceScale" in err.value.details["properties"]


def test_values_are_checked_against_the_layout_type_not_the_current_value():
    layout = layout_for("RenderSettings", UNITY_6)
    assert typed_value(field_node(layout, "m_Fog"), True, "m_Fog") == 1  # a bool takes true/false
    assert typed_value(field_node(layout, "m_FogMode"), 2.0, "m_FogMode") == 2
    assert typed_value(field_node(layout, "m_FogColor"), {"r": 1, "g": 0, "b": 0, "a": 1}, "m_FogColor") == \
        Flow({"r": 1, "g": 0, "b": 0, "a": 1})
    assert typed_value(field_node(layout, "m_Sun"), {"fileID": 0}, "m_Sun") == Ref(0)
    for path, value, code in [("m_FogMode", "Linear", "E_VALUE_TYPE_MISMATCH"),  # an enum is its number
                              ("m_FogMode", True, "E_VALUE_TYPE_MISMATCH"),  # an int is not a bool
                              ("m_FogMode", 1.5, "E_VALUE_TYPE_MISMATCH"),
                              ("m_FogMode", 2**31, "E_VALUE_OUT_OF_RANGE"),
                              ("m_Fog", 2, "E_VALUE_OUT_OF_RANGE"),
                              ("m_FogDensity", 1e39, "E_VALUE_OUT_OF_RANGE"),
                              ("m_FogDensity", float("nan"), "E_VALUE_TYPE_MISMATCH"),
                              ("m_FogColor", {"r": 1, "g": 0, "b": 0}, "E_VALUE_TYPE_MISMATCH"),
                              ("m_Sun", 5, "E_VALUE_TYPE_MISMATCH")]:
        with pytest.raises(UnityCliError) as err:
            typed_value(field_node(layout, path), value, path)
        assert err.value.code == code, (path, value)


def test_a_set_changes_only_the_characters_of_its_value():
    before, file = _scene()
    doc, layout = _render_settings(file)
    assert set_field(doc, layout, "m_Fog", True, file).previous == 0
    set_field(doc, layout, "m_FogColor", {"r": 1, "g": 0.5, "b": 0, "a": 1}, file)
    set_field(doc, layout, "m_FogMode", 1, file)
    assert changed_lines(before, file.to_text()) == [
        ("  m_Fog: 0", "  m_Fog: 1"),
        ("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}", "  m_FogColor: {r: 1, g: 0.5, b: 0, a: 1}"),
        ("  m_FogMode: 3", "  m_FogMode: 1")]


def test_setting_the_value_a_field_already_holds_writes_nothing():
    before, file = _scene()
    doc, layout = _render_settings(file)
    set_field(doc, layout, "m_FogMode", 3, file)
    assert not file.dirty and file.to_text() == before


def test_a_field_the_file_lacks_is_inserted_where_the_editor_writes_it():
    full = fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    assert "  m_FogMode: 3\n" in full and "    m_BounceScale: 1\n" in full
    before, file = _scene(full.replace("  m_FogMode: 3\n", "", 1).replace("    m_BounceScale: 1\n", "", 1))
    doc, layout = _render_settings(file)
    assert missing_fields(doc, layout) == ["m_FogMode"]
    write = set_field(doc, layout, "m_FogMode", 3, file)
    assert write.inserted and write.previous is None
    [lightmap] = file.of_class(157)
    assert set_field(lightmap, layout_for("LightmapSettings", UNITY_6), "m_GISettings.m_BounceScale", 1,
                     file).inserted
    assert file.to_text() == full  # each back on its own line, exactly where the Editor wrote it


def test_a_missing_struct_above_the_field_must_be_set_whole():
    full = fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    start = full.index("  m_GISettings:\n")
    end = full.index("  m_LightmapEditorSettings:\n")
    _, file = _scene(full[:start] + full[end:])
    [lightmap] = file.of_class(157)
    with pytest.raises(UnityCliError) as err:
        set_field(lightmap, layout_for("LightmapSettings", UNITY_6), "m_GISettings.m_BounceScale", 1, file)
    assert err.value.code == "E_PROPERTY_NOT_FOUND" and err.value.details["missing"] == "m_GISettings"
    whole = {"m_BounceScale": 1, "m_IndirectOutputScale": 1, "m_AlbedoBoost": 1, "m_EnvironmentLightingMode": 0,
             "m_EnableBakedLightmaps": 1, "m_EnableRealtimeLightmaps": 0}
    assert set_field(lightmap, layout_for("LightmapSettings", UNITY_6), "m_GISettings", whole, file).inserted
    assert file.to_text() == full  # serializedVersion first, as the Editor writes nested structs


def test_a_struct_in_another_serialized_version_takes_no_new_field():
    full = fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    old = full.replace("  serializedVersion: 10\n  m_Fog:", "  serializedVersion: 9\n  m_Fog:", 1)
    _, file = _scene(old.replace("  m_FogMode: 3\n", "", 1))
    doc, layout = _render_settings(file)
    with pytest.raises(UnityCliError) as err:
        set_field(doc, layout, "m_FogMode", 3, file)
    assert err.value.code == "E_PROPERTY_EDIT_UNSUPPORTED" and err.value.details["found"] == 9


def test_an_animator_state_of_a_controller_takes_typed_values():
    before = fixture_path(CONTROLLER).read_text(encoding="utf-8")
    file = UnityYamlFile.parse(before.encode("utf-8"), "Chicken.controller")
    walk = file.get(-2274945311289495299)
    layout = layout_for("AnimatorState", UNITY_2022)
    set_field(walk, layout, "m_Speed", 2, file)
    set_field(walk, layout, "m_WriteDefaultValues", False, file)
    assert changed_lines(before, file.to_text()) == [("  m_Speed: 1.5", "  m_Speed: 2"),
                                                      ("  m_WriteDefaultValues: 1", "  m_WriteDefaultValues: 0")]
