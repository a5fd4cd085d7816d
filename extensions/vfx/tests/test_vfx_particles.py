"""ParticleSystem tools on minigolf's Hole Cube prefab (Unity 6000.0.25f1: 3 ParticleSystems, serializedVersion 8)."""

from __future__ import annotations

import pytest
from vfx_testutil import HOLE_CUBE, text

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool, tool_output

WIN = "Hole Cube/Win Effect"


def _get(root, go=WIN, **extra):
    return tool_output(root, "vfx.get-particle-system", {"file": HOLE_CUBE, "gameObject": go, **extra})


def test_list_particle_systems_in_the_prefab_and_the_project(minigolf_ro):
    out = run_tool(minigolf_ro, "vfx.list-particle-systems", {"file": HOLE_CUBE}).output
    assert [p["gameObject"] for p in out["particleSystems"]] == [WIN, "Hole Cube/Win Effect/Win Effect (2)",
                                                                  "Hole Cube/Win Effect/Win Effect (1)"]
    first = out["particleSystems"][0]
    assert (first["serializedVersion"], first["duration"], first["looping"], first["maxParticles"]) == (8, 5, False,
                                                                                                       1000)
    assert first["rateOverTime"] == {"mode": "constant", "constant": 0}
    assert first["burstCount"] == 1 and first["renderMode"] == "billboard"
    assert "emission" in first["enabledModules"] and "trails" in first["enabledModules"]
    everything = run_tool(minigolf_ro, "vfx.list-particle-systems", {}).output
    assert {p["file"] for p in everything["particleSystems"]} == {HOLE_CUBE}
    assert len(everything["particleSystems"]) == 3


def test_get_particle_system_decodes_modules_and_curves(minigolf_ro):
    out = _get(minigolf_ro)
    main = out["main"]
    assert main["startSpeed"] == {"mode": "twoConstants", "min": 3, "max": 5}
    assert main["startSize"] == {"mode": "twoConstants", "min": 0.05, "max": 0.2}
    assert main["simulationSpace"] in ("local", "world", "custom")
    assert main["startColor"]["mode"] == "twoColors"
    assert out["bursts"] == [{"time": 0, "count": {"mode": "constant", "constant": 15}, "cycles": 4,
                              "interval": 0.1, "probability": 1}]
    size = out["modules"]["sizeOverLifetime"]
    assert size["enabled"] == 0
    shape = out["modules"]["shape"]
    assert (shape["type"], shape["angle"], shape["arc"]["value"]) == (4, 25, 360)
    assert out["writable"] and out["renderer"]["renderMode"] == "billboard"
    assert len(out["renderer"]["m_Materials"]) == 2  # particle + trail material
    assert out["renderer"]["m_VertexStreams"] == "00010304"
    only = _get(minigolf_ro, modules=["emission"])
    assert list(only["modules"]) == ["emission"]
    bad = run_tool(minigolf_ro, "vfx.get-particle-system", {"file": HOLE_CUBE, "gameObject": WIN,
                                                            "modules": ["sparkles"]})
    assert bad.error["code"] == "E_SCHEMA_INVALID"


def test_double_the_emission_rate_and_add_a_burst(minigolf):
    before = text(minigolf, HOLE_CUBE)
    assert_dry_run_matches_commit(minigolf, "vfx.set-particle-emission",
                                  {"file": HOLE_CUBE, "gameObject": WIN, "rateOverTime": 12.5})
    assert changed_lines(before, text(minigolf, HOLE_CUBE)) == [("      scalar: 0", "      scalar: 12.5")]
    assert _get(minigolf)["modules"]["emission"]["rateOverTime"] == {"mode": "constant", "constant": 12.5}
    middle = text(minigolf, HOLE_CUBE)
    run = assert_dry_run_matches_commit(minigolf, "vfx.set-particle-emission",
                                        {"file": HOLE_CUBE, "gameObject": WIN, "rateOverTimeScale": 2,
                                         "addBursts": [{"time": 0.5, "count": {"min": 10, "max": 20}}]})
    assert run.output["changedFields"] == ["EmissionModule.rateOverTime", "EmissionModule.m_Bursts",
                                           "EmissionModule.m_BurstCount"]
    after = text(minigolf, HOLE_CUBE)
    pairs = changed_lines(middle, after)
    assert pairs[:2] == [("      scalar: 12.5", "      scalar: 25"), ("    m_BurstCount: 1", "    m_BurstCount: 2")]
    added = [new for old, new in pairs[2:]]
    assert all(old == "" for old, _ in pairs[2:])
    flat_key = ["          - serializedVersion: 3", "            time: {t}", "            value: 1",
                "            inSlope: 0", "            outSlope: 0", "            tangentMode: 0",
                "            weightedMode: 0", "            inWeight: 0", "            outWeight: 0"]
    curve = (["          serializedVersion: 2", "          m_Curve:"]
             + [line.format(t=0) for line in flat_key] + [line.format(t=1) for line in flat_key]
             + ["          m_PreInfinity: 2", "          m_PostInfinity: 2", "          m_RotationOrder: 4"])
    expected = (["    - serializedVersion: 2", "      time: 0.5", "      countCurve:", "        serializedVersion: 2",
                 "        minMaxState: 3", "        scalar: 20", "        minScalar: 10", "        maxCurve:"]
                + curve + ["        minCurve:"] + curve
                + ["      cycleCount: 1", "      repeatInterval: 0.01", "      probability: 1"])
    # difflib pairs the new burst's last line with the old burst's (identical) `probability: 1`
    assert added == expected[-1:] + expected[:-1] or added == expected
    assert len(after.splitlines()) == len(middle.splitlines()) + len(expected)
    out = _get(minigolf)
    assert out["modules"]["emission"]["rateOverTime"] == {"mode": "constant", "constant": 25}
    assert out["modules"]["emission"]["m_BurstCount"] == 2
    assert out["bursts"][1] == {"time": 0.5, "count": {"mode": "twoConstants", "min": 10, "max": 20}, "cycles": 1,
                                "interval": 0.01, "probability": 1}
    # the other two systems are byte-identical
    assert len(_get(minigolf, WIN + "/Win Effect (1)")["bursts"]) == 1


