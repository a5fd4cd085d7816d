"""Getting a trustworthy, current cache: the lock-free warm path, the locked refresh, the discard-and-rebuild.

Most opens find nothing changed: the listing's signature equals the stored one, and no lock is taken, so any
number of readers proceed at once. Otherwise the build lock is taken and everything is checked again under it,
since another process may have refreshed meanwhile. A cache that is missing, of another format or unreadable is
never repaired: it is replaced by a freshly built file. A cache folder that fails with an OS error (EIO, a
read-only disk, a lock file that is a link) is not a failure of the query: the index is built in memory instead.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

from unitycli.indexes import build
from unitycli.indexes.location import LOCK_NAME, cache_dir
from unitycli.indexes.lock import build_lock
from unitycli.indexes.models import IndexStats
from unitycli.indexes.progress import Progress, ProgressCallback
from unitycli.indexes.roots import Root
from unitycli.indexes.store import DB_NAME, CacheInvalid, IndexStore, Writer, build_fresh, discard
from unitycli.indexes.walk import Listing, list_project, signature

# A listing and the `time.time_ns()` at which it began.
Listed = tuple[Listing, int]
_SIGNATURE = "listing"


def open_store(root: Path, roots: list[Root], callback: ProgressCallback | None, *,
               refresh: bool) -> tuple[IndexStore, IndexStats]:
    """An open store for the project, refreshed first unless `refresh` is False and a valid cache exists."""
    return _open(root, roots, callback, refresh=refresh, listed=None)


def open_listed(root: Path, roots: list[Root], listed: Listed) -> tuple[IndexStore, IndexStats]:
    """An open store refreshed to a listing the caller made (a resident index keeps it to update it)."""
    return _open(root, roots, None, refresh=True, listed=listed)


def _open(root: Path, roots: list[Root], callback: ProgressCallback | None, *, refresh: bool,
          listed: Listed | None) -> tuple[IndexStore, IndexStats]:
    started = time.perf_counter()
    folder = cache_dir(root)
    if folder is None:
        return _in_memory(root, roots, Progress(callback), started, listed)
    db = folder / DB_NAME
    reason: str | None = None
    try:
        store = IndexStore(db)
        if not refresh:
            return store, IndexStats(0, 0, 0, 0, time.perf_counter() - started, str(db))
        listed = listed or _list(root, roots)
        listing = listed[0]
        try:
            fresh = store.info(_SIGNATURE) == signature(listing)
        except CacheInvalid:
            store.close()
            raise
        if fresh:
            return store, IndexStats(len(listing), 0, len(listing), 0, time.perf_counter() - started, str(db))
        store.close()
    except CacheInvalid as exc:
        reason = "no cache yet" if str(exc) == "missing" else f"cache discarded: {exc}"
    try:
        with build_lock(folder / LOCK_NAME):
            return _refresh_locked(root, db, listed or _list(root, roots), Progress(callback), started, reason)
    except OSError:  # the cache folder failed under us (EIO, read-only, a planted file): answer from memory
        return _in_memory(root, roots, Progress(callback), started, listed)


def rebuild(root: Path, roots: list[Root], reason: str) -> tuple[IndexStore, IndexStats]:
    """Throw the cache away and build it again (a query found it damaged)."""
    started = time.perf_counter()
    folder = cache_dir(root)
    if folder is None:
        return _in_memory(root, roots, Progress(None), started)
    db = folder / DB_NAME
    try:
        with build_lock(folder / LOCK_NAME):
            discard(db)
            return _refresh_locked(root, db, _list(root, roots), Progress(None), started, reason)
    except OSError:
        return _in_memory(root, roots, Progress(None), started)


def _list(root: Path, roots: list[Root]) -> Listed:
    """The listing with the wall-clock time it began: files stamped near that time are racy (`build.RACY_NS`)."""
    listed_ns = time.time_ns()
    return list_project(root, roots), listed_ns


def _refresh_locked(root: Path, db: Path, listed: Listed, progress: Progress, started: float,
                    reason: str | None) -> tuple[IndexStore, IndexStats]:
    """Under the build lock: update the cache in place, or build a new one when it is missing or untrustworthy."""
    listing = listed[0]
    sig = signature(listing)
    try:
        store = IndexStore(db)
    except CacheInvalid as exc:
        if reason is None:
            reason = "no cache yet" if str(exc) == "missing" else f"cache discarded: {exc}"
        return _build_new(root, db, listed, sig, progress, started, reason)
    try:
        if store.info(_SIGNATURE) == sig:  # another process refreshed while we waited for the lock
            return store, IndexStats(len(listing), 0, len(listing), 0, time.perf_counter() - started, str(db))
        work = build.diff(listing, store.snapshot())
        with store.writer() as writer:
            workers = build.apply(root, work, writer, progress, listed[1])
            _sign(writer, sig)
    except (CacheInvalid, sqlite3.DatabaseError) as exc:
        store.close()
        return _build_new(root, db, listed, sig, progress, started, f"cache discarded: {exc}")
    return store, _stats(listing, work, started, str(db), reason, workers)


def _build_new(root: Path, db: Path, listed: Listed, sig: str, progress: Progress, started: float,
               reason: str) -> tuple[IndexStore, IndexStats]:
    work = build.diff(listed[0], {})
    _conn, workers = build_fresh(db, lambda writer: _fill(root, work, writer, progress, sig, listed[1]))
    return IndexStore(db), _stats(listed[0], work, started, str(db), reason, workers)


def _in_memory(root: Path, roots: list[Root], progress: Progress, started: float,
               listed: Listed | None = None) -> tuple[IndexStore, IndexStats]:
    """No writable cache folder anywhere: build into memory, so queries still work (just never warm)."""
    listing, listed_ns = listed or _list(root, roots)
    work = build.diff(listing, {})
    conn, workers = build_fresh(None, lambda writer: _fill(root, work, writer, progress, signature(listing),
                                                            listed_ns))
    assert conn is not None
    return IndexStore(None, conn), _stats(listing, work, started, None, "no writable cache folder", workers)


def _fill(root: Path, work: build.Diff, writer: Writer, progress: Progress, sig: str, listed_ns: int) -> int:
    workers = build.apply(root, work, writer, progress, listed_ns)
    _sign(writer, sig)
    return workers


def _sign(writer: Writer, sig: str) -> None:
    """Record the listing the cache now matches; with unreadable or racy files, none, so the next open retries."""
    writer.set_info(_SIGNATURE, "" if writer.retry else sig)


def _stats(listing: Listing, work: build.Diff, started: float, cache: str | None, reason: str | None,
           workers: int) -> IndexStats:
    return IndexStats(len(listing), len(work.read), work.reused, len(work.removed), time.perf_counter() - started,
                      cache, reason, workers)


def read_pending(root: Path, store: IndexStore) -> int:
    """Read the files a refresh left PENDING (build.py) into `store`, under the build lock; how many were read."""
    if not store.pending():
        return 0
    folder = cache_dir(root) if store.path is not None else None
    lock = build_lock(folder / LOCK_NAME) if folder is not None else contextlib.nullcontext()
    with lock, store.writer() as writer:
        jobs = [build.pending_job(root, *row) for row in store.pending()]  # again under the lock
        build.apply(root, build.Diff(read=jobs), writer, Progress(None), time.time_ns(), defer=False)
        if writer.retry:  # a racy one is read again by the next query: the next open must not trust the listing
            writer.set_info(_SIGNATURE, "")
    return len(jobs)
