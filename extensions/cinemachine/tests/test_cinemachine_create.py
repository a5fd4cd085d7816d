"""create-camera on the real fixture files: only lines are added (the rest byte-identical), each preset writes the
components the package's menu creates for the installed major, and get-camera reads the new camera back."""

from __future__ import annotations

import re
import shutil

import pytest
from cinemachine_testutil import CM2_SCENE, CM3_MENU, CM3_SCENE

from unitycli.testing import (
    assert_dry_run_matches_commit,
    changed_lines,
    copy_fixture_project,
    tool_error,
    tool_output,
)

SAMPLE_SCENE = "Assets/Scenes/SampleScene.unity"  # chicken-defense, written by Unity before 2022.2 (m_RootOrder)


def _docs(text: str) -> dict[int, str]:
    return {int(m.group(1)): m.group(0) for m in re.finditer(r"(?ms)^--- !u!\d+ &(\d+)[^\n]*\n.*?(?=^--- |\Z)", text)}


def _create(root, data):
    file = data["file"]
    before = (root / file).read_text()
    committed = assert_dry_run_matches_commit(root, "cinemachine.create-camera", data)
    after = (root / file).read_text()
    assert list(committed.diffs) == [file]
    pairs = changed_lines(before, after)
    assert pairs and all(old == "" for old, _new in pairs), "create-camera only adds lines"
    new_ids = {int(f.rsplit("&", 1)[1]) for f in committed.output["changedFields"]}
    old_docs, new_docs = _docs(before), _docs(after)
    assert set(new_docs) - set(old_docs) == new_ids
    return committed.output, before, after, {i: new_docs[i] for i in new_ids}


def _head(go: int, guid: str, hide: int = 0, enabled: int = 1) -> str:
    return (f"MonoBehaviour:\n  m_ObjectHideFlags: {hide}\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
            f"  m_PrefabInstance: {{fileID: 0}}\n  m_PrefabAsset: {{fileID: 0}}\n  m_GameObject: {{fileID: {go}}}\n"
            f"  m_Enabled: {enabled}\n  m_EditorHideFlags: 0\n"
            f"  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}\n  m_Name: \n  m_EditorClassIdentifier: \n")


