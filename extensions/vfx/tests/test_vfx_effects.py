"""VisualEffect components: list, get, and the writers (property override, seed, asset) on the samples."""

from __future__ import annotations

import pytest
from vfx_testutil import BONFIRE, BUTTERFLIES, text

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool, tool_output

BONFIRE_GO = "VFX/BonFire"
BUTTERFLY_GO = "Visual Effect : Butterflies"


def _get(root, file, go):
    return tool_output(root, "vfx.get-effect", {"file": file, "gameObject": go})


def test_list_effects_names_each_component_and_its_graph(vfx_samples_ro):
    run = run_tool(vfx_samples_ro, "vfx.list-effects", {})
    assert run.ok, run.error
    found = [(e["file"], e["gameObject"], e["asset"]["path"], e["entryCount"]) for e in run.output["effects"]]
    assert found == [
        (BONFIRE, "VFX/FlyingLeaves", "Assets/Samples/BonFire/VFX/FlyingLeaves.vfx", 0),
        (BONFIRE, "VFX/Clouds", "Assets/Samples/BonFire/VFX/Clouds.vfx", 0),
        (BONFIRE, BONFIRE_GO, "Assets/Samples/BonFire/VFX/BonFire.vfx", 0),
        (BUTTERFLIES, BUTTERFLY_GO, "Assets/Samples/Butterflies/Butterflies.vfx", 5)]
    assert run.output["skipped"] == []
    one = run_tool(vfx_samples_ro, "vfx.list-effects", {"file": "BonFire"}).output
    assert [e["componentFileID"] for e in one["effects"]] == [86043742, 765776861, 1046630915]


def test_get_effect_merges_the_graph_defaults_and_the_sheet(vfx_samples_ro):
    out = _get(vfx_samples_ro, BUTTERFLIES, BUTTERFLY_GO)
    assert (out["startSeed"], out["resetSeedOnPlay"], out["allowInstancing"]) == (1266205047, True, True)
    assert out["initialEventName"] == "OnPlay" and out["graphReadable"]
    params = {p["path"]: p for p in out["parameters"]}
    # the sheet caches 0.04 but does not override: the graph's 0.03 plays
    assert (params["FlapAmplitude"]["value"], params["FlapAmplitude"]["overridden"]) == (0.03, False)
    assert params["FlapAmplitude"]["inSheet"] is True
    assert [e["name"] for e in out["sheet"]] == ["FlapAmplitude", "MaximumVelocity", "TiltAngle",
                                                 "FlapMinMaxAngle", "FlapMinMaxSpeed"]
    bonfire = _get(vfx_samples_ro, BONFIRE, "1046630915")  # the component's fileID names its GameObject
    assert bonfire["gameObject"] == BONFIRE_GO
    assert bonfire["parameters"] == [{"path": "FireColor", "realType": "Color", "sheetType": "m_Vector4f",
                                      "default": {"r": 128.0, "g": 2.0, "b": 0.20000000298023225, "a": 0.0},
                                      "value": {"r": 128.0, "g": 2.0, "b": 0.20000000298023225, "a": 0.0},
                                      "overridden": False, "inSheet": False}]


def test_override_a_colour_on_the_bonfire_effect_adds_the_entry(vfx_samples):
    before = text(vfx_samples, BONFIRE)
    data = {"file": BONFIRE, "gameObject": BONFIRE_GO, "name": "FireColor", "value": {"r": 64, "g": 2, "b": 0.5}}
    run = assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-property", data)
    assert (run.output["added"], run.output["index"]) == (True, 0)
    assert changed_lines(before, text(vfx_samples, BONFIRE)) == [
        ("      m_Array: []", "      m_Array:"),
        ("", "      - m_Value: {x: 64, y: 2, z: 0.5, w: 1}"),
        ("", "        m_Name: FireColor"),
        ("", "        m_Overridden: 1")]
    params = _get(vfx_samples, BONFIRE, BONFIRE_GO)["parameters"]
    assert (params[0]["value"], params[0]["overridden"]) == ({"r": 64, "g": 2, "b": 0.5, "a": 1}, True)
    again = run_tool(vfx_samples, "vfx.set-effect-property", data)
    assert (again.output["changed"], again.diffs) == (False, {})


