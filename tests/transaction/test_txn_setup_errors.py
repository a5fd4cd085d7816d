"""An OS error at any step of a first commit or a recovery is a catalogued error with errno and path.

The state folder, its `.gitignore`, the lock and the journal are made by the first write in a project, outside
the commit protocol's own error handling; an EIO or a read-only file system there was E_INTERNAL. Each test fails
the k-th file-system call of a commit, for every k up to the first run that completes untouched, and checks the
answer is catalogued, names the errno, and leaves the file all-old (or all-new), with the next commit working.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.transaction.txnprojects import make_project
from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction, revision_of
from unitycli.transaction.journal import _line

_CALLS = ("open", "mkdir", "write", "fsync", "replace", "link", "unlink", "rename", "ftruncate", "stat", "lstat")


class Faults:
    """Counts file-system calls and fails the `fail_at`-th one with `code`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail_at: int, code: int) -> None:
        self.count = 0
        self.failed: str | None = None
        for name in _CALLS:
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name), fail_at, code))

    def _wrap(self, name: str, real: Callable, fail_at: int, code: int) -> Callable:
        def call(*args, **kwargs):
            self.count += 1
            if self.count == fail_at:
                self.failed = name
                named = args[0] if args and isinstance(args[0], str | os.PathLike) else None
                raise OSError(code, os.strerror(code), named)  # as the os functions do: a path call names it
            return real(*args, **kwargs)
        return call


def _first_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int, code: int
                  ) -> tuple[Path, Faults, UnityCliError | None]:
    root = make_project(tmp_path / f"p{fail_at}")
    (root / "Assets" / "old.txt").write_text("old\n")
    tx = Transaction(root, dry_run=False)
    tx.write_text("Assets/old.txt", "new\n")
    tx.write_text("Assets/Made/new.txt", "made\n")
    with monkeypatch.context() as patch:
        faults = Faults(patch, fail_at, code)
        try:
            tx.commit()
            error = None
        except UnityCliError as exc:
            error = exc
    return root, faults, error


@pytest.mark.slow  # a fault at every call, like the disk-fault family: CI runs it
@pytest.mark.parametrize("code", [errno.EIO, errno.EROFS], ids=["EIO", "EROFS"])
def test_every_failing_call_of_a_first_commit_is_a_catalogued_error(tmp_path, monkeypatch, code):
    outcomes: dict[str, int] = {}
    for fail_at in range(1, 400):
        root, faults, error = _first_commit(tmp_path, monkeypatch, fail_at, code)
        if faults.failed is None:  # every call of the commit has now been failed once
            assert error is None and fail_at > 20
            break
        old, new = (root / "Assets/old.txt").read_text(), (root / "Assets/Made/new.txt")
        if error is None:  # a failure after the commit point, in clean-up: the change is whole
            assert old == "new\n" and new.read_text() == "made\n", faults.failed
        elif error.code == "E_UNITY_EDITOR_UNVERIFIABLE":  # the Editor probe could not read Temp/UnityLockfile
            assert errno.errorcode[code] in str(error.details) or os.strerror(code) in str(error.details), error
            assert old == "old\n" and not new.exists()
        elif error.code == "E_PROJECT_FILE_UNREADABLE":  # reading the journal under the lock
            assert error.details["errno"] == errno.errorcode[code], error.details
            assert error.details.get("file") or error.details.get("path"), error.details
            assert old == "old\n" and not new.exists()
        else:
            assert error.code == "E_WRITE_FAILED", (fail_at, faults.failed, error)
            assert error.details["errno"] == errno.errorcode[code] and error.details["path"], error.details
            if error.details["rolledBack"]:
                assert old == "old\n" and not new.exists(), (fail_at, faults.failed)
        outcomes[faults.failed] = outcomes.get(faults.failed, 0) + 1
        # Whatever was left, the next commit recovers it and succeeds.
        tx = Transaction(root, dry_run=False)
        tx.write_text("Assets/old.txt", "again\n")
        tx.commit()
        assert (root / "Assets/old.txt").read_text() == "again\n"
    else:
        pytest.fail("the commit never ran to completion")
    assert {"mkdir", "open", "write", "fsync"} <= set(outcomes), outcomes


def test_a_read_only_file_system_at_the_state_folder_names_it(tmp_path, monkeypatch):
    root = make_project(tmp_path / "p")
    tx = Transaction(root, dry_run=False)
    tx.write_text("Assets/a.txt", "a\n")
    real_mkdir = os.mkdir

    def mkdir(path, *args, **kwargs):
        if os.fspath(path) == ".unitycli":
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    with pytest.raises(UnityCliError) as caught:
        tx.commit()
    error = caught.value
    assert error.code == "E_WRITE_FAILED" and error.details["errno"] == "EROFS"
    assert error.details["path"] == str(root / ".unitycli" / "txn") and error.details["rolledBack"] is True
    assert "the file system is mounted read-only" in error.manual_steps[0]
    assert not (root / "Assets" / "a.txt").exists()


def _prepared_commit(root: Path) -> None:
    """What a commit killed right after its commit point leaves: a prepared journal, a temp and a backup."""
    (root / "Assets" / "a.txt").write_text("old\n")
    (root / "Assets" / ".a.txt.unitycli-tmp-00aa-0").write_text("new\n")
    os.link(root / "Assets" / "a.txt", root / "Assets" / ".a.txt.unitycli-bak-00aa-0")
    folder = root / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    (folder / ".gitignore").write_text("*\n")
    begin = {"type": "begin", "v": 2, "txid": "00aa", "mkdirs": [], "rmdirs": [], "entries": [
        {"path": "Assets/a.txt", "action": "modify", "temp": "Assets/.a.txt.unitycli-tmp-00aa-0",
         "backup": "Assets/.a.txt.unitycli-bak-00aa-0", "old": revision_of(b"old\n"), "new": revision_of(b"new\n")}]}
    (folder / "journal").write_bytes(_line(begin) + _line({"type": "state", "state": "prepared"}))


@pytest.mark.slow  # a fault at every call, like the disk-fault family: CI runs it
@pytest.mark.parametrize("code", [errno.EIO, errno.EROFS], ids=["EIO", "EROFS"])
def test_every_failing_call_of_a_recovery_is_a_catalogued_error(tmp_path, monkeypatch, code):
    for fail_at in range(1, 200):
        root = make_project(tmp_path / f"r{fail_at}")
        _prepared_commit(root)
        with monkeypatch.context() as patch:
            faults = Faults(patch, fail_at, code)
            try:
                Transaction(root, dry_run=False)
                error = None
            except UnityCliError as exc:
                error = exc
        if faults.failed is None:
            assert error is None and fail_at > 5
            break
        if error is not None:
            assert error.code in ("E_TRANSACTION_RECOVERY_FAILED", "E_WRITE_FAILED", "E_PROJECT_FILE_UNREADABLE",
                                  "E_INSTANCE_PATH_UNAVAILABLE"), (fail_at, faults.failed, error)
            said = json.dumps(error.details) + error.message
            assert errno.errorcode[code] in said or os.strerror(code) in said, error
        Transaction(root, dry_run=False)  # without the fault, recovery finishes the commit
        assert (root / "Assets" / "a.txt").read_text() == "new\n", (fail_at, faults.failed)
        assert not (root / ".unitycli" / "txn" / "journal").exists()
    else:
        pytest.fail("recovery never ran to completion")
