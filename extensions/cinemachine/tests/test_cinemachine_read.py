"""The read tools on the real fixture files: exact values as written in chicken-defense (2.9.7) and minigolf (3.1.2)."""

from __future__ import annotations

from cinemachine_testutil import CM2_SCENE, CM3_MENU, CM3_SCENE

from unitycli.testing import run_tool, tool_error, tool_output

CM2_REVISION = "sha256:533ad6d54c535a925fe2f6f1c6787d9bce30318ebab03b2b19ea4d8fa45074b5"
CM3_REVISION = "sha256:60069b821a17c80a11fb80c3150153e15639f7b02b25bf0338187d72f10362ad"


# --- list-cameras ---------------------------------------------------------------------------------------------

def test_list_cameras_cm2_scene(chicken_ro):
    out = tool_output(chicken_ro, "cinemachine.list-cameras", {"file": CM2_SCENE})
    assert out["cameras"] == [
        {"file": CM2_SCENE, "gameObject": "Virtual Camera", "gameObjectFileID": 1843731366, "fileID": 1843731367,
         "class": "CinemachineVirtualCamera", "layout": "cm2", "priority": 11, "follow": "Virtual Camera Target",
         "lookAt": "Virtual Camera Target", "enabled": True, "activeInHierarchy": False},
        {"file": CM2_SCENE, "gameObject": "Virtual Camera (MainMenu)", "gameObjectFileID": 938951684,
         "fileID": 938951685, "class": "CinemachineVirtualCamera", "layout": "cm2", "priority": 10,
         "follow": "Virtual Camera Target", "lookAt": "Virtual Camera Target", "enabled": True,
         "activeInHierarchy": True},
    ]
    assert out["brains"] == [{"file": CM2_SCENE, "gameObject": "Main Camera", "gameObjectFileID": 1895156700,
                              "fileID": 1895156704, "layout": "cm2", "enabled": True}]
    assert out["revisions"] == {CM2_SCENE: CM2_REVISION}
    assert out["skipped"] == []


def test_list_cameras_cm3_scene_by_unique_name(minigolf_ro):
    out = tool_output(minigolf_ro, "cinemachine.list-cameras", {"file": "Game"})
    assert out["cameras"] == [
        {"file": CM3_SCENE, "gameObject": "Virtual Camera", "gameObjectFileID": 1159824746, "fileID": 1159824753,
         "class": "CinemachineCamera", "layout": "cm3", "priority": 10, "follow": "Ball", "lookAt": "Ball",
         "enabled": True, "activeInHierarchy": True}]
    assert out["brains"] == [{"file": CM3_SCENE, "gameObject": "MainCamera", "gameObjectFileID": 72307227,
                              "fileID": 72307231, "layout": "cm3", "enabled": True}]
    assert out["revisions"] == {CM3_SCENE: CM3_REVISION}


def test_list_cameras_project_wide_finds_every_file_that_uses_cinemachine(minigolf_ro, chicken_ro):
    out = tool_output(minigolf_ro, "cinemachine.list-cameras", {})
    assert [(c["file"], c["gameObject"], c["fileID"]) for c in out["cameras"]] == [
        (CM3_SCENE, "Virtual Camera", 1159824753), (CM3_MENU, "Virtual Camera", 201687497)]
    assert [(b["file"], b["gameObject"]) for b in out["brains"]] == [(CM3_SCENE, "MainCamera"),
                                                                     (CM3_MENU, "MainCamera")]
    assert sorted(out["revisions"]) == [CM3_SCENE, CM3_MENU]
    cm2 = tool_output(chicken_ro, "cinemachine.list-cameras", {})
    assert [(c["file"], c["gameObject"]) for c in cm2["cameras"]] == [
        (CM2_SCENE, "Virtual Camera"), (CM2_SCENE, "Virtual Camera (MainMenu)")]
    assert list(cm2["revisions"]) == [CM2_SCENE]


# --- get-camera -----------------------------------------------------------------------------------------------

