"""cinemachine.check and the `extensions doctor` entries on the real fixtures (and on copies broken on purpose)."""

from __future__ import annotations

import unitycli_cinemachine
from cinemachine_testutil import CM2_SCENE, CM3_SCENE

from unitycli.api import DoctorReport
from unitycli.testing import copy_fixture_project, tool_output

SOCIAL_HUB = "com.unity.multiplayer.samples.bitesize/Basic/DistributedAuthoritySocialHub"
LOCATION_ENTRANCE = "Assets/Prefabs/Gameplay/LocationEntrance.prefab"


def _doctor(root) -> dict[str, tuple[str, str]]:
    report = DoctorReport(project=str(root) if root else None)
    unitycli_cinemachine.unitycli_doctor_checks(report=report)
    return {c.name: (c.status, c.message) for c in report.checks}


def test_a_clean_cm3_project(minigolf):
    out = tool_output(minigolf, "cinemachine.check", {})
    assert out["ok"] is True and out["findings"] == [] and out["skipped"] == []
    assert out["files"] == [CM3_SCENE, "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"]
    assert {name: status for name, (status, _m) in _doctor(minigolf).items()} == {
        "cinemachine.legacy-class": "pass", "cinemachine.no-brain": "pass", "cinemachine.broken-target": "pass",
        "cinemachine.equal-priority": "pass"}


def test_cm2_classes_in_a_cm3_project(tmp_path):
    root = copy_fixture_project(SOCIAL_HUB, tmp_path)
    out = tool_output(root, "cinemachine.check", {"file": LOCATION_ENTRANCE})
    assert [(f["check"], f["gameObject"], f["details"]) for f in out["findings"]] == [
        ("legacy-class", "LocationEntrance/CM vcam1", {"class": "CinemachineVirtualCamera",
                                                       "replacement": "CinemachineCamera"}),
        ("legacy-class", "LocationEntrance/CM vcam1/cm", {"class": "CinemachinePipeline",
                                                          "replacement": "(none: 3.x components sit on the camera)"})]
    assert out["counts"] == {"legacy-class": 2, "no-brain": 0, "broken-target": 0, "equal-priority": 0}
    status, message = _doctor(root)["cinemachine.legacy-class"]
    assert status == "warn" and "2 finding(s) in 1 file(s)" in message


def test_no_brain_and_tied_priorities_in_cm2_scenes(chicken):
    sample = "Assets/Scenes/SampleScene.unity"
    tool_output(chicken, "cinemachine.create-camera", {"file": sample, "preset": "static"})
    out = tool_output(chicken, "cinemachine.check", {"file": sample})
    assert [(f["check"], f["details"]) for f in out["findings"]] == [("no-brain", {"cameras": ["Virtual Camera"]})]
    # a new 2.x camera has priority 10, as Virtual Camera (MainMenu) has ("Virtual Camera", 11, is inactive)
    assert tool_output(chicken, "cinemachine.check", {"file": CM2_SCENE})["ok"] is True
    tool_output(chicken, "cinemachine.create-camera", {"file": CM2_SCENE, "preset": "follow",
                                                       "target": "Virtual Camera Target"})
    out = tool_output(chicken, "cinemachine.check", {"file": CM2_SCENE})
    assert [(f["check"], f["details"]) for f in out["findings"]] == [
        ("equal-priority", {"priority": 10, "outputChannel": 1, "highest": True,
                            "cameras": ["Virtual Camera (MainMenu)", "Virtual Camera (1)"]})]
    tool_output(chicken, "cinemachine.set-priority", {"file": CM2_SCENE, "gameObject": "Virtual Camera (1)",
                                                      "priority": 12})
    assert tool_output(chicken, "cinemachine.check", {"file": CM2_SCENE})["ok"] is True
    doctor = _doctor(chicken)
    assert "cinemachine.legacy-class" not in doctor  # a 2.x project
    assert doctor["cinemachine.no-brain"][0] == "warn" and doctor["cinemachine.equal-priority"][0] == "pass"


def test_targets_that_do_not_resolve(minigolf):
    scene = minigolf / CM3_SCENE
    scene.write_text(scene.read_text().replace("    TrackingTarget: {fileID: 1515914403}",
                                               "    TrackingTarget: {fileID: 424242}"))
    out = tool_output(minigolf, "cinemachine.check", {"file": CM3_SCENE})
    # CustomLookAtTarget is 0: the camera looks at its Tracking target, so both roles are broken
    assert [(f["check"], f["gameObject"], f["details"]) for f in out["findings"]] == [
        ("broken-target", "Virtual Camera", {"target": "follow", "fileID": 424242}),
        ("broken-target", "Virtual Camera", {"target": "lookAt", "fileID": 424242})]
    assert _doctor(minigolf)["cinemachine.broken-target"][0] == "warn"


def test_the_doctor_hook_stays_out_of_projects_without_cinemachine(tmp_path):
    assert _doctor(None) == {}
    root = copy_fixture_project("com.unity.multiplayer.samples.bitesize/Basic/2DSpaceShooter", tmp_path)
    assert _doctor(root) == {}
