"""New objects take the layout Unity uses for them in this project. A native component: the Editor's type tree of
the project's version, values from documents of exactly that layout (file, then project) or cited defaults. A new
GameObject and its Transform, and a script's MonoBehaviour header: the type tree of the project's version, values
from the request. There is no other source of layouts and no escape hatch (`allowUnverified` is gone)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.scenes_tools.projects import GARDEN, documents, run
from unitycli.errors import UnityCliError
from unitycli.testing import assert_dry_run_matches_commit
from unitycli.unityyaml import Ref

_STRESS = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StreamingStressTest/StreamingStressTest.unity"
_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_HEAD = ("  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n  m_PrefabInstance: {{fileID: 0}}\n"
         "  m_PrefabAsset: {{fileID: 0}}\n  m_GameObject: {{fileID: {go}}}\n")


def _keys(doc: str) -> tuple[str, ...]:
    return tuple(re.findall(r"^  ([^ \n-][^:\n]*):", doc, re.M))


def _set_version(project: Path, version: str) -> None:
    path = project / "ProjectSettings/ProjectVersion.txt"
    path.write_text(re.sub(r"m_EditorVersion: \S+", f"m_EditorVersion: {version}", path.read_text()))


def test_a_game_object_created_in_a_scene_saved_by_unity_2020_has_the_projects_editor_layout(tmp_path: Path) -> None:
    # StreamingStressTest.unity's Transforms are 2020's (m_RootOrder, no serializedVersion) but the project is
    # 6000.2.10f1: the Editor that will save the file writes 6000.2's Transform, so a new one is that layout
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
                  + "  serializedVersion: 2\n  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}\n"
                    "  m_LocalPosition: {x: 0, y: 0, z: 0}\n  m_LocalScale: {x: 1, y: 1, z: 1}\n"
                    "  m_ConstrainProportionsScale: 0\n  m_Children: []\n  m_Father: {fileID: 0}\n"
                    "  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}\n")


def test_component_add_light_on_unity_6000_3_takes_the_v12_layout_and_leaves_out_what_nothing_shows(sample: Path) \
        -> None:
    _set_version(sample, "6000.3.2f1")
    out = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player/Hat", "component": "Light"}).output
    layout = out["layout"]
    assert (layout["serializedVersion"], layout["verifiedBy"], layout["layoutFrom"]) == ("12", "typeTree",
                                                                                         "6000.3.2f1")
    # Garden's own Light is the v11 layout (not 6000.3's), so it is no evidence; v12's new field has none at all
    assert layout["omittedFields"] == ["m_CookieSize2D"]
    assert layout["valueSources"]["m_Intensity"].startswith("defaults:minigolf/")
    # a value the first cited light does not hold is reported with the document that holds it
    assert layout["valueSources"]["m_Type"] == "defaults:EntityComponentSystemSamples/GraphicsSamples/HDRPSamples/" \
        "Assets/SampleScenes/3. Hybrid Components/HybridEntitiesConversion/SceneAssets/HECLightingSetup.prefab" \
        " &5257943412185982115"
    light = documents((sample / GARDEN).read_text())[out["fileID"]]
    assert light.startswith(f"--- !u!108 &{out['fileID']}\nLight:\n" + _HEAD.format(go=845330172)
                            + "  m_Enabled: 1\n  serializedVersion: 12\n  m_Type: 2\n  m_Color: {r: 1, g: 1, b: 1, "
                              "a: 1}\n  m_Intensity: 1\n  m_Range: 10\n  m_SpotAngle: 30\n  m_InnerSpotAngle: "
                              "21.80208\n  m_Shadows:\n")
    assert "m_CookieSize" not in light


def test_extensions_create_components_through_the_api_in_the_project_editors_layout(sample: Path) -> None:
    from unitycli.api import SceneModel, UnityYamlFile, find_gameobject, new_component, pick_version

    garden = UnityYamlFile.read(sample / GARDEN)
    model = SceneModel(garden)
    hat = find_gameobject(model, "Player/Hat").file_id
    # 6000.3's MeshCollider is v5 (layer overrides); 2020.3's is v4 without them: each Editor's own layout
    new = new_component(model, hat, "MeshCollider", pick_version("6000.3.2f1"), {"m_Mesh": Ref(10202, "0" * 31 + "e",
                                                                                                0)})
    assert new.composed.omitted == [] and new.composed.sources["m_Mesh"] == "request"
    assert garden.get(new.file_id).text.split("\n", 2)[2] == _HEAD.format(go=hat) + (
        "  m_Material: {fileID: 0}\n  m_IncludeLayers:\n    serializedVersion: 2\n    m_Bits: 0\n"
        "  m_ExcludeLayers:\n    serializedVersion: 2\n    m_Bits: 0\n  m_LayerOverridePriority: 0\n"
        "  m_IsTrigger: 0\n  m_ProvidesContacts: 0\n  m_Enabled: 1\n  serializedVersion: 5\n  m_Convex: 0\n"
        "  m_CookingOptions: 30\n  m_Mesh: {fileID: 10202, guid: 0000000000000000000000000000000e, type: 0}\n")
    old = new_component(model, hat, "MeshCollider", pick_version("2020.3.48f1"), {})
    assert garden.get(old.file_id).text.split("\n", 2)[2] == _HEAD.format(go=hat) + (
        "  m_Material: {fileID: 0}\n  m_IsTrigger: 0\n  m_Enabled: 1\n  serializedVersion: 4\n  m_Convex: 0\n"
        "  m_CookingOptions: 30\n  m_Mesh: {fileID: 0}\n")
    with pytest.raises(UnityCliError) as err:  # a fact the Editor's layout has no field for is never written
        new_component(model, hat, "MeshCollider", pick_version("2020.3.48f1"), {"m_ProvidesContacts": 1})
    assert err.value.code == "E_LAYOUT_VERSION_UNKNOWN" and err.value.details["fields"] == ["m_ProvidesContacts"]


def test_values_come_from_another_file_of_the_project_holding_the_exact_layout(sample: Path) -> None:
    _set_version(sample, "2022.3.62f1")
    shutil.copyfile(fixture_path("chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"),
                    sample / "Assets/Scenes/Chicken.unity")
    out = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "AudioSource"}).output
    assert out["layout"]["serializedVersion"] == "4" and out["layout"]["omittedFields"] == []
    assert out["layout"]["valueSources"]["m_Volume"] == "project:Assets/Scenes/Chicken.unity &1895156710"
    audio = documents((sample / GARDEN).read_text())[out["fileID"]]
    chicken = documents((sample / "Assets/Scenes/Chicken.unity").read_text())[1895156710]
    assert audio.split("\n")[7:] == chicken.split("\n")[7:]
    # 6000.3's AudioSource has m_Resource: the 2022.3 document is no evidence there, and nothing shows m_Resource
    _set_version(sample, "6000.3.2f1")
    out = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player/Hat", "component": "AudioSource"}).output
    assert out["layout"]["omittedFields"] == ["m_Resource"]
    assert out["layout"]["valueSources"]["m_Volume"] == \
        "defaults:com.unity.multiplayer.samples.bitesize/Basic/2DSpaceShooter/Assets/Prefabs/Explosion.prefab &8200000"


def test_2d_components_take_cited_defaults_until_the_project_shows_them(sample: Path) -> None:
    body = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody2D"}).output
    assert set(body["layout"]["valueSources"].values()) >= {f"defaults:{_PLATFORMER} &5106022126906675312"}
    # no fixture body is Dynamic (the Platformer's are Static): the body type has no evidence and is left out
    assert "m_BodyType" in body["layout"]["omittedFields"]
    early = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player/Hat", "component": "BoxCollider2D"})
    assert {"m_Offset", "m_Size"} <= set(early.output["layout"]["omittedFields"])
    shutil.copyfile(fixture_path(_PLATFORMER), sample / "Assets/Scenes/Platformer.unity")
    box = run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "BoxCollider2D"}).output
    assert box["layout"]["valueSources"]["m_Size"].startswith("project:Assets/Scenes/Platformer.unity &")
    docs = documents((sample / GARDEN).read_text())
    assert docs[body["fileID"]].startswith(f"--- !u!50 &{body['fileID']}\nRigidbody2D:\n  serializedVersion: 5\n"
                                           "  m_ObjectHideFlags: 0\n")
    assert "  m_Size: {x: " in docs[box["fileID"]]


@pytest.mark.parametrize("component", ["Camera", "MeshRenderer", "MeshFilter", "SphereCollider", "CapsuleCollider",
                                       "MeshCollider", "Rigidbody", "BoxCollider"])
def test_each_built_in_component_adds_on_the_sample_in_its_unity_6_layout(sample: Path, component: str) -> None:
    node = "Debug Marker"
    out = assert_dry_run_matches_commit(sample, "component.add", {"file": GARDEN, "gameObject": node,
                                                                  "component": component}).output
    assert out["layout"]["verifiedBy"] == "typeTree" and out["layout"]["layoutFrom"] == "6000.0.25f1"
    doc = documents((sample / GARDEN).read_text())[out["fileID"]]
    assert doc.split("\n", 2)[1] == f"{component}:"


def test_a_script_is_added_by_class_name_or_guid_with_its_serialized_fields(minigolf: Path) -> None:
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    meta = (minigolf / "Assets/LlamAcademy/Minigolf/CompleteLevelEffects.cs.meta").read_text()
    guid = re.search(r"guid: (\w+)", meta).group(1)
    root = run(minigolf, "scene.hierarchy", {"file": scene, "depth": 0}).output["items"][0]
    out = run(minigolf, "component.add", {"file": scene, "gameObject": root["fileID"],
                                          "script": "CompleteLevelEffects"}).output
    assert out["class"] == "MonoBehaviour" and out["scriptGuid"] == guid
    doc = documents((minigolf / scene).read_text())[out["fileID"]]
    assert doc == (f"--- !u!114 &{out['fileID']}\nMonoBehaviour:\n" + _HEAD.format(go=root["fileID"])
                   + "  m_Enabled: 1\n  m_EditorHideFlags: 0\n"
                     f"  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}\n  m_Name: \n"
                     "  m_EditorClassIdentifier: \n  Effects: []\n")
    again = run(minigolf, "component.add", {"file": scene, "gameObject": root["fileID"], "script": guid}).output
    assert again["scriptGuid"] == guid
    listed = run(minigolf, "gameobject.get", {"file": scene, "gameObject": root["fileID"]}).output
    assert [c["script"] for c in listed["components"]].count("CompleteLevelEffects") == 2


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
    _set_version(project, "6000.3.2f1")  # no fixture project of 6000.3: its type tree verifies the layout
    assert run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First"}).output["path"] == "First"
    (project / "Assets/Empty.unity").write_text(text.split("--- ", 1)[0] + settings)
    _set_version(project, "4.7.2f1")  # older than the type-tree table: no layout, and no escape hatch
    with pytest.raises(UnityCliError) as err:
        run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First"})
    assert err.value.code == "E_LAYOUT_VERSION_UNKNOWN"
    with pytest.raises(UnityCliError) as err:
        run(project, "gameobject.create", {"file": "Assets/Empty.unity", "name": "First", "allowUnverified": True})
    assert err.value.code == "E_SCHEMA_INVALID"


def test_a_second_component_of_a_class_refused_a_second_time_is_refused_and_nothing_is_written(sample: Path) -> None:
    run(sample, "component.add", {"file": GARDEN, "gameObject": "Debug Marker", "component": "Rigidbody"})
    before = (sample / GARDEN).read_bytes()
    for component in ("Rigidbody", "Transform"):
        with pytest.raises(UnityCliError) as err:
            run(sample, "component.add", {"file": GARDEN, "gameObject": "Debug Marker", "component": component})
        assert err.value.code == "E_COMPONENT_UNSUPPORTED"
    assert (sample / GARDEN).read_bytes() == before
    # a class Unity allows several of (colliders) is added again
    run(sample, "component.add", {"file": GARDEN, "gameObject": "Debug Marker", "component": "BoxCollider"})
    run(sample, "component.add", {"file": GARDEN, "gameObject": "Debug Marker", "component": "BoxCollider"})
