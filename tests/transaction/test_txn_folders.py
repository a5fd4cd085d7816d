"""Folders in a transaction: made before the commit point, removed after it, refused when not empty or protected."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from tests.transaction.txnprojects import tree
from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction, crashpoints, recover, revision_of
from unitycli.transaction.journal import _line


def _error(action) -> UnityCliError:
    with pytest.raises(UnityCliError) as caught:
        action()
    return caught.value


def _project(root: Path) -> dict:
    return {rel: value for rel, value in tree(root).items() if not rel.startswith(".unitycli")}


def test_make_dir_creates_empty_folders_with_their_parents_and_reads_see_them_first(project: Path) -> None:
    tx = Transaction(project, dry_run=False)
    tx.make_dir("Assets/Levels/Empty")
    tx.make_dir("Assets")  # already a folder: nothing to do
    assert tx.exists("Assets/Levels/Empty") and tx.exists("Assets/Levels")
    assert not (project / "Assets/Levels").exists()
    result = tx.commit()
    assert (result.effects.created_dirs, result.effects.deleted_dirs) == (["Assets/Levels", "Assets/Levels/Empty"], [])
    assert (result.effects.created, result.effects.requires_reimport) == ([], True)
    assert list((project / "Assets/Levels/Empty").iterdir()) == []


def test_a_file_where_a_folder_is_wanted_is_refused(project: Path) -> None:
    (project / "Assets/notes.txt").write_text("x")
    tx = Transaction(project, dry_run=False)
    for rel in ("Assets/notes.txt", "Assets/notes.txt/Sub"):
        error = _error(lambda rel=rel: tx.make_dir(rel))
        assert error.code == "E_PATH_NOT_A_FILE" and error.details["path"] == rel
    tx.write_text("Assets/new.txt", "y")
    assert _error(lambda: tx.make_dir("Assets/new.txt")).details["reason"] == "it is staged as a file"
    tx.make_dir("Assets/Dir")
    assert _error(lambda: tx.write_text("Assets/Dir", "z")).code == "E_PATH_NOT_A_FILE"
    assert _error(lambda: tx.remove_dir("Assets/notes.txt")).details["reason"] == "it is a file"
    assert _error(lambda: tx.remove_dir("Assets/Missing")).code == "E_ASSET_NOT_FOUND"


def test_remove_dir_removes_a_folder_the_transaction_empties(project: Path) -> None:
    (project / "Assets/Old/Inner").mkdir(parents=True)
    (project / "Assets/Old/a.txt").write_text("a\n")
    tx = Transaction(project, dry_run=False)
    tx.delete("Assets/Old/a.txt")
    tx.remove_dir("Assets/Old")  # any order: the emptiness check is made once, at commit
    tx.remove_dir("Assets/Old/Inner")
    assert not tx.exists("Assets/Old") and not tx.exists("Assets/Old/Inner")
    result = tx.commit()
    assert result.effects.deleted == ["Assets/Old/a.txt"]
    assert result.effects.deleted_dirs == ["Assets/Old", "Assets/Old/Inner"]
    assert not (project / "Assets/Old").exists()
    assert [p.name for p in (project / "Assets").iterdir()] == []  # no backup or temp left behind either


def test_a_folder_that_would_not_be_empty_refuses_the_whole_commit(project: Path) -> None:
    (project / "Assets/Keep").mkdir()
    (project / "Assets/Keep/mine.txt").write_text("mine\n")
    (project / "Assets/Keep/theirs.txt").write_text("theirs\n")
    (project / "Assets/Keep/Sub").mkdir()
    before = _project(project)
    for dry_run in (True, False):
        tx = Transaction(project, dry_run=dry_run)
        tx.delete("Assets/Keep/mine.txt")
        tx.write_text("Assets/other.txt", "other\n")
        tx.remove_dir("Assets/Keep")
        error = _error(tx.commit)
        assert error.code == "E_FOLDER_NOT_EMPTY"
        assert error.details == {"paths": ["Assets/Keep"], "contents": {"Assets/Keep": ["Sub", "theirs.txt"]}}
        assert _project(project) == before


def test_staged_content_inside_a_folder_refuses_its_removal_at_once(project: Path) -> None:
    (project / "Assets/Box").mkdir()
    tx = Transaction(project, dry_run=True)
    tx.write_text("Assets/Box/new.txt", "n\n")
    error = _error(lambda: tx.remove_dir("Assets/Box"))
    assert error.code == "E_FOLDER_NOT_EMPTY" and error.details["contents"] == {"Assets/Box": ["new.txt"]}


def test_the_later_intent_wins_between_making_writing_and_removing(project: Path) -> None:
    (project / "Assets/Reused").mkdir()
    tx = Transaction(project, dry_run=True)
    tx.make_dir("Assets/Fresh")
    tx.remove_dir("Assets/Fresh")  # made and removed in one transaction: no effect
    tx.remove_dir("Assets/Reused")
    tx.write_text("Assets/Reused/a.txt", "a\n")  # writing inside keeps the folder
    effects = tx.commit().effects
    assert (effects.created_dirs, effects.deleted_dirs, effects.created) == ([], [], ["Assets/Reused/a.txt"])


@pytest.mark.parametrize(("rel", "code"), [
    ("Assets", "E_FOLDER_PROTECTED"), ("Packages", "E_FOLDER_PROTECTED"), ("ProjectSettings", "E_FOLDER_PROTECTED"),
    ("assets", "E_FOLDER_PROTECTED"), (".unitycli", "E_FOLDER_PROTECTED"),
    (".", "E_PATH_NOT_A_FILE"), (".unitycli/txn", "E_PATH_NOT_A_FILE"),  # not even writable
])
def test_the_root_and_unitys_root_folders_are_never_removed(project: Path, rel: str, code: str) -> None:
    (project / "Packages").mkdir()
    (project / ".unitycli/txn").mkdir(parents=True)
    assert _error(lambda: Transaction(project, dry_run=False).remove_dir(rel)).code == code


def test_folders_outside_the_project_are_refused(project: Path, tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (project / "Assets/Out").symlink_to(tmp_path / "outside", target_is_directory=True)
    tx = Transaction(project, dry_run=False)
    for action in (lambda: tx.make_dir("../evil"), lambda: tx.remove_dir("Assets/Out"),
                   lambda: tx.make_dir("Assets/Out/Sub"), lambda: tx.remove_dir("Assets/../..")):
        assert _error(action).code == "E_PATH_OUTSIDE_PROJECT"
    assert list((tmp_path / "outside").iterdir()) == [] and not (tmp_path / "evil").exists()


def test_a_dry_run_reports_folders_and_creates_none(project: Path) -> None:
    (project / "Assets/Gone").mkdir()
    before = tree(project)
    tx = Transaction(project, dry_run=True)
    tx.make_dir("Assets/A/B")
    tx.remove_dir("Assets/Gone")
    tx.write_text("Assets/C/c.txt", "c\n")
    effects = tx.commit().effects
    assert effects.created_dirs == ["Assets/A", "Assets/A/B", "Assets/C"]
    assert effects.deleted_dirs == ["Assets/Gone"]
    assert tree(project) == before


def test_an_io_failure_before_the_commit_point_removes_the_folders_it_made(project: Path) -> None:
    (project / "Assets/Old").mkdir()
    before = _project(project)
    tx = Transaction(project, dry_run=False)
    tx.make_dir("Assets/New/Deep")
    tx.remove_dir("Assets/Old")

    def fail(name: str) -> None:
        if name == "mkdir:1":
            raise OSError(errno.ENOSPC, "No space left on device")

    crashpoints.HOOK = fail
    try:
        error = _error(tx.commit)
    finally:
        crashpoints.HOOK = None
    assert error.code == "E_WRITE_FAILED" and error.details["rolledBack"] is True
    assert _project(project) == before


def _journal(project: Path, state: str | None, rmdirs: list[str], mkdirs: list[str] = ()) -> None:
    folder = project / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    begin = {"type": "begin", "v": 2, "txid": "00bb", "mkdirs": list(mkdirs), "rmdirs": rmdirs, "entries": []}
    states = _line({"type": "state", "state": state}) if state else b""
    (folder / "journal").write_bytes(_line(begin) + states)


def test_recovery_finishes_removals_of_a_decided_commit_and_keeps_a_folder_someone_filled(project: Path) -> None:
    (project / "Assets/A/Inner").mkdir(parents=True)  # Assets/B is already gone: removing it again is fine
    (project / "Assets/Filled").mkdir()
    (project / "Assets/Filled/new.txt").write_text("theirs\n")
    _journal(project, "committed", ["Assets/A", "Assets/A/Inner", "Assets/B", "Assets/Filled"])
    report = recover(project)
    assert report.outcome == "cleaned-up"
    assert report.anomalies == ["Assets/Filled was not removed: Directory not empty"]
    assert sorted(p.name for p in (project / "Assets").iterdir()) == ["Filled"]


def test_rolling_back_never_removes_the_folders_it_meant_to_remove(project: Path) -> None:
    (project / "Assets/Old").mkdir()
    (project / "Assets/Made").mkdir()
    _journal(project, None, ["Assets/Old"], mkdirs=["Assets/Made"])
    assert recover(project).outcome == "rolled-back"
    assert sorted(p.name for p in (project / "Assets").iterdir()) == ["Old"]


def test_rolling_back_keeps_a_root_folder_even_one_the_commit_made(project: Path) -> None:
    (project / "Packages").mkdir()  # made for a package file by a commit that then crashed before `prepared`
    _journal(project, None, [], mkdirs=["Packages", "Packages/com.example"])
    (project / "Packages/com.example").mkdir()
    assert recover(project).outcome == "rolled-back"
    assert list((project / "Packages").iterdir()) == []


@pytest.mark.parametrize("rel", ["Assets", "assets", ".", "Assets/Link", "../x"])
def test_a_journal_removing_a_protected_or_linked_folder_is_refused(project: Path, tmp_path: Path, rel: str) -> None:
    (project / "Assets/Real").mkdir()
    (project / "Assets/Link").symlink_to(project / "Assets/Real", target_is_directory=True)
    _journal(project, "committed", [rel])
    assert _error(lambda: recover(project)).code == "E_TRANSACTION_RECOVERY_FAILED"
    assert (project / "Assets/Real").is_dir() and (project / "Assets/Link").is_symlink()


def test_a_version_1_journal_without_folder_removals_still_recovers(project: Path) -> None:
    (project / "Assets/a.txt").write_text("old\n")
    folder = project / ".unitycli" / "txn"
    folder.mkdir(parents=True)
    begin = {"type": "begin", "v": 1, "txid": "00cc", "mkdirs": [], "entries": [
        {"path": "Assets/a.txt", "action": "modify", "temp": None, "backup": None, "old": revision_of(b"old\n"),
         "new": revision_of(b"new\n")}]}
    (folder / "journal").write_bytes(_line(begin))
    assert recover(project).outcome == "rolled-back"
    assert (project / "Assets/a.txt").read_text() == "old\n"
