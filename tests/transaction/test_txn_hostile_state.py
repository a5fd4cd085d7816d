"""unitycli's state folder as a repository may ship it: every planted kind of file is refused by name, no hang.

`.unitycli/txn/` holds the lock, the journal and a `.gitignore`; a cloned repository decides what is there. Links
are never followed (the outside file stays as it was), FIFOs never opened blocking, a file where the folder should
be is named; a journal this unitycli could not have written is a catalogued error, never a crash.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction


def _commit(root: Path) -> UnityCliError | None:
    """Commit one new file in a thread bounded by a generous timeout; the error, or None on success."""
    outcome: dict = {}

    def run() -> None:
        try:
            tx = Transaction(root, dry_run=False)
            tx.write_text("Assets/a.txt", "a\n")
            tx.commit()
        except UnityCliError as exc:
            outcome["error"] = exc
        except BaseException as exc:  # noqa: BLE001 - an uncatalogued failure is the bug under test
            outcome["crash"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the commit hung"
    assert "crash" not in outcome, repr(outcome.get("crash"))
    return outcome.get("error")


def _plant(root: Path, name: str, kind: str, outside: Path) -> Path:
    folder = root / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    if name != ".gitignore":
        (folder / ".gitignore").write_text("*\n")
    path = folder / name
    if kind == "link":
        path.symlink_to(outside)
    elif kind == "dangling link":
        path.symlink_to(outside.parent / "created-by-unitycli")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    return path


@pytest.mark.parametrize("kind", ["link", "dangling link", "fifo", "folder"])
@pytest.mark.parametrize("name", ["lock", "journal", ".gitignore"])
def test_a_planted_state_file_is_refused_by_name(project: Path, tmp_path: Path, name: str, kind: str) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"keep me\n")
    stamp = outside.stat().st_mtime_ns
    path = _plant(project, name, kind, outside)
    error = _commit(project)
    assert error is not None and error.code in ("E_PATH_NOT_A_FILE", "E_PROJECT_FILE_UNREADABLE"), error
    assert error.details.get("path", error.details.get("file")) == str(path), error.details
    assert outside.read_bytes() == b"keep me\n" and outside.stat().st_mtime_ns == stamp
    assert not (tmp_path / "created-by-unitycli").exists()
    assert not (project / "Assets" / "a.txt").exists()


@pytest.mark.parametrize("which", [".unitycli", ".unitycli/txn"])
def test_a_file_where_the_state_folder_belongs_is_named(project: Path, which: str) -> None:
    (project / which).parent.mkdir(parents=True, exist_ok=True)
    (project / which).write_text("not a folder\n")
    error = _commit(project)
    assert error is not None and error.code == "E_PATH_NOT_A_FILE", error
    assert error.details["path"] == str(project / which) and error.details["reason"] == "it is not a folder"


def test_a_state_folder_linked_inside_the_project_is_refused_too(project: Path) -> None:
    (project / "Assets" / "Elsewhere").mkdir()
    (project / ".unitycli").mkdir()
    (project / ".unitycli" / "txn").symlink_to(project / "Assets" / "Elsewhere", target_is_directory=True)
    error = _commit(project)
    assert error is not None and error.code == "E_PATH_NOT_A_FILE", error
    assert "symbolic link" in error.message and list((project / "Assets" / "Elsewhere").iterdir()) == []


def _line(record: object) -> bytes:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    check = hashlib.sha256(body.encode()).hexdigest()
    return json.dumps({"check": check, "rec": record}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def test_a_journal_nested_beyond_any_parser_is_a_torn_record_and_discarded(project: Path) -> None:
    folder = project / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    (folder / "journal").write_bytes(b'{"check": "x", "rec": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n")
    assert _commit(project) is None
    assert (project / "Assets" / "a.txt").read_text() == "a\n" and not (folder / "journal").exists()


@pytest.mark.parametrize("begin", [
    {"type": "begin", "v": 2, "txid": "../../x", "mkdirs": [], "rmdirs": [], "entries": []},
    {"type": "begin", "v": 2, "txid": "ab", "mkdirs": [7], "rmdirs": [], "entries": []},
    {"type": "begin", "v": 2, "txid": "ab", "mkdirs": [], "rmdirs": [], "entries": [
        {"path": "Assets/x", "action": "explode", "temp": None, "backup": None, "old": None, "new": None}]},
    {"type": "begin", "v": 2, "txid": "ab", "mkdirs": [], "rmdirs": [], "entries": [["not", "a", "mapping"]]},
], ids=["txid", "mkdirs", "action", "entry-shape"])
def test_a_checksummed_journal_of_a_shape_never_written_is_catalogued(project: Path, begin: dict) -> None:
    journal = project / ".unitycli" / "txn" / "journal"
    journal.parent.mkdir(parents=True)
    journal.write_bytes(_line(begin))
    error = _commit(project)
    assert error is not None and error.code == "E_TRANSACTION_RECOVERY_FAILED", error
    assert error.details["journal"] == str(journal) and "malformed" in error.message
    assert error.next_actions == []
    assert error.manual_steps == [f"Check that the files it names are as intended, then delete it: rm {journal}"]
    assert journal.exists()
