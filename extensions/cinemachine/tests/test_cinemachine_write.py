"""The writers on the real fixture files: exactly the intended lines change, the dry-run diff is the commit, and a
re-read shows the new value. chicken-defense is Cinemachine 2.9.7, minigolf 3.1.2, bitesize ClientDriven 3.1.2 with
a CM3-upgraded prefab that still carries `m_LegacyPriority: 10` under streaming version 20170927."""

from __future__ import annotations

import hashlib

import pytest
from cinemachine_testutil import CM2_SCENE, CM3_SCENE, replaced

from unitycli.testing import (
    assert_dry_run_matches_commit,
    changed_lines,
    copy_fixture_project,
    run_tool,
    tool_error,
    tool_output,
)

CLIENT_DRIVEN = "com.unity.multiplayer.samples.bitesize/Basic/ClientDriven"
FOLLOW_PREFAB = "Assets/StarterAssets/ThirdPersonController/Prefabs/PlayerFollowCamera.prefab"


def _edit(root, file, tool, data, header, changes, fields):
    """Run the writer (dry run, then commit), check the exact text and the result; return the commit's output."""
    before = (root / file).read_bytes()
    committed = assert_dry_run_matches_commit(root, tool, data)
    after = (root / file).read_bytes()
    expected = replaced(before.decode("utf-8"), header, changes)
    assert after.decode("utf-8") == expected
    assert changed_lines(before.decode("utf-8"), after.decode("utf-8")) == changes
    assert list(committed.diffs) == [file]
    assert committed.output["changedFields"] == fields
    assert committed.output["revision"] == "sha256:" + hashlib.sha256(after).hexdigest()
    return committed.output


# --- set-priority ---------------------------------------------------------------------------------------------

def test_set_priority_cm2_writes_m_priority(chicken):
    out = _edit(chicken, CM2_SCENE, "cinemachine.set-priority",
                {"file": CM2_SCENE, "gameObject": "Virtual Camera", "priority": 20},
                "--- !u!114 &1843731367", [("  m_Priority: 11", "  m_Priority: 20")], ["m_Priority"])
    assert (out["layout"], out["fileID"], out["gameObject"]) == ("cm2", 1843731367, "Virtual Camera")
    read = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})
    assert read["priority"] == {"value": 20, "stored": 20, "enabled": None, "legacyPriority": None,
                                "streamingVersion": 20170927}
    assert read["revision"] == out["revision"]
    other = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)"})
    assert other["priority"]["value"] == 10


def test_set_priority_cm3_writes_priority_m_value(minigolf):
    _edit(minigolf, CM3_SCENE, "cinemachine.set-priority",
          {"file": CM3_SCENE, "gameObject": "Virtual Camera", "priority": -3},
          "--- !u!114 &1159824753", [("    m_Value: 10", "    m_Value: -3")], ["Priority.m_Value"])
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})
    assert read["priority"] == {"value": -3, "stored": -3, "enabled": True, "legacyPriority": 0,
                                "streamingVersion": 20241001}


