"""AnimatorController tools on Editor-written .controller files: 2022.3, Unity 6 and the 2020.3 stand-in."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.check import check_body
from unitycli.unityyaml import UnityYamlFile

CHICKEN = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/Chicken.controller"
ROTATION = "Assets/LlamAcademy/Minigolf/Animations/Rotation Base.controller"
HEADER = "  m_ObjectHideFlags: 1\n  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n" \
         "  m_PrefabAsset: {fileID: 0}\n"


def _doc(root: Path, path: str, file_id: int):
    return next(d for d in UnityYamlFile.read(root / path).documents if d.file_id == file_id)


def _text(root: Path, path: str) -> str:
    return (root / path).read_text(encoding="utf-8")


def _conforms(root: Path, path: str, file_id: int, class_name: str, version: str, omitted: list[str]) -> None:
    """The new document holds its class's layout for `version` exactly, lacking only the listed top-level fields."""
    doc = _doc(root, path, file_id)
    findings = check_body(layout_for(class_name, pick_version(version)).root, doc.root, class_name)
    assert [(f.path, f.problem) for f in findings] == [(n, "missing-field") for n in omitted if "[" not in n]


def test_get_reads_the_chicken_controller(chicken: Path):
    out = tool_output(chicken, "animator.get", {"file": CHICKEN})
    assert out["parameters"] == [{"name": "Speed", "type": "float", "default": 0}]
    layer = out["layers"][0]
    assert (layer["name"], layer["defaultState"]) == ("Base Layer", "Lay Egg")
    assert [s["name"] for s in layer["states"]] == ["Walk", "Lay Egg", "Eat", "Die", "Lay Egg 0", "Idle"]
    assert layer["states"][0]["speed"] == 1.5 and layer["values"]["m_SyncedLayerIndex"] == -1


def test_parameter_state_transition_and_default_on_2022_3(chicken: Path):
    before = _text(chicken, CHICKEN)
    assert_dry_run_matches_commit(chicken, "animator.add-parameter", {"file": CHICKEN, "name": "Hungry",
                                                                      "type": "bool", "default": True})
    state = assert_dry_run_matches_commit(chicken, "animator.add-state", {
        "file": CHICKEN, "name": "Sleep", "speed": 0.5, "position": {"x": 300, "y": 100}}).output
    transition = assert_dry_run_matches_commit(chicken, "animator.add-transition", {
        "file": CHICKEN, "fromState": "Idle", "toState": "Sleep", "hasExitTime": False, "duration": 0.25,
        "conditions": [{"parameter": "Speed", "mode": "less", "threshold": 0.1},
                       {"parameter": "Hungry", "mode": "ifNot"}]}).output
    assert_dry_run_matches_commit(chicken, "animator.set-default-state", {"file": CHICKEN, "state": "Idle"})
    sid, tid = state["fileID"], transition["fileID"]
    assert _doc(chicken, CHICKEN, sid).text == (
        f"--- !u!1102 &{sid}\nAnimatorState:\n  serializedVersion: 6\n{HEADER}  m_Name: Sleep\n  m_Speed: 0.5\n"
        "  m_Transitions: []\n  m_StateMachineBehaviours: []\n")
    assert _doc(chicken, CHICKEN, tid).text == (
        f"--- !u!1101 &{tid}\nAnimatorStateTransition:\n{HEADER}  m_Name: \n"
        "  m_Conditions:\n  - m_ConditionMode: 4\n    m_ConditionEvent: Speed\n    m_EventTreshold: 0.1\n"
        "  - m_ConditionMode: 2\n    m_ConditionEvent: Hungry\n    m_EventTreshold: 0\n"
        f"  m_DstStateMachine: {{fileID: 0}}\n  m_DstState: {{fileID: {sid}}}\n  serializedVersion: 3\n  m_TransitionDuration: 0.25\n"
        "  m_HasExitTime: 0\n")
    _conforms(chicken, CHICKEN, sid, "AnimatorState", "2022.3.17f1", state["omittedFields"])
    _conforms(chicken, CHICKEN, tid, "AnimatorStateTransition", "2022.3.17f1", transition["omittedFields"])
    after = _text(chicken, CHICKEN)
    changed = [pair for pair in changed_lines(before, after) if not pair[0]]  # the inserted lines, in order
    assert ("", "  - m_Name: Hungry") in changed and ("", "    m_DefaultBool: 1") in changed
    assert ("", f"    m_State: {{fileID: {sid}}}") in changed
    assert ("", "    m_Position: {x: 300, y: 100, z: 0}") in changed
    assert ("  m_DefaultState: {fileID: -4721090408575089299}", "  m_DefaultState: {fileID: 3094568561857779763}") \
        in changed_lines(before, after)
    read = tool_output(chicken, "animator.get", {"file": CHICKEN})["layers"][0]
    idle = next(s for s in read["states"] if s["name"] == "Idle")
    assert idle["transitions"][0]["to"] == "Sleep" and read["defaultState"] == "Idle"
    assert idle["transitions"][0]["conditions"] == [{"parameter": "Speed", "mode": "less", "threshold": 0.1},
                                                    {"parameter": "Hungry", "mode": "ifNot", "threshold": 0}]


