"""One refresh of the index: diff the listing against the cache, re-read only what changed, store it.

A file is re-read when its (real path, size, mtime_ns, ctime_ns, inode) differs from the cached one: Unity's own
asset database checks size and mtime; ctime and inode close the gaps of that check (see `walk.Listing`). A file
whose mtime is younger than `RACY_NS` when it is read could still change within the same timestamp tick without
its stamp moving (git's "racily clean" problem), so it is stored as "retry" (mtime -1), exactly like an unreadable
file, and read again by the next open. ctime is not held to that rule: it is "now" for every freshly copied or
checked-out file, which would make every new checkout re-read in full twice, and a miss would need a second
same-size edit that also puts the mtime back, within one clock tick of the first. Reading is the only expensive part of a cold build, so large batches are spread over worker
processes while this process writes finished batches into the open transaction.

A refresh does not read a changed YAML file of `DEFER_MIN_BYTES` or more: it stores the file as `PENDING`, with
no references, and the first query of references (`ProjectIndex.referrers`, `unscanned`) reads every pending file
first (`read_pending`). Most tools ask the index for GUIDs and paths only, which come from `.meta` files, so a
64 MB scene just written (racy, hence re-read by every open for `RACY_NS`) costs them nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from unitycli.indexes.extract import ScanState, meta_guid, scan_yaml, scan_yaml_pieces, yaml_pieces
from unitycli.indexes.progress import Progress
from unitycli.indexes.refdetails import posting_details
from unitycli.indexes.store import FileRecord, Snapshot, Writer
from unitycli.indexes.walk import INO_BITS, Kind, Listing
from unitycli.safefs import open_regular

# Below this much content a process pool costs more (start-up, pickling) than it saves.
PARALLEL_MIN_BYTES = 24 * 1024 * 1024
BATCH_BYTES = 4 * 1024 * 1024
MAX_WORKERS = 4
# YAML files bigger than this are scanned in pieces of PIECE_BYTES, so a 64 MB scene is never held whole (small
# pieces reuse the same freed memory, where big ones would each raise the allocator's high-water mark).
PIECES_MIN_BYTES = 16 * 1024 * 1024
PIECE_BYTES = 1024 * 1024
# Coarser than any filesystem's timestamp tick (FAT: 2 s; ext4 and NTFS: a kernel clock tick).
RACY_NS = 3_000_000_000
# YAML files this big are read only when a query needs their references (PENDING until then).
DEFER_MIN_BYTES = 8 * 1024 * 1024

# (old id or None, path, real, size, mtime_ns, kind, ctime_ns, inode)
Job = tuple[int | None, str, str, int, int, int, int, int]


@dataclass
class Diff:
    """What a refresh has to do; `read` holds new and changed paths, `removed` the row ids to drop."""

    read: list[Job] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    reused: int = 0

    @property
    def empty(self) -> bool:
        return not self.read and not self.removed


def diff(listing: Listing, snapshot: Snapshot) -> Diff:
    """Compare the listing with the cache; folders and plain assets only need to still exist."""
    result = Diff()
    for path, row in listing.items():
        old = snapshot.get(path)
        kind = row[3]
        if old is None:
            result.read.append((None, path, *row))
        elif old[4] != kind:
            result.removed.append(old[0])
            result.read.append((None, path, *row))
        elif kind >= Kind.META and old[1:] != row:
            result.read.append((old[0], path, *row))
        else:
            result.reused += 1
    if len(snapshot) != result.reused + sum(1 for job in result.read if job[0] is not None) + len(result.removed):
        result.removed += [old[0] for path, old in snapshot.items() if path not in listing]
    return result


def _read(path: str, size: int) -> bytes:
    """The whole file with raw os calls: tens of thousands of small metas make buffered-file overhead count.

    A regular file yields what is asked up to its end, so a short first read is the whole file; only one that
    grew since it was listed needs more reads.
    """
    fd = open_regular(path)  # a FIFO or device listed as a .meta or .unity is unreadable, not a hang
    try:
        data = os.read(fd, size + 1)
        if len(data) <= size:
            return data
        chunks = [data]
        while chunks[-1]:
            chunks.append(os.read(fd, 1 << 20))
        return b"".join(chunks)
    finally:
        os.close(fd)


def _scan_in_pieces(path: str, bare_guids: bool) -> tuple[ScanState, list]:
    fd = open_regular(path)
    try:
        return scan_yaml_pieces(yaml_pieces(lambda n: os.read(fd, n), PIECE_BYTES), bare_guids)
    finally:
        os.close(fd)


def read_job(project_root: str, job: Job, racy_after: int, defer: bool = False) -> tuple[int | None, FileRecord]:
    """Read one file into its record; an unreadable or racy one is stored with mtime -1 so the next open retries.
    With `defer`, a YAML file of `DEFER_MIN_BYTES` or more is not read but stored as PENDING."""
    old_id, path, real, size, mtime, kind, ctime, ino = job
    if kind < Kind.META:
        return old_id, (path, real, size, mtime, kind, ctime, ino, ScanState.OK, None, [])
    if defer and kind == Kind.SCAN and size >= DEFER_MIN_BYTES:
        return old_id, (path, real, size, mtime, kind, ctime, ino, ScanState.PENDING, None, [])
    bare_guids = path.startswith("ProjectSettings/")
    try:
        if kind != Kind.META and size > PIECES_MIN_BYTES:  # a big file is scanned as it is read, never held whole
            data = None
            state, postings = _scan_in_pieces(os.path.join(project_root, real), bare_guids)
        else:
            data = _read(os.path.join(project_root, real), size)
    except OSError:
        return old_id, (path, real, size, -1, kind, ctime, ino, ScanState.UNREADABLE, None, [])
    if mtime > racy_after:
        mtime = -1
    if kind == Kind.META:
        guid = meta_guid(data)
        return old_id, (path, real, size, mtime, kind, ctime, ino, ScanState.OK if guid else ScanState.NO_GUID,
                        guid, [])
    if data is None:  # a file too big to hold: the tool reads its referring objects when asked
        return old_id, (path, real, size, mtime, kind, ctime, ino, state, None, [(*p, None) for p in postings])
    state, postings = scan_yaml(data, bare_guids=bare_guids)
    details = posting_details(data, postings) if postings else []
    return old_id, (path, real, size, mtime, kind, ctime, ino, state, None,
                    [(*p, d) for p, d in zip(postings, details, strict=True)])


def read_batch(project_root: str, jobs: list[Job], racy_after: int,
               defer: bool = False) -> list[tuple[int | None, FileRecord]]:
    """A worker's unit of work: whole batches keep pickling overhead per file low."""
    return [read_job(project_root, job, racy_after, defer) for job in jobs]