def test_set_priority_cm3_enables_priority_and_clears_the_legacy_priority(tmp_path):
    root = copy_fixture_project(CLIENT_DRIVEN, tmp_path)
    header = "--- !u!114 &3514662025871593672"
    before = tool_output(root, "cinemachine.get-camera", {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera"})
    assert before["priority"] == {"value": 10, "stored": 0, "enabled": False, "legacyPriority": 10,
                                  "streamingVersion": 20170927}
    _edit(root, FOLLOW_PREFAB, "cinemachine.set-priority",
          {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera", "priority": 5}, header,
          [("    Enabled: 0", "    Enabled: 1"), ("    m_Value: 0", "    m_Value: 5"),
           ("  m_LegacyPriority: 10", "  m_LegacyPriority: 0")],
          ["Priority.m_Value", "Priority.Enabled", "m_LegacyPriority"])
    read = tool_output(root, "cinemachine.get-camera", {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera"})
    assert read["priority"] == {"value": 5, "stored": 5, "enabled": True, "legacyPriority": 0,
                                "streamingVersion": 20170927}


def test_set_priority_to_the_current_value_changes_nothing(chicken):
    before = (chicken / CM2_SCENE).read_bytes()
    run = run_tool(chicken, "cinemachine.set-priority", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                         "priority": 11})
    assert run.ok and run.output["changedFields"] == [] and run.diffs == {}
    assert (chicken / CM2_SCENE).read_bytes() == before


def test_set_priority_refuses_a_stale_revision_and_a_non_camera(chicken):
    err = tool_error(chicken, "cinemachine.set-priority", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                           "priority": 1, "expectedRevision": "sha256:" + "0" * 64})
    assert err["code"] == "E_STALE_WRITE"
    err = tool_error(chicken, "cinemachine.set-priority", {"file": CM2_SCENE, "gameObject": "Main Camera", "priority": 1})
    assert err["code"] == "E_CAMERA_NOT_FOUND"
    assert [c["gameObject"] for c in err["details"]["cameras"]] == ["Virtual Camera", "Virtual Camera (MainMenu)"]
    err = tool_error(chicken, "cinemachine.set-priority", {"file": CM2_SCENE, "gameObject": "Virtual Camera",
                                                           "priority": 2**31})
    assert err["code"] == "E_SCHEMA_INVALID"


# --- set-lens -------------------------------------------------------------------------------------------------

def test_set_lens_cm2_writes_m_lens(chicken):
    _edit(chicken, CM2_SCENE, "cinemachine.set-lens",
          {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)", "fieldOfView": 60, "farClipPlane": 1000},
          "--- !u!114 &938951685",
          [("    FieldOfView: 45", "    FieldOfView: 60"), ("    FarClipPlane: 5000", "    FarClipPlane: 1000")],
          ["m_Lens.FieldOfView", "m_Lens.FarClipPlane"])
    lens = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)"})["lens"]
    assert (lens["fieldOfView"], lens["orthographicSize"], lens["nearClipPlane"], lens["farClipPlane"],
            lens["dutch"]) == (60, 10, 0.1, 1000, 0)


def test_set_lens_cm3_writes_lens(minigolf):
    _edit(minigolf, CM3_SCENE, "cinemachine.set-lens",
          {"file": CM3_SCENE, "gameObject": "Virtual Camera", "fieldOfView": 40, "orthographicSize": 7.5,
           "nearClipPlane": 0.3, "dutch": -12.25},
          "--- !u!114 &1159824753",
          [("    FieldOfView: 55", "    FieldOfView: 40"), ("    OrthographicSize: 10", "    OrthographicSize: 7.5"),
           ("    NearClipPlane: 0.1", "    NearClipPlane: 0.3"), ("    Dutch: 0", "    Dutch: -12.25")],
          ["Lens.FieldOfView", "Lens.OrthographicSize", "Lens.NearClipPlane", "Lens.Dutch"])
    lens = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})["lens"]
    assert (lens["fieldOfView"], lens["orthographicSize"], lens["nearClipPlane"], lens["farClipPlane"],
            lens["dutch"]) == (40, 7.5, 0.3, 5000, -12.25)


@pytest.mark.parametrize("data, code", [
    ({"farClipPlane": 0.1}, "E_CINEMACHINE_VALUE_INVALID"),          # not beyond near (0.1) + 0.001
    ({"nearClipPlane": 6000}, "E_CINEMACHINE_VALUE_INVALID"),        # beyond the current far plane
    ({}, "E_CINEMACHINE_VALUE_INVALID"),
    ({"fieldOfView": 180}, "E_SCHEMA_INVALID"),
    ({"dutch": 181}, "E_SCHEMA_INVALID"),
    ({"orthographicSize": 0}, "E_SCHEMA_INVALID"),
])
def test_set_lens_refuses_values_cinemachine_would_clamp(minigolf, data, code):
    before = (minigolf / CM3_SCENE).read_bytes()
    err = tool_error(minigolf, "cinemachine.set-lens", {"file": CM3_SCENE, "gameObject": "Virtual Camera", **data})
    assert err["code"] == code
    assert (minigolf / CM3_SCENE).read_bytes() == before