def test_override_an_exposed_float_sets_value_and_overridden_in_place(vfx_samples):
    before = text(vfx_samples, BUTTERFLIES)
    data = {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "name": "TiltAngle", "value": 20.5}
    run = assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-property", data)
    assert (run.output["added"], run.output["index"], run.output["value"]) == (False, 2, 20.5)
    assert changed_lines(before, text(vfx_samples, BUTTERFLIES)) == [
        ("      - m_Value: 12", "      - m_Value: 20.5"), ("        m_Overridden: 0", "        m_Overridden: 1")]
    param = next(p for p in _get(vfx_samples, BUTTERFLIES, BUTTERFLY_GO)["parameters"] if p["path"] == "TiltAngle")
    assert (param["value"], param["overridden"]) == (20.5, True)
    # clearing the override keeps the cached value and lets the default play again
    cleared = text(vfx_samples, BUTTERFLIES)
    run = assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-property",
                                        {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "name": "TiltAngle",
                                         "overridden": False})
    assert changed_lines(cleared, text(vfx_samples, BUTTERFLIES)) == [
        ("        m_Overridden: 1", "        m_Overridden: 0")]
    param = next(p for p in _get(vfx_samples, BUTTERFLIES, BUTTERFLY_GO)["parameters"] if p["path"] == "TiltAngle")
    assert (param["value"], param["overridden"]) == (12, False)


def test_a_vector2_override(vfx_samples):
    before = text(vfx_samples, BUTTERFLIES)
    assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-property",
                                  {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "name": "FlapMinMaxSpeed",
                                   "value": {"x": 10, "y": 30}})
    assert changed_lines(before, text(vfx_samples, BUTTERFLIES)) == [
        ("      - m_Value: {x: 22, y: 0}", "      - m_Value: {x: 10, y: 30}"),
        ("        m_Overridden: 0", "        m_Overridden: 1")]


@pytest.mark.parametrize("name, value, code", [
    ("NoSuchParameter", 1, "E_VFX_PARAMETER_NOT_FOUND"),
    ("TiltAngle", "high", "E_VALUE_TYPE_MISMATCH"),
    ("TiltAngle", True, "E_VALUE_TYPE_MISMATCH"),
    ("FlapMinMaxSpeed", {"x": 1}, "E_VALUE_TYPE_MISMATCH"),
    ("TiltAngle", None, "E_SCHEMA_INVALID"),
])
def test_bad_overrides_are_refused_and_write_nothing(vfx_samples, name, value, code):
    before = text(vfx_samples, BUTTERFLIES)
    run = run_tool(vfx_samples, "vfx.set-effect-property",
                   {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "name": name, "value": value})
    assert not run.ok and run.error["code"] == code, run.error
    assert text(vfx_samples, BUTTERFLIES) == before
    if code == "E_VFX_PARAMETER_NOT_FOUND":
        assert "TiltAngle" in run.error["details"]["parameters"]


def test_unit_and_uint_ranges_are_checked(vfx_samples):
    from unitycli_vfx.effects import encode
    from unitycli_vfx.graphs import Parameter

    from unitycli.api import UnityCliError

    uint = Parameter(name="N", path="N", exposed_name="N", real_type="UInt32", sheet_type="m_Uint")
    assert encode(uint, 7.0) == 7
    with pytest.raises(UnityCliError) as err:
        encode(uint, -1)
    assert err.value.code == "E_VALUE_TYPE_MISMATCH"
    curve = Parameter(name="C", path="C", exposed_name="C", real_type="AnimationCurve", sheet_type="m_AnimationCurve")
    with pytest.raises(UnityCliError) as err:
        encode(curve, {})
    assert err.value.code == "E_PROPERTY_EDIT_UNSUPPORTED"
    flag = Parameter(name="B", path="B", exposed_name="B", real_type="Boolean", sheet_type="m_Bool")
    assert encode(flag, True) == 1


def test_a_gameobject_without_a_visual_effect(vfx_samples):
    run = run_tool(vfx_samples, "vfx.get-effect", {"file": BONFIRE, "gameObject": "VFX"})
    assert run.error["code"] == "E_COMPONENT_NOT_FOUND"
    assert run.error["details"]["inFile"] == ["VFX/FlyingLeaves", "VFX/Clouds", BONFIRE_GO]


