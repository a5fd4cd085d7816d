"""The index cache: one sqlite database per project, written only under the build lock.

sqlite gives what the cache needs from the standard library: a warm query is one indexed lookup instead of
loading a whole index, each refresh commits atomically (a killed builder leaves the previous state), and WAL
mode lets readers query while a builder writes. A cold build fills a private temporary file without a journal
and renames it into place, which is several times faster than journalled inserts. Anything unexpected in the
file (not sqlite, another format version, a malformed page) raises `CacheInvalid`; the caller discards the file
and rebuilds, never trusts it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from unitycli.indexes.extract import ScanState
from unitycli.indexes.walk import Kind

T = TypeVar("T")
FORMAT_VERSION = 4  # 4: postings keep their details (refdetails.py)
DB_NAME = "index.sqlite"
_SQLITE_MAGIC = b"SQLite format 3\x00"
SIDECARS = ("-wal", "-shm", "-journal")  # the files sqlite keeps beside a database

_TABLES = """
CREATE TABLE info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT NOT NULL, real TEXT NOT NULL, size INTEGER NOT NULL,
    mtime INTEGER NOT NULL, kind INTEGER NOT NULL, ctime INTEGER NOT NULL, ino INTEGER NOT NULL,
    state INTEGER NOT NULL, guid TEXT);
CREATE TABLE postings(file INTEGER NOT NULL, guid TEXT NOT NULL, n INTEGER NOT NULL, docs TEXT NOT NULL,
    details TEXT);
