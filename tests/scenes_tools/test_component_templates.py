"""New objects take the layout Unity uses for them in this project: the file's own documents first, then the
version table, then the project's other files; without any of these the write is refused unless allowUnverified."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.scenes_tools.projects import GARDEN, documents, run
from unitycli.errors import UnityCliError
from unitycli.testing import assert_dry_run_matches_commit

_STRESS = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StreamingStressTest/StreamingStressTest.unity"
_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_HEAD = ("  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n  m_PrefabInstance: {{fileID: 0}}\n"
         "  m_PrefabAsset: {{fileID: 0}}\n  m_GameObject: {{fileID: {go}}}\n")


def _keys(doc: str) -> tuple[str, ...]:
    return tuple(re.findall(r"^  ([^ \n-][^:\n]*):", doc, re.M))


def _set_version(project: Path, version: str) -> None:
    path = project / "ProjectSettings/ProjectVersion.txt"
    path.write_text(re.sub(r"m_EditorVersion: \S+", f"m_EditorVersion: {version}", path.read_text()))


def test_a_game_object_created_in_a_unity_2020_scene_has_that_scenes_transform_layout(tmp_path: Path) -> None:
    project = tmp_path / "physics"
    (project / "Assets/Scenes").mkdir(parents=True)
    shutil.copytree(fixture_path("EntityComponentSystemSamples/PhysicsSamples/ProjectSettings"),
                    project / "ProjectSettings")
    scene = project / "Assets/Scenes/Stress.unity"
    shutil.copyfile(fixture_path(_STRESS), scene)
    before = documents(scene.read_text())
    out = run(project, "gameobject.create", {"file": "Assets/Scenes/Stress.unity", "name": "Marker"}).output
    after = documents(scene.read_text())
    assert set(after) - set(before) == {out["fileID"], out["transformFileID"]}
    tf = after[out["transformFileID"]]
    assert tf == (f"--- !u!4 &{out['transformFileID']}\nTransform:\n" + _HEAD.format(go=out["fileID"])
                  + "  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}\n  m_LocalPosition: {x: 0, y: 0, z: 0}\n"
                    "  m_LocalScale: {x: 1, y: 1, z: 1}\n  m_Children: []\n  m_Father: {fileID: 0}\n"
                    "  m_RootOrder: 7\n  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}\n")
    others = {_keys(text) for text in before.values() if text.startswith("--- !u!4 ") and "stripped" not in
              text.split("\n", 1)[0]}
    assert others == {_keys(tf)}


def test_component_add_light_on_unity_6000_3_copies_the_layout_of_the_scenes_own_light(sample: Path) -> None:
    _set_version(sample, "6000.3.2f1")
    out = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player/Hat", "component": "Light"}).output
    assert out["layout"] == {"serializedVersion": "11", "verifiedBy": "file",
                             "evidence": "Assets/Scenes/Garden.unity &388120915"}
    light = documents((sample / GARDEN).read_text())[out["fileID"]]
    assert _keys(light) == _keys(documents((sample / GARDEN).read_text())[388120915])
    assert light.startswith(f"--- !u!108 &{out['fileID']}\nLight:\n" + _HEAD.format(go=845330172)
                            + "  m_Enabled: 1\n  serializedVersion: 11\n  m_Type: 2\n  m_Color: {r: 1, g: 1, b: 1, "
                              "a: 1}\n  m_Intensity: 1\n  m_Range: 10\n")
    assert light.endswith("  m_ShadowRadius: 0\n  m_ShadowAngle: 0\n  m_LightUnit: 1\n  m_LuxAtDistance: 1\n"
                          "  m_EnableSpotReflector: 1\n")
    box = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player/Hat", "component": "BoxCollider"})
    assert box.output["layout"]["serializedVersion"] == "3" and box.output["layout"]["verifiedBy"] == "file"


def test_extensions_choose_layouts_through_the_api(sample: Path) -> None:
    from unitycli.api import TemplateSource, UnityYamlFile

    _set_version(sample, "6000.3.2f1")
    source = TemplateSource.for_project(sample)
    garden = UnityYamlFile.read(sample / GARDEN)
    chosen = source.choose("MeshCollider", garden)
    assert (chosen.verified_by, chosen.layout.serialized_version) == ("file", "5")
    assert chosen.layout.build(42)["m_GameObject"].file_id == 42
    with pytest.raises(UnityCliError) as err:
        source.choose("Rigidbody2D", garden)
    assert err.value.code == "E_TEMPLATE_UNVERIFIABLE"
    assert TemplateSource.for_project(sample, allow_unverified=True).choose("Rigidbody2D", garden).verified_by \
        == "allowUnverified"


def test_a_class_only_another_file_of_the_project_shows_is_verified_by_that_file(sample: Path) -> None:
    _set_version(sample, "6000.3.2f1")
    shutil.copyfile(fixture_path("chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"),
                    sample / "Assets/Scenes/Chicken.unity")
    out = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "AudioSource"}).output
    assert out["layout"] == {"serializedVersion": "4", "verifiedBy": "project",
                             "evidence": "Assets/Scenes/Chicken.unity &1895156710"}
    audio = documents((sample / GARDEN).read_text())[out["fileID"]]
    assert "  m_audioClip: {fileID: 0}\n  m_PlayOnAwake: 1\n  m_Volume: 1\n" in audio


def test_allow_unverified_writes_the_closest_older_verified_layout(sample: Path) -> None:
    _set_version(sample, "6000.3.2f1")
    data = {"file": GARDEN, "gameObject": "Player", "component": "AudioSource", "allowUnverified": True}
    run_ = assert_dry_run_matches_commit(sample, "component.add", data)
    assert run_.output["layout"] == {"serializedVersion": "4", "verifiedBy": "allowUnverified", "evidence": "none"}


def test_2d_components_are_written_where_the_project_shows_their_layout(sample: Path) -> None:
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody2D"})
    assert err.value.code == "E_TEMPLATE_UNVERIFIABLE" and err.value.details["verifiedVersions"] == []
    shutil.copyfile(fixture_path(_PLATFORMER), sample / "Assets/Scenes/Platformer.unity")
    body = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody2D"}).output
    box = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "BoxCollider2D"}).output
    assert body["layout"]["verifiedBy"] == box["layout"]["verifiedBy"] == "project"
    docs = documents((sample / GARDEN).read_text())
    assert docs[body["fileID"]].startswith(f"--- !u!50 &{body['fileID']}\nRigidbody2D:\n  serializedVersion: 5\n"
                                           "  m_ObjectHideFlags: 0\n")
    assert "  m_Offset: {x: 0, y: 0}\n" in docs[box["fileID"]] and "  m_Size: {x: 1, y: 1}\n" in docs[box["fileID"]]


@pytest.mark.parametrize("component", ["Camera", "MeshRenderer", "MeshFilter", "SphereCollider", "CapsuleCollider",
                                       "MeshCollider", "Rigidbody", "BoxCollider"])
def test_each_built_in_component_adds_on_the_sample_in_its_unity_6_layout(sample: Path, component: str) -> None:
    node = "Debug Marker"
    out = assert_dry_run_matches_commit(sample, "component.add", {"file": GARDEN, "gameObject": node,
                                                                  "component": component}).output
    assert out["layout"]["verifiedBy"] in ("file", "unityVersion")
    doc = documents((sample / GARDEN).read_text())[out["fileID"]]
    assert doc.split("\n", 2)[1] == f"{component}:"


def test_a_script_is_added_by_class_name_or_guid_with_only_its_header(minigolf: Path) -> None:
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    meta = (minigolf / "Assets/LlamAcademy/Minigolf/Ball.cs.meta").read_text()
    guid = re.search(r"guid: (\w+)", meta).group(1)
    root = run(minigolf, "scene.hierarchy", {"file": scene, "depth": 0}).output["items"][0]
    out = run(minigolf, "component.add", {"file": scene, "gameObject": root["fileID"], "script": "Ball"}).output
    assert out["class"] == "MonoBehaviour" and out["scriptGuid"] == guid
    doc = documents((minigolf / scene).read_text())[out["fileID"]]
    assert doc == (f"--- !u!114 &{out['fileID']}\nMonoBehaviour:\n" + _HEAD.format(go=root["fileID"])
                   + "  m_Enabled: 1\n  m_EditorHideFlags: 0\n"
                     f"  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}\n  m_Name: \n"
                     "  m_EditorClassIdentifier: \n")
    again = run(minigolf, "component.add", {"file": scene, "gameObject": root["fileID"], "script": guid}).output
    assert again["scriptGuid"] == guid
    listed = run(minigolf, "gameobject.get", {"file": scene, "gameObject": root["fileID"]}).output
    assert [c["script"] for c in listed["components"]].count("Ball") == 2


@pytest.mark.parametrize(("data", "code"), [
    ({"script": "NoSuchBehaviour"}, "E_COMPONENT_NOT_FOUND"),
    ({"script": "0123456789abcdef0123456789abcdef"}, "E_COMPONENT_NOT_FOUND"),
    ({"component": "BoxCollider", "script": "Ball"}, "E_SCHEMA_INVALID"),
    ({}, "E_SCHEMA_INVALID"),
])
def test_bad_script_requests_are_refused(minigolf: Path, data: dict, code: str) -> None:
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    before = (minigolf / scene).read_bytes()
    with pytest.raises(UnityCliError) as err:
        run(minigolf, "component.add", {"file": scene, "gameObject": "Ball", **data})
    assert err.value.code == code
    assert (minigolf / scene).read_bytes() == before


def test_a_game_object_in_a_scene_and_project_without_any_needs_a_verified_version(tmp_path: Path) -> None:
    project = tmp_path / "empty"
    (project / "Assets").mkdir(parents=True)
    shutil.copytree(fixture_path("minigolf/ProjectSettings"), project / "ProjectSettings")
    text = fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity").read_text()
    settings = "".join(doc for doc in re.split(r"(?=^--- )", text, flags=re.M)
                       if doc.startswith(("--- !u!29 ", "--- !u!104 ", "--- !u!157 ", "--- !u!196 ")))
    (project / "Assets/Empty.unity").write_text(text.split("--- ", 1)[0] + settings)
    out = run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First"}).output  # 6000.0: table
    assert "  serializedVersion: 2\n  m_LocalRotation:" in documents((project / "Assets/Empty.unity").read_text())[
        out["transformFileID"]]
    (project / "Assets/Empty.unity").write_text(text.split("--- ", 1)[0] + settings)
    _set_version(project, "6000.3.2f1")
    with pytest.raises(UnityCliError) as err:
        run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First"})
    assert err.value.code == "E_TEMPLATE_UNVERIFIABLE" and err.value.details["class"] == "GameObject"
    created = run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First",
                                                 "allowUnverified": True}).output
    assert created["path"] == "First"