# --- set-brain ------------------------------------------------------------------------------------------------

def test_set_brain_cm2(chicken):
    out = _edit(chicken, CM2_SCENE, "cinemachine.set-brain",
                {"file": CM2_SCENE, "updateMethod": "FixedUpdate", "defaultBlendStyle": "EaseInOut",
                 "defaultBlendTime": 1.5},
                "--- !u!114 &1895156704",
                [("  m_UpdateMethod: 2", "  m_UpdateMethod: 0"), ("    m_Style: 3", "    m_Style: 1"),
                 ("    m_Time: 2", "    m_Time: 1.5")],
                ["m_UpdateMethod", "m_DefaultBlend.m_Style", "m_DefaultBlend.m_Time"])
    assert (out["layout"], out["gameObject"], out["fileID"]) == ("cm2", "Main Camera", 1895156704)
    read = tool_output(chicken, "cinemachine.get-brain", {"file": CM2_SCENE})
    assert (read["updateMethod"], read["blendUpdateMethod"], read["defaultBlend"]) == (
        "FixedUpdate", "LateUpdate", {"style": "EaseInOut", "time": 1.5, "customCurveKeys": 0})


def test_set_brain_cm3(minigolf):
    _edit(minigolf, CM3_SCENE, "cinemachine.set-brain",
          {"file": CM3_SCENE, "gameObject": "MainCamera", "updateMethod": "LateUpdate",
           "blendUpdateMethod": "FixedUpdate", "defaultBlend": {"style": "Linear", "time": 0.75}},  # get's shape
          "--- !u!114 &72307231",
          [("  UpdateMethod: 2", "  UpdateMethod: 1"), ("  BlendUpdateMethod: 1", "  BlendUpdateMethod: 0"),
           ("    Style: 1", "    Style: 6"), ("    Time: 2", "    Time: 0.75")],
          ["UpdateMethod", "BlendUpdateMethod", "DefaultBlend.Style", "DefaultBlend.Time"])
    read = tool_output(minigolf, "cinemachine.get-brain", {"file": CM3_SCENE})
    assert (read["updateMethod"], read["blendUpdateMethod"], read["defaultBlend"]) == (
        "LateUpdate", "FixedUpdate", {"style": "Linear", "time": 0.75, "customCurveKeys": 0})


def test_set_brain_refuses_custom_without_a_curve_and_unknown_names(minigolf):
    before = (minigolf / CM3_SCENE).read_bytes()
    err = tool_error(minigolf, "cinemachine.set-brain", {"file": CM3_SCENE, "defaultBlendStyle": "Custom"})
    assert err["code"] == "E_CINEMACHINE_VALUE_INVALID"
    assert err["details"]["path"] == "DefaultBlend.CustomCurve"
    assert tool_error(minigolf, "cinemachine.set-brain", {"file": CM3_SCENE, "updateMethod": "Sometimes"})["code"] == (
        "E_SCHEMA_INVALID")
    assert tool_error(minigolf, "cinemachine.set-brain", {"file": CM3_SCENE})["code"] == "E_CINEMACHINE_VALUE_INVALID"
    both = tool_error(minigolf, "cinemachine.set-brain", {"file": CM3_SCENE, "defaultBlendTime": 1,
                                                          "defaultBlend": {"time": 2}})  # old and new names at once
    assert both["code"] == "E_SCHEMA_INVALID" and "not also its old keys" in both["message"]
    assert tool_error(minigolf, "cinemachine.set-brain", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                          "defaultBlendTime": 1})["code"] == "E_BRAIN_NOT_FOUND"
    assert (minigolf / CM3_SCENE).read_bytes() == before


