"""The extension tested on the stand-alone kit project (`unitycli.testing.unity_project`, Cinemachine 2.9.7) alone:
how an extension author tests without the fixture corpus."""

from __future__ import annotations

from unitycli.testing import UnityProject


def test_a_static_camera_created_in_the_kit_scene_is_listed(unity_project: UnityProject) -> None:
    scene = unity_project.scene
    assert unity_project.output("cinemachine.list-cameras", {"file": scene})["cameras"] == []
    created = unity_project.write("cinemachine.create-camera", {"file": scene, "preset": "static"}).output
    assert (created["layout"], created["class"], created["pipelineGameObject"]) == (
        "cm2", "CinemachineVirtualCamera", "Virtual Camera/cm")
    cameras = unity_project.output("cinemachine.list-cameras", {"file": scene})["cameras"]
    assert [(c["gameObject"], c["fileID"]) for c in cameras] == [("Virtual Camera", created["fileID"])]
