"""Every unavailable state of the shipped extensions, on 2020.3, 2022.3 and Unity 6 projects, and its way out:
each next action a command that runs, each step for a person (`manualSteps`) words that lead out of the state,
none that re-versions an Editor-bundled package or proposes a version the project's Editor cannot resolve.

The 2020.3 project is a stand-in: a copy of chicken-defense (2022.3.17f1) with ProjectVersion.txt rewritten. A
`unitycli tools run` action is run on a fresh copy in the same state and must make the tool available; a manual
step is carried out where a test can do it faithfully (a Unity Hub upgrade rewrites ProjectVersion.txt; a newer
Editor rewrites the `builtin` lock entries of the packages it ships) and must change the state.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, copy_project, make_state
from unitycli.cli.main import run
from unitycli.host.catalog import load_catalog
from unitycli.host.manifest import unity_stream

URP = "com.unity.render-pipelines.universal"
CM = "com.unity.cinemachine"
HDRP_SAMPLES = "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples"
CM_URP = "com.unity.cinemachine/Projects/URP"


def _cli(*args: str) -> dict:
    return run([*args, "--json"]).envelope


def _tool_run(root: Path, tool: str, payload: dict) -> None:
    envelope = _cli("tools", "run", tool, "--project", str(root), "--input", json.dumps(payload))
    assert envelope["ok"], envelope


def _describe(root: Path, tool: str) -> dict:
    envelope = _cli("tools", "describe", tool, "--project", str(root))
    assert envelope["ok"], envelope
    return envelope["result"]


def _editor(root: Path, version: str) -> None:
    (root / "ProjectSettings/ProjectVersion.txt").write_text(f"m_EditorVersion: {version}\n")


def _remove(name: str):
    return lambda root: _tool_run(root, "package.remove", {"name": name})


def _add(name: str, version: str):
    return lambda root: _tool_run(root, "package.add", {"name": name, "version": version})


def _on_2020_3(*then):
    def setup(root: Path) -> None:
        _editor(root, "2020.3.48f1")
        for step in then:
            step(root)
    return setup


def _config(text: str):
    def setup(root: Path) -> None:
        (root / ".unitycli").mkdir(exist_ok=True)
        (root / ".unitycli/config.toml").write_text(text)
    return setup


def _then(*steps):
    def setup(root: Path) -> None:
        for step in steps:
            step(root)
    return setup


MISSING = "E_EXTENSION_DEPENDENCY_MISSING"
UNSUPPORTED = "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"
UNVERIFIABLE = "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"

# state: (fixture project, tool, setup on the copy, expected code)
STATES = {
    # 2020.3 stand-in: Cinemachine 2.10.4+ and 3.x need Unity 2022.3 (package.json), so 2.10.3 is offered;
    # ProBuilder 6.x needs 6000.0, so 5.2.4; a create on an unlisted CM version names no version it cannot take.
    "2020.3-cinemachine-missing": ("chicken-defense", "cinemachine.list-cameras", _on_2020_3(_remove(CM)), MISSING),
    "2020.3-cinemachine-create-on-2.9.4": (
        "chicken-defense", "cinemachine.create-camera", _on_2020_3(_add(CM, "2.9.4")), UNSUPPORTED),
    "2020.3-probuilder-missing": (
        "chicken-defense", "probuilder.list-meshes", _on_2020_3(_remove("com.unity.probuilder")), MISSING),
    # 2022.3
    "2022.3-cinemachine-missing": ("chicken-defense", "cinemachine.list-cameras", _remove(CM), MISSING),
    "2022.3-urp-missing-after-remove": ("chicken-defense", "urp.list-profiles", _remove(URP), MISSING),
    "2022.3-urp-create-on-14.0.12": (CM_URP, "urp.add-feature", None, UNSUPPORTED),
    "2022.3-config-keeps-the-removed-accept-unverified": (
        "chicken-defense", "urp.list-profiles", _config('[accept-unverified]\n"com.unity.render-pipelines.universal" '
                                                       '= "14.0.12"\n'), "E_MANIFEST_INVALID"),
    "2022.3-probuilder-missing": (CM_URP, "probuilder.create-shape", None, MISSING),
    # Unity 6
    "6000.0-probuilder-missing": (BITESIZE_CLIENT_DRIVEN, "probuilder.list-meshes", None, MISSING),
    "6000.0-hdrp-missing": ("minigolf", "hdrp.list-profiles", None, MISSING),
    "6000.0-urp-readded-at-another-version": (
        "minigolf", "urp.add-override", _then(_remove(URP), _add(URP, "17.2.0")), UNVERIFIABLE),
    "6000.2-vfx-missing-after-hdrp-removed": (
        HDRP_SAMPLES, "vfx.list-graphs", _remove("com.unity.render-pipelines.high-definition"), MISSING),
}


def _make(state: str, dest: Path) -> tuple[Path, str]:
    return make_state(STATES[state], dest)


def _lock(root: Path) -> dict:
    path = root / "Packages/packages-lock.json"
    return json.loads(path.read_text())["dependencies"] if path.exists() else {}


def _editor_stream(root: Path) -> tuple[int, int]:
    text = (root / "ProjectSettings/ProjectVersion.txt").read_text()
    major, minor = re.search(r"m_EditorVersion: (\d+)\.(\d+)", text).groups()
    return int(major), int(minor)


def _profiles() -> dict[str, object]:
    return {p.name: p for m in load_catalog().manifests.values() for p in m.packages}


def _check_proposal(action: str, root: Path) -> None:
    """A package.add never re-versions an Editor-bundled package and proposes only what this Editor resolves."""
    payload = json.loads(shlex.split(action)[-1])
    name, version = payload["name"], payload["version"]
    entry = _lock(root).get(name)
    if entry is not None and entry["source"] == "builtin":
        assert version == entry["version"], (action, entry)  # only restores the Editor's own version
        return
    profile = _profiles()[name]
    assert unity_stream(profile.unity[version]) <= _editor_stream(root), action
    assert profile.verified_on(version, _editor_stream(root)), action


def _simulate_human_step(action: str, root: Path) -> bool:
    """Carry out a human step the way Unity would, where a test can; False when only the Editor can."""
    if action == "Delete the [accept-unverified] table from .unitycli/config.toml":
        (root / ".unitycli/config.toml").write_text("")
        return True
    upgrade = re.search(r"upgrade the project to Unity (\d+\.\d+) or later", action)
    if upgrade:
        _editor(root, f"{upgrade.group(1)}.0f1")
        return True
    ships = re.match(r"Open the project in a Unity Editor that ships (\S+)@(\S+) ", action)
    if ships:  # a newer Editor rewrites the builtin entries of the packages it ships
        name, versions = ships.groups()
        lock = root / "Packages/packages-lock.json"
        data = json.loads(lock.read_text())
        data["dependencies"][name]["version"] = versions.split("|")[-1]
        lock.write_text(json.dumps(data, indent=2) + "\n")
        return True
    return False


def _ways_out(d: dict) -> list[tuple[str, str]]:
    """An answer's way out, in order: its next actions (commands), then its steps for a person."""
    return [("next", a) for a in d["nextActions"]] + [("manual", m) for m in d["manualSteps"]]


