"""The stand-alone test kit (`unitycli.testing.unity_project`): a small Editor-written project in a temporary folder
that the tools read and write like any other, so an extension's tests need no fixture corpus. These tests use the
kit only; they run (and must pass) with `UNITYCLI_FIXTURES` pointing nowhere."""

from __future__ import annotations

import pytest

from unitycli.testing import UnityProject, changed_lines


@pytest.fixture(autouse=True)
def _no_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNITYCLI_FIXTURES", "/nonexistent")  # the kit must not lean on the corpus


def test_the_kit_project_is_read_as_the_editor_wrote_it(unity_project: UnityProject) -> None:
    scenes = unity_project.output("scene.list")["scenes"]
    assert [(s["path"], s["guid"]) for s in scenes] == [(unity_project.scene, "99c9720ab356a0642a771bea13969a05")]
    found = unity_project.output("gameobject.find", {"file": unity_project.scene})["matches"]
    assert [m["path"] for m in found] == ["Main Camera", "Directional Light", "Global Volume"]
    camera = unity_project.output("gameobject.get", {"file": unity_project.scene, "gameObject": "Main Camera"})
    assert [c["class"] for c in camera["components"]] == ["Transform", "Camera", "AudioListener",
                                                          "MonoBehaviour"]  # URP's, source not in the kit
    parts = unity_project.output("gameobject.find", {"file": unity_project.prefab})["matches"]
    assert [m["path"] for m in parts] == ["Egg", "Egg/Model", "Egg/UI Icon"]


def test_a_write_on_the_kit_scene_changes_only_its_line(unity_project: UnityProject) -> None:
    before = unity_project.read_text(unity_project.scene)
    unity_project.write("component.set", {"file": unity_project.scene, "gameObject": "Directional Light",
                                          "component": "Light", "property": "m_Intensity", "value": 1.5})
    assert changed_lines(before, unity_project.read_text(unity_project.scene)) == [
        ("  m_Intensity: 2", "  m_Intensity: 1.5")]


def test_the_kit_script_is_a_project_script(unity_project: UnityProject) -> None:
    added = unity_project.write("component.add", {"file": unity_project.scene, "gameObject": "Main Camera",
                                                  "script": "Egg"}).output
    assert added["scriptGuid"] == "68f8239d4df645308116e0ad8d65491d"
    assert added["scriptFields"]["source"] == unity_project.script


def test_each_kit_project_is_its_own_copy(unity_project: UnityProject, tmp_path_factory) -> None:
    from unitycli.testing import make_unity_project

    other = make_unity_project(tmp_path_factory.mktemp("other"))
    unity_project.write_text(unity_project.scene, "changed\n")
    assert other.read_text(other.scene).startswith("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n")
