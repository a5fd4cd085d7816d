"""Disk faults during a multi-file commit never leave a half state.

A two-file transaction (asset.move of a file and its .meta) runs with one file-system call failing at its Nth use
inside the commit: os.open, os.write, os.fsync, os.link, os.replace, os.unlink, os.mkdir, with ENOSPC, EROFS,
EACCES, EPERM or EIO. Each run must answer a catalogued E_WRITE_FAILED naming the errno, and once recovery has run
the project holds every file old or every file new, with no temp or backup sibling left.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.transaction.txnprojects import make_project
from unitycli.testing import run_tool
from unitycli.transaction import recover
from unitycli.transaction import transaction as transaction_module

# Every failure point of every writer (~4 minutes of CPU): CI runs it, `-m 'not slow'` skips it locally.
pytestmark = pytest.mark.slow

FUNCTIONS = ("open", "write", "fsync", "link", "replace", "unlink", "mkdir")
ERRNOS = (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO)
MOVE = {"path": "Assets/Old/Notes.txt", "destination": "Assets/New/Notes.txt"}


def _seed(root: Path) -> None:
    (root / "Assets" / "Old").mkdir(parents=True)
    (root / "Assets" / "Old.meta").write_text("fileFormatVersion: 2\nguid: 2123456789abcdef0123456789abcdef\n"
                                              "folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n"
                                              "  userData: \n")
    (root / "Assets" / "Old" / "Notes.txt").write_text("notes\n")
    (root / "Assets" / "Old" / "Notes.txt.meta").write_text(
        "fileFormatVersion: 2\nguid: 0123456789abcdef0123456789abcdef\nTextScriptImporter:\n"
        "  externalObjects: {}\n  userData: \n")


def _state(root: Path) -> dict[str, bytes | None]:
    """Everything under Assets/: the observable state of the project (folders as None). The created folder's meta
    gets a fresh GUID each run, so its guid line is masked."""
    state = {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
             for p in sorted((root / "Assets").rglob("*"))}
    if state.get("Assets/New.meta"):
        state["Assets/New.meta"] = re.sub(rb"guid: [0-9a-f]{32}", b"guid: <fresh>", state["Assets/New.meta"] or b"")
    return state


class _Faults:
    """Counts calls of os.<name> inside the commit protocol and makes the Nth one fail with `err`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, name: str, fail_at: int | None, err: int) -> None:
        self.monkeypatch, self.name, self.fail_at, self.err, self.calls = monkeypatch, name, fail_at, err, 0
        real_apply = transaction_module.apply_changes
        real = getattr(os, name)

        def faulty(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == self.fail_at:
                path = args[0] if args and isinstance(args[0], str | Path) else None
                raise OSError(self.err, os.strerror(self.err), None if path is None else str(path))
            return real(*args, **kwargs)

        def apply(*args: Any, **kwargs: Any) -> Any:
            with monkeypatch.context() as patch:
                patch.setattr(os, name, faulty)
                return real_apply(*args, **kwargs)

        monkeypatch.setattr(transaction_module, "apply_changes", apply)


def _calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> tuple[int, dict, dict]:
    """How often a clean commit calls os.<name>, and the states before and after it."""
    root = make_project(tmp_path / "count")
    _seed(root)
    before = _state(root)
    with monkeypatch.context() as patch:
        faults = _Faults(patch, name, None, errno.EIO)
        run = run_tool(root, "asset.move", MOVE)
        assert run.ok, run.error
    return faults.calls, before, _state(root)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_failure_point_rolls_back_or_completes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     name: str) -> None:
    total, old, new = _calls(tmp_path, monkeypatch, name)
    assert old != new
    if name != "mkdir":
        assert total > 0, f"a commit never calls os.{name}"
    for err in ERRNOS:
        for n in range(1, total + 1):
            root = make_project(tmp_path / f"{name}-{errno.errorcode[err]}-{n}")
            _seed(root)
            with monkeypatch.context() as patch:
                _Faults(patch, name, n, err)
                run = run_tool(root, "asset.move", MOVE)
            where = f"os.{name} call {n}/{total} failing with {errno.errorcode[err]}"
            if not run.ok:
                assert run.error is not None and run.error["code"] == "E_WRITE_FAILED", (where, run.error)
                assert run.error["details"]["errno"] == errno.errorcode[err], (where, run.error)
                assert run.error["transient"] is (err == errno.ENOSPC), (where, run.error)
            recover(root)
            after = _state(root)
            assert after in (old, new), f"{where}: half state {sorted(after)}"
            if run.ok:
                assert after == new, where  # the fault hit cleanup after the commit point: the move is durable
            elif run.error["details"].get("rolledBack"):
                assert after == old, f"{where}: reported rolled back but the project changed"
            leftovers = [p for p in root.rglob("*") if ".unitycli-tmp-" in p.name or ".unitycli-bak-" in p.name]
            assert not leftovers, f"{where}: left {leftovers}"
            again = run_tool(root, "asset.move", MOVE) if after == old else None
            assert again is None or again.ok, (where, again.error if again else None)
