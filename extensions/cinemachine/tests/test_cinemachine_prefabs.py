"""Cameras of the other fixture projects: what the layouts look like outside the two scenes.

- bitesize Experimental/DedicatedGameServer (lock 2.10.0): a CM2 vcam prefab whose `cm` child (hide flags 0, as in
  every prefab asset) holds a CinemachinePipeline, a Perlin noise and a Cinemachine3rdPersonFollow; its lens was
  written by an older Cinemachine (no ModeOverride, GateFit, FocusDistance).
- bitesize Basic/DistributedAuthoritySocialHub (lock 3.1.1): CMCameraPrefab (CinemachineCamera, streaming version
  20230301) and LocationEntrance, a CM2-layout CinemachineVirtualCamera inside a CM3 project (`m_Priority: -1`):
  the fields, not the project's major, decide the layout.
- VisualEffectGraph-Samples (manifest 2.10.1, HDRP): CM2 cameras whose lens has the HDRP fields.
"""

from __future__ import annotations

from cinemachine_testutil import replaced

from unitycli.testing import (
    assert_dry_run_matches_commit,
    changed_lines,
    copy_fixture_project,
    project_fixture,
    tool_output,
)

BITESIZE = "com.unity.multiplayer.samples.bitesize"
FOLLOW_PREFAB = "Assets/StarterAssets/ThirdPersonController/Prefabs/PlayerFollowCamera.prefab"
CM_CAMERA_PREFAB = "Assets/Prefabs/GameCam/CMCameraPrefab.prefab"
LOCATION_ENTRANCE = "Assets/Prefabs/Gameplay/LocationEntrance.prefab"


dedicated = project_fixture(f"{BITESIZE}/Experimental/DedicatedGameServer")
social_hub = project_fixture(f"{BITESIZE}/Basic/DistributedAuthoritySocialHub")


