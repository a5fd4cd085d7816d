"""set-body, set-aim and set-noise on the real fixture files: settings edited in place, components replaced or
added with the package's defaults and fresh fileIDs, `m_Component` kept in step, the rest byte-identical."""

from __future__ import annotations

import re

import pytest
from cinemachine_testutil import CM2_SCENE, CM3_SCENE, replaced

from unitycli.testing import (
    assert_dry_run_matches_commit,
    changed_lines,
    copy_fixture_project,
    tool_error,
    tool_output,
)

PERLIN_GUID = "68bb026fafb42b14791938953eaace77"
HEAD = """MonoBehaviour:
  m_ObjectHideFlags: {hide}
  m_CorrespondingSourceObject: {{fileID: 0}}
  m_PrefabInstance: {{fileID: 0}}
  m_PrefabAsset: {{fileID: 0}}
  m_GameObject: {{fileID: {go}}}
  m_Enabled: 1
  m_EditorHideFlags: 0
  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}
  m_Name:{sp}
  m_EditorClassIdentifier:{sp}
"""


def _document(text: str, file_id: int) -> str:
    match = re.search(rf"(?ms)^--- !u!\d+ &{file_id}\n.*?(?=^--- |\Z)", text)
    assert match, file_id
    return match.group(0)


def _with_document(text: str, file_id: int, block: str) -> str:
    """`text` with a document inserted where a fileID-sorted file puts it."""
    headers = [(int(m.group(1)), m.start()) for m in re.finditer(r"(?m)^--- !u!\d+ &(\d+)", text)]
    pos = next((start for fid, start in headers if fid > file_id), len(text))
    return text[:pos] + block + text[pos:]


def _with_perlin(text: str, new: int, *, hide: int, go: int, after_component: int, name: str, fields: str) -> str:
    """`text` with a new CinemachineBasicMultiChannelPerlin `new` (its settings `fields`) on GameObject `go`
    (named `name`), listed in its m_Component after `after_component`."""
    block = f"--- !u!114 &{new}\n" + HEAD.format(sp=" ", hide=hide, go=go, guid=PERLIN_GUID) + fields
    listed = f"  - component: {{fileID: {after_component}}}\n"
    tail = f"  m_Layer: 0\n  m_Name: {name}\n"
    return _with_document(text.replace(listed + tail, listed + f"  - component: {{fileID: {new}}}\n" + tail), new,
                          block)


def _run(root, tool, data):
    committed = assert_dry_run_matches_commit(root, tool, data)
    assert list(committed.diffs) == [data["file"]]
    return committed.output


# --- edits in place -------------------------------------------------------------------------------------------

def test_set_body_cm2_transposer_settings(chicken):
    before = (chicken / CM2_SCENE).read_text()
    out = _run(chicken, "cinemachine.set-body", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                 "followOffset": [0, 12, -9], "damping": 0.5,
                                                 "bindingMode": "WorldSpace"})
    after = (chicken / CM2_SCENE).read_text()
    changes = [("  m_BindingMode: 0", "  m_BindingMode: 4"),
               ("  m_FollowOffset: {x: 0, y: 10, z: -8}", "  m_FollowOffset: {x: 0, y: 12, z: -9}"),
               ("  m_XDamping: 0", "  m_XDamping: 0.5"), ("  m_YDamping: 0", "  m_YDamping: 0.5"),
               ("  m_ZDamping: 0", "  m_ZDamping: 0.5")]
    assert after == replaced(before, "--- !u!114 &578736095", changes)
    assert changed_lines(before, after) == changes
    assert out["changedFields"] == ["m_XDamping", "m_YDamping", "m_ZDamping", "m_FollowOffset.y",
                                    "m_FollowOffset.z", "m_BindingMode"]
    assert (out["component"], out["replaced"], out["added"], out["layout"]) == (
        {"class": "CinemachineTransposer", "fileID": 578736095, "gameObject": "Virtual Camera/cm"}, None, False, "cm2")
    body = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})["body"]
    assert body["settings"]["m_FollowOffset"] == {"x": 0, "y": 12, "z": -9}
    assert (body["settings"]["m_XDamping"], body["settings"]["m_BindingMode"]) == (0.5, 4)


