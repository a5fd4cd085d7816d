"""The transaction every writer works through: reads see staged writes, commit is verified and all-or-nothing.

Isolation is optimistic, like a storage engine's snapshot with validation: the first time a path is touched
(read, existence check, write or delete) its on-disk state is recorded, by content hash where content was read.
Later reads of an untouched path return that snapshot (repeatable reads). At commit, under the project lock,
every recorded path must still match, or nothing is written and `E_TARGET_CHANGED` names the paths. Writes are
validated too, so two writers of one file never silently overwrite each other, even blind ones.

A Transaction is single-use and not thread-safe: one handler run, one commit.
"""

from __future__ import annotations

import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from unitycli.errors import UnityCliError
from unitycli.transaction.commit import Change, apply_changes
from unitycli.transaction.editor_guard import ensure_editor_closed
from unitycli.transaction.effects import CommitResult, PlannedEffects, file_diff, needs_reimport
from unitycli.transaction.locking import DEFAULT_LOCK_TIMEOUT, STATE_DIR, ProjectLock
from unitycli.transaction.paths import project_relative, resolve_inside
from unitycli.transaction.recovery import RecoveryReport, recover, recover_locked
from unitycli.transaction.revision import check_revision, revision_of

_RESERVED = "/".join(STATE_DIR)


@dataclass(frozen=True)
class _Snapshot:
    """A path's on-disk state when the transaction first touched it."""

    present: bool
    is_dir: bool = False
    data: bytes | None = None  # None: only existence was observed

    @property
    def revision(self) -> str | None:
        return revision_of(self.data) if self.data is not None else None

    def same_as(self, other: _Snapshot) -> bool:
        if (self.present, self.is_dir) != (other.present, other.is_dir):
            return False
        return self.data is None or self.data == other.data


def _snapshot(path: Path, rel: str, content: bool) -> _Snapshot:
    try:
        if not content:
            info = os.stat(path)
            return _Snapshot(True, stat.S_ISDIR(info.st_mode))
        # O_NONBLOCK: a FIFO planted in a project must not hang the read.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (FileNotFoundError, NotADirectoryError):
        return _Snapshot(False)
    except OSError as exc:
        raise UnityCliError("E_PROJECT_FILE_UNREADABLE", f"{rel} cannot be read: {exc.strerror}",
                            details={"path": rel, "errno": exc.errno}) from exc
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            return _Snapshot(True, is_dir=True)
        raise _not_a_file(rel, "it is not a regular file")
    with os.fdopen(fd, "rb") as handle:
        return _Snapshot(True, data=handle.read())


def _not_a_file(rel: str, reason: str) -> UnityCliError:
    return UnityCliError("E_PATH_NOT_A_FILE", f"{rel} cannot be used as a file: {reason}",
                         details={"path": rel, "reason": reason})


def _not_found(rel: str) -> UnityCliError:
    return UnityCliError("E_ASSET_NOT_FOUND", f"{rel} does not exist in the project", details={"path": rel})