def test_cm2_prefab_body_and_noise_on_the_cm_child(dedicated):
    out = tool_output(dedicated, "cinemachine.get-camera", {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera"})
    assert (out["class"], out["layout"], out["pipelineGameObject"]) == (
        "CinemachineVirtualCamera", "cm2", "PlayerFollowCamera/cm")
    assert out["lens"] == {"fieldOfView": 40, "orthographicSize": 10, "nearClipPlane": 0.2, "farClipPlane": 500,
                           "dutch": 0, "modeOverride": None, "other": {"LensShift": {"x": 0, "y": 0}}}
    assert out["body"] == {
        "class": "Cinemachine3rdPersonFollow", "stage": "body", "fileID": 2070925442191277752,
        "gameObject": "PlayerFollowCamera/cm", "enabled": True,
        "settings": {"Damping": {"x": 0.1, "y": 0.25, "z": 0.3}, "ShoulderOffset": {"x": 1, "y": 0, "z": 0},
                     "VerticalArmLength": 0, "CameraSide": 0.6, "CameraDistance": 4,
                     "CameraCollisionFilter": {"serializedVersion": 2, "m_Bits": 1}, "IgnoreTag": "Player",
                     "CameraRadius": 0.15}}
    assert out["aim"] is None
    assert out["noise"] == {
        "class": "CinemachineBasicMultiChannelPerlin", "stage": "noise", "fileID": 2070925442191277753,
        "gameObject": "PlayerFollowCamera/cm", "enabled": True,
        "settings": {"m_NoiseProfile": {"fileID": 11400000, "guid": "46965f9cbaf525742a6da4c2172a99cd", "type": 2},
                     "m_PivotOffset": {"x": 0, "y": 0, "z": 1}, "m_AmplitudeGain": 0.5, "m_FrequencyGain": 0.3,
                     "mNoiseOffsets": {"x": -451.37964, "y": 684.7062, "z": 648.0488}}}


def test_set_lens_on_an_old_cm2_lens(dedicated):
    before = (dedicated / FOLLOW_PREFAB).read_text(encoding="utf-8")
    run = assert_dry_run_matches_commit(dedicated, "cinemachine.set-lens",
                                        {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera", "dutch": 3.5})
    after = (dedicated / FOLLOW_PREFAB).read_text(encoding="utf-8")
    changes = [("    Dutch: 0", "    Dutch: 3.5")]
    assert after == replaced(before, "--- !u!114 &2070925441746177913", changes)
    assert changed_lines(before, after) == changes
    assert run.output["changedFields"] == ["m_Lens.Dutch"]


def test_set_lens_inserts_a_field_an_old_file_lacks_in_cinemachine_order(dedicated):
    path = dedicated / FOLLOW_PREFAB
    original = path.read_text(encoding="utf-8")
    assert original.count("    Dutch: 0\n") == 1
    path.write_text(original.replace("    Dutch: 0\n", ""), encoding="utf-8")  # as if written before Dutch existed
    before = path.read_text(encoding="utf-8")
    run = assert_dry_run_matches_commit(dedicated, "cinemachine.set-lens",
                                        {"file": FOLLOW_PREFAB, "gameObject": "PlayerFollowCamera", "dutch": -2})
    assert run.output["changedFields"] == ["m_Lens.Dutch"]
    after = path.read_text(encoding="utf-8")
    assert changed_lines(before, after) == [("", "    Dutch: -2")]
    assert after == original.replace("    Dutch: 0\n", "    Dutch: -2\n")


def test_cm3_prefab_of_3_1_1(social_hub):
    out = tool_output(social_hub, "cinemachine.get-camera", {"file": CM_CAMERA_PREFAB, "gameObject": "CMCameraPrefab/CMFreeLook"})
    assert (out["class"], out["layout"], out["fileID"]) == ("CinemachineCamera", "cm3", 3556993396688157473)
    assert out["priority"] == {"value": 10, "stored": 10, "enabled": True, "legacyPriority": 0,
                               "streamingVersion": 20230301}
    assert (out["follow"], out["lookAt"], out["customLookAt"]) == (None, None, False)
    assert (out["body"]["class"], out["body"]["fileID"]) == ("CinemachineOrbitalFollow", 3344782713880715319)
    assert (out["aim"]["class"], out["aim"]["fileID"]) == ("CinemachineHardLookAt", 7779069950921544637)


def test_a_cm2_camera_in_a_cm3_project_keeps_the_cm2_layout(social_hub):
    listed = tool_output(social_hub, "cinemachine.list-cameras", {})
    assert [(c["file"], c["gameObject"], c["class"], c["layout"], c["priority"]) for c in listed["cameras"]] == [
        (CM_CAMERA_PREFAB, "CMCameraPrefab/CMFreeLook", "CinemachineCamera", "cm3", 10),
        (LOCATION_ENTRANCE, "LocationEntrance/CM vcam1", "CinemachineVirtualCamera", "cm2", -1)]
    before = (social_hub / LOCATION_ENTRANCE).read_text(encoding="utf-8")
    run = assert_dry_run_matches_commit(social_hub, "cinemachine.set-priority",
                                        {"file": LOCATION_ENTRANCE, "gameObject": "LocationEntrance/CM vcam1",
                                         "priority": 4})
    after = (social_hub / LOCATION_ENTRANCE).read_text(encoding="utf-8")
    changes = [("  m_Priority: -1", "  m_Priority: 4")]
    assert after == replaced(before, "--- !u!114 &9177227457611581011", changes)
    assert changed_lines(before, after) == changes
    assert (run.output["layout"], run.output["changedFields"]) == ("cm2", ["m_Priority"])
    read = tool_output(social_hub, "cinemachine.get-camera", {"file": LOCATION_ENTRANCE, "gameObject": "9177227457611581011"})
    assert read["priority"]["value"] == 4


BONFIRE = "Assets/Samples/BonFire/BonFire.unity"


def test_cm2_with_hdrp_lens_fields_in_the_vfx_samples(tmp_path):
    root = copy_fixture_project("vfx-samples", tmp_path)
    listed = tool_output(root, "cinemachine.list-cameras", {})
    assert [(c["file"], c["gameObject"], c["layout"]) for c in listed["cameras"]] == [
        (BONFIRE, "CM vcam1", "cm2"), ("Assets/Samples/Butterflies/Butterflies.unity", "CM vcam1", "cm2")]
    out = tool_output(root, "cinemachine.get-camera", {"file": BONFIRE, "gameObject": "CM vcam1"})
    assert out["lens"] == {
        "fieldOfView": 32, "orthographicSize": 10, "nearClipPlane": 0.1, "farClipPlane": 5000, "dutch": 0,
        "modeOverride": "None",
        "other": {"LensShift": {"x": 0, "y": 0}, "GateFit": 2, "FocusDistance": 10, "m_SensorSize": {"x": 1, "y": 1},
                  "Iso": 200, "ShutterSpeed": 0.005, "Aperture": 16, "BladeCount": 5, "Curvature": {"x": 2, "y": 11},
                  "BarrelClipping": 0.25, "Anamorphism": 0}}
    assert [(out[s]["class"], out[s]["gameObject"]) for s in ("body", "aim", "noise")] == [
        ("CinemachineTransposer", "CM vcam1/cm"), ("CinemachineComposer", "CM vcam1/cm"),
        ("CinemachineBasicMultiChannelPerlin", "CM vcam1/cm")]
    assert out["noise"]["settings"]["m_NoiseProfile"] == {"fileID": 11400000, "guid": "a3dacaec0287d7444b4bd276816e1666",
                                                          "type": 2}
    before = (root / BONFIRE).read_text(encoding="utf-8")
    assert_dry_run_matches_commit(root, "cinemachine.set-lens", {"file": BONFIRE, "gameObject": "CM vcam1",
                                                                 "fieldOfView": 35})
    after = (root / BONFIRE).read_text(encoding="utf-8")
    changes = [("    FieldOfView: 32", "    FieldOfView: 35")]
    assert after == replaced(before, "--- !u!114 &163453232", changes)
    assert changed_lines(before, after) == changes