def test_create_follow_camera_cm2(chicken):
    out, before, after, added = _create(chicken, {"file": CM2_SCENE, "preset": "follow",
                                                  "target": "Virtual Camera Target"})
    assert (out["layout"], out["class"], out["gameObject"], out["pipelineGameObject"]) == (
        "cm2", "CinemachineVirtualCamera", "Virtual Camera (1)", "Virtual Camera (1)/cm")
    assert [c["class"] for c in out["components"]] == ["CinemachineVirtualCamera", "CinemachinePipeline",
                                                      "CinemachineComposer", "CinemachineTransposer"]
    go, cam = out["gameObjectFileID"], out["fileID"]
    vcam, pipe, composer, transposer = (c["fileID"] for c in out["components"])
    cm_go = next(i for i, t in added.items() if "\n  m_Name: cm\n" in t)
    cm_tf = next(i for i, t in added.items() if t.startswith(f"--- !u!4 &{i}\n") and f"m_GameObject: {{fileID: {cm_go}}}" in t)
    go_tf = next(i for i, t in added.items() if t.startswith(f"--- !u!4 &{i}\n") and i != cm_tf)
    assert added[vcam] == f"--- !u!114 &{vcam}\n" + _head(go, "45e653bab7fb20e499bda25e1b646fea") + f"""\
  m_ExcludedPropertiesInInspector:
  - m_Script
  m_LockStageInInspector:{' '}
  m_StreamingVersion: 20170927
  m_Priority: 10
  m_StandbyUpdate: 2
  m_LookAt: {{fileID: 855074659}}
  m_Follow: {{fileID: 855074659}}
  m_Lens:
    FieldOfView: 45
    OrthographicSize: 10
    NearClipPlane: 0.1
    FarClipPlane: 5000
    Dutch: 0
    ModeOverride: 0
    LensShift: {{x: 0, y: 0}}
    GateFit: 2
    FocusDistance: 10
    m_SensorSize: {{x: 1, y: 1}}
  m_Transitions:
    m_BlendHint: 0
    m_InheritPosition: 0
    m_OnCameraLive:
      m_PersistentCalls:
        m_Calls: []
  m_LegacyBlendHint: 0
  m_ComponentOwner: {{fileID: {cm_tf}}}
"""
    assert added[cm_go] == f"""--- !u!1 &{cm_go}
GameObject:
  m_ObjectHideFlags: 3
  m_CorrespondingSourceObject: {{fileID: 0}}
  m_PrefabInstance: {{fileID: 0}}
  m_PrefabAsset: {{fileID: 0}}
  serializedVersion: 6
  m_Component:
  - component: {{fileID: {cm_tf}}}
  - component: {{fileID: {pipe}}}
  - component: {{fileID: {composer}}}
  - component: {{fileID: {transposer}}}
  m_Layer: 0
  m_Name: cm
  m_TagString: Untagged
  m_Icon: {{fileID: 0}}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
"""
    assert "  m_ObjectHideFlags: 3\n" in added[cm_tf] and f"  m_Father: {{fileID: {go_tf}}}\n" in added[cm_tf]
    assert f"  m_Children:\n  - {{fileID: {cm_tf}}}\n" in added[go_tf]
    assert added[pipe] == f"--- !u!114 &{pipe}\n" + _head(cm_go, "ac0b09e7857660247b1477e93731de29", hide=3)
    # the menu's Composer equals the chicken-defense one (&578736094) field for field
    old = _docs(before)[578736094]
    assert added[composer].split("m_EditorClassIdentifier: \n")[1] == old.split("m_EditorClassIdentifier: \n")[1]
    assert "  m_BindingMode: 1\n  m_FollowOffset: {x: 0, y: 0, z: -10}\n  m_XDamping: 1\n" in added[transposer]
    # the rest of the file: the new root is listed last in SceneRoots
    assert changed_lines(before, after)[-1] == ("", f"  - {{fileID: {go_tf}}}")
    read = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera (1)"})
    assert (read["fileID"], read["follow"]["gameObject"], read["lookAt"]["gameObject"], read["priority"]["value"]) == (
        cam, "Virtual Camera Target", "Virtual Camera Target", 10)
    assert (read["body"]["class"], read["aim"]["class"], read["pipelineGameObject"]) == (
        "CinemachineTransposer", "CinemachineComposer", "Virtual Camera (1)/cm")
    listed = tool_output(chicken, "cinemachine.list-cameras", {"file": CM2_SCENE})["cameras"]
    assert [c["gameObject"] for c in listed][-1] == "Virtual Camera (1)"


def test_create_follow_camera_cm3(minigolf):
    out, before, _after, added = _create(minigolf, {"file": CM3_SCENE, "preset": "follow", "target": "Ball"})
    assert (out["layout"], out["class"], out["gameObject"], out["pipelineGameObject"]) == (
        "cm3", "CinemachineCamera", "CinemachineCamera", None)
    go = out["gameObjectFileID"]
    cam, follow, composer = (c["fileID"] for c in out["components"])
    assert [c["class"] for c in out["components"]] == ["CinemachineCamera", "CinemachineFollow",
                                                      "CinemachineRotationComposer"]
    assert added[cam] == f"--- !u!114 &{cam}\n" + _head(go, "f9dfa5b682dcd46bda6128250e975f58") + """\
  Priority:
    Enabled: 0
    m_Value: 0
  OutputChannel: 1
  StandbyUpdate: 2
  m_StreamingVersion: 20241001
  m_LegacyPriority: 0
  Target:
    TrackingTarget: {fileID: 1515914403}
    LookAtTarget: {fileID: 0}
    CustomLookAtTarget: 0
  Lens:
    FieldOfView: 55
    OrthographicSize: 10
    NearClipPlane: 0.1
    FarClipPlane: 5000
    Dutch: 0
    ModeOverride: 0
    PhysicalProperties:
      GateFit: 2
      SensorSize: {x: 21.946, y: 16.002}
      LensShift: {x: 0, y: 0}
      FocusDistance: 10
      Iso: 200
      ShutterSpeed: 0.005
      Aperture: 16
      BladeCount: 5
      Curvature: {x: 2, y: 11}
      BarrelClipping: 0.25
      Anamorphism: 0
  BlendHint: 0
"""
    assert added[follow] == f"--- !u!114 &{follow}\n" + _head(go, "b617507da6d07e749b7efdb34e1173e1") + """\
  TrackerSettings:
    BindingMode: 4
    PositionDamping: {x: 1, y: 1, z: 1}
    AngularDampingMode: 0
    RotationDamping: {x: 1, y: 1, z: 1}
    QuaternionDamping: 1
  FollowOffset: {x: 0, y: 0, z: -10}
"""
    assert "  Damping: {x: 0.5, y: 0.5}\n" in added[composer]
    assert f"  m_Component:\n  - component: {{fileID: {next(i for i, t in added.items() if t.startswith(f'--- !u!4 &{i}'))}}}\n" \
           f"  - component: {{fileID: {cam}}}\n  - component: {{fileID: {follow}}}\n" \
           f"  - component: {{fileID: {composer}}}\n  m_Layer: 0\n  m_Name: CinemachineCamera\n" in added[go]
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "CinemachineCamera"})
    assert (read["follow"]["gameObject"], read["lookAt"]["gameObject"], read["customLookAt"]) == ("Ball", "Ball", False)
    assert (read["body"]["class"], read["aim"]["class"], read["lens"]["fieldOfView"]) == (
        "CinemachineFollow", "CinemachineRotationComposer", 55)


