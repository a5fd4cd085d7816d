"""TrailRenderer tools. No fixture project has a TrailRenderer, so the tests add one to a copy of chicken-defense:
Bitesize 2DSpaceShooter's Bullet TrailRenderer (Unity 2022.3.14f1), field for field."""

from __future__ import annotations

import pytest
from vfx_testutil import TRAIL_PREFAB, add_trail_prefab, text

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool, tool_output


@pytest.fixture
def trail_project(chicken):
    add_trail_prefab(chicken)
    return chicken


def _get(root):
    return tool_output(root, "vfx.get-trail", {"file": TRAIL_PREFAB, "gameObject": "Bullet"})


def test_get_trail(trail_project):
    out = _get(trail_project)
    assert (out["time"], out["minVertexDistance"], out["autodestruct"], out["emitting"]) == (0.1, 0.2, False, True)
    p = out["parameters"]
    assert (p["widthMultiplier"], p["startWidth"], p["endWidth"]) == (1, 0.26875114, 0)
    assert p["colorGradient"]["alphaKeys"] == [{"time": 0.0, "alpha": 1}, {"time": 1.0, "alpha": 0}]
    assert out["writable"] and out["materials"] == [{"fileID": 2100000, "guid": "ba31aaff84d0b1c4181ea25b45cf538d",
                                                     "type": 2}]


def test_set_trail(trail_project):
    before = text(trail_project, TRAIL_PREFAB)
    data = {"file": TRAIL_PREFAB, "gameObject": "Bullet", "time": 0.25, "widthMultiplier": 0.5, "emitting": False,
            "minVertexDistance": 0.05}
    run = assert_dry_run_matches_commit(trail_project, "vfx.set-trail", data)
    assert run.output["changedFields"] == ["m_Time", "m_MinVertexDistance", "m_Emitting",
                                           "m_Parameters.widthMultiplier"]
    assert changed_lines(before, text(trail_project, TRAIL_PREFAB)) == [
        ("  m_Time: 0.1", "  m_Time: 0.25"), ("    widthMultiplier: 1", "    widthMultiplier: 0.5"),
        ("  m_MinVertexDistance: 0.2", "  m_MinVertexDistance: 0.05"), ("  m_Emitting: 1", "  m_Emitting: 0")]
    out = _get(trail_project)
    assert (out["time"], out["emitting"], out["parameters"]["startWidth"]) == (0.25, False, 0.5 * 0.26875114)


def test_a_missing_trail_and_an_unverified_layout(trail_project):
    run = run_tool(trail_project, "vfx.get-trail", {"file": "Game", "gameObject": "UI Camera Bounds"})
    assert run.error["code"] == "E_COMPONENT_NOT_FOUND"
    path = trail_project / TRAIL_PREFAB
    path.write_text(path.read_text(encoding="utf-8").replace("TrailRenderer:\n  serializedVersion: 3",
                                                             "TrailRenderer:\n  serializedVersion: 2"), "utf-8")
    run = run_tool(trail_project, "vfx.set-trail", {"file": TRAIL_PREFAB, "gameObject": "Bullet", "time": 1})
    assert run.error["code"] == "E_VFX_LAYOUT_UNSUPPORTED"
    assert _get(trail_project)["writable"] is False