def test_layer_and_any_state_transition_on_unity_6(minigolf: Path):
    layer = assert_dry_run_matches_commit(minigolf, "animator.add-layer", {"file": ROTATION, "name": "Upper",
                                                                           "weight": 1}).output
    mid = layer["fileID"]
    assert _doc(minigolf, ROTATION, mid).text == (
        f"--- !u!1107 &{mid}\nAnimatorStateMachine:\n  serializedVersion: 6\n{HEADER}  m_Name: Upper\n"
        "  m_ChildStates: []\n  m_ChildStateMachines: []\n  m_AnyStateTransitions: []\n  m_EntryTransitions: []\n"
        "  m_StateMachineTransitions: {}\n  m_StateMachineBehaviours: []\n  m_DefaultState: {fileID: 0}\n")
    _conforms(minigolf, ROTATION, mid, "AnimatorStateMachine", "6000.0.25f1", layer["omittedFields"])
    assert (f"  - serializedVersion: 5\n    m_Name: Upper\n    m_StateMachine: {{fileID: {mid}}}\n"
            "    m_Mask: {fileID: 0}\n    m_Motions: []\n    m_Behaviours: []\n    m_BlendingMode: 0\n"
            "    m_SyncedLayerIndex: -1\n    m_DefaultWeight: 1\n    m_IKPass: 0\n"
            "    m_SyncedLayerAffectsTiming: 0\n    m_Controller: {fileID: 9100000}\n") in _text(minigolf, ROTATION)
    state = tool_output(minigolf, "animator.add-state", {"file": ROTATION, "layer": "Upper", "name": "Wave",
                                                         "position": {"x": 250, "y": 60},
                                                         "motion": {"fileID": 7400000, "type": 2,
                                                                    "guid": "4589bffd920d0c346aec89ddbf7bb4ec"}})
    any_state = assert_dry_run_matches_commit(minigolf, "animator.add-transition", {
        "file": ROTATION, "layer": "Upper", "fromState": "Any State", "toState": "Wave"}).output
    machine = _doc(minigolf, ROTATION, mid)
    assert [r.file_id for r in machine.get("m_AnyStateTransitions")] == [any_state["fileID"]]
    _conforms(minigolf, ROTATION, state["fileID"], "AnimatorState", "6000.0.25f1", state["omittedFields"])


def test_the_2020_3_stand_in_uses_2020_3s_layouts(chicken_2020: Path):
    out = assert_dry_run_matches_commit(chicken_2020, "animator.add-state", {"file": CHICKEN, "name": "Sleep",
                                                                             "position": {"x": 0, "y": 400}}).output
    assert out["layoutFrom"] == "2020.3.48f1"
    _conforms(chicken_2020, CHICKEN, out["fileID"], "AnimatorState", "2020.3.48f1", out["omittedFields"])
    before = _text(chicken_2020, CHICKEN)
    assert_dry_run_matches_commit(chicken_2020, "animator.remove-parameter", {"file": CHICKEN, "name": "Speed"})
    assert changed_lines(before, _text(chicken_2020, CHICKEN)) == [  # an empty list as minigolf's controller has it
        ("  m_AnimatorParameters:", "  m_AnimatorParameters: []")] + [(line, "") for line in (
            "  - m_Name: Speed", "    m_Type: 1", "    m_DefaultFloat: 0", "    m_DefaultInt: 0",
            "    m_DefaultBool: 0", "    m_Controller: {fileID: 0}")]


@pytest.mark.parametrize(("tool", "data", "code"), [
    ("animator.add-parameter", {"name": "Speed", "type": "int"}, "E_ANIMATOR_NAME_TAKEN"),
    ("animator.add-state", {"name": "Walk", "position": {"x": 0, "y": 0}}, "E_ANIMATOR_NAME_TAKEN"),
    ("animator.add-state", {"name": "Run"}, "E_SCHEMA_INVALID"),
    ("animator.add-layer", {"name": "Base Layer", "weight": 1}, "E_ANIMATOR_NAME_TAKEN"),
    ("animator.add-layer", {"name": "Legs"}, "E_SCHEMA_INVALID"),
    ("animator.add-transition", {"fromState": "Idle", "toState": "Nowhere"}, "E_PROPERTY_NOT_FOUND"),
    ("animator.add-transition", {"fromState": "Idle", "toState": "Walk", "conditions": [
        {"parameter": "Speed", "mode": "if"}]}, "E_VALUE_OUT_OF_RANGE"),
    ("animator.add-transition", {"fromState": "Idle", "toState": "Walk", "conditions": [
        {"parameter": "Jump", "mode": "if"}]}, "E_PROPERTY_NOT_FOUND"),
    ("animator.set-default-state", {"state": "Walk", "layer": "Legs"}, "E_PROPERTY_NOT_FOUND"),
    ("animator.remove-parameter", {"name": "Jump"}, "E_PROPERTY_NOT_FOUND"),
    ("animator.add-parameter", {"name": "X", "type": "vector"}, "E_SCHEMA_INVALID"),
])
def test_bad_requests_are_catalogued_errors_and_write_nothing(chicken: Path, tool, data, code):
    before = _text(chicken, CHICKEN)
    assert tool_error(chicken, tool, {"file": CHICKEN, **data})["code"] == code
    assert _text(chicken, CHICKEN) == before


def test_a_parameter_used_by_a_condition_is_not_removed(chicken: Path):
    tool_output(chicken, "animator.add-transition", {"file": CHICKEN, "fromState": "Idle", "toState": "Walk",
                                                     "conditions": [{"parameter": "Speed", "mode": "greater"}]})
    before = _text(chicken, CHICKEN)
    error = tool_error(chicken, "animator.remove-parameter", {"file": CHICKEN, "name": "Speed"})
    assert error["code"] == "E_ANIMATOR_PARAMETER_IN_USE" and len(error["details"]["transitions"]) == 1
    assert _text(chicken, CHICKEN) == before