@pytest.mark.parametrize("state", sorted(STATES))
def test_every_next_action_leads_out_and_none_breaks_the_project(tmp_path, state):
    code = STATES[state][3]
    probe, tool = _make(state, tmp_path / "probe")
    first = _describe(probe, tool)
    assert (first["available"], first["unavailableCode"]) == (False, code), first
    assert first["nextActions"], first  # always a command to run
    assert any(not w.startswith("unitycli extensions doctor") for _, w in _ways_out(first)), first
    for index in range(len(_ways_out(first))):
        root, _ = _make(state, tmp_path / f"action{index}")
        before = _describe(root, tool)
        kind, action = _ways_out(before)[index]
        assert "package.remove" not in action, action
        if kind == "next":  # a command, never a step in words
            assert action.startswith("unitycli "), action
        if kind == "next" and action.startswith("unitycli tools run package.add "):
            _check_proposal(action, root)
            outcome = run([*shlex.split(action)[1:], "--json"])
            assert outcome.exit_code == 0, (action, outcome.envelope)
            after = _describe(root, tool)
            assert after["available"] is True, (action, after)
            payload = json.loads(shlex.split(action)[-1])
            locked = _lock(root).get(payload["name"], {}).get("version")
            if locked != payload["version"]:  # verified at most where the lock already agrees
                assert after["profileVerified"] is False, (action, after)
        elif kind == "next":
            assert action == f"unitycli extensions doctor --project {shlex.quote(str(root))}"
            envelope = run([*shlex.split(action)[1:], "--json"]).envelope
            assert envelope["result"]["checks"], envelope
        else:
            assert not action.startswith(("unitycli", "python", "pip")), action
            assert action[0].isupper() and "doctor" not in action, action
            if _simulate_human_step(action, root):
                after = _describe(root, tool)
                assert (after["available"], after.get("unavailableReason"), _ways_out(after)) != (
                    before["available"], before.get("unavailableReason"), _ways_out(before)), action
                for step in after.get("nextActions") or []:
                    if step.startswith("unitycli tools run package.add "):
                        _check_proposal(step, root)
            else:
                assert "Unity Editor" in action, action