def test_create_orbital_camera_cm3_writes_the_free_look_menu_components(minigolf):
    out, _before, _after, added = _create(minigolf, {"file": CM3_SCENE, "preset": "orbital", "target": "Ball",
                                                     "ensureBrain": True})
    assert out["gameObject"] == "FreeLook Camera" and out["brain"] is None  # the scene has a brain already
    classes = [c["class"] for c in out["components"]]
    assert classes == ["CinemachineCamera", "CinemachineOrbitalFollow", "CinemachineRotationComposer",
                       "CinemachineInputAxisController", "CinemachineFreeLookModifier"]
    go = out["gameObjectFileID"]
    ids = dict(zip(classes, (c["fileID"] for c in out["components"]), strict=True))
    assert "  OrbitStyle: 1\n  Radius: 10\n" in added[ids["CinemachineOrbitalFollow"]]
    assert added[ids["CinemachineInputAxisController"]].endswith(
        _head(go, "89875cdc57c54474a8a74efd9b2a3b5d") + "  ScanRecursively: 1\n  SuppressInputWhileBlending: 1\n"
        "  IgnoreTimeScale: 0\n  m_ControllerManager:\n    Controllers: []\n  PlayerIndex: -1\n  AutoEnableInputs: 1\n")
    # 3.1.2: no Easing (3.1.4+), disabled as the menu leaves it
    assert added[ids["CinemachineFreeLookModifier"]].endswith(
        _head(go, "a076c17fe76165e4f8ed21498b877bf9", enabled=0) +
        "  Modifiers: []\n  references:\n    version: 2\n    RefIds: []\n")
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "FreeLook Camera"})
    assert (read["body"]["class"], read["aim"]["class"]) == ("CinemachineOrbitalFollow", "CinemachineRotationComposer")
    assert sorted(c["class"] for c in read["otherComponents"]) == ["CinemachineFreeLookModifier",
                                                                   "CinemachineInputAxisController"]


def test_create_look_at_third_person_and_static_cm3(minigolf):
    out, *_ = _create(minigolf, {"file": CM3_SCENE, "preset": "look-at", "target": "Ball", "name": "Watcher"})
    read = tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Watcher"})
    assert (read["follow"], read["lookAt"]["gameObject"], read["customLookAt"], read["body"], read["aim"]["class"]) == (
        None, "Ball", True, None, "CinemachineRotationComposer")
    out, _b, _a, added = _create(minigolf, {"file": CM3_SCENE, "preset": "third-person", "target": "Ball"})
    body = added[out["components"][1]["fileID"]]
    assert "  ShoulderOffset: {x: 0.8, y: -0.4, z: 0}\n  VerticalArmLength: 1.2\n  CameraSide: 1\n  CameraDistance: 4\n" in body
    assert [c["class"] for c in out["components"]] == ["CinemachineCamera", "CinemachineThirdPersonFollow",
                                                      "CinemachineThirdPersonAim"]
    assert out["gameObject"] == "Third Person Aim Camera"
    out, *_ = _create(minigolf, {"file": CM3_SCENE, "preset": "static"})
    assert [c["class"] for c in out["components"]] == ["CinemachineCamera"] and out["follow"] is None


