"""Installs that travel: a non-editable core installs an extension by id from a wheelhouse named on the
command line, the lock records name, version and wheel digest (no path of this machine), and `extensions sync` in a
second environment reproduces the same install; no unitycli checkout is involved anywhere.

The wheelhouse is built in the test (`pip.build_pure_wheel`, offline) and pip runs with `--no-index`, so nothing
here needs a network. The child venvs see the test environment's packages as plain path entries, so installs pass
`--no-deps --ignore-installed` and the test checks the child's own copy is the one that loads.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.extensions.helpers import copy_project
from tests.fixturepaths import REPO_ROOT
from tests.security.helpers import Venv
from tests.security.installed import make_installed_core
from unitycli.extension_manager import pip
from unitycli.extension_manager.lock import read_lock

# Each test builds a non-editable core into fresh venvs and wheels: a whole-install walk, like the other slow ones.
pytestmark = pytest.mark.slow

CHILD_PIP = ("--pip-arg=--no-deps", "--pip-arg=--ignore-installed", "--pip-arg=--no-index")
OFFLINE = {"PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_RETRIES": "0", "PIP_TIMEOUT": "2"}


def _cli(venv: Venv, *args: str) -> tuple[int, dict]:
    os.environ.update(OFFLINE)  # the child inherits it: pip must never reach an index
    return venv.unitycli(*args)


def _loaded_from(venv: Venv, module: str) -> Path:
    done = subprocess.run([str(venv.python), "-c", f"import {module}; print({module}.__file__)"],
                          capture_output=True, text=True, timeout=60, check=True, cwd="/")
    return Path(done.stdout.strip())


@pytest.fixture
def wheelhouse(tmp_path: Path) -> Path:
    folder = tmp_path / "wheelhouse"
    wheel = pip.build_pure_wheel(REPO_ROOT / "extensions" / "cinemachine", folder)
    assert wheel is not None and wheel.parent == folder
    return folder


def test_a_core_only_venv_installs_by_id_from_find_links_and_a_second_venv_syncs_the_same(
        installed_core, wheelhouse, tmp_path, monkeypatch):
    monkeypatch.setenv("UNITYCLI_HOME", str(tmp_path / "home"))
    root = copy_project("chicken-defense", tmp_path / "p")
    code, out = _cli(installed_core, "extensions", "install", "cinemachine", "--find-links", str(wheelhouse),
                     "--project", str(root), *CHILD_PIP)
    assert code == 0, out
    assert (out["result"]["source"], out["result"]["integrity"]) == ("wheelhouse", "verified")
    assert _loaded_from(installed_core, "unitycli_cinemachine").is_relative_to(installed_core.site_packages())
    lock_text = (root / ".unitycli" / "extensions.toml").read_text()
    for local in (str(tmp_path), str(REPO_ROOT), "/"):  # name, version, digest and a portable source only
        assert f'"{local}' not in lock_text, lock_text
    entry = read_lock(root)["cinemachine"]
    assert (entry.distribution, entry.source) == ("unitycli-cinemachine", "wheelhouse")
    assert entry.version and entry.digest and entry.digest.startswith("sha256:")

    second = make_installed_core(tmp_path / "second", tmp_path / "second-scratch")
    code, out = _cli(second, "extensions", "sync", "--find-links", str(wheelhouse), "--project", str(root),
                     *CHILD_PIP)
    assert code == 0, out
    [item] = out["result"]["items"]
    # "reinstalled" where the test environment's own editable copy shows through the child's path entries
    assert item["action"] in ("installed", "reinstalled"), item
    assert (item["id"], item["installed"], item["digestMatches"]) == ("cinemachine", entry.version, True)
    assert out["result"]["lockChanged"] is False
    assert _loaded_from(second, "unitycli_cinemachine").is_relative_to(second.site_packages())
    code, out = _cli(second, "tools", "describe", "cinemachine.list-cameras", "--project", str(root))
    assert (code, out["result"]["available"]) == (0, True), out


def test_without_a_source_the_next_actions_stay_in_the_users_environment(installed_core, tmp_path, monkeypatch):
    monkeypatch.setenv("UNITYCLI_HOME", str(tmp_path / "home"))
    root = copy_project("chicken-defense", tmp_path / "p")
    code, out = _cli(installed_core, "extensions", "install", "cinemachine", "--project", str(root))
    assert out["error"]["code"] == "E_EXTENSION_NOT_FOUND", out
    actions = out["error"]["nextActions"]
    assert actions[0].startswith("unitycli extensions install cinemachine --find-links ")
    assert not any(str(REPO_ROOT) in action for action in actions), actions