def test_set_body_cm3_orbital_follow_settings(minigolf):
    before = (minigolf / CM3_SCENE).read_text()
    out = _run(minigolf, "cinemachine.set-body", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                  "damping": {"y": 0.4}, "radius": 4})
    after = (minigolf / CM3_SCENE).read_text()
    changes = [("    PositionDamping: {x: 0.1, y: 0.1, z: 0.1}", "    PositionDamping: {x: 0.1, y: 0.4, z: 0.1}"),
               ("  Radius: 3", "  Radius: 4")]
    assert after == replaced(before, "--- !u!114 &1159824752", changes)
    assert changed_lines(before, after) == changes
    assert out["changedFields"] == ["TrackerSettings.PositionDamping.y", "Radius"]
    body = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["body"]
    assert (body["settings"]["Radius"], body["settings"]["TrackerSettings"]["PositionDamping"]["y"]) == (4, 0.4)


def test_set_aim_cm2_composer_settings(chicken):
    before = (chicken / CM2_SCENE).read_text()
    out = _run(chicken, "cinemachine.set-aim", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                "screenPosition": [0.5, 0.4], "damping": [1, 2],
                                                "softZone": 0.6})
    after = (chicken / CM2_SCENE).read_text()
    changes = [("  m_HorizontalDamping: 0.5", "  m_HorizontalDamping: 1"),
               ("  m_VerticalDamping: 0.5", "  m_VerticalDamping: 2"), ("  m_ScreenY: 0.5", "  m_ScreenY: 0.4"),
               ("  m_SoftZoneWidth: 0.8", "  m_SoftZoneWidth: 0.6"), ("  m_SoftZoneHeight: 0.8", "  m_SoftZoneHeight: 0.6")]
    assert after == replaced(before, "--- !u!114 &578736094", changes)
    assert changed_lines(before, after) == changes
    assert out["changedFields"] == ["m_HorizontalDamping", "m_VerticalDamping", "m_ScreenY", "m_SoftZoneWidth",
                                    "m_SoftZoneHeight"]
    aim = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})["aim"]
    assert (aim["class"], aim["settings"]["m_ScreenY"], aim["settings"]["m_VerticalDamping"]) == (
        "CinemachineComposer", 0.4, 2)


def test_set_aim_cm3_hard_look_at_offset(minigolf):
    before = (minigolf / CM3_SCENE).read_text()
    out = _run(minigolf, "cinemachine.set-aim", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                 "targetOffset": {"y": 1}})
    after = (minigolf / CM3_SCENE).read_text()
    changes = [("  LookAtOffset: {x: 0, y: 0, z: 0}", "  LookAtOffset: {x: 0, y: 1, z: 0}")]
    assert after == replaced(before, "--- !u!114 &1159824754", changes)
    assert changed_lines(before, after) == changes
    assert out["changedFields"] == ["LookAtOffset.y"]
    aim = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["aim"]
    assert aim["settings"]["LookAtOffset"] == {"x": 0, "y": 1, "z": 0}


# --- replacements and additions -------------------------------------------------------------------------------

def test_set_body_cm2_replaces_the_transposer_on_the_hidden_child(chicken):
    before = (chicken / CM2_SCENE).read_text()
    out = _run(chicken, "cinemachine.set-body", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                 "type": "CinemachineHardLockToTarget", "damping": 0.25})
    new = out["component"]["fileID"]
    assert out["replaced"] == {"class": "CinemachineTransposer", "fileID": 578736095, "gameObject": "Virtual Camera/cm"}
    assert out["changedFields"] == ["m_Component", "m_Damping"] and out["added"] is True
    after = (chicken / CM2_SCENE).read_text()
    block = (f"--- !u!114 &{new}\n" + HEAD.format(sp=" ", hide=3, go=578736091, guid="36d1163fa822e8b418a0a603ec078d5c")
             + "  m_Damping: 0.25\n")
    expected = before.replace(_document(before, 578736095), "").replace(
        "  - component: {fileID: 578736095}\n", f"  - component: {{fileID: {new}}}\n")
    assert after == _with_document(expected, new, block)
    camera = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})
    assert (camera["body"]["class"], camera["body"]["fileID"], camera["body"]["settings"]) == (
        "CinemachineHardLockToTarget", new, {"m_Damping": 0.25})
    assert camera["aim"]["class"] == "CinemachineComposer"


