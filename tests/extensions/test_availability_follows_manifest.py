"""Availability follows what Unity will resolve.

A direct dependency's value in Packages/manifest.json is what Unity resolves, so `package.add`/`package.remove`
change availability at once (marked as not yet resolved by Unity); the lock only fills in the rest. And every
unavailable state has a way out: each `unitycli tools run ...` next action is run on a copy of a real fixture
project and must make the tool available, every next action is a command, each step for a person is plain text in
`manualSteps`, and `extensions doctor` is never the only way out.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tests.extensions.helpers import (
    BITESIZE_CLIENT_DRIVEN,
    PROBUILDER_5_2_2,
    copy_project,
    fake_extension,
    make_state,
)
from unitycli.cli.main import run
from unitycli.host.session import Session

HDRP_SAMPLES = "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples"
MISSING = "E_EXTENSION_DEPENDENCY_MISSING"
UNSUPPORTED = "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"
UNVERIFIABLE = "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"

FAKE_VFX = '''
id = "fakevfx"
distribution = "unitycli-fakevfx"
summary = "fake VFX Graph extension"
core_api = ">=2.0,<3"

[[packages]]
name = "com.unity.visualeffectgraph"
versions = ["17.2.0"]
tools = ["fakevfx.*"]
'''

FAKE_GIT = PROBUILDER_5_2_2.replace("fakepb", "fakegit").replace("com.unity.probuilder", "com.inspiaaa.unityhfsm")
# A registry package that only some other package's (unknown) dependency list could bring in.
FAKE_SPLINES = PROBUILDER_5_2_2.replace("fakepb", "fakesplines").replace("com.unity.probuilder", "com.unity.splines")


@pytest.fixture
def exts(site):
    fake_extension(site, "fakepb", ["fakepb.mesh-count"], PROBUILDER_5_2_2)
    fake_extension(site, "fakevfx", ["fakevfx.graph"], FAKE_VFX)
    fake_extension(site, "fakesplines", ["fakesplines.mesh-count"], FAKE_SPLINES)
    fake_extension(site, "fakegit", ["fakegit.mesh-count"], FAKE_GIT)
    return site


def _cli(*args: str) -> dict:
    return run([*args, "--json"]).envelope


def _tool_run(root: Path, tool: str, payload: dict) -> dict:
    envelope = _cli("tools", "run", tool, "--project", str(root), "--input", json.dumps(payload))
    assert envelope["ok"], envelope
    return envelope["result"]["output"]


def _describe(root: Path, tool: str) -> dict:
    envelope = _cli("tools", "describe", tool, "--project", str(root))
    assert envelope["ok"], envelope
    return envelope["result"]


def _availability(root: Path, tool: str):
    session = Session(project_arg=str(root), cwd=root)
    return session.availability(session.tool(tool))


def _state(d: dict) -> tuple:
    return d["available"], d.get("unavailableCode"), d.get("unavailableReason")


# --- package.add / package.remove change availability at once -------------------------------------------------


def test_package_add_over_a_stale_lock_makes_the_tools_available_at_once_not_yet_resolved(site, tmp_path):
    # The example: `package.add com.unity.probuilder 6.0.4` over chicken-defense's lock (5.2.2). The
    # catalog's probuilder manifest applies (6.0.4 is verified).
    fake_extension(site, "probuilder", ["probuilder.list-meshes"], None)
    root = copy_project("chicken-defense", tmp_path)
    lock_before = (root / "Packages/packages-lock.json").read_bytes()
    edit = _tool_run(root, "package.add", {"name": "com.unity.probuilder", "version": "6.0.4"})
    assert edit["changed"] is True and edit["previous"] == "5.2.2"
    assert "Availability follows the manifest at once" in edit["note"]
    assert (root / "Packages/packages-lock.json").read_bytes() == lock_before  # the lock is never touched

    d = _describe(root, "probuilder.list-meshes")
    assert (d["available"], d["profileVerified"]) == (True, False)  # never verified before Unity resolves it
    assert d["requiresPackages"][0]["projectHas"] == "6.0.4"
    assert d["nextActions"] == []  # nothing to run: the one step is a person's, in the Editor
    assert d["manualSteps"] == [
        "Open the project in the Unity Editor so it resolves Packages/manifest.json and rewrites "
        "Packages/packages-lock.json"]
    answer = _availability(root, "probuilder.list-meshes")
    assert answer.resolved_by_unity is False
    assert answer.notes[0].startswith("not yet resolved by Unity: com.unity.probuilder@6.0.4")
    assert "Unity has not resolved it yet" in answer.notes[0]

    listed = {p["name"]: p for p in _tool_run(root, "package.list", {})["packages"]}
    probuilder = listed["com.unity.probuilder"]
    assert (probuilder["version"], probuilder["requested"], probuilder["verifiable"]) == ("6.0.4", "6.0.4", True)
    assert "Unity has not resolved it yet" in probuilder["reason"]


def test_package_add_of_a_new_package_makes_its_tools_available_at_once(exts, tmp_path):
    root = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    assert _describe(root, "fakepb.mesh-count")["unavailableCode"] == MISSING
    _tool_run(root, "package.add", {"name": "com.unity.probuilder", "version": "5.2.2"})
    d = _describe(root, "fakepb.mesh-count")
    assert (d["available"], d["profileVerified"]) == (True, False)  # not yet resolved by Unity: never verified
    outcome = run(["tools", "run", "fakepb.mesh-count", "--project", str(root), "--json"])
    assert outcome.exit_code == 0, outcome.envelope
    assert outcome.envelope["result"]["profileVerified"] is False


def test_package_remove_makes_the_tools_missing_at_once(exts, tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    assert _describe(root, "fakepb.mesh-count")["available"] is True
    _tool_run(root, "package.remove", {"name": "com.unity.probuilder"})
    d = _describe(root, "fakepb.mesh-count")
    assert (d["available"], d["unavailableCode"]) == (False, MISSING)
    assert "Packages/manifest.json no longer asks for it" in d["unavailableReason"]
    assert "Packages/packages-lock.json still lists 5.2.2" in d["unavailableReason"]
    assert d["requiresPackages"][0]["projectHas"] is None


def test_a_transitive_package_resolves_from_the_lock_and_goes_with_its_parent(exts, tmp_path):
    # com.unity.visualeffectgraph arrives in HDRPSamples only as a dependency of HDRP (lock depth 1).
    root = copy_project(HDRP_SAMPLES, tmp_path)
    d = _describe(root, "fakevfx.graph")
    assert (d["available"], d["profileVerified"]) == (True, True)
    assert (d["nextActions"], d["manualSteps"]) == ([], [])  # the lock agrees with the manifest: nothing to resolve
    assert _availability(root, "fakevfx.graph").resolved_by_unity is True
    _tool_run(root, "package.remove", {"name": "com.unity.render-pipelines.high-definition"})
    d = _describe(root, "fakevfx.graph")
    assert (d["available"], d["unavailableCode"]) == (False, MISSING)


def test_without_a_lock_a_transitive_package_stays_unverifiable_with_a_way_out(exts, tmp_path):
    # VisualEffectGraph-Samples has no lock; Splines could come through a package whose dependency list is unknown.
    root = copy_project("vfx-samples", tmp_path)
    d = _describe(root, "fakesplines.mesh-count")
    assert (d["available"], d["unavailableCode"]) == (False, UNVERIFIABLE)
    assert d["nextActions"][0].startswith("unitycli tools run package.add ")
    assert d["nextActions"][1] == f"unitycli extensions doctor --project {root}"
    assert d["manualSteps"] == ["Open the project in the Unity Editor so it resolves packages and writes "
                                "Packages/packages-lock.json"]


def test_without_a_lock_hdrp_brings_vfx_graph_at_its_own_version(exts, tmp_path):
    # VFX Graph is bundled with the Editor like HDRP (every fixture lock says "source": "builtin"), so HDRP 17.0.3
    # brings 17.0.3 and no other list can raise it: a 17.2.0-only extension is unsupported, not unverifiable.
    root = copy_project("vfx-samples", tmp_path)
    d = _describe(root, "fakevfx.graph")  # a read: it runs on the present version, unverified
    assert (d["available"], d["profileVerified"], d["operation"]) == (True, False, "read")
    assert d["requiresPackages"][0]["projectHas"] == "17.0.3"


def test_without_a_lock_a_complete_set_of_lists_decides(exts, tmp_path):
    # Every direct package is local with a readable package.json, so the transitive closure is fully known.
    root = tmp_path / "tiny"
    (root / "ProjectSettings").mkdir(parents=True)
    (root / "ProjectSettings/ProjectVersion.txt").write_text("m_EditorVersion: 2022.3.62f1\n")
    (root / "Assets").mkdir()
    (root / "Packages").mkdir()
    (root / "Packages/manifest.json").write_text(json.dumps(
        {"dependencies": {"com.example.hdrp": "file:../hdrp"}}, indent=2) + "\n")
    (root / "hdrp").mkdir()
    (root / "hdrp/package.json").write_text(json.dumps(
        {"name": "com.example.hdrp", "version": "1.0.0", "dependencies": {"com.unity.visualeffectgraph": "17.2.0"}}))
    d = _describe(root, "fakevfx.graph")
    assert (d["available"], d["profileVerified"]) == (True, True)
    # VFX Graph's own list is unknown, so ProBuilder might still arrive through it ...
    assert _describe(root, "fakepb.mesh-count")["unavailableCode"] == UNVERIFIABLE
    # ... until its cached package.json says what it needs: then nothing can bring ProBuilder.
    cache = root / "Library/PackageCache/com.unity.visualeffectgraph@17.2.0"
    cache.mkdir(parents=True)
    (cache / "package.json").write_text(json.dumps({"name": "com.unity.visualeffectgraph", "version": "17.2.0"}))
    assert _describe(root, "fakepb.mesh-count")["unavailableCode"] == MISSING


# --- every next action of every unavailable state leads out of it ---------------------------------------------


def _remove(name: str):
    def setup(root: Path) -> None:
        _tool_run(root, "package.remove", {"name": name})
    return setup


def _add(name: str, version: str):
    def setup(root: Path) -> None:
        _tool_run(root, "package.add", {"name": name, "version": version})
    return setup


# state: (fixture project, tool, setup on the copy, expected code)
STATES = {
    "missing": (BITESIZE_CLIENT_DRIVEN, "fakepb.mesh-count", None, MISSING),
    "missing-after-remove": ("chicken-defense", "fakepb.mesh-count", _remove("com.unity.probuilder"), MISSING),
    "missing-transitive-after-parent-removed": (
        HDRP_SAMPLES, "fakevfx.graph", _remove("com.unity.render-pipelines.high-definition"), MISSING),
    "unsupported-version": ("minigolf", "fakepb.mesh-count", None, UNSUPPORTED),
    "unsupported-after-add": ("chicken-defense", "fakepb.mesh-count", _add("com.unity.probuilder", "5.2.3"),
                              UNSUPPORTED),
    "unverifiable-no-lock": ("vfx-samples", "fakepb.mesh-count", None, UNVERIFIABLE),
    "unverifiable-lock-disabled": ("physics-samples", "fakepb.mesh-count", None, UNVERIFIABLE),
    "unverifiable-transitive-no-lock": ("vfx-samples", "fakesplines.mesh-count", None, UNVERIFIABLE),
    "unverifiable-git-without-cache": ("chicken-defense", "fakegit.mesh-count", None, UNVERIFIABLE),
    "unverifiable-manifest-changed-since-lock": (
        "chicken-defense", "fakevfx.graph", _add("com.unity.splines", "2.6.1"), UNVERIFIABLE),
}


def _make(state: str, dest: Path) -> tuple[Path, str]:
    return make_state(STATES[state], dest)


def _doctor_leads_out(action: str, extension: str, package: str) -> None:
    """The doctor's check of this package names a way out besides running the doctor again: a command, or a step
    for a person."""
    envelope = run([*shlex.split(action)[1:], "--json"]).envelope
    checks = envelope["result"]["checks"]
    mine = [c for c in checks if c["name"] == f"package:{extension}:{package}"]
    assert mine, [c["name"] for c in checks]
    for check in mine:
        assert check["status"] != "pass", check
        others = [a for a in check["nextActions"] if not a.startswith("unitycli extensions doctor")]
        assert others or check["manualSteps"], check
        assert all(a.startswith("unitycli ") for a in check["nextActions"]), check


def _simulate_human_step(action: str, root: Path) -> bool:
    """Carry out the human steps a test can do faithfully; False for the ones only the Unity Editor can do (no
    state here has another kind since [accept-unverified] was retired)."""
    return False


def _ways_out(d: dict) -> list[tuple[str, str]]:
    """An answer's way out, in order: its next actions (commands), then its steps for a person."""
    return [("next", a) for a in d["nextActions"]] + [("manual", m) for m in d["manualSteps"]]


