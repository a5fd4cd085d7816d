"""Editor-open guard: a live Editor (a held Temp/UnityLockfile, or a live Unity pid) blocks headless writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction, editor_status, ensure_editor_closed

HOLD_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
if sys.argv[2] == "flock":
    fcntl.flock(fd, fcntl.LOCK_EX)
else:
    fcntl.lockf(fd, fcntl.LOCK_EX)
print("locked", flush=True)
sys.stdin.read()
"""

LIVE_PROCESS = """
import sys
if sys.argv[1] == "Unity":
    open("/proc/self/comm", "w").write("Unity")  # what the Editor's process is called on Linux
print("ready", flush=True)
sys.stdin.read()
"""


@contextmanager
def _child(script: str, *args: str) -> Iterator[subprocess.Popen[str]]:
    """A real process that holds its resource until we close its stdin."""
    child = subprocess.Popen([sys.executable, "-c", script, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() in ("locked", "ready")
        yield child
    finally:
        child.communicate(timeout=10)


def _lockfile(project: Path) -> Path:
    (project / "Temp").mkdir(exist_ok=True)
    return project / "Temp" / "UnityLockfile"


def _instance(project: Path, pid: int) -> None:
    (project / "Library").mkdir(exist_ok=True)
    (project / "Library" / "EditorInstance.json").write_text(json.dumps({"process_id": pid, "version": "6000.0"}))


def test_a_project_never_opened_is_offline(project: Path) -> None:
    assert editor_status(project).status == "offline"


@pytest.mark.parametrize("kind", ["flock", "lockf"])
def test_a_lockfile_held_by_another_process_means_editor_open_and_writes_are_refused(project: Path, kind: str) -> None:
    with _child(HOLD_LOCK, str(_lockfile(project)), kind):
        state = editor_status(project)
        assert state.status == "editor-open"
        assert "locked by another process" in state.evidence[0]
        tx = Transaction(project, dry_run=False)
        tx.write_text("Assets/a.txt", "a\n")
        with pytest.raises(UnityCliError) as caught:
            tx.commit()
        error = caught.value
        assert error.code == "E_UNITY_EDITOR_OPEN" and error.details["status"] == "editor-open"
        assert any("--allow-editor-open" in action for action in error.to_dict()["nextActions"])
        assert not (project / "Assets" / "a.txt").exists()
        forced = Transaction(project, dry_run=False, allow_editor_open=True)
        forced.write_text("Assets/a.txt", "a\n")
        assert forced.commit().committed
    assert editor_status(project).status == "offline"  # the probe itself never kept a lock


def test_a_stale_lockfile_nobody_holds_is_offline(project: Path) -> None:
    _lockfile(project).write_text("")
    state = ensure_editor_closed(project, override=False)
    assert state.status == "offline" and "no process holds it" in state.evidence[0]


def test_editor_instance_naming_a_live_unity_process_is_editor_open(project: Path) -> None:
    with _child(LIVE_PROCESS, "Unity") as child:
        _instance(project, child.pid)
        state = editor_status(project)
        assert (state.status, state.pid) == ("editor-open", child.pid)
        with pytest.raises(UnityCliError) as caught:
            ensure_editor_closed(project, override=False, command="unitycli tools run package.add --input @in.json")
        assert "unitycli tools run package.add --input @in.json --allow-editor-open" in caught.value.next_actions[0]
        assert ensure_editor_closed(project, override=True).status == "editor-open"


def test_editor_instance_naming_a_reused_pid_of_another_program_is_offline(project: Path) -> None:
    with _child(LIVE_PROCESS, "python") as child:
        _instance(project, child.pid)
        state = editor_status(project)
        assert state.status == "offline" and "unrelated process" in state.evidence[1]


def test_editor_instance_naming_a_dead_pid_is_offline(project: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    _instance(project, dead.pid)
    state = editor_status(project)
    assert state.status == "offline" and "not running" in state.evidence[1]


def test_a_lockfile_that_cannot_be_probed_is_unverifiable_and_refused(project: Path) -> None:
    lockfile = _lockfile(project)
    os.symlink(lockfile.name, lockfile)  # a link to itself: opening it fails with ELOOP
    assert editor_status(project).status == "unverifiable"
    with pytest.raises(UnityCliError) as caught:
        ensure_editor_closed(project, override=False)
    assert caught.value.code == "E_UNITY_EDITOR_UNVERIFIABLE"


def test_the_guard_imports_without_pydantic() -> None:
    code = "import sys, unitycli.transaction.editor_guard; print('pydantic' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"