def test_scaling_a_two_constants_rate_scales_both_ends(minigolf):
    run_tool(minigolf, "vfx.set-particle-emission", {"file": HOLE_CUBE, "gameObject": WIN,
                                                     "rateOverTime": {"min": 4, "max": 8}})
    before = text(minigolf, HOLE_CUBE)
    run_tool(minigolf, "vfx.set-particle-emission", {"file": HOLE_CUBE, "gameObject": WIN, "rateOverTimeScale": 2})
    assert changed_lines(before, text(minigolf, HOLE_CUBE)) == [("      scalar: 8", "      scalar: 16"),
                                                                ("      minScalar: 4", "      minScalar: 8")]
    assert _get(minigolf)["modules"]["emission"]["rateOverTime"] == {"mode": "twoConstants", "min": 8, "max": 16}


def test_set_particle_main(minigolf):
    before = text(minigolf, HOLE_CUBE)
    data = {"file": HOLE_CUBE, "gameObject": WIN, "duration": 2.5, "looping": True, "startRotationDegrees": 90,
            "maxParticles": 200, "simulationSpace": "world", "startColor": {"r": 1, "g": 0.5, "b": 0}}
    run = assert_dry_run_matches_commit(minigolf, "vfx.set-particle-main", data)
    assert run.output["changedFields"] == ["lengthInSec", "looping", "moveWithTransform", "InitialModule.startRotation",
                                           "InitialModule.startColor", "InitialModule.maxNumParticles"]
    pairs = changed_lines(before, text(minigolf, HOLE_CUBE))
    assert ("  lengthInSec: 5", "  lengthInSec: 2.5") in pairs
    assert ("  looping: 0", "  looping: 1") in pairs
    assert ("      scalar: 0", "      scalar: 1.5707964") in pairs
    assert ("    maxNumParticles: 1000", "    maxNumParticles: 200") in pairs
    assert ("      minMaxState: 2", "      minMaxState: 0") in pairs
    main = _get(minigolf)["main"]
    assert (main["duration"], main["looping"], main["maxParticles"], main["simulationSpace"]) == (2.5, True, 200,
                                                                                                   "world")
    assert main["startRotationDegrees"] == {"mode": "constant", "constant": 90.0}
    assert main["startColor"] == {"mode": "color", "color": {"r": 1, "g": 0.5, "b": 0, "a": 1}}
    assert len(pairs) == 7


def test_set_particle_module_enabled(minigolf):
    before = text(minigolf, HOLE_CUBE)
    data = {"file": HOLE_CUBE, "gameObject": WIN, "module": "sizeOverLifetime", "enabled": True}
    run = assert_dry_run_matches_commit(minigolf, "vfx.set-particle-module-enabled", data)
    assert "sizeOverLifetime" in run.output["enabledModules"]
    assert changed_lines(before, text(minigolf, HOLE_CUBE)) == [("    enabled: 0", "    enabled: 1")]
    assert _get(minigolf)["modules"]["sizeOverLifetime"]["enabled"] == 1
    middle = text(minigolf, HOLE_CUBE)
    assert_dry_run_matches_commit(minigolf, "vfx.set-particle-module-enabled",
                                  {"file": HOLE_CUBE, "gameObject": WIN, "module": "renderer", "enabled": False})
    assert changed_lines(middle, text(minigolf, HOLE_CUBE)) == [("  m_Enabled: 1", "  m_Enabled: 0")]
    assert _get(minigolf)["renderer"]["m_Enabled"] == 0
    bad = run_tool(minigolf, "vfx.set-particle-module-enabled", {**data, "module": "main"})
    assert bad.error["code"] == "E_SCHEMA_INVALID"


