"""The done-when story, end to end on both majors: list the cameras, read one, raise its priority, retarget it to
another GameObject, widen its FOV, set the default blend to 0.5 s EaseInOut and create a follow camera for a
GameObject, each a dry run first (which writes nothing and plans the commit's diff), chained by expectedRevision,
and re-read by get-camera (get-brain for the blend)."""

from __future__ import annotations

import pytest
from cinemachine_testutil import CM2_SCENE, CM3_SCENE

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_output

STORIES = {
    # project, scene, camera, its layout, the priority field line, new follow target, lens FOV line
    "cm2": ("chicken-defense", CM2_SCENE, "Virtual Camera (MainMenu)", "World/Coop", "  m_Priority: 10",
            "  m_Priority: 21", "  m_Follow: {fileID: 855074659}", "  m_Follow: {fileID: 1130658169}",
            "    FieldOfView: 45", "    FieldOfView: 70"),
    "cm3": ("minigolf", CM3_SCENE, "Virtual Camera", "Lighting/Directional Light", "    m_Value: 10",
            "    m_Value: 21", "    TrackingTarget: {fileID: 1515914403}", "    TrackingTarget: {fileID: 81762061}",
            "    FieldOfView: 55", "    FieldOfView: 70"),
}


def _step(root, file, tool, data, revision):
    before = (root / file).read_text()
    run = assert_dry_run_matches_commit(root, tool, {"file": file, "expectedRevision": revision, **data})
    return run.output, changed_lines(before, (root / file).read_text())


@pytest.mark.parametrize("layout", sorted(STORIES))
def test_the_story(request, layout):
    project, scene, camera, new_target, prio_old, prio_new, follow_old, follow_new, fov_old, fov_new = STORIES[layout]
    root = request.getfixturevalue("chicken" if project == "chicken-defense" else "minigolf")
    listed = tool_output(root, "cinemachine.list-cameras", {"file": scene})
    assert camera in [c["gameObject"] for c in listed["cameras"]]
    revision = listed["revisions"][scene]
    read = tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": camera})
    assert read["layout"] == layout and read["revision"] == revision

    out, lines = _step(root, scene, "cinemachine.set-priority", {"gameObject": camera, "priority": 21}, revision)
    assert lines == [(prio_old, prio_new)]
    assert tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": camera})["priority"]["value"] == 21

    out, lines = _step(root, scene, "cinemachine.set-targets", {"gameObject": camera, "follow": new_target},
                       out["revision"])
    assert lines == [(follow_old, follow_new)]
    read = tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": camera})
    assert read["follow"]["gameObject"] == new_target

    out, lines = _step(root, scene, "cinemachine.set-lens", {"gameObject": camera, "fieldOfView": 70},
                       out["revision"])
    assert lines == [(fov_old, fov_new)]
    assert tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": camera})["lens"]["fieldOfView"] == 70

    out, lines = _step(root, scene, "cinemachine.set-blend", {"style": "EaseInOut", "time": 0.5}, out["revision"])
    assert lines  # CM2 EaseOut 2 s -> EaseInOut 0.5; CM3 is EaseInOut already: only the time line
    assert tool_output(root, "cinemachine.get-brain", {"file": scene})["defaultBlend"] == {
        "style": "EaseInOut", "time": 0.5, "customCurveKeys": 0}

    out, lines = _step(root, scene, "cinemachine.create-camera", {"preset": "follow", "target": new_target},
                       out["revision"])
    assert all(old == "" for old, _new in lines)
    created = tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": out["gameObject"]})
    assert (created["follow"]["gameObject"], created["layout"], created["revision"]) == (
        new_target, layout, out["revision"])
    # the edited camera kept every edit
    read = tool_output(root, "cinemachine.get-camera", {"file": scene, "gameObject": camera})
    assert (read["priority"]["value"], read["follow"]["gameObject"], read["lens"]["fieldOfView"]) == (
        21, new_target, 70)
