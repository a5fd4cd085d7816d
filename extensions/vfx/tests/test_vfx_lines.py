"""LineRenderer tools on chicken-defense's Game.unity (Unity 2022.3.17f1, LineRenderer serializedVersion 2)."""

from __future__ import annotations

from vfx_testutil import GAME, text

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool, tool_output

LINE = "UI Camera Bounds"


def _get(root):
    return tool_output(root, "vfx.get-line", {"file": GAME, "gameObject": LINE})


def test_get_line(chicken):
    out = _get(chicken)
    assert (out["positions"], out["loop"], out["useWorldSpace"], out["writable"]) == ([], True, True, True)
    p = out["parameters"]
    assert (p["widthMultiplier"], p["startWidth"], p["endWidth"]) == (0.125, 0.125, 0.125)
    assert p["widthCurve"] == [{"time": 0, "value": 1, "inSlope": 0, "outSlope": 0}]
    assert p["colorGradient"]["colorKeys"] == [{"time": 0.0, "r": 1, "g": 1, "b": 1}, {"time": 1.0, "r": 1, "g": 1,
                                                                                        "b": 1}]
    assert (p["alignment"], p["textureMode"]) == ("view", "stretch")
    assert out["materials"][0]["guid"].startswith("27a6bca2")


def test_set_the_line_width(chicken):
    before = text(chicken, GAME)
    run = assert_dry_run_matches_commit(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "width": 0.3})
    assert run.output["changedFields"] == ["m_Parameters.widthMultiplier"]
    assert changed_lines(before, text(chicken, GAME)) == [("    widthMultiplier: 0.125", "    widthMultiplier: 0.3")]
    assert _get(chicken)["parameters"]["startWidth"] == 0.3
    again = run_tool(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "width": 0.3})
    assert again.diffs == {}


def test_set_positions_loop_space_and_width_curve(chicken):
    before = text(chicken, GAME)
    data = {"file": GAME, "gameObject": LINE, "positions": [{"x": -1, "y": 0, "z": 0}, {"x": 1, "y": 0.5, "z": 0}],
            "loop": False, "useWorldSpace": False,
            "widthCurve": [{"time": 1, "value": 0.5}, {"time": 0, "value": 1}], "cornerVertices": 4}
    assert_dry_run_matches_commit(chicken, "vfx.set-line", data)
    pairs = changed_lines(before, text(chicken, GAME))
    assert pairs[:3] == [("  m_Positions: []", "  m_Positions:"), ("", "  - {x: -1, y: 0, z: 0}"),
                         ("", "  - {x: 1, y: 0.5, z: 0}")]
    assert ("  m_UseWorldSpace: 1", "  m_UseWorldSpace: 0") in pairs and ("  m_Loop: 1", "  m_Loop: 0") in pairs
    assert ("    numCornerVertices: 0", "    numCornerVertices: 4") in pairs
    out = _get(chicken)
    assert out["positions"] == [{"x": -1, "y": 0, "z": 0}, {"x": 1, "y": 0.5, "z": 0}]
    assert (out["loop"], out["useWorldSpace"]) == (False, False)
    assert [(k["time"], k["value"]) for k in out["parameters"]["widthCurve"]] == [(0, 1), (1, 0.5)]
    assert (out["parameters"]["startWidth"], out["parameters"]["endWidth"]) == (0.125, 0.0625)
    cleared = text(chicken, GAME)
    assert_dry_run_matches_commit(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "positions": []})
    assert changed_lines(cleared, text(chicken, GAME)) == [("  m_Positions:", "  m_Positions: []"),
                                                           ("  - {x: -1, y: 0, z: 0}", ""),
                                                           ("  - {x: 1, y: 0.5, z: 0}", "")]


def test_refusals(chicken):
    assert run_tool(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE}).error["code"] == "E_SCHEMA_INVALID"
    run = run_tool(chicken, "vfx.get-line", {"file": GAME, "gameObject": "Main Camera"})
    assert run.error["code"] in ("E_COMPONENT_NOT_FOUND", "E_GAMEOBJECT_NOT_FOUND")
    bad = run_tool(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "widthCurve": []})
    assert bad.error["code"] == "E_SCHEMA_INVALID"
    stale = run_tool(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "width": 1,
                                               "expectedRevision": "sha256:" + "0" * 64})
    assert stale.error["code"] == "E_STALE_WRITE"


def test_the_setter_takes_the_names_the_getter_prints_and_refuses_an_old_name_beside_its_new_one(chicken):
    before = text(chicken, GAME)
    got = _get(chicken)["parameters"]
    run = assert_dry_run_matches_commit(chicken, "vfx.set-line", {
        "file": GAME, "gameObject": LINE, "widthMultiplier": got["widthMultiplier"] * 2,
        "numCornerVertices": 4, "numCapVertices": got["numCapVertices"]})
    assert run.output["changedFields"] == ["m_Parameters.widthMultiplier", "m_Parameters.numCornerVertices"]
    assert changed_lines(before, text(chicken, GAME)) == [("    widthMultiplier: 0.125", "    widthMultiplier: 0.25"),
                                                         ("    numCornerVertices: 0", "    numCornerVertices: 4")]
    both = run_tool(chicken, "vfx.set-line", {"file": GAME, "gameObject": LINE, "width": 1, "widthMultiplier": 1})
    assert both.error["code"] == "E_SCHEMA_INVALID" and "not also its old name `width`" in both.error["message"]