def test_get_camera_cm2_reads_body_and_aim_on_the_hidden_cm_child(chicken_ro):
    out = tool_output(chicken_ro, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})
    assert {k: out[k] for k in ("file", "gameObject", "gameObjectFileID", "fileID", "class", "layout", "enabled",
                                "activeInHierarchy", "customLookAt", "pipelineGameObject", "revision")} == {
        "file": CM2_SCENE, "gameObject": "Virtual Camera", "gameObjectFileID": 1843731366, "fileID": 1843731367,
        "class": "CinemachineVirtualCamera", "layout": "cm2", "enabled": True, "activeInHierarchy": False,
        "customLookAt": None, "pipelineGameObject": "Virtual Camera/cm", "revision": CM2_REVISION}
    assert out["priority"] == {"value": 11, "stored": 11, "enabled": None, "legacyPriority": None,
                               "streamingVersion": 20170927}
    target = {"fileID": 855074659, "guid": None, "gameObject": "Virtual Camera Target"}
    assert (out["follow"], out["lookAt"]) == (target, target)
    assert out["lens"] == {"fieldOfView": 45, "orthographicSize": 10, "nearClipPlane": 0.1, "farClipPlane": 5000,
                           "dutch": 0, "modeOverride": "None",
                           "other": {"LensShift": {"x": 0, "y": 0}, "GateFit": 2, "FocusDistance": 10,
                                     "m_SensorSize": {"x": 1, "y": 1}}}
    assert out["body"] == {
        "class": "CinemachineTransposer", "stage": "body", "fileID": 578736095, "gameObject": "Virtual Camera/cm",
        "enabled": True,
        "settings": {"m_BindingMode": 0, "m_FollowOffset": {"x": 0, "y": 10, "z": -8}, "m_XDamping": 0,
                     "m_YDamping": 0, "m_ZDamping": 0, "m_AngularDampingMode": 0, "m_PitchDamping": 0,
                     "m_YawDamping": 0, "m_RollDamping": 0, "m_AngularDamping": 0}}
    assert out["aim"]["class"] == "CinemachineComposer"
    assert (out["aim"]["fileID"], out["aim"]["gameObject"]) == (578736094, "Virtual Camera/cm")
    assert out["aim"]["settings"] == {
        "m_TrackedObjectOffset": {"x": 0, "y": 0, "z": 0}, "m_LookaheadTime": 0, "m_LookaheadSmoothing": 0,
        "m_LookaheadIgnoreY": 0, "m_HorizontalDamping": 0.5, "m_VerticalDamping": 0.5, "m_ScreenX": 0.5,
        "m_ScreenY": 0.5, "m_DeadZoneWidth": 0, "m_DeadZoneHeight": 0, "m_SoftZoneWidth": 0.8,
        "m_SoftZoneHeight": 0.8, "m_BiasX": 0, "m_BiasY": 0, "m_CenterOnActivate": 1}
    assert out["noise"] is None
    assert out["otherComponents"] == []


def test_get_camera_cm2_with_an_empty_pipeline_by_component_file_id(chicken_ro):
    out = tool_output(chicken_ro, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "938951685"})
    assert (out["gameObject"], out["pipelineGameObject"]) == ("Virtual Camera (MainMenu)", "Virtual Camera (MainMenu)/cm")
    assert (out["body"], out["aim"], out["noise"], out["otherComponents"]) == (None, None, None, [])
    assert out["priority"]["value"] == 10