class Transaction:
    """Stage reads, writes and deletes against one project; `commit()` applies them or, in dry-run, reports them."""

    def __init__(self, project_root: Path | str, *, dry_run: bool, allow_editor_open: bool = False,
                 lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        try:
            root = Path(project_root).resolve(strict=True)
        except (OSError, RuntimeError) as exc:
            raise UnityCliError("E_INSTANCE_PATH_UNAVAILABLE", f"The project folder {project_root} is unavailable",
                                details={"path": str(project_root), "reason": str(exc)}) from exc
        self.root = root
        self.dry_run = dry_run
        self.allow_editor_open = allow_editor_open
        self.lock_timeout = lock_timeout
        self.txid = secrets.token_hex(8)
        self.recovery: RecoveryReport | None = recover(root, lock_timeout=lock_timeout)
        self._staged: dict[str, bytes | None] = {}
        self._seen: dict[str, _Snapshot] = {}
        self._done = False

    # --- paths and snapshots ---------------------------------------------------------------------------------

    def _resolve(self, relative: str) -> tuple[str, Path]:
        path = resolve_inside(self.root, relative)
        return project_relative(self.root, path), path

    def _observe(self, rel: str, path: Path, *, content: bool) -> _Snapshot:
        known = self._seen.get(rel)
        if known is not None and (known.data is not None or not content or not known.present or known.is_dir):
            return known
        fresh = _snapshot(path, rel, content)
        if known is not None and not known.same_as(fresh):
            raise self._changed([rel])
        self._seen[rel] = fresh
        return fresh

    def _writable(self, relative: str) -> tuple[str, Path]:
        rel, path = self._resolve(relative)
        if rel == "." or rel == _RESERVED or rel.startswith(_RESERVED + "/"):
            raise _not_a_file(rel, "it is reserved for the project root or unitycli's transaction state")
        return rel, path

    def _check_slot(self, rel: str, path: Path) -> None:
        """A file may not be written where a folder is, nor below a path that is (or will be) a file."""
        if any(other.startswith(rel + "/") and data is not None for other, data in self._staged.items()):
            raise _not_a_file(rel, "files are staged below it, so it must stay a folder")
        parts = rel.split("/")
        for depth in range(1, len(parts)):
            ancestor = "/".join(parts[:depth])
            if self._staged.get(ancestor) is not None:
                raise _not_a_file(rel, f"{ancestor} is staged as a file")
        folder = path.parent
        while folder != self.root and not folder.is_dir():
            if folder.exists():
                raise _not_a_file(rel, f"{project_relative(self.root, folder)} is a file, not a folder")
            folder = folder.parent

    # --- reads -----------------------------------------------------------------------------------------------

    def read_bytes(self, relative: str) -> bytes:
        """Content as this transaction sees it: staged content if written here, else disk (snapshotted)."""
        rel, path = self._resolve(relative)
        if rel in self._staged:
            data = self._staged[rel]
            if data is None:
                raise _not_found(rel)
            return data
        seen = self._observe(rel, path, content=True)
        if seen.is_dir:
            raise _not_a_file(rel, "it is a folder")
        if seen.data is None:
            raise _not_found(rel)
        return seen.data

    def read_text(self, relative: str, encoding: str = "utf-8") -> str:
        """Decoded content; undecodable bytes are a catalogued error, never a traceback."""
        data = self.read_bytes(relative)
        try:
            return data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{relative} is not {encoding} text",
                                details={"path": relative, "encoding": encoding, "offset": exc.start}) from exc

    def exists(self, relative: str) -> bool:
        """Whether the path exists in this transaction's view; a file's presence is re-checked at commit."""
        rel, path = self._resolve(relative)
        if rel in self._staged:
            return self._staged[rel] is not None
        if any(other.startswith(rel + "/") and data is not None for other, data in self._staged.items()):
            return True
        return self._observe(rel, path, content=False).present

    def revision(self, relative: str) -> str | None:
        """Revision of the content this transaction sees (staged or disk); None if absent."""
        rel, _ = self._resolve(relative)
        if rel in self._staged:
            data = self._staged[rel]
            return revision_of(data) if data is not None else None
        try:
            return revision_of(self.read_bytes(relative))
        except UnityCliError as exc:
            if exc.code == "E_ASSET_NOT_FOUND":
                return None
            raise

    def expect_revision(self, relative: str, revision: str) -> None:
        """`E_STALE_WRITE` unless the file on disk is still at the revision the caller read earlier."""
        rel, path = self._resolve(relative)
        seen = self._observe(rel, path, content=True)
        check_revision(rel, revision, seen.revision)

    # --- writes ----------------------------------------------------------------------------------------------

    def write_bytes(self, relative: str, data: bytes) -> None:
        """Stage new content; missing parent folders are created at commit."""
        rel, path = self._writable(relative)
        self._check_slot(rel, path)
        if self._observe(rel, path, content=True).is_dir:
            raise _not_a_file(rel, "it is a folder")
        self._staged[rel] = bytes(data)

    def write_text(self, relative: str, text: str, encoding: str = "utf-8") -> None:
        """Stage text exactly as given: no newline translation, so Unity's line endings survive."""
        self.write_bytes(relative, text.encode(encoding))

    def delete(self, relative: str) -> None:
        """Stage a delete of an existing file (one created in this transaction is simply dropped)."""
        rel, path = self._writable(relative)
        if rel in self._staged:
            if self._staged[rel] is None:
                raise _not_found(rel)
            self._staged[rel] = None
            return
        seen = self._observe(rel, path, content=True)
        if seen.is_dir:
            raise _not_a_file(rel, "it is a folder; delete its files")
        if not seen.present:
            raise _not_found(rel)
        self._staged[rel] = None

    # --- effects and commit ----------------------------------------------------------------------------------

    def _changes(self) -> list[Change]:
        changes = []
        for rel in sorted(self._staged):
            new, seen = self._staged[rel], self._seen[rel]
            old = seen.data if seen.present else None
            if new == old:
                continue
            action = "create" if old is None else "delete" if new is None else "modify"
            changes.append(Change(rel, action, old, new))
        return changes

    def planned_effects(self) -> PlannedEffects:
        """What commit would change, from the snapshots taken so far (exact diffs, no disk writes)."""
        return _effects(self._changes())

    def _changed(self, paths: list[str]) -> UnityCliError:
        return UnityCliError(
            "E_TARGET_CHANGED",
            f"{', '.join(paths)} changed on disk after this command read it; nothing was written",
            details={"paths": paths, "txid": self.txid},
            next_actions=["Run the same command again: it re-reads the current files"],
        )

    def _verify(self) -> None:
        """Every touched path must be as first seen, reached through the same physical path."""
        changed = []
        for rel, seen in sorted(self._seen.items()):
            path = self.root / rel
            if resolve_inside(self.root, rel) != path or not seen.same_as(_snapshot(path, rel, seen.data is not None)):
                changed.append(rel)
        if changed:
            raise self._changed(changed)

    def commit(self) -> CommitResult:
        """Apply the staged changes atomically, or in dry-run verify and report them without writing."""
        if self._done:
            raise RuntimeError("a Transaction commits once; start a new one")
        self._done = True
        if self.dry_run:
            self._verify()
            return self._result(self._changes(), committed=False)
        changes = self._changes()
        if not changes:
            return self._result(changes, committed=True)
        ensure_editor_closed(self.root, override=self.allow_editor_open)
        with ProjectLock(self.root, self.lock_timeout):
            recover_locked(self.root)
            self._verify()
            apply_changes(self.root, self.txid, changes)
        return self._result(changes, committed=True)

    def _result(self, changes: list[Change], *, committed: bool) -> CommitResult:
        revisions = {c.path: revision_of(c.new) if c.new is not None else None for c in changes}
        return CommitResult(txid=self.txid, committed=committed, dry_run=self.dry_run, effects=_effects(changes),
                            revisions=revisions)

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._done = True  # leaving the block without commit() discards the staged changes


def _effects(changes: list[Change]) -> PlannedEffects:
    groups: dict[str, list[str]] = {"create": [], "modify": [], "delete": []}
    for change in changes:
        groups[change.action].append(change.path)
    reimport = [c.path for c in changes if needs_reimport(c.path)]
    diffs = [file_diff(c.path, c.old, c.new, revision_of(c.old) if c.old is not None else None,
                       revision_of(c.new) if c.new is not None else None) for c in changes]
    return PlannedEffects(created=groups["create"], modified=groups["modify"], deleted=groups["delete"],
                          diffs=diffs, requires_reimport=bool(reimport), reimport_paths=reimport)
