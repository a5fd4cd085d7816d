"""A project index kept open and current by a long-lived process (the MCP server, `batch`).

`ProjectIndex.open` lists the whole project on every call to prove the cache current (tens of milliseconds on a
big project). A process that lives long can do better: it keeps the store open and watches the imported folders,
so a query re-lists only the folders that changed since the last one. While a `ResidentIndex` runs for a project,
every `ProjectIndex.open` of that project in the process is served from it, so tools need no change.

Correctness comes before speed, so "nothing changed" is never assumed from silence. The folders are watched with
watchdog's Linux inotify binding on one private inotify descriptor, whose events form one ordered queue. Before
each query the index creates a file in a private sentinel folder watched on the same descriptor and waits until
that event comes through: every change made before the query started has been queued ahead of it and is known.
Anything the watcher cannot follow exactly (a moved folder, the package list or a root changing, a queue
overflow, the sentinel not answering) makes the next query do the full refresh `ProjectIndex.open` always does.
Where inotify is not available (other systems, the watch limit reached) the index falls back to that full refresh
on every query: slower, never stale.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from unitycli.indexes import build
from unitycli.indexes.index import ProjectIndex
from unitycli.indexes.location import LOCK_NAME, cache_dir
from unitycli.indexes.lock import build_lock
from unitycli.indexes.opening import open_listed
from unitycli.indexes.progress import Progress
from unitycli.indexes.roots import Root, project_roots
from unitycli.indexes.walk import Listing, walk_root
from unitycli.project.identity import canonical_path

logger = logging.getLogger("unitycli.indexes")

BARRIER_TIMEOUT_S = 2.0
_ACTIVE: dict[Path, ResidentIndex] = {}
_ACTIVE_LOCK = threading.Lock()


def resident_for(root: Path) -> ResidentIndex | None:
    """The running resident index of a (canonical) project root in this process, if any."""
    return _ACTIVE.get(root)


class _Watcher:
    """The inotify side: one private descriptor, the folders it watches, the events not yet taken."""

    def __init__(self, special: set[str], roots: set[str]) -> None:
        import shutil  # here, with the watcher: every ProjectIndex.open imports this module to ask `resident_for`
        import tempfile

        from watchdog.observers.inotify_c import InotifyConstants as C
        from watchdog.observers.inotify_c import InotifyFD

        self._c = C
        self.mask = (C.IN_CREATE | C.IN_DELETE | C.IN_MODIFY | C.IN_ATTRIB | C.IN_MOVED_FROM | C.IN_MOVED_TO
                     | C.IN_DELETE_SELF | C.IN_MOVE_SELF | C.IN_ONLYDIR)
        self._lock = threading.Condition()
        self._folders: dict[int, str] = {}  # watch descriptor -> logical folder
        self.watched: set[tuple[str, str]] = set()  # (real, logical) of every folder watched
        self._special = special  # logical folders whose every event changes the roots (Packages/)
        self._roots = roots  # logical root folders: one of them going away changes the roots
        self.events: list[tuple[str, str, bool, bool]] = []  # (logical folder, name, is_dir, created)
        self.broken = False
        self._seen_barrier = 0
        self._sent_barrier = 0
        self._sentinel = tempfile.mkdtemp(prefix="unitycli-watch-")
        self._cleanup = weakref.finalize(self, shutil.rmtree, self._sentinel, True)
        self._fd = InotifyFD()
        self._fd.daemon = True
        self._fd.start()
        try:
            self._barrier_wd = self._fd.add_callback(self._sentinel.encode(), C.IN_CREATE | C.IN_ONLYDIR, self, 0)
        except BaseException:
            self.close()
            raise

    def watch(self, real: str, logical: str) -> None:
        """Follow one folder (not its subfolders: each is watched on its own, so every event names its folder)."""
        try:
            wd = self._fd.add_callback(os.fsencode(real), self.mask, self, 0)
        except FileNotFoundError:  # gone again before we got to it; its parent's event covers it
            return
        with self._lock:
            self._folders[wd] = logical
            self.watched.add((real, logical))

    # --- watchdog's WatchCallback ----------------------------------------------------------------------
    def on_event(self, event: Any) -> None:
        C = self._c
        if event.wd == self._barrier_wd:
            with self._lock:
                self._seen_barrier = max(self._seen_barrier, int(os.fsdecode(event.name)[1:] or 0))
                self._lock.notify_all()
            return
        with self._lock:
            folder = self._folders.get(event.wd)
            if folder is None:
                return
            if folder in self._special or (event.mask & (C.IN_DELETE_SELF | C.IN_MOVE_SELF)
                                           and folder in self._roots):
                self.broken = True
                return
            if event.mask & (C.IN_DELETE_SELF | C.IN_MOVE_SELF | C.IN_IGNORED):
                return  # a folder inside a root: its parent's event says what happened
            is_dir = bool(event.mask & C.IN_ISDIR)
            if is_dir and event.mask & (C.IN_MOVED_FROM | C.IN_MOVED_TO):
                self.broken = True  # watches follow the moved folder's inode: their paths are now wrong
                return
            name = os.fsdecode(event.name)
            self.events.append((folder, name, is_dir, bool(event.mask & C.IN_CREATE)))

    def on_watch_deleted(self, wd: int) -> None:
        with self._lock:
            self._folders.pop(wd, None)

    def on_queue_overflow(self) -> None:
        with self._lock:
            self.broken = True
            self._lock.notify_all()

    # --- the barrier -----------------------------------------------------------------------------------
    def barrier(self) -> bool:
        """True once every event queued before this call has been handed to `on_event`."""
        with self._lock:
            self._sent_barrier += 1
            number = self._sent_barrier
        marker = os.path.join(self._sentinel, f"b{number}")
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_WRONLY, 0o600))
            os.unlink(marker)
        except OSError:
            return False
        with self._lock:
            return self._lock.wait_for(lambda: self._seen_barrier >= number or self.broken, BARRIER_TIMEOUT_S) \
                and not self.broken

    def take(self) -> list[tuple[str, str, bool, bool]]:
        with self._lock:
            events, self.events = self.events, []
            return events

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._fd.stop()
        self._cleanup()


class ResidentIndex:
    """One project's index, open for the life of a process. `index()` is what `ProjectIndex.open` hands out."""

    def __init__(self, project_root: str | os.PathLike[str], *, watch: bool = True) -> None:
        self.root = canonical_path(project_root)
        self._lock = threading.RLock()
        self._want_watch = watch
        self._watcher: _Watcher | None = None
        self._index: ProjectIndex | None = None
        self._listing: Listing = {}
        self.mode = "stat-walk"
        self.full_refreshes = 0
        self._reload()

    # --- lifecycle ---------------------------------------------------------------------------------------
    @classmethod
    @contextlib.contextmanager
    def running(cls, project_root: str | os.PathLike[str] | None, *,
                watch: bool = True) -> Iterator[ResidentIndex | None]:
        """Serve every `ProjectIndex.open` of the project in this process from a resident index while inside
        (with no project, nothing: `with ResidentIndex.running(project.root if project else None):`)."""
        if project_root is None:
            yield None
            return
        resident = cls(project_root, watch=watch)
        resident.activate()
        try:
            yield resident
        finally:
            resident.close()

    def activate(self) -> None:
        with _ACTIVE_LOCK:
            _ACTIVE[self.root] = self

    def close(self) -> None:
        with _ACTIVE_LOCK:
            if _ACTIVE.get(self.root) is self:
                del _ACTIVE[self.root]
        with self._lock:
            if self._watcher is not None:
                self._watcher.close()
                self._watcher = None
            if self._index is not None:
                self._index.store.close()
                self._index = None

    def _reload(self) -> None:
        """Watch, then list, then open: a change while listing is also an event, so none falls in between."""
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None
        if self._index is not None:
            self._index.store.close()
        roots = project_roots(self.root)
        parts: list[tuple[Root, tuple[str, str] | None]] = [(root, None) for root in roots]
        listing: Listing | None = None
        if self._want_watch:
            try:
                self._watcher = _Watcher({"Packages"}, {root.logical for root in roots})
                self._watcher.watch(str(self.root / "Packages"), "Packages")
                listing, listed_ns = self._watched_walk(self._watcher, parts)
            except Exception as exc:  # ImportError, not Linux, the inotify watch or instance limit
                logger.info("index watcher unavailable, using the stat walk: %s", exc)
                if self._watcher is not None:
                    self._watcher.close()
                self._watcher = None
        if listing is None:
            listed_ns = time.time_ns()
            listing = {}
            for root in roots:
                walk_root(self.root, root, listing)
        store, stats = open_listed(self.root, roots, (listing, listed_ns))
        self._index = ProjectIndex(self.root, roots, store, stats, owner=self)
        self._listing = listing
        self.mode = "watch" if self._watcher is not None else "stat-walk"
        self.full_refreshes += 1

    def _watched_walk(self, watcher: _Watcher, parts: list[tuple[Root, tuple[str, str] | None]]
                      ) -> tuple[Listing, int]:
        """List `parts` (roots, or folders inside them) once every folder in them is watched: walk, watch the
        folders not watched yet, and again, until a walk finds none. Every change after the start of that last
        walk has an event, and every change before it is in the listing. Returns the listing and that start."""
        while True:
            listed_ns = time.time_ns()
            listing: Listing = {}
            folders: list[tuple[str, str]] = []
            for root, start in parts:
                walk_root(self.root, root, listing, start=start, folders=folders)
            new = [folder for folder in folders if folder not in watcher.watched]
            if not new:
                return listing, listed_ns
            for real, logical in new:
                watcher.watch(real, logical)

    # --- queries -----------------------------------------------------------------------------------------
    def index(self) -> ProjectIndex:
        """The index, current as of this call (see the module docstring for how that is known)."""
        with self._lock:
            watcher = self._watcher
            if watcher is None or self._index is None or not watcher.barrier():
                self._reload()
            else:
                try:
                    self._apply(watcher)
                except OSError as exc:  # e.g. the watch limit reached on a new folder: list everything
                    logger.info("index watcher lost track (%s); listing the project again", exc)
                    self._reload()
            assert self._index is not None
            return self._index

    def _root_of(self, logical: str) -> Root | None:
        assert self._index is not None
        for root in self._index.roots:
            if logical == root.logical or logical.startswith(root.logical + "/"):
                return root
        return None

    def _apply(self, watcher: _Watcher) -> None:
        """Re-list the folders with events and store the paths that changed."""
        events = watcher.take()
        if watcher.broken:
            self._reload()
            return
        if not events:
            return
        assert self._index is not None
        listed_ns = time.time_ns()
        changed: set[str] = set()
        fresh_of: dict[str, Listing] = {}
        for folder, name, is_dir, created in events:
            path = f"{folder}/{name}"
            root = self._root_of(path)
            if root is None:
                continue
            if name == "package.json" and folder == root.logical and folder.startswith("Packages/"):
                self._reload()  # the package's name may have changed, and with it the logical paths
                return
            real = self._index.real_path(folder)
            if real is None:
                continue
            if folder not in fresh_of:
                fresh_of[folder] = {}
                walk_root(self.root, root, fresh_of[folder], start=(str(real), folder), recursive=False)
            changed.add(path)
            if is_dir:
                self._relist_folder(root, real / name, path, created, watcher, changed)
        for path in changed:
            folder = path.rsplit("/", 1)[0]
            row = fresh_of.get(folder, {}).get(path) if folder in fresh_of else self._listing.get(path)
            if row is None:
                self._listing.pop(path, None)
            else:
                self._listing[path] = row
        self._store_changes(changed, listed_ns)

    def _relist_folder(self, root: Root, real: Path, logical: str, created: bool, watcher: _Watcher,
                       changed: set[str]) -> None:
        """A folder appeared (walk it and watch every folder in it) or went away (drop what was under it)."""
        prefix = logical + "/"
        gone = [path for path in self._listing if path.startswith(prefix)]
        changed.update(gone)
        for path in gone:
            del self._listing[path]
        if not created and not real.is_dir():
            return
        found, _listed_ns = self._watched_walk(watcher, [(root, (str(real), logical))])
        self._listing.update(found)
        changed.update(found)

    def _store_changes(self, changed: set[str], listed_ns: int) -> None:
        assert self._index is not None
        store = self._index.store
        paths = sorted(changed)
        known: dict[str, tuple[int, int]] = {}
        for start in range(0, len(paths), 500):
            part = paths[start:start + 500]
            marks = ",".join("?" * len(part))
            for path, row_id, kind in store.conn.execute(
                    f"SELECT path, id, kind FROM files WHERE path IN ({marks})", part):
                known[path] = (row_id, kind)
        work = build.Diff()
        for path in paths:
            row = self._listing.get(path)
            old = known.get(path)
            if row is None:
                if old is not None:
                    work.removed.append(old[0])
                continue
            if old is not None and old[1] != row[3]:  # a file became a folder or the like: a new row
                work.removed.append(old[0])
                old = None
            work.read.append((old[0] if old else None, path, *row))
        if work.empty:
            return
        folder = cache_dir(self.root) if store.path is not None else None
        lock = build_lock(folder / LOCK_NAME) if folder is not None else contextlib.nullcontext()
        with lock, store.writer() as writer:
            build.apply(self.root, work, writer, Progress(None), listed_ns)
            # The stored signature no longer describes a whole listing: other processes compare file by file.
            writer.set_info("listing", "")
