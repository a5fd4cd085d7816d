"""UnityEvent listeners: added in the Editor's exact form, the method checked against the target's C#, removed by
index; a bad request is a catalogued error and never empties the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, copy_project, run
from tests.scripts.conftest import write
from unitycli.errors import UnityCliError

MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
BRAIN = {"file": CHICKEN_GAME, "gameObject": "Main Camera", "component": "CinemachineBrain",
         "property": "m_CameraActivatedEvent"}
EMPTY = "  m_CameraActivatedEvent:\n    m_PersistentCalls:\n      m_Calls: []\n"
SPAWN_CHICKEN = """  m_CameraActivatedEvent:
    m_PersistentCalls:
      m_Calls:
      - m_Target: {fileID: 378637633}
        m_TargetAssemblyTypeName: LlamAcademy.ChickenDefense.AI.ChickenSpawner, Assembly-CSharp
        m_MethodName: SpawnChicken
        m_Mode: 1
        m_Arguments:
          m_ObjectArgument: {fileID: 0}
          m_ObjectArgumentAssemblyTypeName: UnityEngine.Object, UnityEngine
          m_IntArgument: 0
          m_FloatArgument: 0
          m_StringArgument:\x20
          m_BoolArgument: 0
        m_CallState: 2
"""


def test_adding_a_void_listener_in_chicken_defense_writes_the_editors_entry(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    assert before.count(EMPTY) == 1
    result = write(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:ChickenSpawner",
                                                       "method": "SpawnChicken"})
    assert scene.read_text() == before.replace(EMPTY, SPAWN_CHICKEN)
    assert result.output["listeners"] == [{
        "index": 0, "target": {"fileID": 378637633},
        "type": "LlamAcademy.ChickenDefense.AI.ChickenSpawner, Assembly-CSharp", "method": "SpawnChicken",
        "mode": "Void", "argument": None, "callState": "RuntimeOnly"}]
    listed = run(chicken, "component.list-listeners", BRAIN).output["listeners"]
    assert listed == result.output["listeners"]


BEACON = """using UnityEngine;

namespace Tests.Scripts
{
    public abstract class Signal : MonoBehaviour
    {
        public void Flash(float seconds) { }
    }