"""
# Created after a cold build's inserts: sorting once is cheaper than keeping B-trees ordered row by row.
_INDEXES = """
CREATE UNIQUE INDEX files_path ON files(path);
CREATE INDEX files_guid ON files(guid) WHERE guid IS NOT NULL;
CREATE INDEX postings_guid ON postings(guid);
CREATE INDEX postings_file ON postings(file);
"""
_META, _ASSET_KINDS = int(Kind.META), f"{int(Kind.FOLDER)}, {int(Kind.ASSET)}, {int(Kind.SCAN)}"

# path -> (id, real, size, mtime_ns, kind, ctime_ns, inode): the id, then the listing's row (`walk.Listing`)
Snapshot = dict[str, tuple[int, str, int, int, int, int, int]]
# A posting (`extract.Posting`) with its details as JSON, None where they are left to the tool (`refdetails`)
StoredPosting = tuple[str, int, str, str | None]
# (path, real, size, mtime_ns, kind, ctime_ns, inode, state, guid, postings); mtime -1 means "read it again"
FileRecord = tuple[str, str, int, int, int, int, int, int, str | None, list[StoredPosting]]


class CacheInvalid(Exception):
    """The cache file cannot be trusted; discard it and build again."""


def discard(db_path: Path) -> None:
    """Remove the database with its WAL, shared-memory and journal files, so no stale sidecar meets a new file."""
    for suffix in ("", *SIDECARS):
        with suppress(FileNotFoundError):
            db_path.with_name(db_path.name + suffix).unlink()


class Writer:
    """One refresh as one transaction: a crash or error leaves the previous, consistent cache."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.next_id = 1
        self.retry = 0

    def __enter__(self) -> Writer:
        self.conn.execute("BEGIN IMMEDIATE")
        self.next_id = (self.conn.execute("SELECT max(id) FROM files").fetchone()[0] or 0) + 1
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")

    def remove(self, ids: list[int]) -> None:
        rows = [(i,) for i in ids]
        self.conn.executemany("DELETE FROM postings WHERE file=?", rows)
        self.conn.executemany("DELETE FROM files WHERE id=?", rows)

    def write(self, records: list[tuple[int | None, FileRecord]]) -> None:
        """Store records; one with an old id replaces that row and its postings, keeping the id."""
        self.remove([i for i, _ in records if i is not None])
        self.retry += sum(1 for _, rec in records if rec[3] < 0)
        numbered = []
        for old_id, rec in records:
            if old_id is None:
                old_id = self.next_id
                self.next_id += 1
            numbered.append((old_id, rec))
        self.conn.executemany(
            "INSERT INTO files(id, path, real, size, mtime, kind, ctime, ino, state, guid) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(i, *rec[:9]) for i, rec in numbered])
        self.conn.executemany("INSERT INTO postings(file, guid, n, docs, details) VALUES (?,?,?,?,?)",
                              [(i, *posting) for i, rec in numbered for posting in rec[9]])

    def set_info(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO info(key, value) VALUES (?,?)", (key, value))


def build_fresh(db_path: Path | None, fill: Callable[[Writer], T]) -> tuple[sqlite3.Connection | None, T]:
    """Build a new database with `fill` in a private file and rename it over `db_path`.

    With `db_path=None` the database stays in memory and its open connection is returned; otherwise None.
    """
    target = ":memory:" if db_path is None else str(db_path.with_name(f"{db_path.name}.{os.getpid()}.tmp"))
    if db_path is not None:
        discard(Path(target))
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(_TABLES)
        with Writer(conn) as writer:
            result = fill(writer)
        conn.executescript(_INDEXES + f"PRAGMA user_version={FORMAT_VERSION};")
        if db_path is None:
            return conn, result
        conn.execute("PRAGMA journal_mode=WAL")
    except BaseException:
        conn.close()
        if db_path is not None:
            discard(Path(target))
        raise
    conn.close()
    discard(db_path)
    os.replace(target, db_path)
    return None, result


class IndexStore:
    """Queries and refreshes over an existing cache database (`path=None`: the in-memory one just built)."""

    def __init__(self, path: Path | None, conn: sqlite3.Connection | None = None) -> None:
        self.path = path
        if conn is not None:
            self.conn = conn
            return
        assert path is not None
        try:
            with path.open("rb") as handle:
                magic = handle.read(len(_SQLITE_MAGIC))
        except FileNotFoundError as exc:
            raise CacheInvalid("missing") from exc
        except OSError as exc:
            raise CacheInvalid(f"unreadable: {exc}") from exc
        if magic != _SQLITE_MAGIC:
            raise CacheInvalid("not an sqlite database")
        try:
            self.conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=60.0, isolation_level=None,
                                        check_same_thread=False)
            self.conn.execute("PRAGMA synchronous=NORMAL")
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            self.close()
            raise CacheInvalid(str(exc)) from exc
        if version != FORMAT_VERSION:
            self.close()
            raise CacheInvalid(f"format version {version}, expected {FORMAT_VERSION}")

    def close(self) -> None:
        with suppress(Exception):
            self.conn.close()

    def info(self, key: str) -> str | None:
        try:
            row = self.conn.execute("SELECT value FROM info WHERE key=?", (key,)).fetchone()
        except sqlite3.DatabaseError as exc:
            raise CacheInvalid(str(exc)) from exc
        return row[0] if row else None

    def snapshot(self) -> Snapshot:
        """What the cache knows about every listed path; reading it all also proves the table is readable."""
        try:
            rows = self.conn.execute("SELECT path, id, real, size, mtime, kind, ctime, ino FROM files").fetchall()
        except sqlite3.DatabaseError as exc:
            raise CacheInvalid(str(exc)) from exc
        return {row[0]: row[1:] for row in rows}

    def writer(self) -> Writer:
        """An in-place write transaction; only ever used under the build lock."""
        return Writer(self.conn)

    def pending(self) -> list[tuple[int, str, str, int]]:
        """(id, path, real, kind) of the files a refresh left unread (`ScanState.PENDING`, build.py)."""
        return self.conn.execute(f"SELECT id, path, real, kind FROM files WHERE state={int(ScanState.PENDING)}"
                                 ).fetchall()

    # --- queries -------------------------------------------------------------------------------------------
    def meta_paths_for_guid(self, guid: str) -> list[str]:
        return [row[0] for row in self.conn.execute(
            f"SELECT path FROM files WHERE guid=? AND kind={_META} ORDER BY path", (guid,))]

    def guid_of(self, meta_path: str) -> str | None:
        row = self.conn.execute(f"SELECT guid FROM files WHERE path=? AND kind={_META}", (meta_path,)).fetchone()
        return row[0] if row else None

    def guids_to_metas(self, guids: list[str]) -> dict[str, str]:
        """guid -> first meta path by path order, for many GUIDs in one statement."""
        found: dict[str, str] = {}
        marks = ",".join("?" * len(guids))
        for guid, path in self.conn.execute(
                f"SELECT guid, path FROM files WHERE kind={_META} AND guid IN ({marks}) ORDER BY path", guids):
            found.setdefault(guid, path)
        return found

    def referrers(self, guid: str, details: bool = False) -> list[tuple]:
        """(path, count, docs) per referring file, plus the details JSON (or None) when asked."""
        columns = "f.path, p.n, p.docs, p.details" if details else "f.path, p.n, p.docs"
        return self.conn.execute(
            f"SELECT {columns} FROM postings p JOIN files f ON f.id=p.file WHERE p.guid=? ORDER BY f.path",
            (guid,)).fetchall()

    def duplicate_guids(self) -> list[tuple[str, str]]:
        return self.conn.execute(
            f"SELECT guid, path FROM files WHERE kind={_META} AND guid IN (SELECT guid FROM files "
            f"WHERE guid IS NOT NULL AND kind={_META} GROUP BY guid HAVING count(*) > 1) ORDER BY guid, path"
        ).fetchall()

    def metas_without_asset(self) -> list[str]:
        return [row[0] for row in self.conn.execute(
            f"SELECT m.path FROM files m WHERE m.kind={_META} AND NOT EXISTS "
            "(SELECT 1 FROM files a WHERE a.path=substr(m.path, 1, length(m.path)-5)) ORDER BY m.path")]

    def assets_without_meta(self, roots: list[str]) -> list[str]:
        """Listed assets and folders (under roots with metas) with no `<path>.meta` beside them."""
        return [row[0] for row in self.conn.execute(
            f"SELECT a.path FROM files a WHERE a.kind IN ({_ASSET_KINDS}) AND NOT EXISTS "
            "(SELECT 1 FROM files m WHERE m.path=a.path || '.meta') ORDER BY a.path")
            if any(row[0].startswith(root + "/") for root in roots)]