def test_set_aim_cm3_replaces_hard_look_at_with_a_rotation_composer(minigolf):
    before = (minigolf / CM3_SCENE).read_text()
    out = _run(minigolf, "cinemachine.set-aim", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                 "type": "CinemachineRotationComposer", "screenPosition": [0, 0.1]})
    new = out["component"]["fileID"]
    after = (minigolf / CM3_SCENE).read_text()
    block = (f"--- !u!114 &{new}\n" + HEAD.format(sp=" ", hide=0, go=1159824746, guid="f38bda98361e1de48a4ca2bd86ea3c17")
             + """  Composition:
    ScreenPosition: {x: 0, y: 0.1}
    DeadZone:
      Enabled: 0
      Size: {x: 0.2, y: 0.2}
    HardLimits:
      Enabled: 0
      Size: {x: 0.8, y: 0.8}
      Offset: {x: 0, y: 0}
  CenterOnActivate: 1
  TargetOffset: {x: 0, y: 0, z: 0}
  Damping: {x: 0.5, y: 0.5}
  Lookahead:
    Enabled: 0
    Time: 0
    Smoothing: 0
    IgnoreY: 0
""")
    expected = before.replace(_document(before, 1159824754), "").replace(
        "  - component: {fileID: 1159824754}\n", f"  - component: {{fileID: {new}}}\n")
    assert after == _with_document(expected, new, block)
    aim = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["aim"]
    assert (aim["class"], aim["fileID"], aim["settings"]["Composition"]["ScreenPosition"]) == (
        "CinemachineRotationComposer", new, {"x": 0, "y": 0.1})


def test_set_noise_adds_a_perlin_to_a_cm2_camera(chicken):
    before = (chicken / CM2_SCENE).read_text()
    out = _run(chicken, "cinemachine.set-noise", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                  "noiseProfile": "Handheld_normal_mild", "amplitudeGain": 0.5})
    new = out["component"]["fileID"]
    assert (out["added"], out["replaced"], out["changedFields"]) == (
        True, None, ["m_Component", "m_NoiseProfile", "m_AmplitudeGain"])
    after = (chicken / CM2_SCENE).read_text()
    assert after == _with_perlin(before, new, hide=3, go=578736091, after_component=578736094, name="cm", fields="""\
  m_NoiseProfile: {fileID: 11400000, guid: 46965f9cbaf525742a6da4c2172a99cd, type: 2}
  m_PivotOffset: {x: 0, y: 0, z: 0}
  m_AmplitudeGain: 0.5
  m_FrequencyGain: 1
  mNoiseOffsets: {x: 0, y: 0, z: 0}
""")
    noise = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})["noise"]
    assert (noise["fileID"], noise["gameObject"], noise["settings"]["m_AmplitudeGain"]) == (
        new, "Virtual Camera/cm", 0.5)
    # and edited in place the second time
    before = after
    out = _run(chicken, "cinemachine.set-noise", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                  "frequencyGain": 2, "noiseProfile": None})
    after = (chicken / CM2_SCENE).read_text()
    assert changed_lines(before, after) == [
        ("  m_NoiseProfile: {fileID: 11400000, guid: 46965f9cbaf525742a6da4c2172a99cd, type: 2}",
         "  m_NoiseProfile: {fileID: 0}"), ("  m_FrequencyGain: 1", "  m_FrequencyGain: 2")]
    assert out["added"] is False


def test_set_noise_adds_a_perlin_to_a_cm3_camera(minigolf):
    before = (minigolf / CM3_SCENE).read_text()
    out = _run(minigolf, "cinemachine.set-noise", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                   "noiseProfile": "6D Shake", "frequencyGain": 0.8})
    new = out["component"]["fileID"]
    after = (minigolf / CM3_SCENE).read_text()
    assert after == _with_perlin(before, new, hide=0, go=1159824746, after_component=1159824750,
                                 name="Virtual Camera", fields="""\
  NoiseProfile: {fileID: 11400000, guid: 69ce8388f6785dd4c8c39915efece2f4, type: 2}
  PivotOffset: {x: 0, y: 0, z: 0}
  AmplitudeGain: 1
  FrequencyGain: 0.8
  m_NoiseOffsets: {x: 0, y: 0, z: 0}
""")
    noise = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["noise"]
    assert (noise["class"], noise["settings"]["FrequencyGain"], noise["settings"]["NoiseProfile"]["guid"]) == (
        "CinemachineBasicMultiChannelPerlin", 0.8, "69ce8388f6785dd4c8c39915efece2f4")


