"""The commit journal: an append-only JSON-lines file whose last valid record says how far a commit got.

Line 1 is the `begin` record (txid, every file with its temp, backup, old and new revision, the folders the commit
creates and the folders it removes once decided); later lines move the state: `prepared` (every temp and backup is durable: roll forward),
`rolling-back` (an in-process failure is being undone: roll back), `committed` (every rename is durable: only
cleanup is left). Each line carries a sha256 of its record, and a line is trusted only when it is complete
(newline-terminated) and its checksum matches; a torn tail is ignored, so the state never runs ahead of the disk.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from unitycli.errors import UnityCliError
from unitycli.transaction.durable import fsync_dir, fsync_fd
from unitycli.transaction.locking import state_dir

FORMAT_VERSION = 2  # 2 added `rmdirs`; a version-1 journal (no folder removals) is still read
_READABLE = (1, 2)
Action = Literal["create", "modify", "delete"]
State = Literal["preparing", "prepared", "rolling-back", "committed"]
_MARKS = ("prepared", "rolling-back", "committed")


@dataclass(frozen=True)
class JournalEntry:
    """One file of a commit. Paths are project-relative so a moved project still recovers."""

    path: str
    action: Action
    temp: str | None  # new content, a sibling of path (create/modify)
    backup: str | None  # old content, a sibling of path (modify/delete)
    old: str | None  # revision before the commit (None: did not exist)
    new: str | None  # revision after the commit (None: deleted)


@dataclass(frozen=True)
class JournalRecord:
    """What recovery needs to know: the begin record plus the last trusted state."""

    txid: str
    entries: tuple[JournalEntry, ...]
    mkdirs: tuple[str, ...]  # folders the commit creates, parents first
    state: State
    rmdirs: tuple[str, ...] = ()  # folders removed after `committed` (deepest first when removed)


def journal_path(root: Path) -> Path:
    return state_dir(root) / "journal"


def _line(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    check = hashlib.sha256(body.encode()).hexdigest()
    return json.dumps({"check": check, "rec": record}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def _parse(line: bytes) -> dict[str, Any] | None:
    try:
        outer = json.loads(line)
        record = outer["rec"]
        body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(record, dict) or hashlib.sha256(body.encode()).hexdigest() != outer.get("check"):
        return None
    return record


class JournalWriter:
    """The open journal of the commit in progress; every append is fsynced before the next step may start."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def begin(cls, root: Path, txid: str, entries: list[JournalEntry], mkdirs: list[str],
              rmdirs: list[str]) -> JournalWriter:
        """Write and fsync the begin record; the journal must not exist (recovery has run under the lock)."""
        path = journal_path(root)
        record = {"type": "begin", "v": FORMAT_VERSION, "txid": txid, "mkdirs": mkdirs, "rmdirs": rmdirs,
                  "entries": [asdict(entry) for entry in entries]}
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_CLOEXEC", 0), 0o644)
        writer = cls(path, fd)
        writer._append(_line(record))
        fsync_dir(path.parent)
        return writer

    @classmethod
    def reopen(cls, root: Path) -> JournalWriter:
        """Open an existing journal to append a state (recovery marks its own progress)."""
        path = journal_path(root)
        return cls(path, os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)))

    def _append(self, data: bytes) -> None:
        assert self._fd is not None, "journal already closed"
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view):]
        fsync_fd(self._fd)

    def mark(self, state: State) -> None:
        self._append(_line({"type": "state", "state": state}))

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def remove(self) -> None:
        """Delete the journal durably: after this, recovery has nothing to do."""
        self.close()
        os.unlink(self.path)
        fsync_dir(self.path.parent)


def read_journal(root: Path) -> JournalRecord | None:
    """The journal's trusted prefix; None when there is no journal or its begin record never became whole.

    A torn begin record means the crash came before any temp file was created (they follow its fsync), so there
    is nothing to undo beyond deleting the journal.
    """
    try:
        data = journal_path(root).read_bytes()
    except FileNotFoundError:
        return None
    lines = data.split(b"\n")[:-1]  # the piece after the last newline is torn by definition
    begin = _parse(lines[0]) if lines else None
    if begin is None or begin.get("type") != "begin":
        return None
    if begin.get("v") not in _READABLE:
        raise UnityCliError(
            "E_TRANSACTION_RECOVERY_FAILED",
            f"The transaction journal has format version {begin.get('v')!r}, this unitycli reads {FORMAT_VERSION}",
            details={"journal": str(journal_path(root)), "version": begin.get("v")},
            next_actions=["Run the unitycli version that wrote the journal once to let it recover"],
        )
    state: State = "preparing"
    for raw in lines[1:]:
        record = _parse(raw)
        if record is None or record.get("type") != "state" or record.get("state") not in _MARKS:
            break
        state = record["state"]
    entries = tuple(JournalEntry(**entry) for entry in begin["entries"])
    return JournalRecord(txid=begin["txid"], entries=entries, mkdirs=tuple(begin["mkdirs"]), state=state,
                         rmdirs=tuple(begin.get("rmdirs", ())))
