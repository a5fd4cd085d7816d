"""Hostile repositories, file-system side: no write through a link, no hang on a FIFO.

A repository can ship anything where unitycli keeps its own files (`.unitycli/txn/lock`, its `.gitignore`, the
journal, `Library/unitycli`) and any kind of file where a Unity file is expected. Every case runs the installed,
non-editable core in a subprocess bounded by a generous timeout: a hang fails the test instead of the suite, and
a canary file outside the project must come out byte-for-byte and stamp-for-stamp untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.security.helpers import Venv, sample_project

HANG_TIMEOUT = 120  # seconds; a command that has not answered by then is hanging, not slow
TAG_MANAGER = "ProjectSettings/TagManager.asset"
ADD_TAG = ("tools", "run", "project.add-tag", "--input", '{"tag": "Zed"}')


def run(venv: Venv, root: Path, *args: str) -> tuple[int, dict]:
    try:
        done = subprocess.run([str(venv.python), "-m", "unitycli", "--json", *args, "--project", str(root)],
                              capture_output=True, text=True, timeout=HANG_TIMEOUT, cwd="/", stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"unitycli {' '.join(args)} hung (no answer in {HANG_TIMEOUT} s)")
    assert done.stdout, done.stderr
    envelope = json.loads(done.stdout)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, envelope


def error_of(envelope: dict) -> dict:
    assert envelope["ok"] is False, envelope
    assert envelope["error"]["code"] != "E_INTERNAL", envelope
    return envelope["error"]


class Canary:
    """A file outside the project whose bytes, mode and stamps must never change."""

    def __init__(self, path: Path) -> None:
        path.write_bytes(b"precious outside data\n" * 4)
        self.path = path
        self.state = self._state()

    def _state(self) -> tuple:
        info = self.path.stat()
        return hashlib.sha256(self.path.read_bytes()).hexdigest(), info.st_mode, info.st_mtime_ns, info.st_size

    def untouched(self) -> bool:
        return self._state() == self.state


@pytest.fixture
def core(request: pytest.FixtureRequest) -> Venv:
    """The installed core (`installed_core`, session-wide) under a short name."""
    return request.getfixturevalue("installed_core")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return sample_project(tmp_path)


def _txn(root: Path) -> Path:
    folder = root / ".unitycli" / "txn"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ".gitignore").write_text("*\n")
    return folder


# --- item 1: unitycli's own state files ------------------------------------------------------------------------


def test_a_lock_file_linked_outside_is_refused_and_the_outside_file_is_kept(core, project, tmp_path):
    canary = Canary(tmp_path / "canary.txt")
    (_txn(project) / "lock").symlink_to(canary.path)
    before = (project / TAG_MANAGER).read_bytes()
    code, envelope = run(core, project, *ADD_TAG)
    error = error_of(envelope)
    assert code == 1 and error["code"] == "E_PATH_NOT_A_FILE", error
    assert error["details"]["path"] == str(project / ".unitycli/txn/lock")
    assert "symbolic link" in error["message"] and str(canary.path) in error["message"]
    assert canary.untouched(), "the write went through the link"
    assert (project / TAG_MANAGER).read_bytes() == before


def test_a_dangling_gitignore_link_creates_nothing_outside(core, project, tmp_path):
    target = tmp_path / "outside" / "planted.txt"
    target.parent.mkdir()
    folder = project / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    (folder / ".gitignore").symlink_to(target)
    code, envelope = run(core, project, *ADD_TAG)
    error = error_of(envelope)
    assert code == 1 and error["code"] == "E_PATH_NOT_A_FILE", error
    assert error["details"]["path"] == str(folder / ".gitignore") and str(target) in error["message"]
    assert not target.exists() and list(target.parent.iterdir()) == []
    assert not (folder / "lock").exists(), "nothing is set up in a state folder that was refused"


def test_a_journal_linked_outside_is_refused_by_every_command_without_touching_it(core, project, tmp_path):
    canary = Canary(tmp_path / "canary.txt")
    (_txn(project) / "journal").symlink_to(canary.path)
    for args in (("tools", "run", "project.get-tags-layers"), ADD_TAG):
        code, envelope = run(core, project, *args)
        error = error_of(envelope)
        assert error["code"] == "E_PATH_NOT_A_FILE" and error["details"]["path"].endswith(".unitycli/txn/journal")
    assert canary.untouched() and (project / ".unitycli/txn/journal").is_symlink()


def test_an_index_cache_folder_linked_outside_is_not_used(core, project, tmp_path):
    outside = tmp_path / "outside-cache"
    outside.mkdir()
    (project / "Library").mkdir()
    (project / "Library" / "unitycli").symlink_to(outside, target_is_directory=True)
    code, envelope = run(core, project, "tools", "run", "asset.find", "--input", '{"name": "*.mat"}')
    assert code == 0, envelope
    assert [a["path"] for a in envelope["result"]["output"]["assets"]] == ["Assets/Materials/Grass.mat"]
    assert list(outside.iterdir()) == [], "the index was written through the link"


# --- item 5: FIFOs never block a read ----------------------------------------------------------------------------


def test_a_fifo_as_the_project_config_is_reported_not_waited_on(core, project):
    os.mkfifo(project / ".unitycli" / "config.toml")
    code, envelope = run(core, project, "tools", "run", "project.get-tags-layers")
    assert code == 0 and envelope["result"]["output"]["tags"] == ["Pickup"], envelope
    code, envelope = run(core, project, "extensions", "doctor")
    config = [check for check in envelope["result"]["checks"] if check["name"] == "config"]
    assert [check["status"] for check in config] == ["fail"], envelope
    assert "named pipe" in config[0]["message"] and config[0]["details"]["file"] == ".unitycli/config.toml"


def test_fifos_among_the_assets_are_skipped_and_reported_not_waited_on(core, project):
    for rel in ("Assets/Trap.unity", "Assets/Trap.unity.meta", "Assets/Trap.mat", "Assets/Scenes/Trap.prefab"):
        os.mkfifo(project / rel)
    code, envelope = run(core, project, "tools", "run", "asset.find", "--input", '{"name": "*.mat"}')
    assert code == 0, envelope
    assert [a["path"] for a in envelope["result"]["output"]["assets"]] == ["Assets/Materials/Grass.mat",
                                                                            "Assets/Trap.mat"]
    code, envelope = run(core, project, "tools", "run", "asset.validate")
    unscanned = {(i["path"], i["kind"]) for i in envelope["result"]["output"]["issues"] if i["kind"] == "unscanned"}
    assert {"Assets/Trap.unity", "Assets/Trap.mat", "Assets/Scenes/Trap.prefab"} <= {p for p, _ in unscanned}, envelope
    code, envelope = run(core, project, "tools", "run", "scene.list")
    assert code == 0 and "Assets/Scenes/Garden.unity" in [s["path"] for s in envelope["result"]["output"]["scenes"]]


def test_a_fifo_where_a_tool_writes_is_refused_and_left_alone(core, project):
    (project / TAG_MANAGER).unlink()
    os.mkfifo(project / TAG_MANAGER)
    code, envelope = run(core, project, *ADD_TAG)
    error = error_of(envelope)
    assert code == 1 and error["code"] == "E_PROJECT_FILE_UNREADABLE", error
    assert error["details"]["path"] == TAG_MANAGER and error["details"]["kind"] == "a named pipe (FIFO)"
    assert (project / TAG_MANAGER).is_fifo()


# --- item 7: a malformed journal --------------------------------------------------------------------------------


def _journal_line(record: dict) -> bytes:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    check = hashlib.sha256(body.encode()).hexdigest()
    return json.dumps({"check": check, "rec": record}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


@pytest.mark.parametrize("entries", [
    [{"path": "Assets/a.txt"}],  # fields missing
    [{"path": 7, "action": "create", "temp": None, "backup": None, "old": None, "new": None}],  # wrong type
    "not a list",
], ids=["missing-fields", "wrong-type", "not-a-list"])
def test_a_checksummed_but_malformed_journal_names_the_file_and_the_fix(core, project, entries):
    journal = _txn(project) / "journal"
    journal.write_bytes(_journal_line({"type": "begin", "v": 2, "txid": "0123abcd", "mkdirs": [], "rmdirs": [],
                                       "entries": entries}))
    before = (project / TAG_MANAGER).read_bytes()
    for args in (("tools", "run", "project.get-tags-layers"), ADD_TAG):
        code, envelope = run(core, project, *args)
        error = error_of(envelope)
        assert code == 1 and error["code"] == "E_TRANSACTION_RECOVERY_FAILED", error
        assert str(journal) in error["message"] and "malformed" in error["message"]
        assert error["manualSteps"][0].startswith("Check that the files it names are as intended, then delete it: "
                                                  "rm "), error
    assert journal.exists() and (project / TAG_MANAGER).read_bytes() == before
    journal.unlink()  # the fix it names
    code, envelope = run(core, project, *ADD_TAG)
    assert code == 0, envelope