# --- refusals -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tool, data, code", [
    # the OrbitalFollow is the Owner of the input controller's axes
    ("cinemachine.set-body", {"type": "CinemachineFollow"}, "E_CINEMACHINE_COMPONENT_REFERENCED"),
    ("cinemachine.set-body", {"type": "CinemachineTransposer"}, "E_CINEMACHINE_COMPONENT_UNSUPPORTED"),  # a 2.x class
    ("cinemachine.set-body", {"followOffset": [0, 1, 2]}, "E_CINEMACHINE_VALUE_INVALID"),  # OrbitalFollow has none
    ("cinemachine.set-body", {"damping": [1, 2]}, "E_CINEMACHINE_VALUE_INVALID"),  # three axes
    ("cinemachine.set-body", {"damping": -1}, "E_CINEMACHINE_VALUE_INVALID"),
    ("cinemachine.set-body", {}, "E_CINEMACHINE_VALUE_INVALID"),
    ("cinemachine.set-body", {"cameraSide": 2}, "E_SCHEMA_INVALID"),
    ("cinemachine.set-noise", {"noiseProfile": "Assets/Nope.asset"}, "E_CINEMACHINE_VALUE_INVALID"),
    ("cinemachine.set-aim", {"softZone": 0.5}, "E_CINEMACHINE_VALUE_INVALID"),  # HardLookAt has no soft zone
])
def test_stage_edits_refuse(minigolf, tool, data, code):
    before = (minigolf / CM3_SCENE).read_bytes()
    err = tool_error(minigolf, tool, {"file": CM3_SCENE, "gameObject": "Virtual Camera", **data})
    assert err["code"] == code, err
    assert (minigolf / CM3_SCENE).read_bytes() == before


def test_an_empty_stage_needs_a_type_and_a_manager_has_no_pipeline(chicken):
    # Virtual Camera (MainMenu)'s cm child holds only the CinemachinePipeline ("do nothing" Body and Aim)
    err = tool_error(chicken, "cinemachine.set-aim", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)",
                                                      "damping": 1})
    assert err["code"] == "E_CINEMACHINE_STAGE_EMPTY"
    assert err["details"]["supported"] == ["CinemachineComposer", "CinemachineHardLookAt",
                                           "CinemachineSameAsFollowTarget"]
    out = _run(chicken, "cinemachine.set-aim", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)",
                                                "type": "CinemachineHardLookAt"})
    assert (out["added"], out["changedFields"]) == (True, ["m_Component"])
    aim = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)"})
    assert (aim["aim"]["class"], aim["aim"]["settings"]) == ("CinemachineHardLookAt", {})


def test_a_cm2_pipeline_in_a_prefab_gets_hide_flags_0(tmp_path):
    root = copy_fixture_project("com.unity.multiplayer.samples.bitesize/Experimental/DedicatedGameServer", tmp_path)
    prefab = "Assets/StarterAssets/ThirdPersonController/Prefabs/PlayerFollowCamera.prefab"
    out = _run(root, "cinemachine.set-aim", {"file": prefab, "gameObject": "PlayerFollowCamera",
                                             "type": "CinemachineSameAsFollowTarget", "damping": 0.1})
    doc = _document((root / prefab).read_text(), out["component"]["fileID"])
    assert "  m_ObjectHideFlags: 0\n" in doc and doc.endswith("  m_Damping: 0.1\n")
    body = tool_output(root, "cinemachine.set-body", {"file": prefab, "gameObject": "PlayerFollowCamera",
                                                      "cameraSide": 0.25, "shoulderOffset": [1, 0.5, 0]})
    assert body["changedFields"] == ["ShoulderOffset.y", "CameraSide"]


def test_set_noise_takes_a_project_noise_profile_by_path_or_guid(minigolf):
    guid = "fedcba9876543210fedcba9876543210"
    (minigolf / "Assets" / "Shake.asset").write_text(
        "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n  m_ObjectHideFlags: 0\n"
        "  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n  m_PrefabAsset: {fileID: 0}\n"
        "  m_GameObject: {fileID: 0}\n  m_Enabled: 1\n  m_EditorHideFlags: 0\n"
        "  m_Script: {fileID: 11500000, guid: b7f59e54f2bfd184b9dd451a678d089b, type: 3}\n  m_Name: Shake\n"
        "  m_EditorClassIdentifier:\x20\n  PositionNoise: []\n  OrientationNoise: []\n")
    (minigolf / "Assets" / "Shake.asset.meta").write_text(
        f"fileFormatVersion: 2\nguid: {guid}\nNativeFormatImporter:\n  externalObjects: {{}}\n"
        "  mainObjectFileID: 11400000\n  userData:\x20\n  assetBundleName:\x20\n  assetBundleVariant:\x20\n")
    out = _run(minigolf, "cinemachine.set-noise", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                   "noiseProfile": "Assets/Shake.asset"})
    noise = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["noise"]
    assert noise["settings"]["NoiseProfile"] == {"fileID": 11400000, "guid": guid, "type": 2}
    assert out["added"] is True
    again = tool_output(minigolf, "cinemachine.set-noise", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                            "noiseProfile": guid})
    assert again["changedFields"] == []
    # a project asset that is not a NoiseSettings is refused
    err = tool_error(minigolf, "cinemachine.set-noise", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                         "noiseProfile": "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"})
    assert err["code"] == "E_CINEMACHINE_VALUE_INVALID"
