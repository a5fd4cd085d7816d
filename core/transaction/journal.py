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
import shlex
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from unitycli.errors import UnityCliError
from unitycli.safefs import open_dir_path, open_own_file, open_regular, read_fd
from unitycli.transaction.durable import fsync_fd
from unitycli.transaction.failures import state_error
from unitycli.transaction.locking import STATE_DIR, open_state_dir, state_dir

FORMAT_VERSION = 2  # 2 added `rmdirs`; a version-1 journal (no folder removals) is still read
_READABLE = (1, 2)
Action = Literal["create", "modify", "delete"]
State = Literal["preparing", "prepared", "rolling-back", "committed"]
_MARKS = ("prepared", "rolling-back", "committed")
JOURNAL = "journal"


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
    return state_dir(root) / JOURNAL


def _line(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    check = hashlib.sha256(body.encode()).hexdigest()
    return json.dumps({"check": check, "rec": record}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def _parse(line: bytes) -> dict[str, Any] | None:
    try:
        outer = json.loads(line)
        record = outer["rec"]
        body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(record, dict) or hashlib.sha256(body.encode()).hexdigest() != outer.get("check"):
        return None
    return record


class JournalWriter:
    """The open journal of the commit in progress; every append is fsynced before the next step may start.

    It is opened, and later removed, relative to the state folder's verified descriptor, never through a link.
    """

    def __init__(self, path: Path, fd: int, dir_fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self._dir_fd: int | None = dir_fd

    @classmethod
    def _open(cls, root: Path, flags: int) -> JournalWriter:
        path = journal_path(root)
        dir_fd = open_state_dir(root)
        try:
            fd = open_own_file(dir_fd, JOURNAL, flags, 0o644, shown=path)
        except BaseException:
            os.close(dir_fd)
            raise
        return cls(path, fd, dir_fd)

    @classmethod
    def begin(cls, root: Path, txid: str, entries: list[JournalEntry], mkdirs: list[str],
              rmdirs: list[str]) -> JournalWriter:
        """Write and fsync the begin record; the journal must not exist (recovery has run under the lock)."""
        record = {"type": "begin", "v": FORMAT_VERSION, "txid": txid, "mkdirs": mkdirs, "rmdirs": rmdirs,
                  "entries": [asdict(entry) for entry in entries]}
        writer = cls._open(root, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND)
        try:
            writer._append(_line(record))
            assert writer._dir_fd is not None
            fsync_fd(writer._dir_fd)
        except BaseException:
            writer.close()
            raise
        return writer

    @classmethod
    def reopen(cls, root: Path) -> JournalWriter:
        """Open an existing journal to append a state (recovery marks its own progress)."""
        return cls._open(root, os.O_WRONLY | os.O_APPEND)

    def _append(self, data: bytes) -> None:
        assert self._fd is not None, "journal already closed"
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view):]
        fsync_fd(self._fd)

    def mark(self, state: State) -> None:
        self._append(_line({"type": "state", "state": state}))

    def close(self) -> None:
        for name in ("_fd", "_dir_fd"):
            fd = getattr(self, name)
            if fd is not None:
                setattr(self, name, None)
                os.close(fd)

    def remove(self) -> None:
        """Delete the journal durably: after this, recovery has nothing to do."""
        assert self._dir_fd is not None, "journal already closed"
        try:
            os.unlink(JOURNAL, dir_fd=self._dir_fd)
            fsync_fd(self._dir_fd)
        finally:
            self.close()


def _read(root: Path) -> bytes | None:
    """The journal's bytes, None when absent; read without following a link or blocking on a FIFO."""
    path = journal_path(root)
    try:
        dir_fd, _ = open_dir_path(root, STATE_DIR)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise state_error(exc, state_dir(root), writing=False) from exc
    try:
        fd = open_regular(JOURNAL, nofollow=True, dir_fd=dir_fd, shown=path)
        try:
            return read_fd(fd)
        finally:
            os.close(fd)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise state_error(exc, path, writing=False) from exc
    finally:
        os.close(dir_fd)


def read_journal(root: Path) -> JournalRecord | None:
    """The journal's trusted prefix; None when there is no journal or its begin record never became whole.

    A torn begin record means the crash came before any temp file was created (they follow its fsync), so there
    is nothing to undo beyond deleting the journal. A whole record of a shape this unitycli never writes (a
    repository can ship any file, checksum included) is `E_TRANSACTION_RECOVERY_FAILED` naming the journal.
    """
    data = _read(root)
    if data is None:
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
            next_actions=[],
            manual_steps=["Run the unitycli version that wrote the journal once to let it recover"],
        )
    state: State = "preparing"
    for raw in lines[1:]:
        record = _parse(raw)
        if record is None or record.get("type") != "state" or record.get("state") not in _MARKS:
            break
        state = record["state"]
    try:
        return _record(begin, state)
    except (KeyError, TypeError, ValueError) as exc:
        raise malformed(root, str(exc)) from None


_ENTRY_FIELDS = {"path": str, "action": str, "temp": (str, type(None)), "backup": (str, type(None)),
                 "old": (str, type(None)), "new": (str, type(None))}


def _strings(value: Any, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TypeError(f"{name} is not a list of paths")
    return tuple(value)


def _record(begin: dict[str, Any], state: State) -> JournalRecord:
    """The begin record as a JournalRecord, every field checked for the type the commit writes."""
    txid = begin["txid"]
    if not isinstance(txid, str) or not txid or not all(c in "0123456789abcdef" for c in txid):
        raise ValueError(f"txid {txid!r} is not a unitycli transaction id")
    entries = begin["entries"]
    if not isinstance(entries, list):
        raise TypeError("entries is not a list")
    checked = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or set(entry) != set(_ENTRY_FIELDS):
            raise ValueError(f"entry {index} does not have exactly the fields {', '.join(_ENTRY_FIELDS)}")
        for name, kind in _ENTRY_FIELDS.items():
            if not isinstance(entry[name], kind):
                raise TypeError(f"entry {index}: {name} is {type(entry[name]).__name__}")
        if entry["action"] not in ("create", "modify", "delete"):
            raise ValueError(f"entry {index}: action {entry['action']!r} is not create, modify or delete")
        checked.append(JournalEntry(**entry))
    return JournalRecord(txid=txid, entries=tuple(checked), mkdirs=_strings(begin["mkdirs"], "mkdirs"), state=state,
                         rmdirs=_strings(begin.get("rmdirs", []), "rmdirs"))


def malformed(root: Path, problem: str) -> UnityCliError:
    """A journal this unitycli did not write as it stands: nothing is done from it, and the person is told how."""
    journal = journal_path(root)
    return UnityCliError(
        "E_TRANSACTION_RECOVERY_FAILED",
        f"The transaction journal {journal} is malformed ({problem}); unitycli never wrote it like this, so it "
        "recovers nothing from it and writes nothing until it is gone",
        details={"journal": str(journal), "reason": problem},
        next_actions=[],
        manual_steps=["Check that the files it names are as intended, then delete it: "
                      f"rm {shlex.quote(str(journal))}"],
    )