def test_get_camera_cm3_reads_components_on_the_camera_gameobject(minigolf_ro):
    out = tool_output(minigolf_ro, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": 1159824746})
    assert (out["class"], out["layout"], out["pipelineGameObject"], out["revision"]) == (
        "CinemachineCamera", "cm3", None, CM3_REVISION)
    assert out["priority"] == {"value": 10, "stored": 10, "enabled": True, "legacyPriority": 0,
                               "streamingVersion": 20241001}
    ball = {"fileID": 1515914403, "guid": None, "gameObject": "Ball"}
    assert (out["follow"], out["lookAt"], out["customLookAt"]) == (ball, ball, False)
    assert out["lens"] == {
        "fieldOfView": 55, "orthographicSize": 10, "nearClipPlane": 0.1, "farClipPlane": 5000, "dutch": 0,
        "modeOverride": "None",
        "other": {"PhysicalProperties": {"GateFit": 2, "SensorSize": {"x": 1, "y": 1}, "LensShift": {"x": 0, "y": 0},
                                         "FocusDistance": 10, "Iso": 200, "ShutterSpeed": 0.005, "Aperture": 16,
                                         "BladeCount": 5, "Curvature": {"x": 2, "y": 11}, "BarrelClipping": 0.25,
                                         "Anamorphism": 0}}}
    body = out["body"]
    assert (body["class"], body["stage"], body["fileID"], body["gameObject"]) == (
        "CinemachineOrbitalFollow", "body", 1159824752, "Virtual Camera")
    assert body["settings"]["TargetOffset"] == {"x": 0, "y": 2, "z": 0}
    assert body["settings"]["TrackerSettings"] == {"BindingMode": 0, "PositionDamping": {"x": 0.1, "y": 0.1, "z": 0.1},
                                                   "AngularDampingMode": 0, "RotationDamping": {"x": 0, "y": 0, "z": 0},
                                                   "QuaternionDamping": 0}
    assert (body["settings"]["OrbitStyle"], body["settings"]["Radius"]) == (0, 3)
    assert body["settings"]["HorizontalAxis"]["Value"] == -180
    assert out["aim"] == {"class": "CinemachineHardLookAt", "stage": "aim", "fileID": 1159824754,
                          "gameObject": "Virtual Camera", "enabled": True,
                          "settings": {"LookAtOffset": {"x": 0, "y": 0, "z": 0}}}
    assert out["noise"] is None
    assert [(c["class"], c["stage"], c["fileID"]) for c in out["otherComponents"]] == [
        ("CinemachineInputAxisController", "other", 1159824750)]
    controllers = out["otherComponents"][0]["settings"]["m_ControllerManager"]["Controllers"]
    assert [c["Name"] for c in controllers] == ["Look Orbit X", "Look Orbit Y", "Orbit Scale"]


def test_get_camera_not_found_lists_the_cameras_that_exist(chicken_ro, minigolf_ro):
    err = tool_error(chicken_ro, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Main Camera"})
    assert err["code"] == "E_CAMERA_NOT_FOUND"
    assert err["details"]["cameras"] == [
        {"gameObject": "Virtual Camera", "gameObjectFileID": 1843731366, "fileID": 1843731367,
         "class": "CinemachineVirtualCamera"},
        {"gameObject": "Virtual Camera (MainMenu)", "gameObjectFileID": 938951684, "fileID": 938951685,
         "class": "CinemachineVirtualCamera"}]
    err = tool_error(minigolf_ro, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "No Such Camera"})
    assert err["code"] == "E_CAMERA_NOT_FOUND"
    assert [c["fileID"] for c in err["details"]["cameras"]] == [1159824753]
    assert err["nextActions"][0].startswith("unitycli tools run cinemachine.list-cameras")


# --- get-brain ------------------------------------------------------------------------------------------------

def test_get_brain_cm2(chicken_ro):
    out = tool_output(chicken_ro, "cinemachine.get-brain", {"file": CM2_SCENE})
    assert out == {
        "file": CM2_SCENE, "gameObject": "Main Camera", "gameObjectFileID": 1895156700, "fileID": 1895156704,
        "layout": "cm2", "enabled": True, "updateMethod": "SmartUpdate", "blendUpdateMethod": "LateUpdate",
        "defaultBlend": {"style": "EaseOut", "time": 2, "customCurveKeys": 0}, "customBlends": None,
        "showDebugText": False, "showCameraFrustum": True, "ignoreTimeScale": False, "worldUpOverride": None,
        "channelMask": None, "lensModeOverride": None, "revision": CM2_REVISION}


def test_get_brain_cm3(minigolf_ro):
    out = tool_output(minigolf_ro, "cinemachine.get-brain", {"file": CM3_SCENE, "gameObject": "MainCamera"})
    assert out == {
        "file": CM3_SCENE, "gameObject": "MainCamera", "gameObjectFileID": 72307227, "fileID": 72307231,
        "layout": "cm3", "enabled": True, "updateMethod": "SmartUpdate", "blendUpdateMethod": "LateUpdate",
        "defaultBlend": {"style": "EaseInOut", "time": 2, "customCurveKeys": 0}, "customBlends": None,
        "showDebugText": False, "showCameraFrustum": True, "ignoreTimeScale": False, "worldUpOverride": None,
        "channelMask": -1, "lensModeOverride": {"enabled": False, "defaultMode": "Perspective"},
        "revision": CM3_REVISION}


def test_get_brain_on_a_gameobject_without_one(minigolf_ro):
    err = tool_error(minigolf_ro, "cinemachine.get-brain", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})
    assert err["code"] == "E_BRAIN_NOT_FOUND"
    assert err["details"]["brains"] == [{"gameObject": "MainCamera", "gameObjectFileID": 72307227,
                                         "fileID": 72307231}]


