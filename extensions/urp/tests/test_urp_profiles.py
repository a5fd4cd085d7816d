"""Volume profiles and overrides (through the core's shared model) and Volume components, on URP 14.0.9
(chicken-defense), 17.0.3 (minigolf, bitesize) and 17.2.0 (PhysicsSamples)."""

from __future__ import annotations

import pytest
from unitycli_urp.overrides import addable, specs_for
from urp_testutil import BITESIZE, CHICKEN, MINIGOLF, PHYSICS, commit, error, ok, project

from unitycli.api import UnityYamlFile, VolumeProfile
from unitycli.testing import fixture_project

MENU_POST = "Assets/LlamAcademy/ChickenDefense/Scenes/Game/MainMenuPost Profile.asset"
CAMERA = "Assets/LlamAcademy/ChickenDefense/Scenes/Game/Main Camera Profile.asset"
SAMPLE = "Assets/Settings/SampleSceneProfile.asset"
GOLF_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu/Menu Post.asset"
POST = "Assets/Settings/Graphics/PostProcessing.asset"


def _param(override: dict, name: str) -> tuple[bool, object]:
    p = next(p for p in override["parameters"] if p["name"] == name)
    return p["overrideState"], p["value"]


def test_list_profiles_and_get_profile(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.list-profiles")
    assert [(p["path"], p["overrides"], p["usedByVolumes"]) for p in out["profiles"]] == [
        (CAMERA, ["Bloom", "MotionBlur", "ColorAdjustments"], 1),
        (MENU_POST, ["DepthOfField", "SplitToning", "Vignette"], 1),
        (SAMPLE, ["Tonemapping", "Bloom", "Vignette"], 1)]
    profile = ok(root, "urp.get-profile", {"profile": "Main Camera Profile"})
    assert profile["profile"] == CAMERA and profile["orphans"] == [] and profile["missing"] == []
    motion = profile["overrides"][1]
    assert (motion["type"], motion["active"], motion["index"]) == ("MotionBlur", False, 1)
    assert _param(profile["overrides"][0], "intensity") == (True, 1.25)
    stale = ok(root, "urp.get-profile", {"profile": SAMPLE})["overrides"][0]
    assert stale["type"] == "Tonemapping" and stale["missingParameters"][0] == "neutralHDRRangeReductionMode"


def test_orphans_are_reported_never_matched_never_revived(tmp_path):
    root = project(tmp_path, BITESIZE)
    out = ok(root, "urp.get-profile", {"profile": POST})
    assert [o["type"] for o in out["overrides"]] == ["Bloom", "ColorAdjustments", "ShadowsMidtonesHighlights"]
    assert [(o["type"], o["fileID"], o["index"]) for o in out["orphans"]] == [
        ("WhiteBalance", -3225142479831490700, None), ("ShadowsMidtonesHighlights", 5108346255176012434, None),
        ("WhiteBalance", 6060187148454108164, None)]
    assert ok(root, "urp.list-profiles")["profiles"][0]["orphans"] == 3
    err = error(root, "urp.remove-override", {"profile": POST, "override": "WhiteBalance"})
    assert err["code"] == "E_URP_OVERRIDE_NOT_FOUND"
    assert err["details"]["orphans"] == [-3225142479831490700, 6060187148454108164]
    assert error(root, "urp.set-override", {"profile": POST, "override": -3225142479831490700,
                                            "parameters": {"tint": 5}})["code"] == "E_URP_OVERRIDE_NOT_FOUND"
    added, lines = commit(root, "urp.add-override", {"profile": POST, "type": "WhiteBalance"}, POST)
    new_id = added["override"]["fileID"]
    assert new_id not in (-3225142479831490700, 6060187148454108164)
    assert lines[0] == ("", f"  - {{fileID: {new_id}}}")
    assert all(old == "" for old, _ in lines)  # only additions: the orphans are untouched
    assert len(ok(root, "urp.get-profile", {"profile": POST})["orphans"]) == 3


def test_add_bloom_and_set_its_intensity_on_14(tmp_path):
    root = project(tmp_path, CHICKEN)
    added, lines = commit(root, "urp.add-override", {"profile": "MainMenuPost Profile", "type": "Bloom"}, MENU_POST)
    bloom = added["override"]
    assert (bloom["type"], bloom["index"], bloom["active"]) == ("Bloom", 3, True)
    assert all(not p["overrideState"] for p in bloom["parameters"])
    fid = bloom["fileID"]
    params = [("skipIterations", "1"), ("threshold", "0.9"), ("intensity", "0"), ("scatter", "0.7"),
              ("clamp", "65472"), ("tint", "{r: 1, g: 1, b: 1, a: 1}"), ("highQualityFiltering", "0"),
              ("downscale", "0"), ("maxIterations", "6"), ("dirtTexture", "{fileID: 0}"), ("dirtIntensity", "0")]
    expected = [f"  - {{fileID: {fid}}}", f"--- !u!114 &{fid}", "MonoBehaviour:", "  m_ObjectHideFlags: 3",
                "  m_CorrespondingSourceObject: {fileID: 0}", "  m_PrefabInstance: {fileID: 0}",
                "  m_PrefabAsset: {fileID: 0}", "  m_GameObject: {fileID: 0}", "  m_Enabled: 1",
                "  m_EditorHideFlags: 0",
                "  m_Script: {fileID: 11500000, guid: 0b2db86121404754db890f4c8dfe81b2, type: 3}",
                "  m_Name: Bloom", "  m_EditorClassIdentifier: ", "  active: 1"]
    for name, value in params:
        expected += [f"  {name}:", "    m_OverrideState: 0", f"    m_Value: {value}"]
        if name == "dirtTexture":
            expected.append("    dimension: 1")
    assert lines == [("", line) for line in expected]  # appended: the new fileID sorts after every other one
    out, lines = commit(root, "urp.set-override", {"profile": MENU_POST, "override": "Bloom",
                                                   "parameters": {"intensity": 1.5}}, MENU_POST)
    assert out["changed"] == ["intensity.m_Value", "intensity.m_OverrideState"]
    assert lines == [("    m_OverrideState: 0", "    m_OverrideState: 1"), ("    m_Value: 0", "    m_Value: 1.5")]
    again = ok(root, "urp.get-profile", {"profile": MENU_POST})
    assert [o["type"] for o in again["overrides"]] == ["DepthOfField", "SplitToning", "Vignette", "Bloom"]
    assert _param(again["overrides"][3], "intensity") == (True, 1.5)


def test_remove_then_add_bloom_and_set_its_intensity_on_17(tmp_path):
    root = project(tmp_path, MINIGOLF)
    err = error(root, "urp.add-override", {"profile": "Menu Post", "type": "Bloom"})
    assert err["code"] == "E_URP_OVERRIDE_EXISTS" and err["details"]["fileID"] == -3276843242992884494
    original = (root / GOLF_MENU).read_bytes()
    removed, lines = commit(root, "urp.remove-override", {"profile": "Menu Post", "override": "Bloom"}, GOLF_MENU)
    assert removed["remaining"] == ["Tonemapping", "ColorAdjustments", "LiftGammaGain", "DepthOfField"]
    assert lines[0] == ("--- !u!114 &-3276843242992884494", "") and len(lines) == 48
    assert ("  - {fileID: -3276843242992884494}", "") in lines and all(new == "" for _, new in lines)
    added, _ = commit(root, "urp.add-override", {"profile": "Menu Post", "type": "Bloom"}, GOLF_MENU)
    out, lines = commit(root, "urp.set-override", {"profile": "Menu Post", "override": "Bloom",
                                                   "parameters": {"intensity": 2.04, "tint": {"r": 1, "g": 1, "b": 1,
                                                                                            "a": 1}},
                                                   "overrideStates": {"threshold": True, "scatter": True}},
                        GOLF_MENU)
    assert sorted(out["changed"]) == ["intensity.m_OverrideState", "intensity.m_Value", "scatter.m_OverrideState",
                                      "threshold.m_OverrideState", "tint.m_OverrideState"]
    bloom = ok(root, "urp.get-profile", {"profile": GOLF_MENU})["overrides"][-1]
    assert bloom["fileID"] == added["override"]["fileID"] and _param(bloom, "intensity") == (True, 2.04)
    # the re-added Bloom has the same text as the one removed, except its fileID and place
    text = (root / GOLF_MENU).read_text()
    body = text[text.index(f"--- !u!114 &{bloom['fileID']}"):].split("\n", 1)[1].split("--- !u!")[0]
    old = original.decode()
    old_body = old[old.index("--- !u!114 &-3276843242992884494"):].split("\n", 1)[1]
    assert body == old_body[:old_body.index("--- !u!")]


@pytest.mark.parametrize("name", [CHICKEN, MINIGOLF])
def test_add_the_four_required_overrides(tmp_path, name):
    root = project(tmp_path, name)
    profile = ok(root, "urp.list-profiles")["profiles"][0]["path"]
    have = set(ok(root, "urp.get-profile", {"profile": profile})["overrides"][i]["type"]
               for i in range(len(ok(root, "urp.get-profile", {"profile": profile})["overrides"])))
    for kind in ("Bloom", "Vignette", "Tonemapping", "ColorAdjustments"):
        if kind in have:
            assert error(root, "urp.add-override", {"profile": profile, "type": kind})["code"] == \
                "E_URP_OVERRIDE_EXISTS"
            commit(root, "urp.remove-override", {"profile": profile, "override": kind}, profile)
        commit(root, "urp.add-override", {"profile": profile, "type": kind}, profile)
    types = [o["type"] for o in ok(root, "urp.get-profile", {"profile": profile})["overrides"]]
    assert {"Bloom", "Vignette", "Tonemapping", "ColorAdjustments"} <= set(types)


def test_new_overrides_match_the_package_defaults_written_by_unity(tmp_path):
    """minigolf's DefaultVolumeProfile.asset (17.0.3) holds every URP override at its defaults, every override on
    (as URP creates its default profile): each override added through the model with all overrides on is that
    document, text for text, after its header."""
    path = "Assets/DefaultVolumeProfile.asset"
    data = (fixture_project(MINIGOLF) / path).read_bytes()
    checked = []
    for spec in specs_for("17.0"):
        if not spec.parameters:
            continue
        profile = VolumeProfile.load(path, UnityYamlFile.parse(data, path), specs_for("17.0"))
        old = profile.find(spec.name)
        old_text = old.document.text.split("\n", 1)[1]
        profile.remove_override(old)
        new = profile.add_override(spec, overrides_on=True)
        assert new.document.text.split("\n", 1)[1] == old_text, spec.name
        checked.append(spec.name)
    assert len(checked) == len(addable("17.0")) == 18  # ColorCurves included


def test_unity_6000_2_writes_the_class_identifier(tmp_path):
    root = project(tmp_path, PHYSICS)
    path = "Assets/DefaultVolumeProfile.asset"
    original = UnityYamlFile.parse((root / path).read_bytes(), path)
    old = next(d for d in original.documents if "m_Name: Vignette\n" in d.text)
    commit(root, "urp.remove-override", {"profile": path, "override": "Vignette"}, path)
    added, _ = commit(root, "urp.add-override", {"profile": path, "type": "Vignette", "allOverridesOn": True}, path)
    new = UnityYamlFile.parse((root / path).read_bytes(), path).get(added["override"]["fileID"])
    assert new.text.split("\n", 1)[1] == old.text.split("\n", 1)[1]
    assert ("  m_EditorClassIdentifier: Unity.RenderPipelines.Universal.Runtime::"
            "UnityEngine.Rendering.Universal.Vignette\n") in new.text


def test_set_override_on_a_file_from_an_older_package_adds_the_parameter(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.set-override", {"profile": SAMPLE, "override": "Tonemapping",
                                                   "parameters": {"mode": "ACES", "maxNits": 2000}}, SAMPLE)
    assert out["changed"] == ["mode.m_Value", "maxNits.m_OverrideState", "maxNits.m_Value"]
    assert lines[0] == ("    m_Value: 1", "    m_Value: 2")
    assert lines[1:] == [("", "  maxNits:"), ("", "    m_OverrideState: 1"), ("", "    m_Value: 2000")]
    commit(root, "urp.set-override", {"profile": SAMPLE, "override": "Bloom", "active": False}, SAMPLE)
    assert ok(root, "urp.get-profile", {"profile": SAMPLE})["overrides"][1]["active"] is False


