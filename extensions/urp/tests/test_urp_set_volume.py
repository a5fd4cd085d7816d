"""urp.set-volume through the shared Volume edit (unitycli.api.edit_volume): the same checks and codes as
hdrp.set-volume, on chicken-defense (URP 14.0.9) Game.unity."""

from __future__ import annotations

import pytest
from urp_testutil import CHICKEN, commit, error, project

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
VOLUME = {"file": GAME, "gameObject": "Main Camera"}


@pytest.mark.parametrize(("values", "message"), [
    ({"weight": 5}, "weight 5.0 is outside 0.0 … 1.0"),
    ({"weight": -1}, "weight -1.0 is outside 0.0 … 1.0"),
    ({"blendDistance": -0.5, "priority": 3}, "blendDistance -0.5 is outside 0.0 … ∞"),
])
def test_out_of_range_values_are_refused_with_nothing_written(tmp_path, values, message):
    root = project(tmp_path, CHICKEN)
    before = (root / GAME).read_bytes()
    for dry_run in (True, False):
        err = error(root, "urp.set-volume", {**VOLUME, **values}, dry_run=dry_run)
        assert (err["code"], err["message"]) == ("E_SCHEMA_INVALID", message)
    assert (root / GAME).read_bytes() == before


def test_disable_and_clear_the_profile(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.set-volume", {**VOLUME, "enabled": False, "clearProfile": True}, GAME)
    assert out["changed"] == ["m_Enabled", "sharedProfile"]
    assert lines == [("  m_Enabled: 1", "  m_Enabled: 0"),
                     ("  sharedProfile: {fileID: 11400000, guid: 070d650449f4c8041a88258ece3e7aee, type: 2}",
                      "  sharedProfile: {fileID: 0}")]
    err = error(root, "urp.set-volume", {**VOLUME, "profile": "MainMenuPost Profile", "clearProfile": True})
    assert err["code"] == "E_SCHEMA_INVALID" and err["details"]["path"] == "clearProfile"
    assert error(root, "urp.set-volume", VOLUME)["code"] == "E_SCHEMA_INVALID"  # nothing to change
    err = error(root, "urp.set-volume", {**VOLUME, "volume": 1, "weight": 1})
    assert err["code"] == "E_COMPONENT_NOT_FOUND" and err["message"].endswith("has no Volume with fileID 1")
