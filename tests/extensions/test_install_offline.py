"""`extensions install <id>` offline from the repository's extensions/ folder or a wheelhouse, a portable lock,
and `extensions sync` rebuilding the same set in another folder and another environment.

Each real install goes into a throwaway venv layered over the running environment (`unitycli.testing.child_venv`).
The parent environment has unitycli-probuilder installed editable, so the children install with
`--no-deps --ignore-installed` (as extensions/probuilder/tests/test_probuilder_packaging.py does) and the tests check that the child's
own copy is the one that loads. pip's index is pointed at a closed port: nothing here may need a network.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.extensions.helpers import copy_project
from tests.fixturepaths import REPO_ROOT
from unitycli.cli.main import run
from unitycli.extension_manager import pip
from unitycli.extension_manager.lock import LOCK, is_portable_source, read_lock
from unitycli.testing import child_venv

EXTENSION = REPO_ROOT / "extensions" / "probuilder"
GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CHILD_PIP = ("--pip-arg=--no-deps", "--pip-arg=--ignore-installed")
OFFLINE = {"PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_RETRIES": "0", "PIP_TIMEOUT": "2",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


class Env:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.python = str(child_venv(path))

    def cli(self, *args: str) -> tuple[int, dict]:
        done = subprocess.run([self.python, "-m", "unitycli", "--json", *args], capture_output=True, text=True,
                              timeout=300, env={**os.environ, **OFFLINE})
        assert done.stdout, done.stderr
        return done.returncode, json.loads(done.stdout)

    def site_packages(self) -> Path:
        return next((self.path / "lib").glob("python3*/site-packages"))

    def loaded_from(self) -> Path:
        done = subprocess.run([self.python, "-c", "import unitycli_probuilder; print(unitycli_probuilder.__file__)"],
                              capture_output=True, text=True, timeout=60, check=True)
        return Path(done.stdout.strip())


def _tool_names(env: Env, root: Path) -> list[str]:
    code, out = env.cli("tools", "group", "list", "probuilder", "--project", str(root))
    assert code == 0, out
    return sorted(t["name"] for t in out["result"]["tools"])


def _checks(env: Env, root: Path) -> dict[str, str]:
    code, out = env.cli("extensions", "doctor", "--project", str(root))
    return {c["name"]: c["status"] for c in out["result"]["checks"]}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """probuilder installed by id into a child venv for a copy of chicken-defense: (env, project, result)."""
    base = tmp_path_factory.mktemp("offline")
    env = Env(base / "env")
    root = copy_project("chicken-defense", base / "p", extra=(GAME,))
    code, out = env.cli("extensions", "install", "probuilder", "--project", str(root), *CHILD_PIP)
    assert code == 0, out
    return env, root, out["result"]


def test_install_by_id_works_offline_from_the_repository_and_records_a_portable_lock(installed):
    env, root, result = installed
    assert (result["ids"], result["source"], result["integrity"]) == (["probuilder"], "repo:extensions/probuilder",
                                                                      "verified")
    assert "--no-index" in result["pipCommand"]
    lock_text = (root / LOCK).read_text()
    entry = read_lock(root)["probuilder"]
    assert (entry.distribution, entry.version, entry.source) == ("unitycli-probuilder", "0.1.0",
                                                                 "repo:extensions/probuilder")
    assert entry.digest and entry.digest.startswith("sha256:")
    for local in (str(REPO_ROOT), str(root), str(env.path), "file://", "/tmp"):
        assert local not in lock_text
    # The child's own copy is what loads, and it runs on the project.
    assert env.loaded_from().is_relative_to(env.site_packages())
    code, out = env.cli("tools", "run", "probuilder.list-meshes", "--project", str(root), "--input",
                        json.dumps({"file": GAME}))
    assert code == 0, out
    assert len(out["result"]["output"]["meshes"]) == 5
    # The source tree was only read.
    assert not (EXTENSION / "dist").exists()


def test_sync_rebuilds_the_same_set_in_another_folder_and_environment(installed, tmp_path):
    first, root, _ = installed
    elsewhere = tmp_path / "elsewhere" / root.name
    shutil.copytree(root, elsewhere, symlinks=True)
    lock_before = (elsewhere / LOCK).read_bytes()
    second = Env(tmp_path / "env2")
    code, out = second.cli("extensions", "sync", "--dry-run", "--project", str(elsewhere))
    assert code == 0, out
    # The parent's editable copy is visible to the child, but it is not the locked build.
    [item] = out["result"]["items"]
    assert item["action"] == "planned" and item["drift"]
    code, out = second.cli("extensions", "sync", "--project", str(elsewhere), *CHILD_PIP)
    assert code == 0, out
    [item] = out["result"]["items"]
    assert (item["id"], item["source"], item["digestMatches"]) == ("probuilder", "repo:extensions/probuilder", True)
    assert item["action"] in ("installed", "reinstalled")
    assert (elsewhere / LOCK).read_bytes() == lock_before  # nothing to fill in: the lock was complete
    assert second.loaded_from().is_relative_to(second.site_packages())
    assert _tool_names(second, elsewhere) == _tool_names(first, root)
    checks = _checks(second, elsewhere)
    assert (checks["integrity:probuilder"], checks["lock:probuilder"]) == ("pass", "pass")
    code, out = second.cli("extensions", "sync", "--dry-run", "--project", str(elsewhere))
    assert [(i["drift"], i["action"]) for i in out["result"]["items"]] == [([], "none")]


def test_install_from_a_configured_wheelhouse_gives_the_same_digest(installed, tmp_path, unitycli_home):
    """The wheelhouse is the user's own (their config.toml): no approval is asked."""
    _, repo_root, _ = installed
    wheels = tmp_path / "wheels"
    wheel = pip.build_pure_wheel(EXTENSION, wheels)
    assert wheel is not None
    (unitycli_home / "config.toml").write_text(f'[sources]\nwheelhouse = ["{wheels}"]\n')
    (tmp_path / "no-sources").mkdir()
    root = copy_project("chicken-defense", tmp_path / "p", extra=(GAME,))
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text(
        '[sources]\nextensions = "../../no-sources"\nindex = false\n')
    env = Env(tmp_path / "env")
    code, out = env.cli("extensions", "install", "probuilder", "--project", str(root), *CHILD_PIP)
    assert code == 0, out
    assert out["result"]["source"] == "wheelhouse"
    entry = read_lock(root)["probuilder"]
    assert entry.source == "wheelhouse"
    assert entry.digest == read_lock(repo_root)["probuilder"].digest  # the same bytes, wherever they came from
    assert env.loaded_from().is_relative_to(env.site_packages())


