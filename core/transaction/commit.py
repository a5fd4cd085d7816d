"""The commit protocol: make a verified set of file changes all-or-nothing on disk, even across a crash.

Under the project write lock, with every read verified and every folder to remove checked empty but for what
this commit deletes:
  1. journal `begin` (all paths, temps, backups, old/new revisions, folders to create and to remove), fsync file
     and folder;
  2. create missing folders (the transaction's own and new files' parents); write each new content to a temp
     sibling `.<name>.unitycli-tmp-<txid>-<i>` with the replaced file's permission bits, fsync; hard-link each
     replaced or deleted file to a backup sibling `.<name>.unitycli-bak-<txid>-<i>` (a copy where hard links are
     refused); fsync the folders;
  3. journal `prepared` — the commit point: from here recovery rolls forward;
  4. rename each temp over its target, unlink each deleted file; fsync the folders;
  5. journal `committed`; remove backups; remove the folders to remove, deepest first (after the backups, which
     live in them); remove the journal.
Dot-prefixed siblings are ignored by Unity's asset database, so an open Editor never imports them. A failure
before step 3 is undone in process; after it, only once `rolling-back` is durably journalled, because otherwise
recovery could mistake an undone rename for a completed one.
"""

from __future__ import annotations

import contextlib
import errno
import os
from dataclasses import dataclass
from pathlib import Path

from unitycli.safefs import open_dir_path
from unitycli.spliced import Content
from unitycli.transaction.crashpoints import crash_point
from unitycli.transaction.durable import fsync_fd, write_new_file
from unitycli.transaction.failures import write_failed
from unitycli.transaction.folders import remove_folders
from unitycli.transaction.journal import Action, JournalEntry, JournalRecord, JournalWriter, journal_path
from unitycli.transaction.recovery import EntryPaths, finish, roll_back

_NAME_MAX = 255
_NO_HARD_LINK = {errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EACCES}


@dataclass(frozen=True)
class Change:
    """One verified file change: `old` is the disk content the transaction saw, `new` what replaces it, each with
    its revision (content and revision are None where there is no file: `old` for a file created, `new` for one
    deleted). Only a modified file's `new` may be a splice of `old` (core/spliced.py)."""

    path: str
    action: Action
    old: bytes | None
    new: Content | None
    old_revision: str | None
    new_revision: str | None


def sibling(target: Path, kind: str, txid: str, index: int) -> Path:
    """A hidden name beside `target`, unique per transaction and entry, shortened to fit NAME_MAX."""
    suffix = f".unitycli-{kind}-{txid}-{index}"
    room = _NAME_MAX - len(suffix.encode()) - 1
    name = target.name.encode()[:room].decode("utf-8", "ignore")
    return target.with_name(f".{name}{suffix}")


def _plan(root: Path, txid: str, changes: list[Change], mkdirs: list[str], rmdirs: list[str]) -> JournalRecord:
    entries = []
    for index, change in enumerate(changes):
        target = root / change.path
        temp = sibling(target, "tmp", txid, index) if change.new is not None else None
        backup = sibling(target, "bak", txid, index) if change.old is not None else None
        entries.append(JournalEntry(
            path=change.path, action=change.action,
            temp=temp.relative_to(root).as_posix() if temp else None,
            backup=backup.relative_to(root).as_posix() if backup else None,
            old=change.old_revision,
            new=change.new_revision,
        ))
    return JournalRecord(txid, tuple(entries), tuple(mkdirs), "preparing", tuple(rmdirs))


