"""The session-wide next-action check (`unitycli.testing_actions`) sees what it must: the raise site of a prose
action, the runner's filled-in `same_call`, a spec's default actions with the project named, and a quiet recorder."""

from __future__ import annotations

from unitycli import testing_actions
from unitycli.errors import UnityCliError
from unitycli.next_actions import ToolCall, same_call


def test_a_prose_action_fails_naming_its_raise_site(tmp_path):
    with testing_actions.recording_into(tmp_path):
        UnityCliError("E_GAMEOBJECT_NOT_FOUND", "no such object", next_actions=["Check the name by hand"])
        line = __import__("inspect").currentframe().f_lineno - 1
    problems, counts = testing_actions.check(tmp_path, tests_run=1)
    assert counts["records"] == 1
    assert problems == [f"tests/contract/test_next_action_recorder.py:{line}: Check the name by hand "
                        "(E_GAMEOBJECT_NOT_FOUND): prose, not a command\n      reached by "
                        "tests/contract/test_next_action_recorder.py::test_a_prose_action_fails_naming_its_raise_site"]


def test_a_same_call_becomes_the_failing_call_and_runs(tmp_path, unity_project):
    with testing_actions.recording_into(tmp_path):
        error = UnityCliError("E_GAMEOBJECT_NOT_FOUND", "x", next_actions=[same_call(gameObject="Main Camera")])
        error.for_call("gameobject.get", {"file": unity_project.scene, "gameObject": "Main Camerra"},
                       unity_project.root)
        assert error.actions() == [ToolCall("gameobject.get", {"file": unity_project.scene,
                                                                "gameObject": "Main Camera"}, str(unity_project.root))]
    records = testing_actions.recorded(tmp_path)
    assert [r["call"]["arguments"]["gameObject"] for r in records] == ["Main Camera"]
    assert testing_actions.check(tmp_path, tests_run=1)[0] == []


def test_an_unresolved_same_call_that_is_rendered_fails(tmp_path):
    with testing_actions.recording_into(tmp_path):
        UnityCliError("E_GAMEOBJECT_NOT_FOUND", "x", next_actions=[same_call(gameObject="A")]).to_dict()
    problems, _ = testing_actions.check(tmp_path, tests_run=1)
    assert len(problems) == 1 and "same_call(...) that left the runner unresolved" in problems[0]


def test_spec_defaults_are_recorded_with_the_project(tmp_path):
    with testing_actions.recording_into(tmp_path):
        error = UnityCliError("E_SCENE_NOT_FOUND", "no scene Assets/Nope.unity").for_project("/p")
        assert error.to_dict()["nextActions"] == ["unitycli tools run scene.list --project /p"]
    records = testing_actions.recorded(tmp_path)
    assert [(r["call"]["tool"], r["call"]["project"], r["site"]) for r in records] == [
        ("scene.list", "/p", "the default next actions of E_SCENE_NOT_FOUND (raised at "
                             "tests/contract/test_next_action_recorder.py:43)")]
    assert testing_actions.check(tmp_path, tests_run=1)[0] == []


def test_a_large_run_that_recorded_little_fails(tmp_path):
    problems, _ = testing_actions.check(tmp_path, tests_run=testing_actions.FLOOR_TESTS)
    assert len(problems) == 1 and problems[0].startswith(f"{testing_actions.FLOOR_TESTS} tests recorded only 0")


def test_a_manual_step_is_words_for_a_person_and_a_command_there_fails(tmp_path):
    with testing_actions.recording_into(tmp_path):
        UnityCliError("E_PACKAGE_SOURCE_UNAVAILABLE", "not on disk", next_actions=["unitycli extensions doctor"],
                      manual_steps=["Open the project in the Unity Editor once so it fills Library/PackageCache",
                                    "Open the file in the Unity Editor and save it: it's rewritten"]).to_dict()
        UnityCliError("E_PACKAGE_SOURCE_UNAVAILABLE", "not on disk", next_actions=[],
                      manual_steps=["unitycli extensions doctor"]).to_dict()
        line = __import__("inspect").currentframe().f_lineno - 2
    records = testing_actions.recorded(tmp_path)
    assert [r.get("manual") for r in records] == [
        None, "Open the project in the Unity Editor once so it fills Library/PackageCache",
        "Open the file in the Unity Editor and save it: it's rewritten", "unitycli extensions doctor"]
    problems, counts = testing_actions.check(tmp_path, tests_run=1)
    assert (counts["records"], counts["manual"]) == (1, 3)  # manual steps are not counted as next actions
    assert problems == [f"tests/contract/test_next_action_recorder.py:{line}: unitycli extensions doctor "
                        "(E_PACKAGE_SOURCE_UNAVAILABLE): a command given as a manual step: give it as a next action"
                        "\n      reached by tests/contract/test_next_action_recorder.py::"
                        "test_a_manual_step_is_words_for_a_person_and_a_command_there_fails"]