def test_read_tools_never_write(chicken_ro):
    run = run_tool(chicken_ro, "cinemachine.get-camera", {"file": CM2_SCENE, "gameObject": "Virtual Camera"})
    assert run.ok and run.diffs == {}


def _duplicate(text: str, file_id: int, new_id: int, after_component: int) -> str:
    """The scene with document &file_id copied as &new_id and listed on the same GameObject (after a component)."""
    start = text.index(f"--- !u!114 &{file_id}\n")
    end = text.index("\n--- ", start) + 1
    copy = text[start:end].replace(f"&{file_id}\n", f"&{new_id}\n", 1)
    text = text[:end] + copy + text[end:]
    listed = f"  - component: {{fileID: {after_component}}}\n"
    return text.replace(listed, listed + f"  - component: {{fileID: {new_id}}}\n", 1)


def test_two_cameras_on_one_gameobject_and_two_brains_are_ambiguous(minigolf):
    path = minigolf / CM3_SCENE
    text = _duplicate(path.read_text(encoding="utf-8"), 1159824753, 1159824799, 1159824750)
    path.write_text(_duplicate(text, 72307231, 72307299, 72307231), encoding="utf-8")
    err = tool_error(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "Virtual Camera"})
    assert err["code"] == "E_CAMERA_AMBIGUOUS"
    assert [c["fileID"] for c in err["details"]["cameras"]] == [1159824753, 1159824799]
    assert tool_output(minigolf, "cinemachine.get-camera", {"file": CM3_SCENE, "gameObject": "1159824799"})["fileID"] == (
        1159824799)
    err = tool_error(minigolf, "cinemachine.get-brain", {"file": CM3_SCENE})
    assert err["code"] == "E_BRAIN_AMBIGUOUS"
    assert [b["fileID"] for b in err["details"]["brains"]] == [72307231, 72307299]
    assert tool_output(minigolf, "cinemachine.get-brain", {"file": CM3_SCENE, "gameObject": 72307299})["fileID"] == 72307299


def test_a_camera_in_neither_layout_is_refused_and_skipped_project_wide(chicken):
    path = chicken / CM2_SCENE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  m_Priority: 11\n", "  m_SomethingElse: 11\n", 1), encoding="utf-8")
    err = tool_error(chicken, "cinemachine.list-cameras", {"file": CM2_SCENE})
    assert err["code"] == "E_CINEMACHINE_LAYOUT_UNKNOWN"
    assert err["details"] == {"file": CM2_SCENE, "fileID": 1843731367}
    out = tool_output(chicken, "cinemachine.list-cameras", {})
    assert out["cameras"] == [] and out["revisions"] == {}
    assert [(s["path"], s["code"]) for s in out["skipped"]] == [(CM2_SCENE, "E_CINEMACHINE_LAYOUT_UNKNOWN")]
