"""Crash recovery: bring an interrupted commit to all-old or all-new, from what its journal says.

Decision table (journal state → action):
  no journal              → nothing (one stat; the common case)
  begin record torn       → delete the journal: no temp or backup existed yet
  preparing               → roll back: targets are untouched; remove temps, backups, created folders (when
                            still empty); folders to remove were never touched
  prepared                → roll forward: rename every remaining temp over its target, unlink deleted files;
                            a missing temp means that rename already happened (temps leave no other way once
                            `prepared` is durable). Only a temp whose bytes are not the journalled revision
                            makes roll-forward impossible; then it rolls back from the backups instead
  rolling-back            → roll back: restore each backup whose target is not the old revision
  committed               → clean up: remove backups, then the folders the commit removes (one already gone is
                            done; one that another program filled is kept and reported), then the journal
Folders are only ever removed after a roll-forward or in clean-up, never on a roll-back.
Every step is idempotent, so a crash during recovery is recovered by running recovery again. Recovery runs under
the project write lock: a journal whose lock is still held belongs to a live commit, not a crashed one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from unitycli.errors import UnityCliError
from unitycli.safefs import open_regular
from unitycli.transaction.crashpoints import crash_point
from unitycli.transaction.durable import fsync_dir, unlink_if_exists
from unitycli.transaction.failures import state_error
from unitycli.transaction.folders import is_protected, remove_folders
from unitycli.transaction.journal import (
    JournalEntry,
    JournalRecord,
    JournalWriter,
    journal_path,
    read_journal,
)
from unitycli.transaction.locking import DEFAULT_LOCK_TIMEOUT, ProjectLock
from unitycli.transaction.paths import resolve_inside
from unitycli.transaction.revision import PREFIX

Outcome = Literal["rolled-forward", "rolled-back", "cleaned-up", "discarded"]
_SIBLING = re.compile(r"^\..+\.unitycli-(tmp|bak)-[0-9a-f]+-\d+$")


@dataclass
class RecoveryReport:
    """What recovery did, for the caller to surface (handlers never print)."""

    txid: str | None
    outcome: Outcome
    paths: list[str] = field(default_factory=list)
    anomalies: list[str] = field(default_factory=list)


def recover(project_root: Path | str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> RecoveryReport | None:
    """Finish or undo a crashed commit on this project, if there is one. Cheap (a single stat) when there is not."""
    try:
        os.lstat(journal_path(Path(project_root)))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise state_error(exc, journal_path(Path(project_root)), writing=False) from exc
    root = Path(os.path.realpath(project_root))
    with ProjectLock(root, lock_timeout):
        return recover_locked(root)


def recover_locked(root: Path) -> RecoveryReport | None:
    """Recovery for a caller that already holds the project write lock (commit calls it before its own work)."""
    record = read_journal(root)  # None also when there is no journal: the lock's folder check has run
    if record is None:
        try:
            if not unlink_if_exists(journal_path(root)):
                return None
            fsync_dir(journal_path(root).parent)
        except OSError as exc:
            raise state_error(exc, journal_path(root)) from exc
        return RecoveryReport(None, "discarded")
    files = _validated(root, record)
    report = RecoveryReport(record.txid, "cleaned-up", paths=[entry.path for entry in record.entries])
    try:
        writer = JournalWriter.reopen(root)
    except OSError as exc:
        raise _recovery_failed(root, record, f"{type(exc).__name__}: {exc}") from exc
    try:
        if record.state == "prepared":
            if _can_roll_forward(files):
                roll_forward(root, record, files, report.anomalies)
                writer.mark("committed")
                report.outcome = "rolled-forward"
            else:
                writer.mark("rolling-back")
                roll_back(root, record, files, report.anomalies)
                report.outcome = "rolled-back"
        elif record.state in ("preparing", "rolling-back"):
            roll_back(root, record, files, report.anomalies)
            report.outcome = "rolled-back"
        finish(record, files, report.anomalies)
        if report.outcome != "rolled-back":
            remove_folders(root, record.rmdirs, report.anomalies)
        crash_point("recover:before-remove")
        writer.remove()
    except OSError as exc:
        writer.close()
        raise _recovery_failed(root, record, f"{type(exc).__name__}: {exc}") from exc
    return report


@dataclass(frozen=True)
class EntryPaths:
    """An entry's physical paths, validated to lie inside the project."""

    entry: JournalEntry
    target: Path
    temp: Path | None
    backup: Path | None