def test_create_static_and_third_person_cm2_and_a_brain_for_a_scene_without_one(chicken):
    out, _b, _a, added = _create(chicken, {"file": SAMPLE_SCENE, "preset": "static", "ensureBrain": True})
    assert [c["class"] for c in out["components"]] == ["CinemachineVirtualCamera", "CinemachinePipeline"]
    assert out["brain"]["gameObject"] == "Main Camera"
    brain = added[out["brain"]["fileID"]]
    assert "  m_UpdateMethod: 2\n  m_BlendUpdateMethod: 1\n  m_DefaultBlend:\n    m_Style: 1\n    m_Time: 2\n" in brain
    # an old-format scene (its Transforms carry m_RootOrder) of a 2022.3.17f1 project: the new root Transform is
    # that Editor's serializedVersion 2 layout, which has no m_RootOrder
    tf = next(t for i, t in added.items() if t.startswith(f"--- !u!4 &{i}\n") and "m_Father: {fileID: 0}" in t)
    assert "\n  m_RootOrder: " not in tf and "\n  serializedVersion: 2\n" in tf
    read = tool_output(chicken, "cinemachine.get-brain", {"file": SAMPLE_SCENE})
    assert read["gameObject"] == "Main Camera" and read["layout"] == "cm2"
    out, *_ = _create(chicken, {"file": CM2_SCENE, "preset": "third-person", "target": "Virtual Camera Target",
                                "ensureBrain": True})
    assert out["brain"] is None
    read = tool_output(chicken, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": out["gameObject"]})
    assert (read["body"]["class"], read["aim"], read["follow"]["gameObject"], read["lookAt"]) == (
        "Cinemachine3rdPersonFollow", None, "Virtual Camera Target", None)
    assert read["body"]["settings"]["DampingFromCollision"] == 2  # the physics module is installed


def test_ensure_brain_cm3_adds_the_cm3_brain(minigolf):
    path = minigolf / CM3_MENU
    text = path.read_text()
    brain = re.search(r"(?ms)^--- !u!114 &(\d+)\n(?:(?!^--- ).)*guid: 72ece51f2901e7445ab60da3685d6b5f.*?(?=^--- )", text)
    text = text.replace(brain.group(0), "").replace(f"  - component: {{fileID: {brain.group(1)}}}\n", "")
    path.write_text(text)
    out, *_ = _create(minigolf, {"file": CM3_MENU, "preset": "static", "ensureBrain": True})
    assert out["brain"]["gameObject"] == "MainCamera"
    read = tool_output(minigolf, "cinemachine.get-brain", {"file": CM3_MENU})
    assert (read["layout"], read["updateMethod"], read["defaultBlend"]["style"], read["channelMask"]) == (
        "cm3", "SmartUpdate", "EaseInOut", -1)


@pytest.mark.parametrize("data, code", [
    ({"preset": "dolly"}, "E_CINEMACHINE_PRESET_INVALID"),
    ({"preset": "follow", "target": "Nowhere"}, "E_GAMEOBJECT_NOT_FOUND"),
])
def test_create_refuses(minigolf, data, code):
    before = (minigolf / CM3_SCENE).read_bytes()
    err = tool_error(minigolf, "cinemachine.create-camera", {"file": CM3_SCENE, **data})
    assert err["code"] == code
    if code == "E_CINEMACHINE_PRESET_INVALID":
        assert err["details"]["presets"] == ["follow", "third-person", "orbital", "look-at", "static"]
    assert (minigolf / CM3_SCENE).read_bytes() == before


def test_ensure_brain_in_a_prefab_without_a_camera(tmp_path):
    root = copy_fixture_project("com.unity.multiplayer.samples.bitesize/Basic/ClientDriven", tmp_path)
    prefab = "Assets/StarterAssets/ThirdPersonController/Prefabs/PlayerFollowCamera.prefab"
    err = tool_error(root, "cinemachine.create-camera", {"file": prefab, "preset": "static", "ensureBrain": True})
    assert err["code"] == "E_CINEMACHINE_MAIN_CAMERA_NOT_FOUND"
    out = tool_output(root, "cinemachine.create-camera", {"file": prefab, "preset": "follow"})
    assert out["gameObject"] == "PlayerFollowCamera/CinemachineCamera"  # under the prefab's root


def test_a_3_1_1_project_gets_its_streaming_version(tmp_path):
    root = copy_fixture_project("com.unity.multiplayer.samples.bitesize/Basic/DistributedAuthoritySocialHub", tmp_path)
    prefab = "Assets/Prefabs/GameCam/CMCameraPrefab.prefab"
    out, _b, _a, added = _create(root, {"file": prefab, "preset": "static"})
    assert out["gameObject"] == "CMCameraPrefab/CinemachineCamera"
    assert "  m_StreamingVersion: 20230301\n" in added[out["fileID"]]  # kStreamingVersion of 3.1.0-3.1.1
    read = tool_output(root, "cinemachine.get-camera", {"file": prefab, "gameObject": out["fileID"]})
    assert read["priority"]["streamingVersion"] == 20230301


def test_free_look_modifier_easing_only_from_3_1_4():
    from unitycli_cinemachine.components import Options, free_look_modifier

    assert free_look_modifier(Options(easing=True)) == {"Easing": 0, "Modifiers": []}
    assert free_look_modifier(Options(easing=False)) == {"Modifiers": []}


EMPTY_SCENE = "Assets/Empty.unity"
EMPTY_SCENE_META = ("fileFormatVersion: 2\nguid: 0123456789abcdef0123456789abcdef\nDefaultImporter:\n"
                    "  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")


def _empty_scene(root) -> None:
    """A scene with only SampleScene's settings documents: no GameObject or Transform whose layout to copy."""
    sample = (root / SAMPLE_SCENE).read_text()
    (root / EMPTY_SCENE).write_text(sample[:sample.index("--- !u!1 &")])
    (root / (EMPTY_SCENE + ".meta")).write_text(EMPTY_SCENE_META)


def _root_transform(root) -> str:
    out, _before, _after, added = _create(root, {"file": EMPTY_SCENE, "preset": "static"})
    camera_go = out["gameObjectFileID"]
    return next(text for text in added.values()
                if text.startswith("--- !u!4 &") and f"  m_GameObject: {{fileID: {camera_go}}}\n" in text)


def _transform(tf: int, go: int, child: int, *, layout_2022: bool) -> str:
    return (f"--- !u!4 &{tf}\nTransform:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
            f"  m_PrefabInstance: {{fileID: 0}}\n  m_PrefabAsset: {{fileID: 0}}\n  m_GameObject: {{fileID: {go}}}\n"
            + ("  serializedVersion: 2\n" if layout_2022 else "")
            + "  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}\n  m_LocalPosition: {x: 0, y: 0, z: 0}\n"
            "  m_LocalScale: {x: 1, y: 1, z: 1}\n  m_ConstrainProportionsScale: 0\n"
            f"  m_Children:\n  - {{fileID: {child}}}\n  m_Father: {{fileID: 0}}\n"
            + ("" if layout_2022 else "  m_RootOrder: 0\n")
            + "  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}\n")


def _ids(text: str) -> tuple[int, int, int]:
    tf = int(re.match(r"--- !u!4 &(\d+)", text).group(1))
    go = int(re.search(r"m_GameObject: \{fileID: (\d+)\}", text).group(1))
    child = int(re.search(r"m_Children:\n  - \{fileID: (\d+)\}", text).group(1))
    return tf, go, child


def test_an_empty_scene_gets_the_transform_layout_of_its_unity_version(chicken):
    """No GameObject in the file to copy from: chicken-defense's Unity 2022.3 decides (serializedVersion 2, no
    m_RootOrder), even though its SampleScene was saved by an older Editor with m_RootOrder."""
    _empty_scene(chicken)
    text = _root_transform(chicken)
    assert text == _transform(*_ids(text), layout_2022=True)


def test_an_empty_scene_of_an_older_unity_gets_the_layout_its_project_files_show(chicken):
    """Unity 2021.3 is in no layout table: the project's own first scene (saved with m_RootOrder and no
    serializedVersion) is the evidence, not the newest layout the core knows."""
    (chicken / "ProjectSettings" / "ProjectVersion.txt").write_text("m_EditorVersion: 2021.3.30f1\n")
    shutil.copyfile(chicken / SAMPLE_SCENE, chicken / "Assets" / "0 Old.unity")
    _empty_scene(chicken)
    text = _root_transform(chicken)
    assert text == _transform(*_ids(text), layout_2022=False)