@pytest.mark.parametrize("state", sorted(STATES))
def test_every_next_action_of_every_unavailable_state_changes_it(exts, tmp_path, state):
    code = STATES[state][3]
    probe, tool = _make(state, tmp_path / "probe")
    d = _describe(probe, tool)
    assert (d["available"], d["unavailableCode"]) == (False, code), d
    ways = _ways_out(d)
    assert d["nextActions"], d  # always a command to run, if only the doctor once a person has taken a step
    # a way out besides the doctor: a command, or a step for a person
    assert any(not w.startswith("unitycli extensions doctor") for _, w in ways), ways
    package = d["requiresPackages"][0]["name"]
    for index in range(len(ways)):
        # Each action runs on a fresh copy in the same state, with the action this copy's descriptor gives.
        root, _ = _make(state, tmp_path / f"action{index}")
        before = _describe(root, tool)
        assert _state(before)[:2] == (False, code)
        kind, action = _ways_out(before)[index]
        if kind == "next":  # a command, never a step in words
            assert action.startswith("unitycli "), action
        if kind == "next" and action.startswith("unitycli tools run "):
            outcome = run([*shlex.split(action)[1:], "--json"])
            assert outcome.exit_code == 0, (action, outcome.envelope)
            after = _describe(root, tool)
            assert _state(after) != _state(before), action
            assert after["available"] is True, (action, after)  # a suggested tool call leads straight out
            ran = run(["tools", "run", tool, "--project", str(root), "--json"])
            assert ran.exit_code == 0, (action, ran.envelope)
        elif kind == "next":
            assert action == f"unitycli extensions doctor --project {shlex.quote(str(root))}"
            _doctor_leads_out(action, tool.split(".")[0], package)
        else:
            # A plainly stated step for a person, never a disguised command or a pointer back to the doctor.
            assert not action.startswith(("unitycli", "python", "pip")), action
            assert action[0].isupper() and "doctor" not in action, action
            if _simulate_human_step(action, root):
                after = _describe(root, tool)
                assert _state(after) != _state(before), action
                assert after["available"] is True, (action, after)
            else:
                assert "Unity Editor" in action or "Restore" in action or "Replace" in action, action