def test_reads_and_edits_run_where_creation_is_refused(tmp_path):
    """URP 14.0.12 (cinemachine's URP sample): list and set run on the file's own layout; add-feature does not;
    add-override does, writing only what the project proves, and says so."""
    root = copy_project(CM_URP, tmp_path)
    listing = _describe(root, "urp.list-profiles")
    assert (listing["available"], listing["profileVerified"], listing["operation"]) == (True, False, "read")
    edit = _describe(root, "urp.set-override")
    assert (edit["available"], edit["operation"]) == (True, "edit")
    assert edit["verifiedBy"].startswith("the file's own layout")
    create = _describe(root, "urp.add-feature")
    assert (create["available"], create["operation"]) == (False, "create")
    proving = _describe(root, "urp.add-override")
    assert (proving["available"], proving["profileVerified"], proving["operation"]) == (True, False, "create")
    assert proving["verifiedBy"].startswith("an object of the class in the project (looked for when it runs")
    assert "only the fields that proves are written" in proving["verifiedBy"]


def test_after_remove_and_add_nothing_is_verified_until_unity_resolves(tmp_path):
    """D2: remove URP from a Unity 6 project and add another version: tools run unverified, saying why."""
    root, _ = _make("6000.0-urp-readded-at-another-version", tmp_path)
    d = _describe(root, "urp.list-profiles")
    assert (d["available"], d["profileVerified"]) == (True, False)
    assert d["nextActions"] == []  # nothing to run: the one step is a person's, in the Editor
    assert d["manualSteps"] == ["Open the project in the Unity Editor so it resolves Packages/manifest.json and "
                                "rewrites Packages/packages-lock.json"]


def test_the_local_cinemachine_package_source_is_the_proof_a_create_reports():
    """Cinemachine's own sample project takes the package from `file:../../../com.unity.cinemachine` (3.1.8-pre.1):
    the C# model finds its source there and describe says so; the MCP listing adds the proof only where a tool
    runs unverified (URP 14.0.12 here), to stay within its size budget."""
    from tests.fixturepaths import fixture_project
    from unitycli.host.session import Session
    from unitycli.mcp.schemas import description

    root = fixture_project(CM_URP)
    d = _describe(root, "cinemachine.create-camera")
    assert (d["available"], d["profileVerified"], d["operation"]) == (True, True, "create")
    assert d["verifiedBy"] == "package source ../../com.unity.cinemachine"
    session = Session(project_arg=str(root), cwd=root)
    assert " Here: " not in description(session.descriptor(session.tool("cinemachine.create-camera")))
    listed = description(session.descriptor(session.tool("urp.set-override")))
    assert listed.endswith(" Here: edit, on the file's own layout: com.unity.render-pipelines.universal@14.0.12 is not "
                           "a verified version, so only fields the file already holds are edited.")


def test_the_doctor_reports_an_unverified_urp_per_operation_and_does_not_fail():
    """URP 14.0.12: a warning (not a failure) that says what reads, edits, creates and the proving creator can do."""
    from tests.fixturepaths import fixture_project

    root = fixture_project(CM_URP)
    envelope = _cli("extensions", "doctor", "--project", str(root))
    check = next(c for c in envelope["result"]["checks"] if c["name"] == f"package:urp:{URP}")
    assert check["status"] == "warn"
    assert check["message"].startswith(f"{URP}@14.0.12 is unverified for urp: read: available")
    operations = check["details"]["operations"]
    assert [name for name, entry in operations.items() if entry["available"]] == [
        "read", "edit", "create by urp.add-override"]
    assert operations["create"]["code"] == UNSUPPORTED