def test_override_errors(tmp_path):
    root = project(tmp_path, CHICKEN)
    err = error(root, "urp.add-override", {"profile": CAMERA, "type": "ScreenSpaceLensFlare"})  # 17 only
    assert err["code"] == "E_URP_OVERRIDE_UNKNOWN" and "Bloom" in err["details"]["supported"]
    assert error(root, "urp.add-override", {"profile": CAMERA, "type": "ChannelMixing"})["code"] == \
        "E_URP_OVERRIDE_UNKNOWN"
    err = error(root, "urp.set-override", {"profile": CAMERA, "override": "Bloom", "parameters": {"glow": 1}})
    assert err["code"] == "E_URP_PARAMETER_NOT_FOUND" and "intensity" in err["details"]["parameters"]
    for params in ({"intensity": -1}, {"scatter": 2}, {"tint": {"r": 1}}, {"downscale": "Eighth"},
                   {"highQualityFiltering": "yes"}):
        err = error(root, "urp.set-override", {"profile": CAMERA, "override": "Bloom", "parameters": params})
        assert err["code"] == "E_URP_PARAMETER_INVALID", params
    assert error(root, "urp.set-override", {"profile": CAMERA, "override": "Bloom"})["code"] == "E_SCHEMA_INVALID"
    assert error(root, "urp.get-profile", {"profile": "Assets/Settings/URP-Balanced.asset"})["code"] == \
        "E_URP_PROFILE_NOT_FOUND"
    err = error(root, "urp.get-profile", {"profile": "Nope"})
    assert err["code"] == "E_URP_PROFILE_NOT_FOUND" and SAMPLE in err["details"]["candidates"]
    assert error(root, "urp.remove-override", {"profile": CAMERA, "override": "Vignette"})["code"] == \
        "E_URP_OVERRIDE_NOT_FOUND"


def test_list_volumes(tmp_path):
    root = project(tmp_path, MINIGOLF)
    out = ok(root, "urp.list-volumes")
    assert out["unreadable"] == []
    by_file = {(v["file"], v["gameObject"]): v for v in out["volumes"]}
    assert {f for f, _ in by_file} == {"Assets/LlamAcademy/Minigolf/Scenes/Game.unity",
                                       "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"}
    game = next(v for (f, _), v in by_file.items() if f.endswith("Game.unity"))
    assert game["isGlobal"] and game["weight"] == 1
    assert game["profile"] == "Assets/LlamAcademy/Minigolf/Scenes/Game/Game Post.asset"
    one = ok(root, "urp.list-volumes", {"file": "Main Menu"})
    assert [v["profile"] for v in one["volumes"]] == [GOLF_MENU]
    chicken = ok(project(tmp_path / "c", CHICKEN), "urp.list-volumes")
    local = next(v for v in chicken["volumes"] if v["gameObject"] == "MainMenuPost")
    assert (local["isGlobal"], local["blendDistance"], local["profile"]) == (False, 5, MENU_POST)