def _backup(target: Path, backup: Path, old: bytes, like: os.stat_result | None, dir_fd: int) -> None:
    """Keep the old content under a second name; a hard link costs no copy and keeps mtime and inode."""
    try:
        os.link(target.name, backup.name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINK:
            raise
        write_new_file(backup, old, like, dir_fd=dir_fd)


class _Folders:
    """Descriptors of the folders a commit writes in, each opened from the project root without following a link.

    Temps, backups, renames and unlinks happen by name relative to these, so a folder swapped for a symlink after
    the commit was verified cannot redirect a write outside (or anywhere else in) the project; opening it again
    refuses the link. At most `_KEEP` stay open, so a commit over thousands of folders cannot run out of them.
    """

    _KEEP = 128

    def __init__(self, root: Path) -> None:
        self.root = root
        self._open: dict[Path, int] = {}

    def fd(self, folder: Path) -> int:
        found = self._open.get(folder)
        if found is not None:
            return found
        if len(self._open) >= self._KEEP:
            self.close()
        fd, _ = open_dir_path(self.root, folder.relative_to(self.root).parts)
        self._open[folder] = fd
        return fd

    def close(self) -> None:
        while self._open:
            os.close(self._open.popitem()[1])


def apply_changes(root: Path, txid: str, changes: list[Change], mkdirs: list[str], rmdirs: list[str]) -> None:
    """Run the protocol. The caller holds the project lock and has recovered and verified.

    `mkdirs` are the missing folders to create, parents first; `rmdirs` the folders to remove once committed.
    """
    record = _plan(root, txid, changes, mkdirs, rmdirs)
    files = [EntryPaths(e, root / e.path, root / e.temp if e.temp else None, root / e.backup if e.backup else None)
             for e in record.entries]
    folders = {f.target.parent for f in files}
    try:
        journal = JournalWriter.begin(root, txid, list(record.entries), list(record.mkdirs), list(record.rmdirs))
    except OSError as exc:
        # Nothing but the journal was touched. A begin record that is not whole is ignored by recovery, and a
        # whole one in state `preparing` is rolled back (there is nothing to undo); remove it when we can.
        with contextlib.suppress(OSError):
            os.unlink(journal_path(root))
        raise write_failed(exc, rolled_back=True, path=journal_path(root)) from exc
    crash_point("begun")
    current: Path | None = None  # the file being written when a call without a file name (write, fsync) fails
    dirs = _Folders(root)
    try:
        try:
            for index, folder in enumerate(record.mkdirs):
                current = root / folder
                os.mkdir(current.name, dir_fd=dirs.fd(current.parent))
                folders.add(current.parent)
                crash_point(f"mkdir:{index}")
            for index, (change, f) in enumerate(zip(changes, files, strict=True)):
                current = f.target
                at = dirs.fd(f.target.parent)
                # The live stat, under the lock: a chmod made after the read is kept, not reverted.
                like = os.stat(f.target.name, dir_fd=at, follow_symlinks=False) if change.old is not None else None
                if f.temp is not None:
                    write_new_file(f.temp, change.new or b"", like, dir_fd=at)
                    crash_point(f"temp:{index}")
                if f.backup is not None:
                    _backup(f.target, f.backup, change.old or b"", like, at)
                    crash_point(f"backup:{index}")
            for folder in folders:
                current = folder
                fsync_fd(dirs.fd(folder))
            crash_point("before-prepared")
        except OSError as exc:
            _undo(root, record, files, journal, mark=False)
            raise write_failed(exc, rolled_back=True, path=current) from exc
        try:
            current = journal.path
            journal.mark("prepared")
            crash_point("prepared")
            for index, f in enumerate(files):
                current = f.target
                at = dirs.fd(f.target.parent)
                if f.temp is not None:
                    os.replace(f.temp.name, f.target.name, src_dir_fd=at, dst_dir_fd=at)
                else:
                    os.unlink(f.target.name, dir_fd=at)
                crash_point(f"apply:{index}")
            for folder in folders:
                current = folder
                fsync_fd(dirs.fd(folder))
        except OSError as exc:
            rolled_back = _undo(root, record, files, journal, mark=True)
            raise write_failed(exc, rolled_back=rolled_back, path=current) from exc
    finally:
        dirs.close()
    try:
        journal.mark("committed")
        crash_point("committed")
        leaks: list[str] = []
        finish(record, files, leaks)
        remove_folders(root, record.rmdirs, [])  # a folder another program filled is kept: not a leak
        crash_point("before-remove")
        if leaks:  # a backup or temp could not be removed: keep the journal, so the next recovery removes it
            journal.close()
            return
        journal.remove()
    except OSError:
        # The commit is durable; what is left is cleanup, which the next recovery finishes.
        journal.close()


def _undo(root: Path, record: JournalRecord, files: list[EntryPaths], journal: JournalWriter, *, mark: bool) -> bool:
    """Roll back in process; False when that is not safe or fails, leaving the journal for recovery."""
    try:
        if mark:
            journal.mark("rolling-back")
        roll_back(root, record, files, [])
        leaks: list[str] = []
        finish(record, files, leaks)
        if leaks:  # undone, but a temp or backup is left: the journal stays so the next recovery removes it
            journal.close()
        else:
            journal.remove()
        return True
    except OSError:
        journal.close()
        return False