    public class Beacon : Signal
    {
        public bool Lit { get; set; }
        public void Announce(string text) { }
        public void Announce(int code) { }
        public static void Reset() { }
    }
}
"""


def _add_beacon(project: Path) -> None:
    """A project script with overloads, a base-class method and a property setter, on Chicken Spawner."""
    (project / "Assets/Beacon.cs").write_text(BEACON)
    (project / "Assets/Beacon.cs.meta").write_text("fileFormatVersion: 2\nguid: 0b5ea3c0b5ea3c0b5ea3c0b5ea3c0b5e\n")
    run(project, "component.add", {"file": CHICKEN_GAME, "gameObject": "Chicken Spawner", "script": "Beacon"})


@pytest.mark.parametrize(("method", "argument", "mode", "written"), [
    ("Announce", "Live!", "String", "          m_StringArgument: Live!\n"),
    ("Announce", 7, "Int", "          m_IntArgument: 7\n"),
    ("Flash", 0.5, "Float", "          m_FloatArgument: 0.5\n"),
    ("set_Lit", True, "Bool", "          m_BoolArgument: 1\n"),
])
def test_a_listener_with_an_argument_picks_the_overload_and_mode_from_the_csharp(chicken: Path, method, argument,
                                                                                 mode: str, written: str) -> None:
    _add_beacon(chicken)
    result = write(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:Beacon",
                                                       "method": method, "argument": argument,
                                                       "callState": "EditorAndRuntime"})
    entry = result.output["listeners"][0]
    declared = "Tests.Scripts.Signal" if method == "Flash" else "Tests.Scripts.Beacon"
    assert (entry["type"], entry["mode"], entry["argument"], entry["callState"]) == (
        f"{declared}, Assembly-CSharp", mode, argument, "EditorAndRuntime")
    text = (chicken / CHICKEN_GAME).read_text()
    assert written in text and "        m_CallState: 1\n" in text


def test_a_static_method_is_not_a_listener(chicken: Path) -> None:
    _add_beacon(chicken)
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:Beacon", "method": "Reset"})
    assert caught.value.code == "E_LISTENER_METHOD_NOT_FOUND"
    assert sorted(m["name"] for m in caught.value.details["methods"]) == ["Announce", "Announce", "Flash", "set_Lit"]


def test_a_method_with_an_object_parameter_is_refused(chicken: Path) -> None:
    """Mode 2 (Object) is not written: such a method is not offered, and asking for it is refused."""
    (chicken / "Assets/Pointer.cs").write_text("using UnityEngine;\n\npublic class Pointer : MonoBehaviour\n{\n"
                                               "    public void Follow(Transform target) { }\n}\n")
    (chicken / "Assets/Pointer.cs.meta").write_text("fileFormatVersion: 2\nguid: 0b5ea3c0b5ea3c0b5ea3c0b5ea3c0b5f\n")
    run(chicken, "component.add", {"file": CHICKEN_GAME, "gameObject": "Chicken Spawner", "script": "Pointer"})
    before = (chicken / CHICKEN_GAME).read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:Pointer", "method": "Follow"})
    assert (caught.value.code, caught.value.message) == (
        "E_LISTENER_METHOD_NOT_FOUND",
        "Chicken Spawner:Pointer: its class has no public instance method 'Follow' a listener can call")
    assert caught.value.details["methods"] == [] and (chicken / CHICKEN_GAME).read_bytes() == before


def test_removing_the_only_listener_leaves_the_empty_list_unity_writes(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    run(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:ChickenSpawner",
                                            "method": "SpawnChicken"})
    result = write(chicken, "component.remove-listener", {**BRAIN, "index": 0})
    assert result.output["listeners"] == [] and scene.read_text() == before


@pytest.mark.parametrize(("extra", "code"), [
    ({"target": "Chicken Spawner:ChickenSpawner", "method": "SpawnChiken"}, "E_LISTENER_METHOD_NOT_FOUND"),
    ({"target": "Chicken Spawner:ChickenSpawner", "method": "SpawnChicken", "argument": 3},
     "E_LISTENER_METHOD_NOT_FOUND"),
    ({"target": "Chicken Spawner", "method": "SetActive", "argument": True}, "E_LISTENER_METHOD_NOT_FOUND"),
    ({"target": "Chicken Spawner:Nope", "method": "SpawnChicken"}, "E_REFERENCE_UNRESOLVED"),
    ({"property": "m_DefaultBlend", "target": "Chicken Spawner:ChickenSpawner", "method": "SpawnChicken"},
     "E_EVENT_NOT_FOUND"),
])
def test_a_listener_that_cannot_be_proven_is_refused_and_nothing_is_written(chicken: Path, extra: dict,
                                                                            code: str) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.add-listener", {**BRAIN, **extra})
    assert caught.value.code == code and caught.value.next_actions
    assert scene.read_bytes() == before


def test_a_misspelt_method_gets_did_you_mean_from_the_class(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.add-listener", {**BRAIN, "target": "Chicken Spawner:ChickenSpawner",
                                                "method": "SpawnChiken"})
    assert caught.value.details["didYouMean"] == ["SpawnChicken"]
    assert caught.value.details["engineBase"] == "UnityEngine.MonoBehaviour"


def test_removing_an_index_the_event_lacks_is_an_error_not_a_quiet_success(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.remove-listener", {**BRAIN, "index": 0})
    assert caught.value.code == "E_LISTENER_NOT_FOUND"
    assert scene.read_bytes() == before


def test_a_private_method_of_minigolfs_main_menu_is_not_a_listener(minigolf: Path) -> None:
    """MainMenu's methods are all private: none is callable by a persistent listener."""
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "component.add-listener", {
            "file": MAIN_MENU, "gameObject": "1215123274", "component": "1215123276",
            "property": "m_OnCullStateChanged", "target": "1891338107:MainMenu", "method": "ShowLevelPopup"})
    assert caught.value.code == "E_LISTENER_METHOD_NOT_FOUND"
    assert caught.value.details["methods"] == []


def test_removing_an_editor_written_listener_in_the_vfx_samples(tmp_path: Path) -> None:
    project = copy_project("VisualEffectGraph-Samples", tmp_path / "vfx")
    scene = project / "Assets/VisualEffectSamples.unity"
    before = scene.read_text()
    button = {"file": "Assets/VisualEffectSamples.unity", "gameObject": "Canvas/Game Options Panel/Button-Close",
              "component": "542757530", "property": "m_OnClick"}
    listed = run(project, "component.list-listeners", button).output["listeners"]
    assert listed == [{"index": 0, "target": {"fileID": 792070312}, "type": "", "method": "SetOptionsWindowVisible",
                       "mode": "Bool", "argument": False, "callState": "RuntimeOnly"}]
    write(project, "component.remove-listener", {**button, "index": 0})
    entry = ("      m_Calls:\n      - m_Target: {fileID: 792070312}\n        m_TargetAssemblyTypeName: \n"
             "        m_MethodName: SetOptionsWindowVisible\n        m_Mode: 6\n        m_Arguments:\n"
             "          m_ObjectArgument: {fileID: 0}\n"
             "          m_ObjectArgumentAssemblyTypeName: UnityEngine.Object, UnityEngine\n"
             "          m_IntArgument: 0\n          m_FloatArgument: 0\n          m_StringArgument: \n"
             "          m_BoolArgument: 0\n        m_CallState: 2\n--- !u!114 &542757531\n")
    assert before.count(entry) == 1
    assert scene.read_text() == before.replace(entry, "      m_Calls: []\n--- !u!114 &542757531\n")
