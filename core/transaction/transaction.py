"""The transaction every writer works through: reads see staged writes, commit is verified and all-or-nothing.

Folders are staged too: `make_dir` and `remove_dir`, seen by `exists` at once. A folder staged for removal must
be empty at commit but for what this transaction deletes; that is checked with the other reads, under the lock,
before anything is written.

Isolation is optimistic, like a storage engine's snapshot with validation: the first time a path is touched
(read, existence check, write or delete) its on-disk state is recorded, by content hash where content was read.
Later reads of an untouched path return that snapshot (repeatable reads). At commit, under the project lock,
every recorded path must still match, or nothing is written and `E_TARGET_CHANGED` names the paths. Writes are
validated too, so two writers of one file never silently overwrite each other, even blind ones.

A Transaction is single-use and not thread-safe: one handler run, one commit.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from unitycli.errors import UnityCliError
from unitycli.spliced import Content, Spliced, as_bytes, same_bytes
from unitycli.transaction.commit import Change, apply_changes
from unitycli.transaction.editor_guard import ensure_editor_closed
from unitycli.transaction.effects import CommitResult, PlannedEffects, needs_reimport
from unitycli.transaction.failures import unreadable, write_failed
from unitycli.transaction.folders import (
    folder_not_empty,
    is_protected,
    leftover_contents,
    missing_folders,
    protected_folder,
)
from unitycli.transaction.locking import DEFAULT_LOCK_TIMEOUT, STATE_DIR, ProjectLock
from unitycli.transaction.paths import project_relative, resolve_inside
from unitycli.transaction.recovery import RecoveryReport, recover, recover_locked
from unitycli.transaction.renames import file_diffs
from unitycli.transaction.revision import check_revision, revision_of, spliced_revision
from unitycli.transaction.snapshot import Snapshot, not_a_file, not_a_folder, not_found, take_snapshot

log = logging.getLogger(__name__)

_RESERVED = "/".join(STATE_DIR)
# Set (by `unitycli.testing`, for every test) to a file: each commit appends there, as JSON lines, the documents it
# writes in a layout no Unity Editor wrote (`unitycli.typetree.written`). Unset, commits do nothing extra.
WRITE_CHECK_ENV = "UNITYCLI_CHECK_WRITES"
PROJECT_VERSION = "ProjectSettings/ProjectVersion.txt"


class Transaction:
    """Stage reads, writes, deletes and folders against one project; `commit()` applies them or reports them."""

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
        self._staged: dict[str, Content | None] = {}  # a splice is joined only if read back (`read_bytes`)
        self._staged_revisions: dict[str, str] = {}  # of staged contents, hashed when first asked
        self._dirs: dict[str, bool] = {}  # True: create (absent when seen); False: remove (a folder when seen)
        self._seen: dict[str, Snapshot] = {}
        self._done = False
        self.write_calls = 0  # staging requests so far: lets a caller see a read-only tool tried to write
        self._after_commit: list[Callable[[CommitResult], None]] = []

    # --- paths and snapshots ---------------------------------------------------------------------------------

    def _resolve(self, relative: str) -> tuple[str, Path]:
        path = resolve_inside(self.root, relative)
        return project_relative(self.root, path), path

    def _observe(self, rel: str, path: Path, *, content: bool) -> Snapshot:
        known = self._seen.get(rel)
        if known is not None and (known.data is not None or not content or not known.present or known.is_dir):
            return known
        fresh = take_snapshot(path, rel, content)
        if known is not None and not known.same_as(fresh):
            raise self._changed([rel])
        self._seen[rel] = fresh
        return fresh

    def _writable(self, relative: str) -> tuple[str, Path]:
        self.write_calls += 1
        rel, path = self._resolve(relative)
        if rel == "." or rel == _RESERVED or rel.startswith(_RESERVED + "/"):
            raise not_a_file(rel, "it is reserved for the project root or unitycli's transaction state")
        return rel, path

    def _staged_below(self, rel: str) -> list[str]:
        """Files and folders this transaction creates or writes inside `rel`."""
        files = [other for other, data in self._staged.items() if data is not None and other.startswith(rel + "/")]
        return sorted(files + [d for d, make in self._dirs.items() if make and d.startswith(rel + "/")])

    def _check_slot(self, rel: str, path: Path) -> None:
        """A file may not be written where a folder is, nor below a path that is (or will be) a file."""
        if self._staged_below(rel) or self._dirs.get(rel):
            raise not_a_file(rel, "it is staged as a folder, or files are staged below it")
        self._check_ancestors(rel, path, not_a_file)

    def _check_ancestors(self, rel: str, path: Path, error: Callable[[str, str], UnityCliError]) -> None:
        """Every folder above `rel` must be (or become) a folder: none is staged as, or is, a file."""
        parts = rel.split("/")
        for depth in range(1, len(parts)):
            ancestor = "/".join(parts[:depth])
            if self._staged.get(ancestor) is not None:
                raise error(rel, f"{ancestor} is staged as a file")
        folder = path.parent
        while folder != self.root and not folder.is_dir():
            if folder.exists():
                raise error(rel, f"{project_relative(self.root, folder)} is a file, not a folder")
            folder = folder.parent

    def _keep_folders(self, rel: str) -> None:
        """Writing inside a folder staged for removal keeps it: the later intent wins, as a write after a delete."""
        parts = rel.split("/")
        for depth in range(1, len(parts) + 1):
            ancestor = "/".join(parts[:depth])
            if self._dirs.get(ancestor) is False:
                del self._dirs[ancestor]

    # --- reads -----------------------------------------------------------------------------------------------

    def read_bytes(self, relative: str) -> bytes:
        """Content as this transaction sees it: staged content if written here, else disk (snapshotted)."""
        rel, path = self._resolve(relative)
        if rel in self._staged:
            data = self._staged[rel]
            if data is None:
                raise not_found(rel)
            if isinstance(data, Spliced):
                data = self._staged[rel] = data.to_bytes()  # same content: its revision stays
            return data
        if self._dirs.get(rel) or self._staged_below(rel):
            raise not_a_file(rel, "it is a folder")
        seen = self._observe(rel, path, content=True)
        if seen.is_dir:
            raise not_a_file(rel, "it is a folder")
        if seen.data is None:
            raise not_found(rel)
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
        """Whether the path exists in this transaction's view (staged files and folders included)."""
        rel, path = self._resolve(relative)
        if rel in self._staged:
            return self._staged[rel] is not None
        if rel in self._dirs:
            return self._dirs[rel]
        if self._staged_below(rel):
            return True
        return self._observe(rel, path, content=False).present

    def revision(self, relative: str) -> str | None:
        """Revision of the content this transaction sees (staged or disk); None if absent."""
        rel, _ = self._resolve(relative)
        if rel in self._staged:
            return self._staged_revision(rel)
        try:
            self.read_bytes(relative)
        except UnityCliError as exc:
            if exc.code == "E_ASSET_NOT_FOUND":
                return None
            raise
        return self._seen[rel].revision

    def revision_if_same(self, relative: str, data: Content, revision: str) -> bool:
        """Whether `relative`'s content as read (not staged) is exactly `data`, whose revision is `revision`; if so
        that revision is taken for it without hashing it."""
        rel, _ = self._resolve(relative)
        seen = self._seen.get(rel)
        return rel not in self._staged and seen is not None and seen.same_content_as(data, revision)

    def _staged_revision(self, rel: str) -> str | None:
        data = self._staged[rel]
        if data is None:
            return None
        revision = self._staged_revisions.get(rel)
        if revision is None:
            seen = self._seen.get(rel)
            if isinstance(data, Spliced) and seen is not None and data.base is seen.data:
                revision = spliced_revision(data, seen.hash_states())  # from where the edit first differs
            else:
                revision = revision_of(data)
            self._staged_revisions[rel] = revision
        return revision

    def expect_revision(self, relative: str, revision: str) -> None:
        """`E_STALE_WRITE` unless the file on disk is still at the revision the caller read earlier."""
        rel, path = self._resolve(relative)
        seen = self._observe(rel, path, content=True)
        check_revision(rel, revision, seen.revision)

    def new_guid(self, asset_path: str) -> str:
        """A GUID for a new asset, derived from the project, the asset's path and everything this transaction
        read: the same edit of the same state gets the same GUID, so a dry-run diff is exactly the commit, while
        another project, path or state gets another one (32 lower-case hex digits, as Unity writes them)."""
        seed = hashlib.sha256(b"unitycli-guid\0" + str(self.root).encode() + b"\0" + asset_path.encode())
        for rel in sorted(self._seen):
            seed.update(b"\0" + rel.encode() + b"=" + (self._seen[rel].revision or "-").encode())
        return seed.hexdigest()[:32]

    # --- writes ----------------------------------------------------------------------------------------------

    def write_bytes(self, relative: str, data: Content) -> None:
        """Stage new content, bytes or a splice of content read (core/spliced.py: written and hashed piece by
        piece, never joined unless read back); missing parent folders are created at commit."""
        rel, path = self._writable(relative)
        self._check_slot(rel, path)
        if self._observe(rel, path, content=True).is_dir:
            raise not_a_file(rel, "it is a folder")
        self._keep_folders(rel)
        self._staged[rel] = data if isinstance(data, Spliced) else bytes(data)
        self._staged_revisions.pop(rel, None)

    def after_commit(self, action: Callable[[CommitResult], None]) -> None:
        """Run `action(result)` once the staged changes are on disk (never in dry-run, never after a failed
        commit): for what only content on disk may cause, such as saving a file's structure under its revision.
        An action that raises is logged at debug and skipped: the write it follows has succeeded."""
        self._after_commit.append(action)

    def write_text(self, relative: str, text: str, encoding: str = "utf-8") -> None:
        """Stage text exactly as given: no newline translation, so Unity's line endings survive."""
        self.write_bytes(relative, text.encode(encoding))

    def delete(self, relative: str) -> None:
        """Stage a delete of an existing file (one created in this transaction is simply dropped)."""
        rel, path = self._writable(relative)
        if rel in self._staged:
            if self._staged[rel] is None:
                raise not_found(rel)
            self._staged[rel] = None
            return
        seen = self._observe(rel, path, content=True)
        if seen.is_dir:
            raise not_a_file(rel, "it is a folder; delete its files")
        if not seen.present:
            raise not_found(rel)
        self._staged[rel] = None

    # --- folders ---------------------------------------------------------------------------------------------

    def make_dir(self, relative: str) -> None:
        """Stage an empty folder, parents too; one already there is kept as it is. Created before the commit point."""
        rel, path = self._writable(relative)
        if self._staged.get(rel) is not None:
            raise not_a_folder(rel, "it is staged as a file")
        self._check_ancestors(rel, path, not_a_folder)
        seen = self._observe(rel, path, content=False)
        if seen.present and not seen.is_dir:
            raise not_a_folder(rel, "a file is there")
        self._keep_folders(rel)
        if not seen.present:
            self._dirs[rel] = True

    def remove_dir(self, relative: str) -> None:
        """Stage removal of a folder that this transaction empties; checked at commit, removed after the commit point.

        Anything still in it then that this transaction does not delete (or remove, for a folder) refuses the whole
        commit with `E_FOLDER_NOT_EMPTY`; stage removals deepest first or in any order, the check is made once.
        """
        rel, path = self._writable(relative)
        if is_protected(rel):
            raise protected_folder(rel)
        below = self._staged_below(rel)
        if below:
            raise folder_not_empty({rel: [other[len(rel) + 1:] for other in below]})
        if self._dirs.get(rel):
            del self._dirs[rel]  # made in this transaction: simply not made
            return
        if self._staged.get(rel) is not None:
            raise not_a_folder(rel, "it is staged as a file")
        seen = self._observe(rel, path, content=False)
        if not seen.present:
            raise not_found(rel)
        if not seen.is_dir:
            raise not_a_folder(rel, "it is a file")
        self._dirs[rel] = False

    # --- effects and commit ----------------------------------------------------------------------------------

    def _changes(self) -> list[Change]:
        changes = []
        for rel in sorted(self._staged):
            new, seen = self._staged[rel], self._seen[rel]
            old = seen.data if seen.present else None
            if new is None or old is None:
                if new is old:
                    continue
            elif same_bytes(old, new):
                continue
            action = "create" if old is None else "delete" if new is None else "modify"
            if isinstance(new, Spliced) and action != "modify":  # what a rename or copy is matched against
                new = as_bytes(new)
            changes.append(Change(rel, action, old, new, seen.revision if old is not None else None,
                                  self._staged_revision(rel)))
        return changes

    def _kept(self) -> dict[str, bytes]:
        """Files read and left as they are: what a created file may be a copy of."""
        return {rel: seen.data for rel, seen in self._seen.items() if seen.data is not None and rel not in self._staged}

    def _made(self) -> list[str]:
        return sorted(rel for rel, make in self._dirs.items() if make)

    def _removed(self) -> list[str]:
        return sorted(rel for rel, make in self._dirs.items() if not make)

    def _folders_to_create(self, changes: list[Change]) -> list[str]:
        """Missing folders: the staged ones and new files' parents (a stat each, so a dry-run is exact)."""
        return missing_folders(self.root, [c.path for c in changes if c.action == "create"], self._made())

    def planned_effects(self) -> PlannedEffects:
        """What commit would change, from the snapshots taken so far (exact diffs, no disk writes)."""
        changes = self._changes()
        return _effects(changes, self._folders_to_create(changes), self._removed(), self._kept())

    def _changed(self, paths: list[str]) -> UnityCliError:
        return UnityCliError(
            "E_TARGET_CHANGED",
            f"{', '.join(paths)} changed on disk after this command read it; nothing was written",
            details={"paths": paths, "txid": self.txid},
            next_actions=[],  # transient: the same command again re-reads the current files
        )

    def _verify(self) -> None:
        """Every touched path must be as first seen, reached through the same physical path."""
        changed = []
        for rel, seen in sorted(self._seen.items()):
            path = self.root / rel
            if resolve_inside(self.root, rel) != path or not seen.still_same(path, rel):
                changed.append(rel)
        if changed:
            raise self._changed(changed)
        removed = self._removed()
        going = {rel for rel, data in self._staged.items() if data is None} | set(removed)
        left = {rel: names for rel in removed if (names := leftover_contents(self.root, rel, going))}
        if left:
            raise folder_not_empty(left)

    def commit(self) -> CommitResult:
        """Apply the staged changes atomically, or in dry-run verify and report them without writing."""
        if self._done:
            raise RuntimeError("a Transaction commits once; start a new one")
        self._done = True
        changes, removed = self._changes(), self._removed()
        if self.dry_run:
            try:
                self._verify()
            except OSError as exc:  # an EIO while re-reading what the tool read
                raise unreadable(exc) from exc
            self._check_written(changes)
            return self._result(changes, self._folders_to_create(changes), removed, committed=False)
        if not changes and not self._dirs:
            return self._result(changes, [], [], committed=True)
        ensure_editor_closed(self.root, override=self.allow_editor_open)
        with ProjectLock(self.root, self.lock_timeout):
            try:
                recover_locked(self.root)
                self._verify()
                created = self._folders_to_create(changes)  # under the lock: exactly the folders the commit makes
            except OSError as exc:  # an EIO while checking: nothing has been written yet
                raise write_failed(exc, rolled_back=True) from exc
            apply_changes(self.root, self.txid, changes, created, removed)
        self._check_written(changes)
        result = self._result(changes, created, removed, committed=True)
        for action in self._after_commit:
            try:
                action(result)
            except Exception:  # the files are on disk: a follow-up (a saved structure, a speedup) failing is no
                log.debug("after-commit action %r failed", action, exc_info=True)  # failed write
        return result

    def _check_written(self, changes: list[Change]) -> None:
        """Test mode (`WRITE_CHECK_ENV` set): record what the commit wrote in a layout no Unity Editor wrote."""
        report = os.environ.get(WRITE_CHECK_ENV)
        if changes and report:
            from unitycli.typetree.written import record_written

            version = self._staged.get(PROJECT_VERSION)
            record_written(self.root, [(c.path, c.old, as_bytes(c.new) if c.new is not None else None)
                                       for c in changes], self._kept(),
                           as_bytes(version) if version is not None else None, report)

    def _result(self, changes: list[Change], created: list[str], removed: list[str], *,
                committed: bool) -> CommitResult:
        revisions = {c.path: c.new_revision for c in changes}
        return CommitResult(txid=self.txid, committed=committed, dry_run=self.dry_run,
                            effects=_effects(changes, created, removed, self._kept()), revisions=revisions)

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._done = True  # leaving the block without commit() discards the staged changes


def _effects(changes: list[Change], created_dirs: list[str], deleted_dirs: list[str],
             kept: dict[str, bytes]) -> PlannedEffects:
    diffs = file_diffs(changes, kept)
    moved = {d.path for d in diffs if d.renamed_from or d.copied_from} | {d.renamed_from for d in diffs}
    groups: dict[str, list[str]] = {"create": [], "modify": [], "delete": []}
    for change in changes:
        if change.path not in moved:  # a rename or copy is its diffs entry only (git's R and C)
            groups[change.action].append(change.path)
    reimport = any(needs_reimport(c.path) for c in changes)
    folders = any(needs_reimport(rel + "/") for rel in created_dirs + deleted_dirs)
    return PlannedEffects(created=groups["create"], modified=groups["modify"], deleted=groups["delete"],
                          diffs=diffs, created_dirs=sorted(created_dirs), deleted_dirs=deleted_dirs,
                          requires_reimport=reimport or folders)
