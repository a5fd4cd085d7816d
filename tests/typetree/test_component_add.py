"""component.add of native classes: the Editor's layout for the project's version, values only with evidence."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from unitycli.testing import assert_dry_run_matches_commit, tool_output
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.check import check_body
from unitycli.unityyaml import UnityYamlFile

MENU = "Assets/Scenes/Main Menu.unity"
HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


@pytest.fixture
def menu(tmp_path: Path) -> Path:
    """A project of minigolf's ProjectVersion.txt (6000.0.25f1) and its Editor-written Main Menu scene."""
    root = tmp_path / "menu"
    (root / "Assets/Scenes").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    shutil.copyfile(fixture_path("minigolf/ProjectSettings/ProjectVersion.txt"),
                    root / "ProjectSettings/ProjectVersion.txt")
    shutil.copyfile(fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"), root / MENU)
    return root


def _doc(root: Path, file_id: int) -> str:
    return next(d.text for d in UnityYamlFile.read(root / MENU).documents if d.file_id == file_id)


def _set_version(root: Path, version: str) -> None:
    (root / "ProjectSettings/ProjectVersion.txt").write_text(f"m_EditorVersion: {version}\n", encoding="utf-8")


def test_a_light_on_a_unity_6_scene_with_an_editor_written_light_is_that_light_exactly(menu: Path):
    out = assert_dry_run_matches_commit(menu, "component.add", {"file": MENU, "gameObject": "Cube",
                                                                "component": "Light"}).output
    assert out["layout"]["omittedFields"] == [] and out["layout"]["serializedVersion"] == "11"
    editor = _doc(menu, 2020966408)
    new = _doc(menu, out["fileID"])
    assert new == editor.replace("--- !u!108 &2020966408", f"--- !u!108 &{out['fileID']}").replace(
        "m_GameObject: {fileID: 2020966405}", "m_GameObject: {fileID: 19897471}")
    assert f"  - component: {{fileID: {out['fileID']}}}\n" in _doc(menu, 19897471)


def test_a_rigidbody_on_a_unity_2020_3_project_gets_the_2020_3_layout(menu: Path):
    _set_version(menu, "2020.3.48f1")
    out = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Post", "component": "Rigidbody"})
    assert (out["layout"]["serializedVersion"], out["layout"]["layoutFrom"]) == ("2", "2020.3.48f1")
    # the scene's own Rigidbodies are 6000.0's v4 layout: no evidence for 2020.3, so the cited defaults give values
    assert out["layout"]["valueSources"]["m_Mass"] == \
        "defaults:EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/Substepping/Prefabs/Capsule.prefab" \
        " &1587514256475758925"
    assert _doc(menu, out["fileID"]) == (
        f"--- !u!54 &{out['fileID']}\nRigidbody:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
        "  m_PrefabInstance: {fileID: 0}\n  m_PrefabAsset: {fileID: 0}\n  m_GameObject: {fileID: 169023892}\n"
        "  serializedVersion: 2\n  m_Mass: 1\n  m_Drag: 0\n  m_AngularDrag: 0.05\n  m_UseGravity: 1\n"
        "  m_IsKinematic: 0\n  m_Interpolate: 0\n  m_Constraints: 0\n  m_CollisionDetection: 0\n")


# Classes no fixture template covers: the layout is the table's, and every field without evidence is listed.
@pytest.mark.parametrize("component", ["AudioListener", "CharacterController", "Canvas", "CanvasRenderer",
                                       "HingeJoint", "FixedJoint", "CircleCollider2D", "LODGroup",
                                       "ReflectionProbe", "NavMeshObstacle", "SpriteRenderer", "Animator"])
@pytest.mark.parametrize("version", ["2020.3.48f1", "2022.3.17f1", "6000.0.25f1"])
def test_any_native_component_is_written_in_its_layout_lacking_only_the_listed_fields(menu, component, version):
    _set_version(menu, version)
    out = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Post", "component": component})
    layout = layout_for(component, pick_version(version))
    doc = next(d for d in UnityYamlFile.read(menu / MENU).documents if d.file_id == out["fileID"])
    findings = check_body(layout.root, doc.root, component)
    assert [(f.path, f.problem) for f in findings] == [(n, "missing-field") for n in out["layout"]["omittedFields"]]
    written = [k for k in doc.root.keys_ if k != "serializedVersion"]
    assert written == [n for n in layout.top_names if n in written]  # in the Editor's order
    assert sorted(written + out["layout"]["omittedFields"]) == sorted(layout.top_names)
    expected = str(layout.serialized_version) if layout.serialized_version > 1 else None
    assert out["layout"]["serializedVersion"] == expected
    assert ("serializedVersion" in doc.root) == (expected is not None)


def test_a_partial_document_this_tool_wrote_never_becomes_evidence(menu: Path):
    _set_version(menu, "6000.3.2f1")  # Light v12: the scene's own v11 Light is no evidence, m_CookieSize2D has none
    first = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Cube", "component": "Light"})
    assert first["layout"]["omittedFields"] == ["m_CookieSize2D"]
    second = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Post", "component": "Light"})
    assert second["layout"]["omittedFields"] == ["m_CookieSize2D"]
    assert not any(source.startswith("file:") for source in second["layout"]["valueSources"].values())


def test_a_value_pointing_at_another_object_of_its_file_is_not_copied(menu: Path):
    # the scene's MeshRenderers are the evidence; m_StaticBatchRoot and m_ProbeAnchor are null in all of them,
    # so a local reference planted in the only one the scene has must not travel to the new renderer
    text = (menu / MENU).read_text(encoding="utf-8")
    renderers = [d for d in UnityYamlFile.read(menu / MENU).documents if d.class_name == "MeshRenderer"]
    planted = renderers[0].text.replace("m_ProbeAnchor: {fileID: 0}", "m_ProbeAnchor: {fileID: 19897477}")
    text = text.replace(renderers[0].text, planted)
    for other in renderers[1:]:
        text = text.replace(other.text, other.text.replace("m_ProbeAnchor: {fileID: 0}",
                                                           "m_ProbeAnchor: {fileID: 19897477}"))
    (menu / MENU).write_text(text, encoding="utf-8")
    out = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Post", "component": "MeshRenderer"})
    assert out["layout"]["valueSources"]["m_ProbeAnchor"].startswith("defaults:")
    assert "  m_ProbeAnchor: {fileID: 0}\n" in _doc(menu, out["fileID"])


@pytest.mark.parametrize("version", ["2020.3.48f1", "2022.3.17f1", "6000.0.25f1"])
def test_an_audio_listener_is_its_header_and_enabled_in_every_version(menu: Path, version: str):
    _set_version(menu, version)
    out = tool_output(menu, "component.add", {"file": MENU, "gameObject": "Post", "component": "AudioListener"})
    assert out["layout"]["omittedFields"] == [] and out["layout"]["serializedVersion"] is None
    assert _doc(menu, out["fileID"]) == (
        f"--- !u!81 &{out['fileID']}\nAudioListener:\n  m_ObjectHideFlags: 0\n"
        "  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n  m_PrefabAsset: {fileID: 0}\n"
        "  m_GameObject: {fileID: 169023892}\n  m_Enabled: 1\n")


@pytest.mark.parametrize("version", ["2019.4.40f1", "2020.3.48f1", "2021.3.28f1", "2022.3.17f1", "6000.0.25f1",
                                     "6000.3.2f1"])
def test_a_new_game_object_and_its_transform_are_exactly_the_projects_editor_layout(menu: Path, version: str):
    from unitycli.typetree.report import check_document

    _set_version(menu, version)
    out = tool_output(menu, "gameobject.create", {"file": MENU, "name": "Probe"})
    picked = pick_version(version)
    for file_id in (out["fileID"], out["transformFileID"]):
        doc = next(d for d in UnityYamlFile.read(menu / MENU).documents if d.file_id == file_id)
        report = check_document(doc, picked)
        assert report.status == "matches" and any(layout.holds(picked.index) for layout in report.layouts), \
            (doc.class_name, [f.message for f in report.findings])
