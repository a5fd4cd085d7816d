"""The command-line contract an agent parses: stdout carries exactly what was asked, flags take the booleans
agents write, inputs are held to the published schema on every entry, and `ok` never contradicts the exit code."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tests.mcp.entries import notes_session
from tests.mcp.harness import client, error_of, notes_options
from unitycli.batch.lines import parse_commands
from unitycli.batch.runner import run_batch
from unitycli.cli.main import run

UNITYCLI = str(Path(sys.executable).with_name("unitycli"))
GARDEN = "Assets/Scenes/Garden.unity"


def _stdout(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    done = subprocess.run([UNITYCLI, *args], capture_output=True, text=True, timeout=120, cwd=cwd,
                          env={**os.environ})
    return done.returncode, done.stdout


@pytest.mark.parametrize("args", [["--help"], ["tools", "--help"], ["tools", "run", "--help"], ["doctor", "-h"],
                                  []])
def test_help_prints_only_help(args):
    code, out = _stdout(*args)
    assert code == 0
    assert out.startswith("Usage: unitycli")
    assert out.rstrip().splitlines()[-1].strip() != "0"
    assert "{" not in out.splitlines()[-1]


@pytest.mark.parametrize("args", [["--help", "--json"], ["tools", "run", "--json", "--help"]])
def test_help_in_json_mode_is_one_envelope_holding_the_help(args):
    code, out = _stdout(*args)
    envelope = json.loads(out)  # exactly one document: json.loads refuses trailing data
    assert code == 0 and envelope["ok"] is True
    assert envelope["result"]["help"].startswith("Usage: unitycli")


def test_version_as_text_and_as_one_envelope():
    from unitycli import CORE_API_VERSION, __version__

    code, out = _stdout("--version")
    assert (code, out.splitlines()[0]) == (0, f"unitycli {__version__} (core API {CORE_API_VERSION}, "
                                              f"Python {sys.version.split()[0]})")
    assert any(line.startswith("unitycli-probuilder ") for line in out.splitlines())
    code, out = _stdout("--version", "--json")
    result = json.loads(out)["result"]
    assert (result["unitycli"], result["coreApiVersion"]) == (__version__, CORE_API_VERSION)
    assert {"id": "probuilder", "distribution": "unitycli-probuilder"}.items() <= next(
        e for e in result["extensions"] if e["id"] == "probuilder").items()


def _rename(project: Path, *flags: str):
    data = {"file": GARDEN, "gameObject": "Trees/Tree A", "name": "Oak"}
    return run(["tools", "run", "gameobject.rename", "--project", str(project), "--input", json.dumps(data),
                "--json", *flags])


@pytest.mark.parametrize(("flag", "dry"), [("--dry-run=true", True), ("--dry-run=TRUE", True), ("--dry-run=1", True),
                                           ("--dry-run=false", False), ("--dry-run=no", False)])
def test_boolean_flags_take_the_values_agents_write(sample_copy, flag, dry):
    before = (sample_copy / GARDEN).read_bytes()
    outcome = _rename(sample_copy, flag)
    assert outcome.exit_code == 0, outcome.envelope
    assert outcome.envelope["result"]["dryRun"] is dry
    assert ((sample_copy / GARDEN).read_bytes() == before) is dry


def test_a_flag_with_another_value_is_option_value_invalid(sample_copy):
    outcome = _rename(sample_copy, "--dry-run=maybe")
    assert (outcome.exit_code, outcome.envelope["error"]["code"]) == (2, "E_OPTION_VALUE_INVALID")
    assert outcome.envelope["error"]["details"]["option"] == "--dry-run"


BAD_INPUTS = [
    ("asset.find", {"limit": "5"}, "limit", "int_type"),
    ("package.list", {"includeTransitive": "yes"}, "includeTransitive", "bool_type"),
    ("asset.find", {"limt": 5}, "limt", "extra_forbidden"),
]


@pytest.mark.parametrize(("tool", "data", "path", "kind"), BAD_INPUTS)
def test_inputs_are_held_to_the_published_schema_on_the_cli(sample_copy, tool, data, path, kind):
    outcome = run(["tools", "run", tool, "--project", str(sample_copy), "--input", json.dumps(data), "--json"])
    error = outcome.envelope["error"]
    assert (outcome.exit_code, error["code"]) == (2, "E_SCHEMA_INVALID")
    assert [(e["path"], e["type"]) for e in error["details"]["errors"]] == [(path, kind)]
    if kind == "extra_forbidden":
        assert "limit" in error["details"]["errors"][0]["allowed"]
        assert "allowed keys: cursor, folder, guid, includeMissing, limit, name, type" in error["message"]


@pytest.mark.parametrize(("tool", "data", "path", "kind"), BAD_INPUTS)
def test_inputs_are_held_to_the_published_schema_in_batch(sample_copy, tool, data, path, kind):
    result = run_batch(notes_session(sample_copy), parse_commands(f"{tool} {json.dumps(data)}"))
    assert result.failure.code == "E_SCHEMA_INVALID"
    assert [(e["path"], e["type"]) for e in result.failure.details["errors"]] == [(path, kind)]


@pytest.mark.parametrize(("tool", "data", "path", "kind"), BAD_INPUTS)
def test_inputs_are_held_to_the_published_schema_over_mcp(sample_copy, tool, data, path, kind):
    async def check():
        async with client(notes_options(sample_copy), "legacy") as c:
            return error_of(await c.call_tool(tool.replace(".", "_"), data))

    error = anyio.run(check)
    assert error["code"] == "E_SCHEMA_INVALID"
    assert [(e["path"], e["type"]) for e in error["details"]["errors"]] == [(path, kind)]


def test_doctor_with_a_failure_answers_ok_false_and_keeps_the_report(sample_copy):
    # A malformed project config fails (an unverified package version is only a warning).
    (sample_copy / ".unitycli").mkdir(exist_ok=True)
    (sample_copy / ".unitycli" / "config.toml").write_text("[extensions]\ndisabled = 3\n")
    for command in (["doctor"], ["extensions", "doctor"]):
        outcome = run([*command, "--project", str(sample_copy), "--json"])
        envelope = outcome.envelope
        assert (outcome.exit_code, envelope["ok"], envelope["error"]["code"]) == (1, False, "E_DOCTOR_FAILED")
        failed = [c["name"] for c in envelope["result"]["checks"] if c["status"] == "fail"]
        assert failed and envelope["error"]["details"]["checks"] == failed
        assert envelope["result"]["counts"]["fail"] == len(failed)


def test_doctor_with_only_unverifiable_checks_answers_e_doctor_unverifiable(sample_copy):
    lock = sample_copy / "Packages" / "packages-lock.json"
    manifest = sample_copy / "Packages" / "manifest.json"
    lock.unlink(missing_ok=True)
    manifest.write_text(manifest.read_text().replace('"com.unity.probuilder": "6.0.4"',
                                                     '"com.unity.probuilder": "https://example.invalid/pb.git"'))
    outcome = run(["extensions", "doctor", "--project", str(sample_copy), "--json"])
    envelope = outcome.envelope
    assert (outcome.exit_code, envelope["ok"], envelope["error"]["code"]) == (3, False, "E_DOCTOR_UNVERIFIABLE")
    assert envelope["result"]["counts"]["unverifiable"] >= 1


def test_a_missing_prefab_is_prefab_not_found(sample_copy):
    outcome = run(["tools", "run", "prefab.hierarchy", "--project", str(sample_copy), "--input",
                   json.dumps({"file": "Assets/Prefabs/Nope.prefab"}), "--json"])
    error = outcome.envelope["error"]
    assert error["code"] == "E_PREFAB_NOT_FOUND"
    assert error["nextActions"] == [f"unitycli tools run prefab.list --project {shlex.quote(str(sample_copy))}"]


def _runnable(action: str, project: Path) -> dict:
    """Run a next action exactly as an agent would paste it (in process), and return its envelope."""
    words = shlex.split(action)
    assert words[0] == "unitycli", action
    outcome = run([*words[1:], "--json"])
    assert outcome.envelope is not None
    return outcome.envelope


def test_a_stale_write_offers_runnable_commands(sample_copy):
    data = {"file": GARDEN, "gameObject": "Trees/Tree A", "name": "Oak", "expectedRevision": "sha256:" + "0" * 64}
    outcome = run(["tools", "run", "gameobject.rename", "--project", str(sample_copy), "--input", json.dumps(data),
                   "--json"])
    error = outcome.envelope["error"]
    assert error["code"] == "E_STALE_WRITE"
    read, retry = error["nextActions"]
    info = _runnable(read, sample_copy)
    assert info["ok"] and info["result"]["output"]["revision"] == error["details"]["actual"]
    assert _runnable(retry + " --dry-run", sample_copy)["ok"]


def test_a_path_outside_the_project_offers_a_runnable_search(sample_copy):
    outcome = run(["tools", "run", "scene.hierarchy", "--project", str(sample_copy), "--input",
                   json.dumps({"file": "../elsewhere/Garden.unity"}), "--json"])
    error = outcome.envelope["error"]
    assert error["code"] == "E_PATH_OUTSIDE_PROJECT"
    [search] = error["nextActions"]
    found = _runnable(search, sample_copy)
    assert found["ok"] and GARDEN in [a["path"] for a in found["result"]["output"]["assets"]]


def test_instances_list_hides_unusable_records_unless_all(tmp_path, sample_copy):
    gone = tmp_path / "gone-project"
    import shutil

    shutil.copytree(sample_copy, gone)
    assert run(["tools", "group", "--project", str(gone), "--json"]).exit_code == 0
    assert run(["tools", "group", "--project", str(sample_copy), "--json"]).exit_code == 0
    shutil.rmtree(gone)
    default = run(["instances", "list", "--json"]).envelope["result"]
    every = run(["instances", "list", "--all", "--json"]).envelope["result"]
    assert [i["status"] for i in default["instances"]] == ["offline"]
    assert sorted(i["status"] for i in every["instances"]) == ["missing", "offline"]
    assert default["counts"] == every["counts"] == {"offline": 1, "editor-open": 0, "unverifiable": 0, "missing": 1}
    assert (default["hidden"], every["hidden"]) == (1, 0)


def test_repeated_discovery_under_unitycli_home_is_served_from_the_cache(sample_copy, tmp_path):
    """Each answer used to list the cache and index files under UNITYCLI_HOME among its own dependencies."""
    home = tmp_path / "home"
    env = {**os.environ, "UNITYCLI_HOME": str(home)}
    describe = [UNITYCLI, "tools", "describe", "asset.find", "--project", str(sample_copy), "--json"]

    def cached_entry() -> tuple[int, int]:
        [entry] = (home / "cache" / "discovery").glob("*.json")
        return entry.stat().st_ino, entry.stat().st_mtime_ns  # a miss stores the answer anew (new inode)

    subprocess.run(describe, capture_output=True, env=env, timeout=120, check=True)
    first = cached_entry()
    # A tool run refreshes the index and rewrites known-projects.json; discovery must still hit afterwards.
    subprocess.run([UNITYCLI, "tools", "run", "asset.references", "--project", str(sample_copy), "--input",
                    json.dumps({"path": "Assets/Materials/Grass.mat"}), "--json"], capture_output=True, env=env,
                   timeout=120, check=True)
    for _ in range(2):
        subprocess.run(describe, capture_output=True, env=env, timeout=120, check=True)
        assert cached_entry() == first, "the second or third describe missed the discovery cache"


def test_an_index_refresh_or_a_write_does_not_move_the_mcp_watchers_fingerprint(sample_copy):
    from unitycli.host.session import Session
    from unitycli.mcp.watch import fingerprint, watched_paths

    def watched() -> str:
        session = Session(project_arg=str(sample_copy), cwd=sample_copy)
        return fingerprint(watched_paths(session.dependencies(), sample_copy.resolve()))

    assert _rename(sample_copy, "--dry-run").exit_code == 0  # the first write creates .unitycli/ (once)
    assert _rename(sample_copy).exit_code == 0
    before = watched()
    assert run(["tools", "run", "asset.references", "--project", str(sample_copy), "--input",
                json.dumps({"path": "Assets/Materials/Grass.mat"}), "--json"]).exit_code == 0
    assert run(["tools", "run", "gameobject.rename", "--project", str(sample_copy), "--input",
                json.dumps({"file": GARDEN, "gameObject": "Trees/Oak", "name": "Elm"}), "--json"]).exit_code == 0
    assert watched() == before
    (sample_copy / ".unitycli" / "tools").mkdir(parents=True, exist_ok=True)
    (sample_copy / ".unitycli" / "tools" / "new_tool.py").write_text("# a new project tool\n")
    assert watched() != before
