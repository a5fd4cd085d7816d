"""Volume profile tools on the shared volume model: list, get, add, set (declared ranges), remove."""

from __future__ import annotations

import pytest
from hdrp_testutil import (
    CM_DEFAULT_PROFILE,
    CM_LOOKDEV_PROFILE,
    VFX_BONFIRE_POST,
    VFX_DEFAULT_PROFILE,
    VFX_POST_PROFILE,
    VFX_SKY_PROFILE,
    error,
    output,
    refused_untouched,
    text,
    write_and_diff,
)
from unitycli_hdrp import overrides

from unitycli.api import UnityYamlFile, script_guid_of


def _keys_of(root, rel: str, class_name: str) -> list[str]:
    yaml = UnityYamlFile.parse((root / rel).read_bytes(), rel)
    doc = next(d for d in yaml if script_guid_of(d) == overrides.GUIDS[class_name])
    return [k for k in doc.to_python() if k not in (
        "m_ObjectHideFlags", "m_CorrespondingSourceObject", "m_PrefabInstance", "m_PrefabAsset", "m_GameObject",
        "m_Enabled", "m_EditorHideFlags", "m_Script", "m_Name", "m_EditorClassIdentifier", "active")]


def _spec_keys(family: str, class_name: str) -> list[str]:
    keys = [p.name for p in overrides.specs(family)[class_name].parameters]
    for key, _, after in overrides.EXTRA_KEYS.get((class_name, family), ()):
        keys.insert(keys.index(after) + 1 if after else len(keys), key)
    return keys


@pytest.mark.parametrize("class_name", sorted(overrides.specs("17")))
def test_17_layouts_match_the_editor_written_default_profile(vfx_ro, class_name):
    assert _spec_keys("17", class_name) == _keys_of(vfx_ro, VFX_DEFAULT_PROFILE, class_name)


# Fog is not in the 14.0.12 fixture's default profile; its 14 key list is checked against the package's own
# scene-template profiles (FOG_14_KEYS below).
@pytest.mark.parametrize("class_name", sorted(set(overrides.specs("14")) - {"Fog"}))
def test_14_layouts_match_the_editor_written_default_profile(cm14_ro, class_name):
    assert _spec_keys("14", class_name) == _keys_of(cm14_ro, CM_DEFAULT_PROFILE, class_name)


def test_list_profiles_marks_the_default(vfx_ro, cm14_ro):
    out = output(vfx_ro, "hdrp.list-profiles")
    assert out["defaultProfile"] == VFX_DEFAULT_PROFILE
    by_path = {p["path"]: p for p in out["profiles"]}
    assert by_path[VFX_SKY_PROFILE]["overrides"] == ["VisualEnvironment", "HDRISky", "Fog"]
    assert by_path[VFX_DEFAULT_PROFILE]["isDefault"] and by_path[VFX_DEFAULT_PROFILE]["orphans"] == 1
    out14 = output(cm14_ro, "hdrp.list-profiles")
    assert [p["path"] for p in out14["profiles"]] == [CM_LOOKDEV_PROFILE, CM_DEFAULT_PROFILE]
    assert out14["defaultProfile"] == CM_DEFAULT_PROFILE


def test_get_profile_reports_declared_ranges_not_yaml_leftovers(vfx_ro):
    out = output(vfx_ro, "hdrp.get-profile", {"profile": VFX_BONFIRE_POST, "override": "Bloom"})
    [bloom] = out["overrides"]
    intensity = next(p for p in bloom["parameters"] if p["name"] == "intensity")
    assert (intensity["min"], intensity["max"], intensity["value"]) == (0, 1, 0.3)
    assert "intensity" in bloom["legacyKeys"] and bloom["verifiedLayout"] is True
    sky = output(vfx_ro, "hdrp.get-profile", {"profile": "Sky and Fog Settings Profile"})
    assert [o["className"] for o in sky["overrides"]] == ["VisualEnvironment", "HDRISky", "Fog"]
    fog = sky["overrides"][2]
    assert fog["name"] == "" and next(p for p in fog["parameters"] if p["name"] == "meanFreePath")["value"] == 200


