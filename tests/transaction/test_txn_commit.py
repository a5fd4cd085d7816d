"""Commit: verified against what was read, atomic, and failing with a catalogued code when it must not write."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from tests.transaction.txnprojects import tree
from unitycli.errors import UnityCliError
from unitycli.transaction import ProjectLock, Transaction, crashpoints, revision_of

TAGS = "ProjectSettings/TagManager.asset"


def _error(action) -> UnityCliError:
    with pytest.raises(UnityCliError) as caught:
        action()
    return caught.value


def _project_files(root: Path) -> dict:
    """The project's state apart from unitycli's own lock folder (taking the lock creates it)."""
    return {rel: value for rel, value in tree(root).items() if not rel.startswith(".unitycli")}


def _leftovers(root: Path) -> list[str]:
    names = [p.name for p in root.rglob("*")]
    return [n for n in names if ".unitycli-tmp-" in n or ".unitycli-bak-" in n or n == "journal"]


def test_a_multi_file_commit_creates_modifies_and_deletes(minigolf: Path) -> None:
    (minigolf / "Assets" / "old.txt").write_text("bye\n")
    tx = Transaction(minigolf, dry_run=False)
    tx.write_text(TAGS, tx.read_text(TAGS).replace("- Ball\n", "- Puck\n", 1))
    tx.write_text("Assets/Levels/Deep/level.txt", "level\n")
    tx.delete("Assets/old.txt")
    result = tx.commit()
    assert result.committed and not result.dry_run
    assert (minigolf / "Assets/Levels/Deep/level.txt").read_text() == "level\n"
    assert "  - Puck\n" in (minigolf / TAGS).read_text()
    assert not (minigolf / "Assets/old.txt").exists()
    assert result.effects.deleted == ["Assets/old.txt"]
    assert result.revisions[TAGS] == revision_of((minigolf / TAGS).read_bytes())
    assert _leftovers(minigolf) == []
    assert (minigolf / ".unitycli/txn/.gitignore").read_text().endswith("*\n")


def test_replacing_a_file_keeps_its_permission_bits(project: Path) -> None:
    target = project / "Assets" / "secret.asset"
    target.write_text("v1\n")
    target.chmod(0o640)
    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/secret.asset", "v2\n")
    tx.commit()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text() == "v2\n"


def test_a_file_changed_on_disk_after_it_was_read_fails_the_commit_and_writes_nothing(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=False)
    tx.write_text(TAGS, tx.read_text(TAGS) + "# edit\n")
    tx.write_text("Assets/new.txt", "new\n")
    (minigolf / TAGS).write_text("someone else\n")
    before = _project_files(minigolf)
    error = _error(tx.commit)
    assert error.code == "E_TARGET_CHANGED" and error.details["paths"] == [TAGS]
    assert error.to_dict()["transient"] is True
    assert _project_files(minigolf) == before


def test_same_size_same_mtime_content_change_is_still_detected(project: Path) -> None:
    target = project / "Assets" / "a.txt"
    target.write_text("aaaa\n")
    info = target.stat()
    tx = Transaction(project, dry_run=False)
    tx.read_text("Assets/a.txt")
    tx.write_text("Assets/b.txt", "b\n")
    target.write_text("bbbb\n")
    os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert _error(tx.commit).code == "E_TARGET_CHANGED"


def test_a_file_that_appears_after_an_exists_check_fails_the_commit(project: Path) -> None:
    tx = Transaction(project, dry_run=False)
    assert not tx.exists("Assets/new.txt")
    tx.write_text("Assets/new.txt", "mine\n")
    (project / "Assets" / "new.txt").write_text("theirs\n")
    assert _error(tx.commit).details["paths"] == ["Assets/new.txt"]
    assert (project / "Assets" / "new.txt").read_text() == "theirs\n"


def test_dry_run_also_reports_a_target_changed(project: Path) -> None:
    (project / "Assets" / "a.txt").write_text("1\n")
    tx = Transaction(project, dry_run=True)
    tx.write_text("Assets/a.txt", tx.read_text("Assets/a.txt") + "2\n")
    (project / "Assets" / "a.txt").write_text("other\n")
    assert _error(tx.commit).code == "E_TARGET_CHANGED"


def test_expected_revision_that_no_longer_matches_is_a_stale_write(minigolf: Path) -> None:
    seen = revision_of((minigolf / TAGS).read_bytes())
    Transaction(minigolf, dry_run=False).expect_revision(TAGS, seen)  # matches: no error
    (minigolf / TAGS).write_text("changed\n")
    tx = Transaction(minigolf, dry_run=False)
    error = _error(lambda: tx.expect_revision(TAGS, seen))
    assert error.code == "E_STALE_WRITE"
    assert error.details == {"path": TAGS, "expected": seen, "actual": revision_of(b"changed\n")}
    assert _error(lambda: tx.expect_revision("Assets/none.txt", seen)).details["actual"] is None


def test_the_project_lock_times_out_with_a_transient_error(project: Path) -> None:
    tx = Transaction(project, dry_run=False, lock_timeout=0.2)
    tx.write_text("Assets/a.txt", "a\n")
    with ProjectLock(project.resolve()):
        error = _error(tx.commit)
    payload = error.to_dict()
    assert error.code == "E_PROJECT_LOCKED" and payload["transient"] and payload["retryAfterMs"] == 500
    assert error.details["holderPid"] == os.getpid()
    assert not (project / "Assets" / "a.txt").exists()


def test_files_and_folders_cannot_take_each_others_place(project: Path) -> None:
    (project / "Assets" / "file.txt").write_text("x")
    tx = Transaction(project, dry_run=False)
    assert _error(lambda: tx.write_text("Assets/file.txt/child.txt", "y")).code == "E_PATH_NOT_A_FILE"
    assert _error(lambda: tx.write_text("Assets", "y")).code == "E_PATH_NOT_A_FILE"
    assert _error(lambda: tx.delete("Assets")).code == "E_PATH_NOT_A_FILE"
    assert _error(lambda: tx.read_bytes("Assets")).code == "E_PATH_NOT_A_FILE"
    tx.write_text("Assets/New/a.txt", "a")
    assert _error(lambda: tx.write_text("Assets/New", "y")).code == "E_PATH_NOT_A_FILE"
    assert _error(lambda: tx.delete("Assets/missing.txt")).code == "E_ASSET_NOT_FOUND"
    assert _error(lambda: tx.read_bytes("Assets/missing.txt")).code == "E_ASSET_NOT_FOUND"


def test_undecodable_text_is_a_catalogued_error(project: Path) -> None:
    (project / "Assets" / "latin1.txt").write_bytes(b"caf\xe9")
    error = _error(lambda: Transaction(project, dry_run=True).read_text("Assets/latin1.txt"))
    assert error.code == "E_FILE_FORMAT_UNSUPPORTED" and error.details["offset"] == 3


@pytest.mark.parametrize("failing_step", ["temp:1", "backup:1", "before-prepared", "prepared", "apply:1"])
def test_an_io_failure_mid_commit_rolls_everything_back(project: Path, failing_step: str) -> None:
    (project / "Assets" / "a.txt").write_text("a1\n")
    (project / "Assets" / "b.txt").write_text("b1\n")
    before = _project_files(project)
    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/a.txt", "a2\n")
    tx.write_text("Assets/b.txt", "b2\n")
    tx.write_text("Assets/Sub/c.txt", "c2\n")

    def fail(name: str) -> None:
        if name == failing_step:
            raise OSError(errno.ENOSPC, "No space left on device")

    crashpoints.HOOK = fail
    try:
        error = _error(tx.commit)
    finally:
        crashpoints.HOOK = None
    assert error.code == "E_WRITE_FAILED" and error.details["rolledBack"] is True
    assert _project_files(project) == before


def test_a_commit_twice_is_a_programming_error(project: Path) -> None:
    tx = Transaction(project, dry_run=False)
    tx.commit()
    with pytest.raises(RuntimeError):
        tx.commit()


def test_a_missing_project_folder_is_reported_not_created(tmp_path: Path) -> None:
    error = _error(lambda: Transaction(tmp_path / "gone", dry_run=False))
    assert error.code == "E_INSTANCE_PATH_UNAVAILABLE" and not (tmp_path / "gone").exists()


def test_a_unitycli_folder_symlinked_outside_cannot_receive_the_lock_or_journal(project: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / ".unitycli").symlink_to(elsewhere, target_is_directory=True)
    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/a.txt", "a\n")
    assert _error(tx.commit).code == "E_PATH_OUTSIDE_PROJECT"
    assert list(elsewhere.iterdir()) == [] and not (project / "Assets" / "a.txt").exists()


def test_running_as_root_keeps_the_owner_of_a_replaced_file(project: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can create a file owned by someone else")
    target = project / "Assets" / "owned.txt"
    target.write_text("v1\n")
    os.chown(target, 1234, 5678)
    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/owned.txt", "v2\n")
    tx.commit()
    assert (target.stat().st_uid, target.stat().st_gid) == (1234, 5678)


def test_an_after_commit_action_that_fails_does_not_fail_the_committed_write(project: Path, caplog) -> None:
    ran = []

    def broken(result) -> None:
        raise RuntimeError("cache disk full")

    tx = Transaction(project, dry_run=False)
    tx.write_text("Assets/after.txt", "written\n")
    tx.after_commit(broken)
    tx.after_commit(lambda result: ran.append(result.committed))
    with caplog.at_level("DEBUG", logger="unitycli.transaction.transaction"):
        result = tx.commit()
    assert result.committed and (project / "Assets/after.txt").read_text() == "written\n"
    assert ran == [True]  # the actions after the failing one still run
    assert any("after-commit action" in r.getMessage() and r.exc_info for r in caplog.records)

