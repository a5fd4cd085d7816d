"""hdrp.set-volume goes through the shared Volume edit (unitycli.api.edit_volume): the same checks and codes as
urp.set-volume, on VisualEffectGraph-Samples (HDRP 17.0.3) BonFire."""

from __future__ import annotations

import pytest
from hdrp_testutil import VFX_BONFIRE_SCENE, refused_untouched, write_and_diff

VOLUME = {"file": VFX_BONFIRE_SCENE, "gameObject": "Sky and Fog Volume"}


@pytest.mark.parametrize(("values", "message"), [
    ({"weight": 5}, "weight 5.0 is outside 0.0 … 1.0"),
    ({"weight": -1}, "weight -1.0 is outside 0.0 … 1.0"),
    ({"blendDistance": -0.5, "priority": 3}, "blendDistance -0.5 is outside 0.0 … ∞"),
])
def test_out_of_range_values_are_refused_with_nothing_written(vfx, values, message):
    err = refused_untouched(vfx, "hdrp.set-volume", {**VOLUME, **values})
    assert (err["code"], err["message"]) == ("E_SCHEMA_INVALID", message)


def test_enable_and_blend_distance_change_exactly_their_lines(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-volume", {**VOLUME, "enabled": False, "blendDistance": 4},
                                VFX_BONFIRE_SCENE)
    assert lines == [("  m_Enabled: 1", "  m_Enabled: 0"), ("  blendDistance: 0", "  blendDistance: 4")]
    assert out["changed"] == ["blendDistance", "m_Enabled"]


def test_a_volume_without_the_key_is_one_code(vfx):
    scene = vfx / VFX_BONFIRE_SCENE
    text = scene.read_text()
    start = text.index("  m_Script: {fileID: 11500000, guid: 172515602e62fb746b5d573b38a5fe58, type: 3}")
    cut = text.index("  blendDistance: 0\n", start)
    scene.write_text(text[:cut] + text[cut + len("  blendDistance: 0\n"):])
    err = refused_untouched(vfx, "hdrp.set-volume", {**VOLUME, "weight": 0.5, "blendDistance": 1})
    assert err["code"] == "E_PROPERTY_NOT_FOUND" and err["details"]["property"] == "blendDistance"
    assert refused_untouched(vfx, "hdrp.set-volume", {**VOLUME})["code"] == "E_SCHEMA_INVALID"
