"""Scripts whose .cs lives in a package cannot be named offline: asking for them by class name says so.

chicken-defense uses Cinemachine 2.9.7 and ProBuilder 5.2.2, whose scripts are not in the project: the Game
scene's "Virtual Camera" (&1843731366) has a CinemachineVirtualCamera (&1843731367, script GUID 45e653ba…) and "World/Floor" (&877252943) a ProBuilderMesh and a ProBuilderShape. "No such component" would
be a false answer there, so the tools name those components and the same call by GUID or fileID instead — unless
an installed extension names its package's scripts (`unitycli_known_scripts`): the ProBuilder and Cinemachine
extensions do, so the Cinemachine cases below run with that extension disabled.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, run
from unitycli.cli.main import run as cli_run
from unitycli.errors import UnityCliError
from unitycli.next_actions import render

VCAM_GUID = "45e653bab7fb20e499bda25e1b646fea"
MESH_GUID = "8233d90336aea43098adf6dbabd606a2"
SHAPE_GUID = "1ca002da428252441b92f28d83c8a65f"


def _error(project: Path, tool: str, data: dict) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        run(project, tool, data, dry_run=True)
    return info.value


def _command(project: Path, tool: str, data: dict) -> str:
    return f"unitycli tools run {tool} --project {shlex.quote(str(project))} --input {shlex.quote(json.dumps(data))}"


@pytest.fixture
def cinemachine_unnamed(monkeypatch) -> None:
    """As on a machine without unitycli-cinemachine: nothing names Cinemachine's script GUIDs."""
    monkeypatch.setenv("UNITYCLI_DISABLE_EXTENSIONS", "cinemachine")


@pytest.mark.parametrize("tool, extra", [
    ("component.get", {"property": "m_Lens.FieldOfView"}),
    ("component.set", {"property": "m_Lens.FieldOfView", "value": 50}),
    ("component.remove", {}),
])
def test_asking_for_cinemachine_by_name_says_the_script_cannot_be_named_and_retries_by_guid(
        chicken: Path, tool: str, extra: dict, cinemachine_unnamed) -> None:
    request = {"file": "Game", "gameObject": "Virtual Camera", "component": "CinemachineVirtualCamera", **extra}
    error = _error(chicken, tool, request)
    assert error.code == "E_COMPONENT_NOT_FOUND"
    assert error.message == (
        f"'Virtual Camera' (&1843731366) in {CHICKEN_GAME} has no component 'CinemachineVirtualCamera' among those "
        "that can be named offline, but 1 component has a script that cannot be named offline (the .cs is not in "
        "the project, e.g. it comes from a package); 'CinemachineVirtualCamera' may be it")
    assert error.details["unresolvedScripts"] == [{"fileID": 1843731367, "scriptGuid": VCAM_GUID}]
    assert [render(a) for a in error.next_actions] == [
        _command(chicken, tool, {**request, "component": VCAM_GUID}),
        _command(chicken, "gameobject.get", {"file": CHICKEN_GAME, "gameObject": 1843731366})]


def test_the_suggested_command_runs_and_reads_the_lens(chicken: Path, cinemachine_unnamed) -> None:
    request = {"file": "Game", "gameObject": "Virtual Camera", "component": "CinemachineVirtualCamera",
               "property": "m_Lens.FieldOfView"}
    error = _error(chicken, "component.get", request)
    outcome = cli_run(shlex.split(render(error.next_actions[0]))[1:] + ["--json"])
    assert outcome.exit_code == 0
    output = outcome.envelope["result"]["output"]
    assert (output["component"]["fileID"], output["component"]["scriptGuid"], output["value"]) == (
        1843731367, VCAM_GUID, 45)


def test_probuilder_declares_its_scripts_so_the_floors_components_are_all_named(chicken: Path) -> None:
    # ProBuilder's .cs files are not in the project, but the extension names their GUIDs (unitycli_known_scripts).
    got = run(chicken, "component.get", {"file": CHICKEN_GAME, "gameObject": 877252943, "component": "ProBuilderMesh"})
    assert (got.output["component"]["fileID"], got.output["component"]["script"]) == (877252948, "ProBuilderMesh")
    error = _error(chicken, "component.get", {"file": CHICKEN_GAME, "gameObject": 877252943,
                                             "component": "NoSuchBehaviour"})
    assert error.code == "E_COMPONENT_NOT_FOUND" and "unresolvedScripts" not in error.details


def test_names_that_resolve_keep_the_plain_answer(chicken: Path, sample: Path) -> None:
    # A built-in class in the file (Light), or a project script (AttackerBrain, Assets/.../AttackerBrain.cs):
    # neither can be one of the package scripts, so the answer stays a plain no.
    for name in ("Light", "AttackerBrain"):
        error = _error(chicken, "component.get", {"file": "Game", "gameObject": "Virtual Camera", "component": name})
        assert error.message == f"'Virtual Camera' (&1843731366) in {CHICKEN_GAME} has no component {name!r}"
        assert "unresolvedScripts" not in error.details
    error = _error(sample, "component.get", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody"})
    assert "unresolvedScripts" not in error.details  # no scripts at all on the Garden's Player


def test_find_by_a_package_script_name_warns_that_matches_may_be_missing_and_the_guid_finds_them(
        chicken: Path) -> None:
    out = run(chicken, "gameobject.find", {"component": "NoSuchPackageBehaviour"}).output
    assert out["total"] == 0
    unresolved = out["unresolvedScripts"]
    assert MESH_GUID not in unresolved["guids"]  # named by the ProBuilder extension
    assert unresolved["count"] >= len(unresolved["guids"]) == len(unresolved["searchByGuid"]) > 0
    assert unresolved["message"].startswith(f"matches may be missing: {unresolved['count']} components have scripts "
                                            "whose class cannot be named offline")
    by_name = run(chicken, "gameobject.find", {"component": "CinemachineVirtualCamera"}).output
    if VCAM_GUID in unresolved["guids"]:  # no installed extension names Cinemachine's scripts
        by_guid = unresolved["searchByGuid"][unresolved["guids"].index(VCAM_GUID)]
        assert by_guid == _command(chicken, "gameobject.find", {"component": VCAM_GUID})
        found = run(chicken, "gameobject.find", json.loads(shlex.split(by_guid)[-1])).output
    else:
        found = by_name
    assert sorted(m["path"] for m in found["matches"]) == ["Virtual Camera", "Virtual Camera (MainMenu)"]


def test_find_by_a_name_that_resolves_has_no_warning(chicken: Path, sample: Path) -> None:
    assert run(chicken, "gameobject.find", {"component": "AttackerBrain"}).output["unresolvedScripts"] is None
    assert run(chicken, "gameobject.find", {"component": "Light"}).output["unresolvedScripts"] is None
    assert run(sample, "gameobject.find", {"component": "NoSuchBehaviour"}).output["unresolvedScripts"] is None
