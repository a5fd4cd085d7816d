"""Recovery edge cases the crash harness cannot produce: torn and hostile journals, and the no-journal fast path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction, recover, revision_of
from unitycli.transaction.journal import _line


def _journal(project: Path, data: bytes) -> Path:
    folder = project / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    (folder / "journal").write_bytes(data)
    return folder / "journal"


def test_no_journal_means_nothing_to_do_and_nothing_created(project: Path) -> None:
    assert recover(project) is None
    assert not (project / ".unitycli").exists()


def test_a_torn_begin_record_is_discarded(project: Path) -> None:
    journal = _journal(project, b'{"check":"abc","rec":{"type":"beg')
    assert recover(project).outcome == "discarded"
    assert not journal.exists()


def test_a_journal_naming_paths_outside_the_project_is_refused_and_nothing_is_touched(
        project: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    record = {"type": "begin", "v": 1, "txid": "0123456789abcdef", "mkdirs": [], "entries": [
        {"path": "../victim.txt", "action": "create", "temp": None, "backup": None, "old": None,
         "new": revision_of(b"precious\n")}]}
    journal = _journal(project, _line(record))
    with pytest.raises(UnityCliError) as caught:
        recover(project)
    assert caught.value.code == "E_TRANSACTION_RECOVERY_FAILED"
    assert victim.read_text() == "precious\n" and journal.exists()
    with pytest.raises(UnityCliError) as caught:  # and no write runs while the journal is unresolved
        Transaction(project, dry_run=False)
    assert caught.value.code == "E_TRANSACTION_RECOVERY_FAILED"


def test_a_journal_from_a_future_format_is_not_guessed_at(project: Path) -> None:
    _journal(project, _line({"type": "begin", "v": 99, "txid": "x", "mkdirs": [], "entries": []}))
    with pytest.raises(UnityCliError) as caught:
        recover(project)
    assert caught.value.code == "E_TRANSACTION_RECOVERY_FAILED" and caught.value.details["version"] == 99


def test_a_state_record_with_a_bad_checksum_does_not_advance_the_state(project: Path) -> None:
    (project / "Assets" / "a.txt").write_text("old\n")
    temp = project / "Assets" / ".a.txt.unitycli-tmp-00aa-0"
    temp.write_text("new\n")
    begin = {"type": "begin", "v": 1, "txid": "00aa", "mkdirs": [], "entries": [
        {"path": "Assets/a.txt", "action": "modify", "temp": "Assets/.a.txt.unitycli-tmp-00aa-0", "backup": None,
         "old": revision_of(b"old\n"), "new": revision_of(b"new\n")}]}
    forged = json.dumps({"check": "0" * 64, "rec": {"type": "state", "state": "prepared"}}).encode() + b"\n"
    _journal(project, _line(begin) + forged)
    assert recover(project).outcome == "rolled-back"
    assert (project / "Assets" / "a.txt").read_text() == "old\n" and not temp.exists()