@pytest.mark.parametrize("tool, data", [
    ("vfx.set-particle-emission", {"rateOverTime": 5}),
    ("vfx.set-particle-main", {"duration": 1}),
    ("vfx.set-particle-module-enabled", {"module": "noise", "enabled": False}),
])
def test_an_old_layout_is_read_but_never_written(minigolf, tool, data):
    path = minigolf / HOLE_CUBE
    path.write_text(path.read_text(encoding="utf-8").replace("  serializedVersion: 8\n", "  serializedVersion: 5\n",
                                                             1), encoding="utf-8")
    before = path.read_bytes()
    run = run_tool(minigolf, tool, {"file": HOLE_CUBE, "gameObject": WIN, **data})
    assert not run.ok and run.error["code"] == "E_VFX_LAYOUT_UNSUPPORTED", run.error
    assert path.read_bytes() == before
    out = _get(minigolf)
    assert (out["serializedVersion"], out["writable"]) == (5, False)


def test_a_gameobject_without_a_particle_system(minigolf):
    run = run_tool(minigolf, "vfx.set-particle-emission", {"file": HOLE_CUBE, "gameObject": "Hole Cube",
                                                           "rateOverTime": 1})
    assert run.error["code"] == "E_COMPONENT_NOT_FOUND"
    assert run.error["nextActions"][0].startswith("unitycli tools run vfx.list-particle-systems")


def test_set_particle_shape(minigolf):
    before = text(minigolf, HOLE_CUBE)
    data = {"file": HOLE_CUBE, "gameObject": WIN, "type": "sphere", "radius": 0.5, "arc": 180,
            "rotation": {"x": -90, "y": 0, "z": 0}}
    run = assert_dry_run_matches_commit(minigolf, "vfx.set-particle-shape", data)
    assert run.output["changedFields"] == ["ShapeModule.type", "ShapeModule.radius.value", "ShapeModule.arc.value",
                                           "ShapeModule.m_Rotation"]
    pairs = changed_lines(before, text(minigolf, HOLE_CUBE))
    assert pairs[:2] == [("    type: 4", "    type: 0"),
                         ("    m_Rotation: {x: 0, y: 0, z: 0}", "    m_Rotation: {x: -90, y: 0, z: 0}")]
    assert pairs[2:] == [("      value: 0.1", "      value: 0.5"), ("      value: 360", "      value: 180")]
    shape = _get(minigolf)["modules"]["shape"]
    assert (shape["type"], shape["radius"]["value"], shape["arc"]["value"]) == (0, 0.5, 180)
    assert run.output["shape"]["type"] == "sphere"


def test_set_particle_renderer(minigolf):
    before = text(minigolf, HOLE_CUBE)
    material = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"
    data = {"file": HOLE_CUBE, "gameObject": WIN, "renderMode": "stretch", "lengthScale": 3, "material": material}
    run = assert_dry_run_matches_commit(minigolf, "vfx.set-particle-renderer", data)
    assert run.output["changedFields"] == ["m_RenderMode", "m_LengthScale", "m_Materials"]
    guid = (minigolf / (material + ".meta")).read_text().split("guid: ")[1].split()[0]
    assert changed_lines(before, text(minigolf, HOLE_CUBE)) == [
        ("  - {fileID: 2100000, guid: f2f808df383afc343baeac6d53ffbce1, type: 2}",
         f"  - {{fileID: 2100000, guid: {guid}, type: 2}}"),
        ("  m_RenderMode: 0", "  m_RenderMode: 1"), ("  m_LengthScale: 2", "  m_LengthScale: 3")]
    renderer = _get(minigolf)["renderer"]
    assert (renderer["renderMode"], renderer["m_Materials"][0]["guid"]) == ("stretch", guid)
    bad = run_tool(minigolf, "vfx.set-particle-renderer", {**data, "material": "Assets/Nope.mat"})
    assert bad.error["code"] == "E_ASSET_NOT_FOUND"


HEC = "Assets/SampleScenes/3. Hybrid Components/HybridEntitiesConversion/Subscenes/HECSubScene.unity"


def test_double_a_non_zero_rate_on_another_project(tmp_path):
    """ECS HDRPSamples' HECSubScene (a 2022.3 ParticleSystem, rate 100): doubling gives 200, one line changed."""
    from unitycli.testing import copy_fixture_project

    root = copy_fixture_project("EntityComponentSystemSamples/GraphicsSamples/HDRPSamples", tmp_path)
    before = text(root, HEC)
    run = assert_dry_run_matches_commit(root, "vfx.set-particle-emission",
                                        {"file": HEC, "gameObject": "557809145", "rateOverTimeScale": 2})
    assert run.output["rateOverTime"] == {"mode": "constant", "constant": 200}
    assert changed_lines(before, text(root, HEC)) == [("      scalar: 100", "      scalar: 200")]