def _validated(root: Path, record: JournalRecord) -> list[EntryPaths]:
    """Refuse a journal that names anything but project files and their own siblings.

    A journal is a file in the project folder, so a hostile repository could ship one; without this check
    recovery would rename or unlink whatever it names.
    """
    files = []
    for entry in record.entries:
        try:
            target = resolve_inside(root, entry.path)
            siblings = []
            for name in (entry.temp, entry.backup):
                if name is None:
                    siblings.append(None)
                    continue
                path = resolve_inside(root, name)
                if path.parent != target.parent or not _SIBLING.match(path.name) or record.txid not in path.name:
                    raise ValueError(f"{name} is not a unitycli sibling of {entry.path}")
                siblings.append(path)
        except (UnityCliError, ValueError) as exc:
            raise _recovery_failed(root, record, f"the journal names an unexpected path: {exc}") from exc
        files.append(EntryPaths(entry, target, siblings[0], siblings[1]))
    for folder in record.mkdirs:
        try:
            resolve_inside(root, folder)
        except UnityCliError as exc:
            raise _recovery_failed(root, record, f"the journal names an unexpected folder: {folder}") from exc
    for folder in record.rmdirs:
        # Removed by its literal path, so it must be that physical folder: no symlink on the way, not protected.
        try:
            ok = resolve_inside(root, folder) == root / folder and not is_protected(folder)
        except UnityCliError:
            ok = False
        if not ok:
            raise _recovery_failed(root, record, f"the journal names a folder it may not remove: {folder}")
    return files


def _revision(path: Path) -> str | None:
    """Revision of a file on disk, None if absent (streams, so a large backup does not sit in memory twice).

    A FIFO or device where the journal names a file raises SpecialFileError (an OSError: recovery fails,
    catalogued) instead of blocking.
    """
    digest = hashlib.sha256()
    try:
        fd = open_regular(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
    finally:
        os.close(fd)
    return PREFIX + digest.hexdigest()


def _can_roll_forward(files: list[EntryPaths]) -> bool:
    return all(f.temp is None or not f.temp.exists() or _revision(f.temp) == f.entry.new for f in files)


def roll_forward(root: Path, record: JournalRecord, files: list[EntryPaths], anomalies: list[str]) -> None:
    """Complete the renames and unlinks of a prepared commit. Already-applied entries are skipped."""
    for index, f in enumerate(files):
        if f.temp is not None:
            if f.temp.exists():
                os.replace(f.temp, f.target)
            elif _revision(f.target) != f.entry.new:
                anomalies.append(f"{f.entry.path} was changed by another program after this commit wrote it")
        elif f.target.exists():
            if _revision(f.target) == f.entry.old:
                os.unlink(f.target)
            else:
                anomalies.append(f"{f.entry.path} was recreated by another program; left in place")
        crash_point(f"recover:forward:{index}")
    _fsync_folders(root, record, files)


def roll_back(root: Path, record: JournalRecord, files: list[EntryPaths], anomalies: list[str]) -> None:
    """Undo a commit: every target back to its old revision, then remove the folders it created."""
    for index, f in enumerate(files):
        if f.temp is not None:
            unlink_if_exists(f.temp)
        if f.entry.action == "create":
            if _revision(f.target) == f.entry.new:
                os.unlink(f.target)
        elif f.backup is not None and f.backup.exists():
            if _revision(f.target) == f.entry.old:
                os.unlink(f.backup)
            else:
                os.replace(f.backup, f.target)
        elif _revision(f.target) != f.entry.old:
            anomalies.append(f"{f.entry.path}: no backup left and the file is not its old revision")
        crash_point(f"recover:back:{index}")
    for folder in reversed(record.mkdirs):
        if is_protected(folder):  # a commit may create a missing Packages/, but nothing ever removes one
            continue
        with contextlib.suppress(OSError):  # not empty: someone else put a file there; keep it
            os.rmdir(root / folder)
    _fsync_folders(root, record, files)


def finish(record: JournalRecord, files: list[EntryPaths], anomalies: list[str]) -> None:
    """Remove leftover backups and temps of a decided commit; a failure here leaks a dotfile, never data."""
    folders = set()
    for index, f in enumerate(files):
        for path in (f.backup, f.temp):
            if path is None:
                continue
            try:
                if unlink_if_exists(path):
                    folders.add(path.parent)
            except OSError as exc:
                anomalies.append(f"could not remove {path.name}: {exc}")
        crash_point(f"cleanup:{index}")
    for folder in folders:
        fsync_dir(folder)


def _fsync_folders(root: Path, record: JournalRecord, files: list[EntryPaths]) -> None:
    folders = {f.target.parent for f in files} | {(root / d).parent for d in record.mkdirs}
    for folder in folders:
        if folder.is_dir():
            fsync_dir(folder)


def _recovery_failed(root: Path, record: JournalRecord, reason: str) -> UnityCliError:
    journal = journal_path(root)
    return UnityCliError(
        "E_TRANSACTION_RECOVERY_FAILED",
        f"Transaction {record.txid} could not be recovered: {reason}",
        details={"journal": str(journal), "txid": record.txid, "state": record.state, "reason": reason,
                 "paths": [entry.path for entry in record.entries]},
        next_actions=[],
        manual_steps=[f"Inspect {journal} and the files it lists; delete the journal once they are as "
                      "intended"],
    )