def test_add_fog_17_and_set_its_attenuation_distance(vfx):
    lines, out = write_and_diff(vfx, "hdrp.add-override", {"profile": VFX_POST_PROFILE, "override": "Fog"},
                                VFX_POST_PROFILE)
    file_id = out["override"]["fileID"]
    added = [new for old, new in lines]
    assert all(old == "" for old, _ in lines)  # only additions
    assert added[:3] == [f"  - {{fileID: {file_id}}}", f"--- !u!114 &{file_id}", "MonoBehaviour:"]
    assert "  m_Script: {fileID: 11500000, guid: 953beb541740ddc499d005ee80c9ff29, type: 3}" in added
    assert added[added.index("  meanFreePath:"):added.index("  meanFreePath:") + 3] == [
        "  meanFreePath:", "    m_OverrideState: 0", "    m_Value: 400"]
    assert len(added) == 3 + 11 + 26 * 3  # components entry, header+class, 11 object keys, 26 parameters
    lines, out = write_and_diff(vfx, "hdrp.set-override",
                                {"profile": VFX_POST_PROFILE, "override": "Fog", "values": {"meanFreePath": 150}},
                                VFX_POST_PROFILE)
    assert lines == [("    m_OverrideState: 0", "    m_OverrideState: 1"), ("    m_Value: 400", "    m_Value: 150")]
    assert sorted(out["changed"]) == ["meanFreePath.m_OverrideState", "meanFreePath.m_Value"]
    fog = output(vfx, "hdrp.get-profile", {"profile": VFX_POST_PROFILE, "override": "Fog"})["overrides"][0]
    mfp = next(p for p in fog["parameters"] if p["name"] == "meanFreePath")
    assert (mfp["overrideState"], mfp["value"], mfp["min"]) == (True, 150, 1)


FOG_14_KEYS = ["quality", "enabled", "colorMode", "color", "tint", "maxFogDistance", "mipFogMaxMip", "mipFogNear",
               "mipFogFar", "baseHeight", "maximumHeight", "meanFreePath", "enableVolumetricFog", "albedo",
               "globalLightProbeDimmer", "depthExtent", "denoisingMode", "anisotropy", "sliceDistributionUniformity",
               "m_FogControlMode", "screenResolutionPercentage", "volumeSliceCount", "m_VolumetricFogBudget",
               "m_ResolutionDepthRatio", "directionalLightsOnly"]  # the Fog of HDRP 14.0.8/14.0.12's scene templates


def test_add_fog_14_and_set_its_attenuation_distance(cm14):
    lines, out = write_and_diff(cm14, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Fog"},
                                CM_LOOKDEV_PROFILE)
    file_id = out["override"]["fileID"]
    added = [new for old, new in lines]
    assert all(old == "" for old, _ in lines)
    assert added[:3] == [f"  - {{fileID: {file_id}}}", f"--- !u!114 &{file_id}", "MonoBehaviour:"]
    assert "  m_Script: {fileID: 11500000, guid: 953beb541740ddc499d005ee80c9ff29, type: 3}" in added
    assert "  m_EditorClassIdentifier: " in added and "  active: 1" in added
    assert [line[2:-1] for line in added if line.startswith("  ") and not line.startswith("   ")
            and line.endswith(":")] == FOG_14_KEYS
    assert "  multipleScatteringIntensity:" not in added  # a 17.x parameter
    assert len(added) == 3 + 11 + 25 * 3
    lines, out = write_and_diff(cm14, "hdrp.set-override",
                                {"profile": CM_LOOKDEV_PROFILE, "override": "Fog", "values": {"meanFreePath": 150}},
                                CM_LOOKDEV_PROFILE)
    assert lines == [("    m_OverrideState: 0", "    m_OverrideState: 1"), ("    m_Value: 400", "    m_Value: 150")]
    fog = output(cm14, "hdrp.get-profile", {"profile": CM_LOOKDEV_PROFILE, "override": "Fog"})["overrides"][0]
    mfp = next(p for p in fog["parameters"] if p["name"] == "meanFreePath")
    assert (mfp["overrideState"], mfp["value"], mfp["min"]) == (True, 150, 1)
    err = refused_untouched(cm14, "hdrp.set-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Fog",
                                                        "values": {"meanFreePath": 0.5}})
    assert err["code"] == "E_HDRP_VALUE_INVALID" and err["details"]["min"] == 1
    assert _keys_of(cm14, CM_LOOKDEV_PROFILE, "Fog") == _spec_keys("14", "Fog")


def test_unverified_14_overrides_are_refused_and_exposure_is_added(cm14):
    err = refused_untouched(cm14, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "ColorAdjustments"})
    assert err["code"] == "E_HDRP_OVERRIDE_UNSUPPORTED" and "no verified layout in HDRP 14.x" in err["message"]
    assert "Fog" in err["details"]["verified"] and "Vignette" not in err["details"]["verified"]
    lines, out = write_and_diff(cm14, "hdrp.add-override",
                                {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure",
                                 "values": {"mode": "Fixed", "fixedExposure": 9.5}}, CM_LOOKDEV_PROFILE)
    added = [new for _, new in lines]
    assert "  curveMap:" in added and "        outSlope: 1" in added
    fixed = next(p for p in out["override"]["parameters"] if p["name"] == "fixedExposure")
    assert fixed == {"name": "fixedExposure", "overrideState": True, "value": 9.5, "kind": "float", "min": None,
                     "max": None, "values": None}
    assert _keys_of(cm14, CM_LOOKDEV_PROFILE, "Exposure") == _spec_keys("14", "Exposure")


