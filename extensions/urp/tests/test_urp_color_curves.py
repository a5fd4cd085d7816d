"""ColorCurves: added at the package defaults and its TextureCurve parameters edited, on URP 14.0.9
(chicken-defense) and 17.0.3 (minigolf, whose DefaultVolumeProfile holds the Editor's own ColorCurves)."""

from __future__ import annotations

import pytest
from urp_testutil import CHICKEN, MINIGOLF, commit, error, ok, project

CAMERA = "Assets/LlamAcademy/ChickenDefense/Scenes/Game/Main Camera Profile.asset"
GOLF_DEFAULT = "Assets/DefaultVolumeProfile.asset"
S_CURVE = [{"time": 0, "value": 0}, {"time": 0.5, "value": 0.6, "inSlope": 1.2, "outSlope": 1.2},
           {"time": 1, "value": 1}]


def _key_lines(time, value, slope_in, slope_out):
    return ["        - serializedVersion: 3", f"          time: {time}", f"          value: {value}",
            f"          inSlope: {slope_in}", f"          outSlope: {slope_out}", "          tangentMode: 0",
            "          weightedMode: 0", "          inWeight: 0", "          outWeight: 0"]


def test_add_color_curves_on_14_and_bend_the_master_curve(tmp_path):
    root = project(tmp_path, CHICKEN)
    added, lines = commit(root, "urp.add-override", {"profile": CAMERA, "type": "ColorCurves"}, CAMERA)
    new = [line for _, line in lines]
    at = new.index("  hueVsHue:")
    assert new[at:at + 13] == ["  hueVsHue:", "    m_OverrideState: 0", "    m_Value:",
                               "      <length>k__BackingField: 0", "      m_Loop: 1", "      m_ZeroValue: 0.5",
                               "      m_Range: 1", "      m_Curve:", "        serializedVersion: 2",
                               "        m_Curve: []", "        m_PreInfinity: 2", "        m_PostInfinity: 2",
                               "        m_RotationOrder: 4"]
    out, lines = commit(root, "urp.set-override", {"profile": CAMERA, "override": "ColorCurves",
                                                   "parameters": {"master": S_CURVE}}, CAMERA)
    assert out["changed"] == ["master.m_Value", "master.m_OverrideState"]
    assert lines[0] == ("    m_OverrideState: 0", "    m_OverrideState: 1")  # master's, the first parameter
    text = (root / CAMERA).read_text()
    block = text[text.index(f"--- !u!114 &{added['override']['fileID']}"):]
    block = block[block.index("  master:\n"):block.index("  red:\n")]
    assert block.splitlines() == ["  master:", "    m_OverrideState: 1", "    m_Value:",
                                  "      <length>k__BackingField: 3", "      m_Loop: 0", "      m_ZeroValue: 0",
                                  "      m_Range: 1", "      m_Curve:", "        serializedVersion: 2",
                                  "        m_Curve:", *_key_lines(0, 0, 0, 0), *_key_lines(0.5, 0.6, 1.2, 1.2),
                                  *_key_lines(1, 1, 0, 0), "        m_PreInfinity: 2", "        m_PostInfinity: 2",
                                  "        m_RotationOrder: 4"]
    assert len(lines) == 1 + 1 + 9 + 4  # state, key count, one new key, the changed numbers of the old keys
    master = next(p for p in ok(root, "urp.get-profile", {"profile": CAMERA})["overrides"][-1]["parameters"]
                  if p["name"] == "master")
    assert master["overrideState"] is True and master["value"]["<length>k__BackingField"] == 3
    assert added["override"]["type"] == "ColorCurves"


def test_hue_curve_on_17_keeps_its_loop_and_zero_value(tmp_path):
    root = project(tmp_path, MINIGOLF)
    out, lines = commit(root, "urp.set-override", {"profile": GOLF_DEFAULT, "override": "ColorCurves",
                                                   "parameters": {"hueVsSat": {"keys": [{"time": 0.25, "value": 0.7}]}}},
                        GOLF_DEFAULT)
    assert out["changed"] == ["hueVsSat.m_Value"]
    assert lines == [("      <length>k__BackingField: 0", "      <length>k__BackingField: 1"),
                     ("        m_Curve: []", "        m_Curve:"), *[("", line) for line in _key_lines(0.25, 0.7, 0, 0)]]


@pytest.mark.parametrize(("keys", "why"), [
    ([{"time": 0.5, "value": 0}, {"time": 0.5, "value": 1}], "key times must increase"),
    ([{"time": 1.5, "value": 0}], "key time 1.5 is outside the curve's 0 … 1"),
    ([{"time": 0, "value": 0, "weight": 1}], "each key is {time, value} with optional inSlope and outSlope"),
    (3, "expected a list of keys {time, value, inSlope, outSlope}"),
])
def test_curves_the_editor_would_not_keep_are_refused_with_nothing_written(tmp_path, keys, why):
    root = project(tmp_path, MINIGOLF)
    before = (root / GOLF_DEFAULT).read_bytes()
    err = error(root, "urp.set-override", {"profile": GOLF_DEFAULT, "override": "ColorCurves",
                                           "parameters": {"red": keys}})
    assert err["code"] == "E_URP_PARAMETER_INVALID" and why in err["message"]
    assert (root / GOLF_DEFAULT).read_bytes() == before


def test_a_key_value_beyond_float32_is_refused(tmp_path):
    root = project(tmp_path, MINIGOLF)
    err = error(root, "urp.set-override", {"profile": GOLF_DEFAULT, "override": "ColorCurves",
                                           "parameters": {"red": [{"time": 0.5, "value": 1e39}]}})
    assert err["code"] == "E_URP_PARAMETER_INVALID" and "±3.4028235e38" in err["message"]
