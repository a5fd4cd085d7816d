"""Only the graph and effect tools need com.unity.visualeffectgraph; particle, line and trail tools run anywhere."""

from __future__ import annotations

import pytest
from vfx_testutil import GAME, HOLE_CUBE

from unitycli.api import packaged_versions
from unitycli.testing import copy_fixture_project, describe_tool, registered_specs, run_tool, tool_output

TOOLS = sorted(registered_specs("vfx."))
NEEDS_VFX = sorted(t for t in TOOLS if "graph" in t or "effect" in t)
PACKAGE_FREE = sorted(set(TOOLS) - set(NEEDS_VFX))
# A call that would succeed on a project with the package, so the refusal can only come from availability.
CALLS = {"vfx.list-graphs": {}, "vfx.list-effects": {}, "vfx.get-graph": {"graph": "BonFire"}}


def _describe(root, tool) -> dict:
    return describe_tool(root, tool)


def test_the_split_is_by_tool_name():
    assert NEEDS_VFX == ["vfx.get-effect", "vfx.get-graph", "vfx.list-effects", "vfx.list-graphs",
                         "vfx.set-effect-asset", "vfx.set-effect-property", "vfx.set-effect-seed"]
    assert "vfx.list-particle-systems" in PACKAGE_FREE and "vfx.set-line" in PACKAGE_FREE


@pytest.mark.parametrize("name", ["chicken-defense", "minigolf"])
def test_without_vfx_graph_the_graph_tools_are_missing_and_the_rest_run(tmp_path, name):
    root = copy_fixture_project(name, tmp_path)
    for tool in NEEDS_VFX:
        d = _describe(root, tool)
        assert (d["available"], d["unavailableCode"]) == (False, "E_EXTENSION_DEPENDENCY_MISSING"), tool
        assert [(r["name"], r["versions"]) for r in d["requiresPackages"]] == [
            ("com.unity.visualeffectgraph", list(packaged_versions("unitycli_vfx", "com.unity.visualeffectgraph")))]
    for tool, data in CALLS.items():
        run = run_tool(root, tool, data)
        assert not run.ok and run.error["code"] == "E_EXTENSION_DEPENDENCY_MISSING", (tool, run.error)
        # VFX Graph ships with the Editor: never a package.add, the Package Manager step instead (a person's), and
        # the doctor to run once it is taken
        assert run.error["manualSteps"][0].startswith("Add com.unity.visualeffectgraph from the Unity Package Manager")
        assert run.error["nextActions"] == [f"unitycli extensions doctor --project {root}"]
    for tool in PACKAGE_FREE:
        d = _describe(root, tool)
        assert (d["available"], d["requiresPackages"]) == (True, []), tool
    target = {"chicken-defense": ("vfx.get-line", {"file": GAME, "gameObject": "UI Camera Bounds"}),
              "minigolf": ("vfx.get-particle-system", {"file": HOLE_CUBE, "gameObject": "Hole Cube/Win Effect"})}
    tool, data = target[name]
    tool_output(root, tool, data)
    assert run_tool(root, "vfx.list-particle-systems").ok


def test_the_samples_as_shipped_get_vfx_graph_through_hdrp_and_the_tools_run(tmp_path):
    # VisualEffectGraph-Samples has no packages-lock.json: VFX Graph 17.0.3 arrives with HDRP 17.0.3, both bundled
    # with the Editor, which the core knows without a lock; a written lock says the same.
    from vfx_testutil import write_resolved_lock

    root = copy_fixture_project("vfx-samples", tmp_path)
    for tool in NEEDS_VFX:
        d = _describe(root, tool)
        assert (d["available"], d["profileVerified"]) == (True, True), tool
    assert run_tool(root, "vfx.list-effects").ok
    write_resolved_lock(root)
    assert _describe(root, "vfx.list-effects")["available"] is True


def test_an_unlisted_vfx_graph_version_reads_unverified(tmp_path):
    from vfx_testutil import write_resolved_lock

    root = copy_fixture_project("vfx-samples", tmp_path)
    write_resolved_lock(root, "17.2.0")
    run = run_tool(root, "vfx.list-graphs")
    assert run.ok and run.profile_verified is False
    assert run_tool(root, "vfx.list-particle-systems").ok