def test_the_real_probuilder_tools_follow_package_add_and_remove(tmp_path):
    # The issue as reported, with the installed ProBuilder extension: every tool follows the manifest at once.
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution("unitycli-probuilder")
    except PackageNotFoundError:
        pytest.fail("unitycli-probuilder is not installed: pip install -e extensions/probuilder")
    from unitycli.testing import registered_specs

    tools = sorted(registered_specs("probuilder."))  # a tools module may register several
    root = copy_project("chicken-defense", tmp_path)
    _tool_run(root, "package.add", {"name": "com.unity.probuilder", "version": "6.0.4"})
    for tool in tools:
        d = _describe(root, tool)
        assert (d["available"], d["profileVerified"]) == (True, False), (tool, d.get("unavailableReason"))
        assert d["requiresPackages"][0]["projectHas"] == "6.0.4"
    _tool_run(root, "package.remove", {"name": "com.unity.probuilder"})
    for tool in tools:
        d = _describe(root, tool)
        assert (d["available"], d["unavailableCode"]) == (False, MISSING), tool
        # ProBuilder 6.x needs Unity 6000.0 (its package.json): on this 2022.3 project the newest that resolves
        assert d["nextActions"][0] == (f"unitycli tools run package.add --project {root} --input "
                                       """'{"name": "com.unity.probuilder", "version": "5.2.4"}'""")