@pytest.mark.parametrize("project,profile", [("vfx", VFX_DEFAULT_PROFILE), ("cm14", CM_DEFAULT_PROFILE)])
def test_exposure_value_out_of_range_is_a_clear_error_with_nothing_written(request, project, profile):
    root = request.getfixturevalue(project)
    err = refused_untouched(root, "hdrp.set-override", {"profile": profile, "override": "Exposure",
                                                        "values": {"compensation": 1, "adaptationSpeedDarkToLight": 0}})
    assert err["code"] == "E_HDRP_VALUE_INVALID"
    assert err["message"] == "adaptationSpeedDarkToLight: below the minimum 0.001 (got 0); nothing was written"
    assert err["details"]["min"] == 0.001
    err = refused_untouched(root, "hdrp.set-override", {"profile": profile, "override": "Exposure",
                                                        "values": {"histogramPercentages": {"x": 10, "y": 120}}})
    assert err["code"] == "E_HDRP_VALUE_INVALID" and "above the maximum 100" in err["message"]
    err = refused_untouched(root, "hdrp.set-override", {"profile": profile, "override": "Exposure",
                                                        "values": {"mode": "Sometimes"}})
    assert err["code"] == "E_HDRP_VALUE_INVALID"


def test_legacy_yaml_max_is_never_the_range(vfx):
    path = vfx / VFX_BONFIRE_POST
    original = path.read_text()
    loose = original.replace("    m_Value: 0.3\n    min: 0\n    max: 1\n", "    m_Value: 0.3\n    min: 0\n    max: 5\n")
    assert loose != original
    path.write_text(loose)
    err = refused_untouched(vfx, "hdrp.set-override", {"profile": VFX_BONFIRE_POST, "override": "Bloom",
                                                       "values": {"intensity": 2}})
    assert err["code"] == "E_HDRP_VALUE_INVALID" and err["details"]["max"] == 1
    tight = original.replace("    m_Value: 0.3\n    min: 0\n    max: 1\n", "    m_Value: 0.3\n    min: 0\n    max: 0.5\n")
    path.write_text(tight)
    lines, _ = write_and_diff(vfx, "hdrp.set-override", {"profile": VFX_BONFIRE_POST, "override": "Bloom",
                                                         "values": {"intensity": 0.8}}, VFX_BONFIRE_POST)
    assert lines == [("    m_Value: 0.3", "    m_Value: 0.8")]
    assert "    max: 0.5\n" in path.read_text()  # the legacy key is kept, untouched


def test_a_parameter_an_older_layout_lacks_is_never_invented(vfx):
    # Scene PostProcess Profile's Exposure has 13 of 23 parameters (saved by an older HDRP)
    err = refused_untouched(vfx, "hdrp.set-override", {"profile": VFX_POST_PROFILE, "override": "Exposure",
                                                       "values": {"histogramPercentages": {"x": 10, "y": 20}}})
    assert err["code"] == "E_HDRP_PARAMETER_NOT_FOUND"
    err = refused_untouched(vfx, "hdrp.set-override", {"profile": VFX_BONFIRE_POST, "override": "Tonemapping",
                                                       "values": {"useFullACES": True}})
    assert err["code"] == "E_HDRP_PARAMETER_NOT_FOUND" and err["details"]["olderLayout"] is True
    lines, _ = write_and_diff(vfx, "hdrp.set-override", {"profile": VFX_BONFIRE_POST, "override": "Tonemapping",
                                                         "values": {"gamma": 1.2}}, VFX_BONFIRE_POST)
    assert lines == [("    m_OverrideState: 0", "    m_OverrideState: 1"), ("    m_Value: 1", "    m_Value: 1.2")]
    tonemapping = output(vfx, "hdrp.get-profile", {"profile": VFX_BONFIRE_POST, "override": "Tonemapping"})
    assert "useFullACES" in tonemapping["overrides"][0]["missingParameters"]


def test_set_override_states_and_active(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-override",
                                {"profile": VFX_SKY_PROFILE, "override": "Fog",
                                 "overrideStates": {"enabled": False}, "active": False}, VFX_SKY_PROFILE)
    assert lines == [("  active: 1", "  active: 0"), ("    m_OverrideState: 1", "    m_OverrideState: 0")]
    assert out["override"]["active"] is False