def test_the_built_wheel_is_deterministic_and_carries_the_package(tmp_path):
    first = pip.build_pure_wheel(EXTENSION, tmp_path / "a")
    second = pip.build_pure_wheel(EXTENSION, tmp_path / "b")
    assert first is not None and second is not None
    assert first.name == "unitycli_probuilder-0.1.0-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as archive:
        names = set(archive.namelist())
        assert archive.read("unitycli_probuilder/manifest.toml") == (REPO_ROOT / "manifests" /
                                                                      "probuilder.toml").read_bytes()
        entry_points = archive.read("unitycli_probuilder-0.1.0.dist-info/entry_points.txt").decode()
        metadata = archive.read("unitycli_probuilder-0.1.0.dist-info/METADATA").decode()
    assert "[unitycli.extensions]\nprobuilder = unitycli_probuilder\n" in entry_points
    assert "Name: unitycli-probuilder\nVersion: 0.1.0\n" in metadata and "Requires-Dist: unitycli" in metadata
    sources = {p.relative_to(EXTENSION).as_posix() for p in EXTENSION.glob("unitycli_probuilder/**/*.py")}
    assert sources <= names
    # Not a setuptools-only static project (its own backend): left to pip.
    assert pip.build_pure_wheel(REPO_ROOT / "tests" / "data" / "unitycli-testext", tmp_path / "c") is None


def cli(root, *args):
    outcome = run([*args, "--project", str(root), "--json"] if root else [*args, "--json"])
    return outcome.exit_code, outcome.envelope


