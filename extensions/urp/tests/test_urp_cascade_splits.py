"""urp.set-settings / urp.get-settings for the cascade split points (m_Cascade2Split, m_Cascade3Split,
m_Cascade4Split) on URP 14.0.9 (chicken-defense High Fidelity) and 17.0.3 (minigolf), with the inspector's rule."""

from __future__ import annotations

import pytest
from urp_testutil import CHICKEN, MINIGOLF, MINIGOLF_ASSET, commit, error, ok, project

HIGH = "Assets/Settings/URP-HighFidelity.asset"


def test_four_cascades_get_new_splits_on_14(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.set-settings", {"asset": HIGH, "cascade4Split": [0.05, 0.15, 0.5]}, HIGH)
    assert out["changed"] == {"cascade4Split": [0.05, 0.15, 0.5]}
    assert lines == [("  m_Cascade4Split: {x: 0.11111111, y: 0.22222222, z: 0.44444445}",
                      "  m_Cascade4Split: {x: 0.05, y: 0.15, z: 0.5}")]
    got = ok(root, "urp.get-settings", {"asset": HIGH})["settings"]
    assert (got["cascade2Split"], got["cascade3Split"], got["cascade4Split"]) == (0.25, [0.1, 0.3], [0.05, 0.15, 0.5])


def test_count_and_two_splits_on_17(tmp_path):
    root = project(tmp_path, MINIGOLF)
    out, lines = commit(root, "urp.set-settings", {"asset": MINIGOLF_ASSET, "cascadeCount": 3,
                                                   "cascade3Split": [0.2, 0.6], "cascade2Split": 0.25}, MINIGOLF_ASSET)
    assert out["changed"] == {"cascadeCount": 3, "cascade3Split": [0.2, 0.6]} and out["unchanged"] == ["cascade2Split"]
    assert lines == [("  m_ShadowCascadeCount: 1", "  m_ShadowCascadeCount: 3"),
                     ("  m_Cascade3Split: {x: 0.1, y: 0.3}", "  m_Cascade3Split: {x: 0.2, y: 0.6}")]


@pytest.mark.parametrize(("data", "message"), [
    ({"cascade4Split": [0.3, 0.2, 0.5]},
     "cascade4Split: each split must be at least 0.001 above the one before (got [0.3, 0.2, 0.5])"),
    ({"cascade3Split": [0.2, 0.2005]},
     "cascade3Split: each split must be at least 0.001 above the one before (got [0.2, 0.2005])"),
    ({"cascade3Split": [0.2, 1.5]}, "cascade3Split: split points lie in 0 … 1 (got [0.2, 1.5])"),
    ({"cascade2Split": -0.1}, "cascade2Split: split points lie in 0 … 1 (got -0.1)"),
    ({"cascade4Split": [0.1, 0.2]}, "cascade4Split: expected a list of 3 numbers (got [0.1, 0.2])"),
    ({"cascade3Split": [0.1, 1e39]}, "cascade3Split: split points lie in 0 … 1 (got [0.1, 1e+39])"),
])
def test_splits_the_inspector_would_not_keep_are_refused_with_nothing_written(tmp_path, data, message):
    root = project(tmp_path, CHICKEN)
    before = (root / HIGH).read_bytes()
    err = error(root, "urp.set-settings", {"asset": HIGH, "renderScale": 0.5, **data})
    assert (err["code"], err["message"]) == ("E_URP_SETTING_INVALID", message)
    assert (root / HIGH).read_bytes() == before
