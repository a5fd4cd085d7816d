"""scene.get-lighting / scene.set-lighting on Editor-written scenes: 2022.3, Unity 6 and the 2020.3 stand-in."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output

CHICKEN_SCENE = "Assets/Scenes/SampleScene.unity"
MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
BALL_MAT = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"


def _settings(out: dict) -> dict:
    return {s["name"]: s["value"] for s in out["settings"]}


@pytest.mark.parametrize(("project", "scene", "layout_from"), [
    ("chicken", CHICKEN_SCENE, "2022.3.17f1"), ("minigolf", MENU, "6000.0.25f1"),
    ("chicken_2020", CHICKEN_SCENE, "2020.3.48f1")])
def test_get_reads_the_editor_written_render_settings(project, scene, layout_from, request):
    root = request.getfixturevalue(project)
    out = tool_output(root, "scene.get-lighting", {"file": scene})
    values = _settings(out)
    assert out["layoutFrom"] == layout_from and out["missing"] == []
    # both scenes keep Unity's new-scene lighting (SampleScene.unity lines 17-40, Main Menu.unity lines 17-40)
    assert values["fog.enabled"] is False and values["fog.mode"] == "exponentialSquared"
    assert values["fog.density"] == 0.01 and values["fog.end"] == 300
    assert values["ambient.mode"] == "skybox" and values["ambient.intensity"] == 1
    assert values["skybox"] == {"fileID": 10304, "guid": "0000000000000000f000000000000000", "type": 0}
    assert values["sun"] == {"fileID": 0} and out["sun"] is None
    # the same values under the names scene.set-lighting takes
    assert out["fog"] == {"enabled": False, "color": {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1}, "mode":
                          "exponentialSquared", "density": 0.01, "start": 0, "end": 300}
    assert out["ambient"]["mode"] == "skybox" and out["ambient"]["intensity"] == 1
    # Unity's built-in Default-Skybox (fileID 10304 of the built-in extra resources): not a .mat the setter could
    # write back, so it is left out of `skybox` (its reference is in settings)
    assert out["skybox"] is None


def test_set_fog_ambient_sun_on_2022_3_changes_exactly_those_lines(chicken: Path):
    before = (chicken / CHICKEN_SCENE).read_text(encoding="utf-8")
    out = assert_dry_run_matches_commit(chicken, "scene.set-lighting", {
        "file": CHICKEN_SCENE, "fog": {"enabled": True, "mode": "linear", "start": 10, "end": 80.5,
                                       "color": {"r": 0.25}},
        "ambient": {"mode": "color", "intensity": 1.5}, "sun": "Directional Light"}).output
    after = (chicken / CHICKEN_SCENE).read_text(encoding="utf-8")
    assert changed_lines(before, after) == [
        ("  m_Fog: 0", "  m_Fog: 1"),
        ("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}", "  m_FogColor: {r: 0.25, g: 0.5, b: 0.5, a: 1}"),
        ("  m_FogMode: 3", "  m_FogMode: 1"),
        ("  m_LinearFogStart: 0", "  m_LinearFogStart: 10"),
        ("  m_LinearFogEnd: 300", "  m_LinearFogEnd: 80.5"),
        ("  m_AmbientIntensity: 1", "  m_AmbientIntensity: 1.5"),
        ("  m_AmbientMode: 0", "  m_AmbientMode: 3"),
        ("  m_Sun: {fileID: 0}", "  m_Sun: {fileID: 410087040}"),  # the Light of 'Directional Light' &410087039
    ]
    assert out["changed"] == ["fog.enabled", "fog.color", "fog.mode", "fog.start", "fog.end", "ambient.mode",
                              "ambient.intensity", "sun"]
    read = tool_output(chicken, "scene.get-lighting", {"file": CHICKEN_SCENE})
    assert read["sun"] == "Directional Light" and _settings(read)["ambient.mode"] == "color"


def test_set_skybox_by_material_path_on_unity_6(minigolf: Path):
    before = (minigolf / MENU).read_text(encoding="utf-8")
    assert_dry_run_matches_commit(minigolf, "scene.set-lighting", {"file": MENU, "skybox": BALL_MAT,
                                                                   "ambient": {"skyColor": {"r": 1, "g": 0.5}}})
    guid = (minigolf / (BALL_MAT + ".meta")).read_text(encoding="utf-8").split("guid: ")[1][:32]
    assert changed_lines(before, (minigolf / MENU).read_text(encoding="utf-8")) == [
        ("  m_AmbientSkyColor: {r: 0.212, g: 0.227, b: 0.259, a: 1}",
         "  m_AmbientSkyColor: {r: 1, g: 0.5, b: 0.259, a: 1}"),
        ("  m_SkyboxMaterial: {fileID: 10304, guid: 0000000000000000f000000000000000, type: 0}",
         f"  m_SkyboxMaterial: {{fileID: 2100000, guid: {guid}, type: 2}}"),
    ]
    out = tool_output(minigolf, "scene.get-lighting", {"file": MENU})
    assert out["skybox"] == BALL_MAT


def test_the_2020_3_stand_in_writes_the_same_fields_and_says_which_layout(chicken_2020: Path):
    before = (chicken_2020 / CHICKEN_SCENE).read_text(encoding="utf-8")
    out = assert_dry_run_matches_commit(chicken_2020, "scene.set-lighting", {
        "file": CHICKEN_SCENE, "fog": {"density": 0.05}, "skybox": "none"}).output
    assert out["layoutFrom"] == "2020.3.48f1"
    assert changed_lines(before, (chicken_2020 / CHICKEN_SCENE).read_text(encoding="utf-8")) == [
        ("  m_FogDensity: 0.01", "  m_FogDensity: 0.05"),
        ("  m_SkyboxMaterial: {fileID: 10304, guid: 0000000000000000f000000000000000, type: 0}",
         "  m_SkyboxMaterial: {fileID: 0}")]


@pytest.mark.parametrize(("data", "code"), [
    ({"sun": "Main Camera"}, "E_COMPONENT_NOT_FOUND"),
    ({"sun": "No Such Object"}, "E_GAMEOBJECT_NOT_FOUND"),
    ({"skybox": "Assets/Nope.mat"}, "E_ASSET_NOT_FOUND"),
    ({"fog": {"mode": "fast"}}, "E_SCHEMA_INVALID"),
    ({}, "E_SCHEMA_INVALID"),
])
def test_bad_requests_are_catalogued_errors_and_write_nothing(chicken: Path, data, code):
    before = (chicken / CHICKEN_SCENE).read_bytes()
    assert tool_error(chicken, "scene.set-lighting", {"file": CHICKEN_SCENE, **data})["code"] == code
    assert (chicken / CHICKEN_SCENE).read_bytes() == before


def test_a_field_the_scene_lacks_is_inserted_where_the_editor_writes_it(chicken: Path):
    # a hand-trimmed copy (not Editor-written): RenderSettings 9 without m_AmbientIntensity
    scene = chicken / CHICKEN_SCENE
    scene.write_text(scene.read_text(encoding="utf-8").replace("  m_AmbientIntensity: 1\n", "", 1), encoding="utf-8")
    assert tool_output(chicken, "scene.get-lighting", {"file": CHICKEN_SCENE})["missing"] == ["ambient.intensity"]
    before = scene.read_text(encoding="utf-8")
    assert_dry_run_matches_commit(chicken, "scene.set-lighting", {"file": CHICKEN_SCENE,
                                                                  "ambient": {"intensity": 1.25}})
    after = scene.read_text(encoding="utf-8")
    assert changed_lines(before, after) == [("", "  m_AmbientIntensity: 1.25")]
    assert "  m_AmbientGroundColor: {r: 0.047, g: 0.043, b: 0.035, a: 1}\n  m_AmbientIntensity: 1.25\n" \
           "  m_AmbientMode: 0\n" in after


def test_get_prints_values_in_the_setters_shape_and_setting_them_back_changes_nothing(tmp_path: Path):
    from tests.indexes.projectcopies import writable_copy

    root = writable_copy("com.unity.cinemachine/Projects/URP", tmp_path / "urp")
    scene = "Assets/Scenes/SampleScene.unity"  # m_SkyboxMaterial a .mat (type 2), m_Sun a Light (lines 29, 40)
    read = tool_output(root, "scene.get-lighting", {"file": scene})
    values = {key: read[key] for key in ("fog", "ambient", "skybox", "sun")}
    assert values == {
        "fog": {"enabled": True, "color": {"r": 0.65080994, "g": 0.666729, "b": 0.7075472, "a": 1},
                "mode": "exponentialSquared", "density": 0.05, "start": 0, "end": 300},
        "ambient": {"mode": "skybox", "skyColor": {"r": 0.212, "g": 0.227, "b": 0.259, "a": 1},
                    "equatorColor": {"r": 0.114, "g": 0.125, "b": 0.133, "a": 1},
                    "groundColor": {"r": 0.047, "g": 0.043, "b": 0.035, "a": 1}, "intensity": 1},
        "skybox": "0ffaa0b7117ba8c47a9d05ae701d4b4d", "sun": "Directional Light"}
    before = (root / scene).read_bytes()
    out = tool_output(root, "scene.set-lighting", {"file": scene, **values})
    assert out["changed"] == [] and (root / scene).read_bytes() == before


def test_a_built_in_skybox_read_back_into_the_setter_changes_nothing(minigolf: Path):
    read = tool_output(minigolf, "scene.get-lighting", {"file": MENU})
    values = {key: read[key] for key in ("fog", "ambient", "skybox", "sun")}
    assert read["sun"] is None  # {fileID: 10304, guid: 0…f0…, type: 0} is the built-in skybox
    assert tool_output(minigolf, "scene.set-lighting", {"file": MENU, **values})["changed"] == []
    assert values["fog"]["enabled"] is False and values["fog"]["mode"] == "exponentialSquared"


def test_get_reads_a_hand_edited_scene_with_an_unknown_mode_and_a_malformed_colour(chicken: Path):
    scene = chicken / CHICKEN_SCENE
    text = scene.read_text(encoding="utf-8")
    for old, new in [("  m_FogMode: 3\n", "  m_FogMode: 7\n"), ("  m_AmbientMode: 0\n", "  m_AmbientMode: 9\n"),
                     ("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}\n", "  m_FogColor: {r: 0.5, g: 0.5}\n")]:
        assert text.count(old) == 1
        text = text.replace(old, new)
    scene.write_text(text, encoding="utf-8")
    out = tool_output(chicken, "scene.get-lighting", {"file": CHICKEN_SCENE})
    # a mode no Editor names is the raw number; a colour that is not r/g/b/a is null, its stored value in settings
    assert out["fog"]["mode"] == 7 and out["ambient"]["mode"] == 9
    assert out["fog"]["color"] is None and out["fog"]["density"] == 0.01
    assert _settings(out)["fog.mode"] == 7 and _settings(out)["fog.color"] == {"r": 0.5, "g": 0.5}


def test_a_scene_write_succeeds_when_saving_its_structure_fails(chicken: Path, monkeypatch):
    from unitycli.scene import filecache

    def failing(*args, **kwargs):
        def action(result) -> None:
            raise OSError("no space left for the structure table")
        return action

    monkeypatch.setattr(filecache, "remember_written", failing)  # the after-commit action of every scene write
    out = tool_output(chicken, "scene.set-lighting", {"file": CHICKEN_SCENE, "fog": {"enabled": True}})
    assert out["changed"] == ["fog.enabled"]
    assert "  m_Fog: 1\n" in (chicken / CHICKEN_SCENE).read_text(encoding="utf-8")
