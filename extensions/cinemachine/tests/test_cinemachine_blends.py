"""list-blends and set-blend: brain default blends on the real scenes, and CinemachineBlenderSettings assets in
both layouts (no fixture project has one: each test writes one into its copy, with a .meta)."""

from __future__ import annotations

import pytest
from cinemachine_testutil import CM2_SCENE, CM3_SCENE, replaced

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output

GUID = "0123456789abcdef0123456789abcdef"
CURVE = """      {p}CustomCurve:
        serializedVersion: 2
        m_Curve: []
        m_PreInfinity: 2
        m_PostInfinity: 2
        m_RotationOrder: 4
"""


def _asset(root, layout: str) -> str:
    p = "m_" if layout == "cm2" else ""
    entries = "".join(
        f"  - {p}From: {frm}\n    {p}To: {to}\n    {p}Blend:\n      {p}Style: {style}\n      {p}Time: {time}\n"
        + CURVE.format(p=p)
        for frm, to, style, time in (("'**ANY CAMERA**'", "Virtual Camera", 1, 0.5), ("Intro", "Virtual Camera", 0, 0)))
    text = ("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n  m_ObjectHideFlags: 0\n"
            "  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n  m_PrefabAsset: {fileID: 0}\n"
            "  m_GameObject: {fileID: 0}\n  m_Enabled: 1\n  m_EditorHideFlags: 0\n"
            "  m_Script: {fileID: 11500000, guid: 36baaa8bdcb9d8b49b9199833965d2c3, type: 3}\n  m_Name: Blends\n"
            f"  m_EditorClassIdentifier: \n  {p}CustomBlends:\n" + entries)
    (root / "Assets" / "Blends.asset").write_text(text)
    (root / "Assets" / "Blends.asset.meta").write_text(
        f"fileFormatVersion: 2\nguid: {GUID}\nNativeFormatImporter:\n  externalObjects: {{}}\n"
        "  mainObjectFileID: 11400000\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
    return "Assets/Blends.asset"


def _edit(root, data, header, changes, fields):
    file = data["file"]
    before = (root / file).read_text()
    out = assert_dry_run_matches_commit(root, "cinemachine.set-blend", data).output
    after = (root / file).read_text()
    assert after == replaced(before, header, changes)
    assert changed_lines(before, after) == changes
    assert out["changedFields"] == fields
    return out


def test_set_default_blend_cm2(chicken):
    out = _edit(chicken, {"file": CM2_SCENE, "style": "EaseInOut", "time": 0.5}, "--- !u!114 &1895156704",
                [("    m_Style: 3", "    m_Style: 1"), ("    m_Time: 2", "    m_Time: 0.5")],
                ["m_DefaultBlend.m_Style", "m_DefaultBlend.m_Time"])
    assert (out["blend"], out["style"], out["time"], out["layout"]) == ("default", "EaseInOut", 0.5, "cm2")
    assert tool_output(chicken, "cinemachine.get-brain", {"file": CM2_SCENE})["defaultBlend"] == {
        "style": "EaseInOut", "time": 0.5, "customCurveKeys": 0}
    listed = tool_output(chicken, "cinemachine.list-blends", {"file": CM2_SCENE})
    assert listed["brains"][0]["defaultBlend"] == {"style": "EaseInOut", "time": 0.5, "customCurveKeys": 0}


def test_set_default_blend_cm3(minigolf):
    _edit(minigolf, {"file": CM3_SCENE, "gameObject": "MainCamera", "style": "HardIn", "time": 0.5},
          "--- !u!114 &72307231", [("    Style: 1", "    Style: 4"), ("    Time: 2", "    Time: 0.5")],
          ["DefaultBlend.Style", "DefaultBlend.Time"])
    assert tool_output(minigolf, "cinemachine.get-brain", {"file": CM3_SCENE})["defaultBlend"]["style"] == "HardIn"


@pytest.mark.parametrize("layout", ["cm2", "cm3"])
def test_set_custom_blend_in_an_asset(request, layout):
    root = request.getfixturevalue("chicken" if layout == "cm2" else "minigolf")
    asset = _asset(root, layout)
    p = "m_" if layout == "cm2" else ""
    out = _edit(root, {"file": asset, "from": "Intro", "to": "Virtual Camera", "style": "Linear", "time": 1.25},
                "--- !u!114 &11400000",
                [(f"      {p}Style: 0", f"      {p}Style: 6"), (f"      {p}Time: 0", f"      {p}Time: 1.25")],
                [f"{p}CustomBlends[1].{p}Blend.{p}Style", f"{p}CustomBlends[1].{p}Blend.{p}Time"])
    assert (out["added"], out["layout"], out["blend"]) == (False, layout, "Intro -> Virtual Camera")
    listed = tool_output(root, "cinemachine.list-blends", {"file": "Blends"})["asset"]
    assert (listed["layout"], listed["guid"]) == (layout, GUID)
    assert [(b["from"], b["to"], b["style"], b["time"]) for b in listed["blends"]] == [
        ("**ANY CAMERA**", "Virtual Camera", "EaseInOut", 0.5), ("Intro", "Virtual Camera", "Linear", 1.25)]


def test_set_custom_blend_appends_a_missing_entry_and_the_brain_lists_it(chicken):
    asset = _asset(chicken, "cm2")
    before = (chicken / asset).read_text()
    out = assert_dry_run_matches_commit(chicken, "cinemachine.set-blend", {
        "file": asset, "from": "Virtual Camera", "to": "Virtual Camera (MainMenu)", "time": 3}).output
    assert (out["added"], out["style"], out["time"]) == (True, "EaseInOut", 3)
    after = (chicken / asset).read_text()
    assert after == before + ("  - m_From: Virtual Camera\n    m_To: Virtual Camera (MainMenu)\n    m_Blend:\n"
                              "      m_Style: 1\n      m_Time: 3\n" + CURVE.format(p="m_"))
    scene = chicken / CM2_SCENE
    scene.write_text(scene.read_text().replace(
        "  m_CustomBlends: {fileID: 0}\n  m_CameraCutEvent",
        f"  m_CustomBlends: {{fileID: 11400000, guid: {GUID}, type: 2}}\n  m_CameraCutEvent"))
    brain = tool_output(chicken, "cinemachine.list-blends", {"file": CM2_SCENE})["brains"][0]
    assert brain["customBlends"]["path"] == asset
    assert [b["to"] for b in brain["customBlends"]["blends"]] == ["Virtual Camera", "Virtual Camera",
                                                                 "Virtual Camera (MainMenu)"]


def test_list_blends_reports_a_missing_custom_blends_asset(minigolf):
    scene = minigolf / CM3_SCENE
    scene.write_text(scene.read_text().replace("  CustomBlends: {fileID: 0}\n",
                                               f"  CustomBlends: {{fileID: 11400000, guid: {GUID}, type: 2}}\n", 1))
    brain = tool_output(minigolf, "cinemachine.list-blends", {"file": CM3_SCENE})["brains"][0]
    assert brain["customBlends"]["path"] is None and "missing" in brain["customBlends"]["problem"]


def test_set_blend_refuses(chicken):
    asset = _asset(chicken, "cm2")
    (chicken / "Assets" / "Other.asset").write_text((chicken / asset).read_text().replace(
        "36baaa8bdcb9d8b49b9199833965d2c3", "b7f59e54f2bfd184b9dd451a678d089b"))
    before = (chicken / CM2_SCENE).read_bytes(), (chicken / asset).read_bytes()
    for data, code in [
        ({"file": CM2_SCENE}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": CM2_SCENE, "from": "A", "to": "B", "time": 1}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": CM2_SCENE, "style": "Custom"}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": asset, "to": "B", "time": 1}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": asset, "from": "Intro", "to": "Virtual Camera", "style": "Custom"}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": "Assets/Other.asset", "from": "A", "to": "B", "time": 1}, "E_CINEMACHINE_VALUE_INVALID"),
        ({"file": CM2_SCENE, "style": "Bounce"}, "E_SCHEMA_INVALID"),
        ({"file": CM2_SCENE, "time": -1}, "E_SCHEMA_INVALID"),
    ]:
        assert tool_error(chicken, "cinemachine.set-blend", data)["code"] == code, data
    assert ((chicken / CM2_SCENE).read_bytes(), (chicken / asset).read_bytes()) == before