def pending_job(project_root: Path, row_id: int, path: str, real: str, kind: int) -> Job:
    """The job that reads a PENDING file as it is now (stat again: it may have changed since it was listed)."""
    try:
        st = os.stat(os.path.join(project_root, real))
    except OSError:
        return (row_id, path, real, 0, -1, kind, 0, 0)  # read_job finds it unreadable
    return (row_id, path, real, st.st_size, st.st_mtime_ns, kind, st.st_ctime_ns, st.st_ino & INO_BITS)


def _batches(jobs: list[Job]) -> list[list[Job]]:
    batches: list[list[Job]] = [[]]
    size = 0
    for job in jobs:
        if size >= BATCH_BYTES and batches[-1]:
            batches.append([])
            size = 0
        batches[-1].append(job)
        size += job[3] + 512
    return batches


def _workers(total_bytes: int) -> int:
    if total_bytes < PARALLEL_MIN_BYTES:
        return 1
    return min(os.cpu_count() or 1, MAX_WORKERS)


def apply(project_root: Path, work: Diff, writer: Writer, progress: Progress, listed_ns: int, *,
          defer: bool = True) -> int:
    """Read every job and write the records; returns how many worker processes were used.

    `listed_ns` is when the listing began (`time.time_ns()`): files stamped after `listed_ns - RACY_NS` are racy.
    `defer`: leave big YAML files PENDING (see the module docstring).
    """
    try:
        return _apply(project_root, work, writer, progress, listed_ns - RACY_NS, defer)
    finally:
        progress.finish()


def _apply(project_root: Path, work: Diff, writer: Writer, progress: Progress, racy_after: int, defer: bool) -> int:
    writer.remove(work.removed)
    jobs = sorted(work.read, key=lambda job: job[1])
    if defer:  # what is left PENDING is not read: it neither needs a worker nor counts for one
        jobs_read = [job for job in jobs if not (job[5] == Kind.SCAN and job[3] >= DEFER_MIN_BYTES)]
    else:
        jobs_read = jobs
    total = len(jobs)
    batches = _batches(jobs)
    # One batch (one big changed scene, say) gains nothing from a worker, whose fork would only copy this process.
    workers = _workers(sum(job[3] for job in jobs_read)) if len(batches) > 1 else 1
    done = 0
    progress.update(0, total, "indexing")
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed  # only big builds pay for the import

        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(read_batch, str(project_root), batch, racy_after, defer) for batch in batches]
            for future in as_completed(futures):
                records = future.result()
                writer.write(records)
                done += len(records)
                progress.update(done, total, records[-1][1][0] if records else "")
    else:
        for batch in batches:
            records = read_batch(str(project_root), batch, racy_after, defer)
            writer.write(records)
            done += len(records)
            progress.update(done, total, batch[-1][1] if batch else "")
    return workers
