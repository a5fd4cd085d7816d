"""`material.set`: each value lands on the line Unity keeps it on, typed against what the material already has."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.assets.conftest import GRASS, failure, output, snapshot
from tests.fixturepaths import fixture_project
from tests.indexes.projectcopies import writable_copy
from unitycli.testing import assert_dry_run_matches_commit, changed_lines

EGG = "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat"
DIFFUSE = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/diffuse.tga"
BALL = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"
SPACE_SKY = "Assets/11. Planet Gravity/Materials/SpaceSky.mat"


def _edit(project: Path, file: str, payload: dict) -> tuple[list[tuple[str, str]], dict]:
    before = (project / file).read_text()
    result = assert_dry_run_matches_commit(project, "material.set", {"file": file, **payload}).output
    return changed_lines(before, (project / file).read_text()), result


def test_tinting_a_chicken_defense_egg_changes_exactly_its_lines(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    changes, result = _edit(project, EGG, {"colors": {"_BaseColor": {"r": 0.9, "g": 0.85, "b": 0.6}},
                                           "floats": {"_Smoothness": 0.5, "_Cutoff": 0.25},
                                           "enableKeywords": ["_EMISSION"], "renderQueue": 2450})
    assert changes == [
        ("  m_ValidKeywords: []", "  m_ValidKeywords:"), ("", "  - _EMISSION"),
        ("  m_CustomRenderQueue: -1", "  m_CustomRenderQueue: 2450"),
        ("    - _Cutoff: 0.5", "    - _Cutoff: 0.25"),
        ("    - _Smoothness: 0.369", "    - _Smoothness: 0.5"),
        ("    - _BaseColor: {r: 1, g: 1, b: 1, a: 1}", "    - _BaseColor: {r: 0.9, g: 0.85, b: 0.6, a: 1}"),
    ]
    assert [(c["property"], c["kind"], c["old"], c["new"]) for c in result["changes"]][:2] == [
        ("_Smoothness", "float", 0.369, 0.5), ("_Cutoff", "float", 0.5, 0.25)]
    # Disabling it again gives the original list back.
    assert _edit(project, EGG, {"disableKeywords": ["_EMISSION"]})[0] == [
        ("  m_ValidKeywords:", "  m_ValidKeywords: []"), ("  - _EMISSION", "")]


def test_a_texture_with_tiling_is_referenced_as_unity_writes_it(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    guid = (project / f"{DIFFUSE}.meta").read_text().split("guid: ")[1][:32]
    changes, _ = _edit(project, EGG, {"textures": {"_BaseMap": {"texture": DIFFUSE, "scale": {"x": 2, "y": 3},
                                                                "offset": {"y": 0.5}}}})
    assert changes == [
        ("        m_Texture: {fileID: 0}", f"        m_Texture: {{fileID: 2800000, guid: {guid}, type: 3}}"),
        ("        m_Scale: {x: 1, y: 1}", "        m_Scale: {x: 2, y: 3}"),
        ("        m_Offset: {x: 0, y: 0}", "        m_Offset: {x: 0, y: 0.5}"),
    ]
    referrers = [r["path"] for r in output(project, "asset.references", {"guid": guid})["referrers"]]
    assert EGG in referrers
    assert _edit(project, EGG, {"textures": {"_BaseMap": {"clear": True}}})[0] == [
        (f"        m_Texture: {{fileID: 2800000, guid: {guid}, type: 3}}", "        m_Texture: {fileID: 0}")]


def test_adding_properties_to_a_minigolf_shader_graph_material_keeps_name_order(tmp_path: Path) -> None:
    project = writable_copy("minigolf", tmp_path / "minigolf")
    changes, result = _edit(project, BALL, {"add": True, "floats": {"_Glow": 2}, "ints": {"_StepCount": 4},
                                            "vectors": {"_Wind": {"x": 1, "y": 0.5, "z": 0, "w": 0}},
                                            "textures": {"_MainTex": {}}})
    assert changes == [
        ("", "    - _MainTex:"), ("", "        m_Texture: {fileID: 0}"), ("", "        m_Scale: {x: 1, y: 1}"),
        ("", "        m_Offset: {x: 0, y: 0}"),
        ("    m_Ints: []", "    m_Ints:"), ("", "    - _StepCount: 4"),
        ("", "    - _Glow: 2"),
        ("", "    - _Wind: {r: 1, g: 0.5, b: 0, a: 0}"),
    ]
    assert all(c["added"] for c in result["changes"])
    text = (project / BALL).read_text()
    assert text.index("_Density: 13") < text.index("_Glow: 2") < text.index("_QueueControl")
    assert text.index("_GlowColor") < text.index("_Wind")
    assert text.index("- _MainTex:") < text.index("- unity_Lightmaps:")


def test_an_older_material_keeps_keywords_in_one_sorted_string(sample: Path) -> None:
    # A real Editor-written serializedVersion 6 material (PhysicsSamples), copied into the sample project.
    source = fixture_project("physics-samples") / SPACE_SKY
    shutil.copy(source, sample / "Assets/Materials/SpaceSky.mat")
    shutil.copy(str(source) + ".meta", sample / "Assets/Materials/SpaceSky.mat.meta")
    file = "Assets/Materials/SpaceSky.mat"
    changes, _ = _edit(sample, file, {"enableKeywords": ["_SUNDISK_HIGH_QUALITY", "_EMISSION"]})
    assert changes == [("  m_ShaderKeywords: ", "  m_ShaderKeywords: _EMISSION _SUNDISK_HIGH_QUALITY")]
    changes, _ = _edit(sample, file, {"disableKeywords": ["_EMISSION", "_SUNDISK_HIGH_QUALITY"]})
    assert changes == [("  m_ShaderKeywords: _EMISSION _SUNDISK_HIGH_QUALITY", "  m_ShaderKeywords: ")]


@pytest.mark.parametrize(("payload", "code"), [
    ({"floats": {"_BaseColor": 1}}, "E_VALUE_TYPE_MISMATCH"),         # a colour, not a float
    ({"colors": {"_Smoothness": {"r": 1}}}, "E_VALUE_TYPE_MISMATCH"),
    ({"vectors": {"_BaseMap": {"x": 1}}}, "E_VALUE_TYPE_MISMATCH"),     # a texture
    ({"textures": {"_Cutoff": {"clear": True}}}, "E_VALUE_TYPE_MISMATCH"),
    ({"floats": {"_Glow": 1}}, "E_PROPERTY_NOT_FOUND"),               # absent and no `add`
    ({"ints": {"_Steps": 1}}, "E_PROPERTY_NOT_FOUND"),
    ({"floats": {"_Smoothness": 1e39}}, "E_VALUE_OUT_OF_RANGE"),
    ({"colors": {"_BaseColor": {"r": float("inf")}}}, "E_VALUE_OUT_OF_RANGE"),
    ({"ints": {"_Steps": 2**40}, "add": True}, "E_VALUE_OUT_OF_RANGE"),
    ({"renderQueue": 6000}, "E_SCHEMA_INVALID"),
    ({"floats": {"_Smoothness": "high"}}, "E_SCHEMA_INVALID"),
    ({"enableKeywords": ["TWO WORDS"]}, "E_SCHEMA_INVALID"),
    ({"enableKeywords": ["_A"], "disableKeywords": ["_A"]}, "E_SCHEMA_INVALID"),
    ({}, "E_SCHEMA_INVALID"),                                          # nothing to change
    ({"textures": {"_BaseMap": {"texture": GRASS}}}, "E_VALUE_TYPE_MISMATCH"),  # a material is not a texture
    ({"textures": {"_BaseMap": {"texture": "Assets/Nope.png"}}}, "E_ASSET_NOT_FOUND"),
    ({"textures": {"_BaseMap": {"guid": "0123456789abcdef0123456789abcdef"}}}, "E_ASSET_NOT_FOUND"),
    ({"textures": {"_BaseMap": {"guid": "0123456789abcdef0123456789abcdef", "clear": True}}}, "E_SCHEMA_INVALID"),
    ({"expectedRevision": "sha256:" + "0" * 64, "floats": {"_Smoothness": 1}}, "E_STALE_WRITE"),
    # Names no shader declares (YAML-special ones included) are not added; keywords are single identifiers.
    ({"floats": {"#Glow": 1}, "add": True}, "E_SCHEMA_INVALID"),
    ({"floats": {"- _Glow": 1}, "add": True}, "E_SCHEMA_INVALID"),
    ({"colors": {"Glow Color": {"r": 1}}, "add": True}, "E_SCHEMA_INVALID"),
    ({"enableKeywords": ["#_EMISSION"]}, "E_SCHEMA_INVALID"),
    ({"enableKeywords": ["_EMISSION\u0000"]}, "E_SCHEMA_INVALID"),
    ({"enableKeywords": ["_A"], "disableKeywords": ["[_EMISSION]"]}, "E_SCHEMA_INVALID"),
    # A value without a component would be an edit that changes nothing, reported as a change.
    ({"colors": {"_BaseColor": {}}}, "E_SCHEMA_INVALID"),
    ({"vectors": {"_BaseColor": {}}}, "E_SCHEMA_INVALID"),
    ({"textures": {"_BaseMap": {}}}, "E_SCHEMA_INVALID"),
    ({"textures": {"_BaseMap": {"scale": {}}}}, "E_SCHEMA_INVALID"),
    ({"colors": {"_BaseColor": [1, 0, 0, 1]}}, "E_SCHEMA_INVALID"),
    ({"colors": {"_BaseColor": "#ff0000"}}, "E_SCHEMA_INVALID"),
    ({"colors": {"_BaseColor": {"x": 1}}}, "E_SCHEMA_INVALID"),
    ({"floats": {"_Smoothness": float("nan")}}, "E_VALUE_OUT_OF_RANGE"),
])
def test_bad_edits_are_refused_with_a_catalogued_code_and_nothing_written(sample: Path, payload: dict,
                                                                         code: str) -> None:
    before = snapshot(sample)
    assert failure(sample, "material.set", {"file": GRASS, **payload}).code == code
    assert snapshot(sample) == before


def test_an_absent_property_error_lists_the_ones_of_that_kind_the_material_has(chicken: Path) -> None:
    # A user tinting a URP material by its built-in name (_Tint, _Color) learns which colour names it uses.
    error = failure(chicken, "material.set", {"file": "Egg", "colors": {"_Tint": {"r": 1}}})
    assert error.code == "E_PROPERTY_NOT_FOUND"
    assert error.details["available"] == ["_BaseColor", "_Color", "_EmissionColor", "_SpecColor"]
    assert "(its color properties: _BaseColor, _Color, _EmissionColor, _SpecColor)" in error.message


def test_a_mistyped_property_names_the_one_meant(chicken: Path) -> None:
    error = failure(chicken, "material.set", {"file": "Egg", "colors": {"_basecolour": {"r": 1}}})
    assert (error.code, error.details["didYouMean"]) == ("E_PROPERTY_NOT_FOUND", ["_BaseColor"])
    assert error.message.endswith("; did you mean _BaseColor? or pass add: true to add it")


def test_a_mistyped_material_name_suggests_the_materials_meant(chicken: Path) -> None:
    error = failure(chicken, "material.get", {"file": "egg"})  # another case is another name to the lookup
    assert error.code == "E_ASSET_NOT_FOUND"
    assert error.details["closeMatches"] == ["Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat",  # the case
                                             "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg UI Icon.mat"]