def test_override_lookup_errors(vfx, cm14):
    assert refused_untouched(vfx, "hdrp.add-override", {"profile": VFX_SKY_PROFILE, "override": "Fog"})["code"] == \
        "E_HDRP_OVERRIDE_EXISTS"
    assert refused_untouched(vfx, "hdrp.set-override", {"profile": VFX_POST_PROFILE, "override": "Bloom",
                                                        "values": {"intensity": 1}})["code"] == "E_HDRP_OVERRIDE_NOT_FOUND"
    assert refused_untouched(vfx, "hdrp.set-override", {"profile": VFX_SKY_PROFILE, "override": "Fog",
                                                        "values": {"attenuation": 1}})["code"] == \
        "E_HDRP_PARAMETER_NOT_FOUND"
    assert refused_untouched(vfx, "hdrp.add-override", {"profile": VFX_POST_PROFILE, "override": "Sparkles"})["code"] \
        == "E_HDRP_OVERRIDE_UNSUPPORTED"
    err = error(vfx, "hdrp.get-profile", {"profile": "Nope"})
    assert err["code"] == "E_HDRP_PROFILE_NOT_FOUND" and VFX_SKY_PROFILE in err["details"]["candidates"]
    assert error(vfx, "hdrp.get-profile", {"profile": "Assets/HDRP/SSS01.asset"})["code"] == "E_HDRP_PROFILE_NOT_FOUND"
    assert error(vfx, "hdrp.get-profile", {"profile": "Assets/HDRP/Missing.asset"})["code"] == \
        "E_HDRP_PROFILE_NOT_FOUND"
    # MotionBlur has no layout here: its values are not written, its override state may be
    assert refused_untouched(cm14, "hdrp.set-override", {"profile": CM_DEFAULT_PROFILE, "override": "MotionBlur",
                                                         "values": {"intensity": 0.2}})["code"] == \
        "E_HDRP_OVERRIDE_UNSUPPORTED"
    lines, _ = write_and_diff(cm14, "hdrp.set-override", {"profile": CM_DEFAULT_PROFILE, "override": "MotionBlur",
                                                          "overrideStates": {"intensity": False}}, CM_DEFAULT_PROFILE)
    assert lines == [("    m_OverrideState: 1", "    m_OverrideState: 0")]


def test_remove_override(vfx):
    before = text(vfx, VFX_SKY_PROFILE)
    lines, out = write_and_diff(vfx, "hdrp.remove-override", {"profile": VFX_SKY_PROFILE, "override": "Fog"},
                                VFX_SKY_PROFILE)
    assert out["removed"] == "Fog" and out["remaining"] == ["VisualEnvironment", "HDRISky"]
    assert all(new == "" for _, new in lines)
    assert ("  - {fileID: -3305224281371206947}", "") in lines
    assert "953beb541740ddc499d005ee80c9ff29" in before and "953beb541740ddc499d005ee80c9ff29" not in text(vfx, VFX_SKY_PROFILE)
    assert refused_untouched(vfx, "hdrp.remove-override", {"profile": VFX_SKY_PROFILE, "override": "Fog"})["code"] == \
        "E_HDRP_OVERRIDE_NOT_FOUND"


@pytest.mark.parametrize("family,class_name", [(f, c) for f in ("17", "14") for c in sorted(overrides.specs(f))])
def test_every_verified_class_is_added_complete_and_reads_back(request, family, class_name):
    root = request.getfixturevalue("vfx" if family == "17" else "cm14")
    # a fresh profile: a copy of an existing one with its components emptied
    source = root / (VFX_POST_PROFILE if family == "17" else CM_LOOKDEV_PROFILE)
    target = source.with_name("Empty Profile.asset")
    body = source.read_text()
    main = body.index("--- !u!114 &11400000")
    end = body.find("\n--- ", main + 1)
    main_doc = body[main: end + 1 if end > 0 else len(body)]
    head = main_doc[: main_doc.index("  components:")] + "  components: []\n"
    target.write_text(body[: body.index("--- ")] + head.replace(source.stem, "Empty Profile"))
    meta = source.with_name(source.name + ".meta").read_text()
    guid = meta.split("guid: ", 1)[1][:32]
    target.with_name(target.name + ".meta").write_text(meta.replace(guid, "feedfacefeedfacefeedfacefeedface"))
    rel = target.relative_to(root).as_posix()
    lines, out = write_and_diff(root, "hdrp.add-override", {"profile": rel, "override": class_name}, rel)
    assert lines[0] == ("  components: []", "  components:")
    got = output(root, "hdrp.get-profile", {"profile": rel})["overrides"]
    assert [(o["className"], o["verifiedLayout"], o["missingParameters"]) for o in got] == [(class_name, True, [])]
    assert all(p["overrideState"] is False for p in got[0]["parameters"])
    assert _keys_of(root, rel, class_name) == _spec_keys(family, class_name)
