"""Discovery answers are served from the cache only while nothing they depend on has changed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.fixturepaths import REPO_ROOT

SAMPLE = REPO_ROOT / "examples" / "sample-project"


def _unitycli(cwd: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "unitycli", *args], capture_output=True, text=True, cwd=cwd,
                          env={"UNITYCLI_HOME": str(home), "PATH": "/usr/bin:/bin", "UNITYCLI_RESIDENT": "off"}, timeout=60)


def _poison(cache: Path) -> None:
    """Mark every cached envelope so a served-from-cache answer is recognisable."""
    for entry_file in cache.glob("*.json"):
        entry = json.loads(entry_file.read_text())
        entry["envelope"]["result"]["summary"] = "served from cache"
        entry_file.write_text(json.dumps(entry))


def test_second_describe_is_served_from_cache_until_a_dependency_changes(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(SAMPLE, project)
    home = tmp_path / "home"
    first = _unitycli(tmp_path, home, "--json", "tools", "describe", "project.info", "--project", str(project))
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["result"]["available"] is True
    cache = home / "cache" / "discovery"
    assert len(list(cache.glob("*.json"))) == 1
    _poison(cache)

    second = _unitycli(tmp_path, home, "tools", "describe", "project.info", "--project", str(project), "--json")
    envelope = json.loads(second.stdout)
    assert envelope["result"]["summary"] == "served from cache"
    assert envelope["requestId"] != json.loads(first.stdout)["requestId"]

    manifest = project / "Packages" / "manifest.json"
    manifest.write_text(manifest.read_text() + " ")  # size changes: the cached answer is stale
    third = _unitycli(tmp_path, home, "--json", "tools", "describe", "project.info", "--project", str(project))
    assert json.loads(third.stdout)["result"]["summary"] != "served from cache"


def test_non_discovery_commands_never_use_the_cache(tmp_path):
    from unitycli.cli import fastpath

    assert fastpath.parse(["tools", "run", "project.info"]) is None
    assert fastpath.parse(["tools", "describe", "x", "--help"]) is None
    assert fastpath.parse(["tools", "group", "list", "project", "--json"]) == (
        ["tools", "group", "list", "project"], {}, True)
    assert fastpath.parse(["tools", "search", "a|b", "--project", "/p"]) == (
        ["tools", "search", "a|b"], {"--project": "/p"}, False)



def test_the_fast_path_and_the_resident_client_skip_the_same_value_options_the_cli_takes():
    """Their stdlib-cheap copy of the global options that take a value is the full parser's list."""
    from unitycli.cli import argv, fastpath

    assert fastpath.GLOBAL_VALUE_OPTIONS == argv.VALUE_OPTIONS