def test_an_id_no_source_has_is_a_catalogued_error_with_real_next_actions(tmp_path, monkeypatch):
    monkeypatch.setattr(pip, "run_pip", lambda *a, **k: pytest.fail("pip must not run"))
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (tmp_path / "empty").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[sources]\nextensions = "../empty"\nindex = false\n')
    for ext_id in ("cinemachine", "probuilder"):
        code, env = cli(root, "extensions", "install", ext_id)
        assert (code, env["error"]["code"]) == (1, "E_EXTENSION_NOT_FOUND"), env
        assert env["error"]["details"]["id"] == ext_id
        searched = " ".join(env["error"]["details"]["searched"])
        assert str(tmp_path / "empty") in searched and "disabled" in searched
        for action in env["error"]["nextActions"]:
            assert "./extensions/" not in action
    code, env = cli(root, "extensions", "install", "no-such-extension")
    assert env["error"]["code"] == "E_EXTENSION_NOT_FOUND"
    assert env["error"]["nextActions"][0].startswith("unitycli extensions list")
    assert not (root / LOCK).exists()


@pytest.mark.parametrize("table,field", [
    ('[sources]\nwheelhouse = 3\n', "sources.wheelhouse"),
    ('[sources]\nindex = "yes"\n', "sources.index"),
    ('[sources]\nmirror = "x"\n', "sources.mirror"),
])
def test_a_malformed_sources_table_fails_closed(tmp_path, table, field):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text(table)
    code, env = cli(root, "extensions", "install", "probuilder")
    assert env["error"]["code"] == "E_MANIFEST_INVALID"
    assert env["error"]["details"]["field"] == field


def test_init_writes_a_portable_lock_and_skill_file(tmp_path):
    root = copy_project("minigolf", tmp_path)
    (root / ".claude").mkdir()
    code, env = cli(root, "init")
    assert code == 0, env
    lock = (root / LOCK).read_text()
    skill = (root / ".claude" / "skills" / "unitycli" / "SKILL.md").read_text()
    for text in (lock, skill):
        assert str(root) not in text and str(REPO_ROOT) not in text and "file://" not in text
    assert all(is_portable_source(e.source) for e in read_lock(root).values())
    assert "unitycli tools run <name> --input '<json>' --json" in skill
    assert "unitycli extensions doctor" in skill


def test_a_legacy_lock_with_a_path_source_still_syncs_and_is_rewritten_portably(tmp_path, monkeypatch):
    from unitycli.extension_manager import installer
    from unitycli.extension_manager.lock import LockEntry, write_lock

    root = copy_project("chicken-defense", tmp_path)
    write_lock(root, {"probuilder": LockEntry(distribution="unitycli-probuilder",
                                              source=f"file://{EXTENSION}")})
    calls = []
    monkeypatch.setattr(installer, "_installed", lambda name: None if not calls else _fake_dist())
    monkeypatch.setattr(installer, "_verify_loads", lambda name, command: (["probuilder"], "verified"))

    def fake_pip(args, timeout=900):
        calls.append(args)
        return pip.PipResult(["python", "-m", "pip", *args], 0, "Successfully installed unitycli-probuilder-0.1.0")

    monkeypatch.setattr(pip, "run_pip", fake_pip)
    code, env = cli(root, "extensions", "sync")  # a path the lock names is the project's choice
    assert (code, env["error"]["code"]) == (1, "E_EXTENSION_SOURCE_UNAPPROVED"), env
    assert calls == []
    code, env = cli(root, "extensions", "approve", "probuilder")
    assert code == 0, env
    [offer] = env["result"]["approved"]
    assert (offer["location"], offer["chosenBy"]) == (str(EXTENSION), "project lock")
    code, env = cli(root, "extensions", "sync")
    assert code == 0, env
    assert calls[0][:2] == ["install", "--no-index"] and calls[0][-1] == "unitycli-probuilder==0.1.0"
    entry = read_lock(root)["probuilder"]
    assert (entry.version, entry.source) == ("0.1.0", "repo:extensions/probuilder")


def _fake_dist():
    class Dist:
        version = "0.1.0"
        metadata = {"Name": "unitycli-probuilder"}

        def read_text(self, name):
            return {"RECORD": "unitycli_probuilder/__init__.py,sha256=x,1\n"}.get(name)

    return Dist()