# --- set-targets ----------------------------------------------------------------------------------------------

def test_set_targets_cm2_writes_the_transform_of_the_target(chicken):
    out = _edit(chicken, CM2_SCENE, "cinemachine.set-targets",
                {"file": CM2_SCENE, "gameObject": "Virtual Camera", "lookAt": "Main Camera"},
                "--- !u!114 &1843731367",
                [("  m_LookAt: {fileID: 855074659}", "  m_LookAt: {fileID: 1895156703}")], ["m_LookAt"])
    assert (out["follow"], out["lookAt"]) == ("Virtual Camera Target", "Main Camera")
    read = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})
    assert read["lookAt"] == {"fileID": 1895156703, "guid": None, "gameObject": "Main Camera"}
    assert read["follow"] == {"fileID": 855074659, "guid": None, "gameObject": "Virtual Camera Target"}


def test_set_targets_cm2_clears_follow(chicken):
    _edit(chicken, CM2_SCENE, "cinemachine.set-targets",
          {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)", "follow": None},
          "--- !u!114 &938951685", [("  m_Follow: {fileID: 855074659}", "  m_Follow: {fileID: 0}")], ["m_Follow"])
    read = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)"})
    assert read["follow"] is None and read["lookAt"]["gameObject"] == "Virtual Camera Target"


def test_set_targets_cm3_a_different_look_at_turns_custom_look_at_on(minigolf):
    out = _edit(minigolf, CM3_SCENE, "cinemachine.set-targets",
                {"file": CM3_SCENE, "gameObject": "Virtual Camera", "lookAt": "MainCamera"},
                "--- !u!114 &1159824753",
                [("    LookAtTarget: {fileID: 1515914403}", "    LookAtTarget: {fileID: 72307234}"),
                 ("    CustomLookAtTarget: 0", "    CustomLookAtTarget: 1")],
                ["Target.LookAtTarget", "Target.CustomLookAtTarget"])
    assert (out["follow"], out["lookAt"]) == ("Ball", "MainCamera")
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})
    assert (read["follow"]["gameObject"], read["lookAt"]["gameObject"], read["customLookAt"]) == (
        "Ball", "MainCamera", True)


def test_set_targets_cm3_prefab_instance_target_and_clearing_the_tracking_target(minigolf):
    # Ball is a prefab instance: its one stripped Transform in the scene is what Cinemachine references.
    _edit(minigolf, CM3_SCENE, "cinemachine.set-targets",
          {"file": CM3_SCENE, "gameObject": "Virtual Camera", "follow": None, "lookAt": "Ball"},
          "--- !u!114 &1159824753",
          [("    TrackingTarget: {fileID: 1515914403}", "    TrackingTarget: {fileID: 0}"),
           ("    CustomLookAtTarget: 0", "    CustomLookAtTarget: 1")],
          ["Target.TrackingTarget", "Target.CustomLookAtTarget"])
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})
    assert (read["follow"], read["lookAt"]["gameObject"], read["customLookAt"]) == (None, "Ball", True)


def test_set_targets_same_target_changes_nothing_and_bad_targets_are_refused(minigolf):
    before = (minigolf / CM3_SCENE).read_bytes()
    run = run_tool(minigolf, "cinemachine.set-targets", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                         "follow": "Ball", "lookAt": 1515914403})
    assert run.ok and run.output["changedFields"] == [] and run.diffs == {}
    assert tool_error(minigolf, "cinemachine.set-targets", {"file": CM3_SCENE, "gameObject": "Virtual Camera",
                                                            "follow": "Nowhere"})["code"] == "E_GAMEOBJECT_NOT_FOUND"
    assert tool_error(minigolf, "cinemachine.set-targets", {"file": CM3_SCENE,
                                                            "gameObject": "Virtual Camera"})["code"] == (
        "E_CINEMACHINE_VALUE_INVALID")
    assert (minigolf / CM3_SCENE).read_bytes() == before
