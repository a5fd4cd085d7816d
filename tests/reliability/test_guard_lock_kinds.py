"""Issue 17.1: the Editor guard sees every kind of lock another process holds on Temp/UnityLockfile.

A shared flock or a shared POSIX record lock (F_RDLCK) does not conflict with a shared probe, so the guard used to
let writes through while such a lock was held. Each holder here is a real second process (fcntl locks are per
process: a lock this process took would never conflict with its own probe).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.transaction.txnprojects import make_project
from unitycli.errors import UnityCliError
from unitycli.testing import run_tool
from unitycli.transaction import Transaction, editor_guard, editor_status

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file locks")

HOLD = """
import fcntl, os, struct, sys
path, kind = sys.argv[1], sys.argv[2]
fd = os.open(path, os.O_RDWR | os.O_CREAT)
if kind == "flock-sh":
    fcntl.flock(fd, fcntl.LOCK_SH)
elif kind == "flock-ex":
    fcntl.flock(fd, fcntl.LOCK_EX)
elif kind == "lockf-sh":
    fcntl.lockf(fd, fcntl.LOCK_SH)
elif kind == "lockf-ex":
    fcntl.lockf(fd, fcntl.LOCK_EX)
elif kind == "fcntl-rdlck-range":   # a shared record lock on the first byte only
    fcntl.lockf(fd, fcntl.LOCK_SH, 1, 0)
elif kind in ("ofd-rdlck", "ofd-wrlck"):
    kind_ = fcntl.F_RDLCK if kind == "ofd-rdlck" else fcntl.F_WRLCK
    fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack("hhqqi4x", kind_, 0, 0, 0, 0))
print("locked", flush=True)
sys.stdin.read()
"""

KINDS = ["flock-sh", "flock-ex", "lockf-sh", "lockf-ex", "fcntl-rdlck-range"]
if sys.platform.startswith("linux"):
    KINDS += ["ofd-rdlck", "ofd-wrlck"]


@contextmanager
def _holder(path: Path, kind: str) -> Iterator[None]:
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(path), kind], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        yield
    finally:
        child.communicate(timeout=10)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = make_project(tmp_path / "project")
    (root / "Assets" / "a.txt").write_text("a\n")
    (root / "Assets" / "a.txt.meta").write_text("fileFormatVersion: 2\nguid: 0123456789abcdef0123456789abcdef\n")
    (root / "Temp").mkdir()
    return root


def _lockfile(root: Path) -> Path:
    return root / "Temp" / "UnityLockfile"


def _refused(root: Path) -> None:
    tx = Transaction(root, dry_run=False)
    tx.write_text("Assets/b.txt", "b\n")
    with pytest.raises(UnityCliError) as caught:
        tx.commit()
    assert caught.value.code == "E_UNITY_EDITOR_OPEN"
    assert not (root / "Assets" / "b.txt").exists()
    moved = run_tool(root, "asset.move", {"path": "Assets/a.txt", "destination": "Assets/c.txt"})
    assert not moved.ok and moved.error is not None and moved.error["code"] == "E_UNITY_EDITOR_OPEN"
    assert (root / "Assets" / "a.txt").exists() and not (root / "Assets" / "c.txt").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_any_lock_another_process_holds_refuses_writes(project: Path, kind: str) -> None:
    with _holder(_lockfile(project), kind):
        state = editor_status(project)
        assert state.status == "editor-open", state.evidence
        assert "locked by another process" in state.evidence[0]
        _refused(project)
    state = editor_status(project)
    assert state.status == "offline", state.evidence  # the probe never kept a lock of its own


@pytest.mark.parametrize("kind", ["lockf-sh", "lockf-ex", "fcntl-rdlck-range"])
def test_a_lockfile_we_cannot_open_for_writing_is_still_probed_for_record_locks(
        project: Path, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def read_only_open(path, flags, *args):  # type: ignore[no-untyped-def]
        if str(path).endswith("UnityLockfile") and flags & os.O_RDWR:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    with _holder(_lockfile(project), kind):
        monkeypatch.setattr(editor_guard.os, "open", read_only_open)
        state = editor_status(project)
        monkeypatch.undo()
        assert state.status == "editor-open", state.evidence
    monkeypatch.setattr(editor_guard.os, "open", read_only_open)
    assert editor_status(project).status == "offline"


def test_no_holder_lets_writes_through(project: Path) -> None:
    _lockfile(project).write_text("")
    assert editor_status(project).status == "offline"
    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/b.txt", "b\n")
    assert tx.commit().committed
    moved = run_tool(project, "asset.move", {"path": "Assets/a.txt", "destination": "Assets/c.txt"})
    assert moved.ok, moved.error
    assert (project / "Assets" / "c.txt").exists() and (project / "Assets" / "c.txt.meta").exists()