def test_set_effect_seed(vfx_samples):
    before = text(vfx_samples, BONFIRE)
    data = {"file": BONFIRE, "gameObject": BONFIRE_GO, "seed": 4242, "resetSeedOnPlay": False}
    run = assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-seed", data)
    assert (run.output["startSeed"], run.output["resetSeedOnPlay"]) == (4242, False)
    assert changed_lines(before, text(vfx_samples, BONFIRE)) == [
        ("  m_StartSeed: 0", "  m_StartSeed: 4242"), ("  m_ResetSeedOnPlay: 1", "  m_ResetSeedOnPlay: 0")]
    out = _get(vfx_samples, BONFIRE, BONFIRE_GO)
    assert (out["startSeed"], out["resetSeedOnPlay"]) == (4242, False)
    assert run_tool(vfx_samples, "vfx.set-effect-seed", {"file": BONFIRE, "gameObject": BONFIRE_GO}).error[
        "code"] == "E_SCHEMA_INVALID"


def test_set_effect_asset_points_at_another_graph_and_reports_stale_entries(vfx_samples):
    before = text(vfx_samples, BUTTERFLIES)
    data = {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "graph": "BonFire"}
    run = assert_dry_run_matches_commit(vfx_samples, "vfx.set-effect-asset", data)
    assert run.output["previous"]["path"] == "Assets/Samples/Butterflies/Butterflies.vfx"
    assert run.output["staleEntries"] == ["FlapAmplitude", "MaximumVelocity", "TiltAngle", "FlapMinMaxAngle",
                                          "FlapMinMaxSpeed"]
    assert changed_lines(before, text(vfx_samples, BUTTERFLIES)) == [
        ("  m_Asset: {fileID: 8926484042661614526, guid: 31a36ae9bcf274f4b8939d7bbb397e78, type: 3}",
         "  m_Asset: {fileID: 8926484042661614526, guid: 304848ca25e13b54f97f2939896c41c6, type: 3}")]
    out = _get(vfx_samples, BUTTERFLIES, BUTTERFLY_GO)
    assert out["asset"]["path"] == "Assets/Samples/BonFire/VFX/BonFire.vfx"
    assert [p["path"] for p in out["parameters"]] == ["FireColor"]
    assert not any(e["inGraph"] for e in out["sheet"])
    # subgraphs cannot be played
    sub = run_tool(vfx_samples, "vfx.set-effect-asset", {**data, "graph": "PageSelection"})
    assert sub.error["code"] == "E_VFX_GRAPH_NOT_FOUND"


def test_an_effect_whose_graph_is_gone_reads_untyped_and_refuses_overrides(vfx_samples):
    (vfx_samples / "Assets/Samples/Butterflies/Butterflies.vfx.meta").unlink()
    out = _get(vfx_samples, BUTTERFLIES, BUTTERFLY_GO)
    assert (out["graphReadable"], out["parameters"], len(out["sheet"])) == (False, [], 5)
    assert out["asset"] == {"guid": "31a36ae9bcf274f4b8939d7bbb397e78", "path": None}
    run = run_tool(vfx_samples, "vfx.set-effect-property",
                   {"file": BUTTERFLIES, "gameObject": BUTTERFLY_GO, "name": "TiltAngle", "value": 3})
    assert run.error["code"] == "E_VFX_GRAPH_NOT_FOUND"


def test_a_prefab_instance_is_refused(vfx_samples):
    run = run_tool(vfx_samples, "vfx.set-effect-seed", {"file": BONFIRE, "gameObject": "Environment/ground_dirt",
                                                       "seed": 1})
    assert run.error["code"] == "E_PREFAB_INSTANCE_UNSUPPORTED"


def test_clearing_an_override_that_does_not_exist(vfx_samples):
    run = run_tool(vfx_samples, "vfx.set-effect-property", {"file": BONFIRE, "gameObject": BONFIRE_GO,
                                                            "name": "FireColor", "overridden": False})
    assert run.error["code"] == "E_PROPERTY_NOT_FOUND"


def test_project_listing_reports_unreadable_files(vfx_samples):
    (vfx_samples / "Assets" / "Binary.prefab").write_bytes(b"\x00\x01binary serialization")
    out = run_tool(vfx_samples, "vfx.list-effects", {}).output
    assert [s["path"] for s in out["skipped"]] == ["Assets/Binary.prefab"]
    assert len(out["effects"]) == 4
