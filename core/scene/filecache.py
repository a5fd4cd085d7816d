"""Scenes and prefabs as parsed, kept between the steps of one process, and their scanned values kept per revision.

A batch or an MCP session that edits one scene a hundred times would otherwise split it, decode it and scan its
hierarchy a hundred times. Entries are keyed by the file's path and revision (the SHA-256 of its bytes), so an
entry can never go stale: a file changed by anyone (another process, the watcher's news, our own write) has a
new revision and is parsed afresh, while our own writes register the file they wrote (`remember_written`), so
the next step starts from it, and once committed save its structure for the next process. Callers always get a copy (`UnityYamlFile.copy`): an edit never reaches the entry.

The values a hierarchy scans (names, components, parents, children; see `Document.get(scan=True)`) form the file's
compact structure, with the formatting evidence of its objects (`Document.style_evidence`) and where each object
lies (`UnityYamlFile.layout`): for a big file they are also saved in the user's cache folder under the revision,
so the next process that reads the same bytes skips the split and the scan (a 64 MB scene's structure is read in
milliseconds instead of a second). That folder is the user's own (not the project's `Library`, which comes with a checkout); a table is pickled
(a 64 MB scene's loads in tens of milliseconds) and read back by an unpickler that builds nothing but plain
values, `Ref` and `ABSENT`, and a table that does not load as expected is ignored. A write saves the table of the
revision it wrote as a derived table when the revision it edited has one on disk: the fileIDs of the objects it left
untouched and the new layout, read against that full table (a few hundred kilobytes instead of re-pickling every
value of a 64 MB scene).
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import re
import shutil
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unitycli.gcpause import collector_paused
from unitycli.project.userdata import user_cache_dir
from unitycli.spliced import Content
from unitycli.unityyaml import Ref, UnityYamlFile
from unitycli.unityyaml.document import ABSENT
from unitycli.unityyaml.file import Layout

if TYPE_CHECKING:
    from unitycli.transaction import CommitResult, Transaction

_MAX_BYTES = 160 * 1024 * 1024  # the files kept: at least the newest one, older ones while under this many bytes
_MAX_FILES = 8  # and no more than this many (a batch needs the newest revision; a session a few files)
_PER_PATH = 2  # revisions of one file kept: the one read and the one written
_SAVED_MIN_BYTES = 4 * 1024 * 1024  # smaller files scan in well under 0.1 s: a saved table would not pay
_RESAVE_SHARE = 16  # a table is saved again once it gained at least 1/16 of what it holds
_SAVED_KEEP = 32  # tables kept in the user's cache folder, newest first
_FOLDER = "scans-v3"  # v3: (scanned values, formatting evidence, layout)
_SUFFIX = ".pickle"
_swept = False  # whether this process removed the earlier formats' folders

_lock = threading.Lock()
_files: OrderedDict[tuple[str, str], UnityYamlFile | _Written] = OrderedDict()
# revision -> the layout its saved table gave at parse time (the newest few: an edited model of that revision saves
# its table again with it)
_read_layouts: OrderedDict[str, Layout] = OrderedDict()
# revision -> its table on disk, as read or saved by this process: the full table of (revision, None), or that of
# another revision restricted to some fileIDs (root, kept); an edit of it saves a derived table (`_save_derived`)
_stored: OrderedDict[str, tuple[str, frozenset[int] | None]] = OrderedDict()


class _Written:
    """A file this process just wrote, kept as the edited model and the content written (a splice of the bytes
    it read, for a big file): it becomes the model of the file read from those bytes (`UnityYamlFile.as_written`)
    only when a later step reads that revision, so a one-off call that writes pays nothing for it. Dropped if the
    model changed after it was written."""

    __slots__ = ("file", "data")

    def __init__(self, file: UnityYamlFile, data: Content) -> None:
        self.file, self.data = file, data

    @property
    def original(self) -> Content:
        return self.data

    def as_read(self, data: bytes) -> UnityYamlFile | None:
        """The model of the file read as `data` (the bytes of this revision as read: the content written)."""
        if not self.file.written_as(self.data):
            return None
        return self.file.as_written(data)


def _bytes(file: UnityYamlFile | _Written) -> int:
    return len(file.original or b"")


def _keep(key: tuple[str, str], file: UnityYamlFile | _Written) -> None:
    with _lock:
        _files[key] = file
        _files.move_to_end(key)
        same_path = [k for k in _files if k[0] == key[0]]
        for older in same_path[: -_PER_PATH]:  # a batch's earlier revisions of a file it edits are not read again
            del _files[older]
        total = sum(_bytes(f) for f in _files.values())
        while len(_files) > 1 and (total > _MAX_BYTES or len(_files) > _MAX_FILES):
            _, dropped = _files.popitem(last=False)
            total -= _bytes(dropped)


def parsed(path: str, revision: str, data: bytes) -> UnityYamlFile:
    """A copy of the file `data` (at `revision`) as parsed, parsing it only when this process has not yet."""
    with collector_paused():  # objects made here all stay alive: a collection would free nothing
        return _parsed(path, revision, data)


def _parsed(path: str, revision: str, data: bytes) -> UnityYamlFile:
    key = (path, revision)
    with _lock:
        file = _files.get(key)
        if file is not None:
            _files.move_to_end(key)
    if isinstance(file, _Written):
        file = file.as_read(data)
        if file is not None:
            file.revision = revision
            _keep(key, file)
    if file is None:
        tables = _load(revision) if len(data) >= _SAVED_MIN_BYTES else None
        file = _parse(data, path, tables[2] if tables else None)
        file.revision = revision
        if tables and tables[2] is not None:
            with _lock:
                _read_layouts[revision] = tables[2]
                _read_layouts.move_to_end(revision)
                while len(_read_layouts) > _MAX_FILES:
                    _read_layouts.popitem(last=False)
        if file.scans is not None and tables:
            file.scans, file.evidence = tables[0], tables[1]
        _keep(key, file)
    return file.copy()


def kept_revision(path: str, transaction: Transaction) -> str | None:
    """The revision of `path` as `transaction` read it, when this process keeps the file at a revision with the
    same bytes (what its previous step wrote): compared, not hashed."""
    with _lock:
        kept = [(revision, file.original) for (kept_path, revision), file in reversed(_files.items())
                if kept_path == path]
    for revision, data in kept:
        if data is not None and transaction.revision_if_same(path, data, revision):
            return revision
    return None


def _parse(data: bytes, path: str, layout: Layout | None) -> UnityYamlFile:
    """The file parsed, split by its saved layout when there is one (a layout that does not fit is ignored)."""
    if layout is not None:
        try:
            return UnityYamlFile.parse(data, path, layout=layout)
        except (ValueError, TypeError, UnicodeDecodeError):
            pass
    return UnityYamlFile.parse(data, path)


def remember_written(path: str, revision: str, file: UnityYamlFile, data: Content) -> Callable[[CommitResult], None]:
    """Keep `file`, just staged as `data` (at `revision`), as the file read at that revision: the next step of a
    batch or session starts from it. Returns what to do once it is on disk: save the structure of that revision
    (the scanned values of its untouched objects), so the next process that reads it skips the scan."""
    _keep((path, revision), _Written(file, data))

    def on_disk(result: CommitResult) -> None:
        if result.revisions.get(path) == revision and file.written_as(data):
            if not _save_derived(file, revision, len(data)):
                save_scans(*file.tables_as_written(), file.layout(), revision, len(data))
            save_file_scans(file)  # values the edit scanned in the file as read (its style evidence)
    return on_disk


def _save_derived(file: UnityYamlFile, revision: str, size: int) -> bool:
    """Save the table of `revision`, which `file` (edited from a revision whose table is on disk) was written as,
    as a derived table: the fileIDs whose saved values still hold (the objects the edit left untouched) and the
    new layout, read against the full table they come from. A one-field edit of a 64 MB scene then saves a few
    kilobytes instead of pickling every scanned value again. False when there is no such table (or when the
    derived table would keep too little of it): the caller saves a full one."""
    read = file.revision
    with _lock:
        stored = _stored.get(read) if read is not None else None
    if stored is None or size < _SAVED_MIN_BYTES:
        return False
    root, kept_before = stored
    untouched = {doc.file_id for doc in file.documents if not doc.dirty and doc.span is not None}
    kept = untouched if kept_before is None else untouched.intersection(kept_before)
    if root == revision or len(kept) * _RESAVE_SHARE < len(untouched) * (_RESAVE_SHARE - 1):
        return False
    folder = _folder()
    if folder is None:
        return False
    try:  # the full table is kept as long as the newest table read against it (pruning goes by age)
        os.utime(folder / f"{_digest(root)}{_SUFFIX}")
    except OSError:
        return False  # gone (pruned, the cache emptied): save a full table
    ids = array("q", sorted(kept))
    if _write_table(folder, revision, (_digest(root), ids.tobytes(), file.layout())):
        _remember_stored(revision, root, frozenset(kept))
    return True


def save_file_scans(file: UnityYamlFile) -> None:
    """Save the file's tables of scanned values and evidence under its revision when they gained values (big
    files only): not for a few values more (those of the objects a write changed, scanned again by the next
    process), which cost less to scan again than a table to save."""
    added, tables = file.scans_added, len(file.scans or ()) + len(file.evidence or ())
    if added and added * _RESAVE_SHARE >= tables and file.revision is not None:
        file.scans_added = 0
        save_scans(file.scans, file.evidence, file.layout() if file.unchanged() else _layout_read(file.revision),
                   file.revision, _bytes(file))


def _layout_read(revision: str) -> Layout | None:
    """The layout of the file at `revision` as read, for an edited model of it: the one its saved table gave, else
    that of the file this process keeps as read (a table saved again must not lose the layout it held)."""
    with _lock:
        layout = _read_layouts.get(revision)
        kept = [f for (_, r), f in _files.items() if r == revision and isinstance(f, UnityYamlFile)]
    if layout is None and kept and kept[0].unchanged():
        layout = kept[0].layout()
    return layout


def save_scans(scans: dict[int, dict[str, Any]] | None, evidence: dict[int, int] | None, layout: Layout | None,
               revision: str, size: int) -> None:
    """Save tables of scanned values and formatting evidence, and the file's layout (None: not known), under the
    revision of the file (of `size` bytes) they were read from."""
    if scans is None or evidence is None or size < _SAVED_MIN_BYTES:
        return
    folder = _folder()
    if folder is None:
        return
    if _write_table(folder, revision, (scans, evidence, layout)):
        _remember_stored(revision, revision, None)


def _write_table(folder: Path, revision: str, table: tuple[Any, Any, Any]) -> bool:
    """Write `table` as the table of `revision`; False if it could not be (a full disk: it is only a speedup)."""
    target = folder / f"{_digest(revision)}{_SUFFIX}"
    temp = target.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(temp, "wb") as out:
            pickle.dump(table, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, target)
        _prune(folder)
    except (OSError, pickle.PicklingError, TypeError, ValueError):
        with contextlib.suppress(OSError):
            temp.unlink()
        return False
    return True


def _remember_stored(revision: str, root: str, kept: frozenset[int] | None) -> None:
    """Note that the table of `revision` is on disk: the full table of `root`, restricted to `kept` (None: all)."""
    with _lock:
        _stored[revision] = (root, kept)
        _stored.move_to_end(revision)
        while len(_stored) > _MAX_FILES:
            _stored.popitem(last=False)


def _load(revision: str) -> tuple[dict[int, dict[str, Any]], dict[int, int], Layout | None] | None:
    """The tables saved for `revision`: a full table, or a derived one (`_save_derived`) read against its full
    table, which must be a full table itself."""
    folder = _folder()
    if folder is None:
        return None
    tables = _read_table(folder, revision)
    if tables is None:
        return None
    if isinstance(tables[0], str):
        base, ids, layout = tables
        full = _read_table(folder, "sha256:" + base) if re.fullmatch(r"[0-9a-f]{64}", base) else None
        if full is None or not isinstance(full[0], dict) or type(ids) is not bytes or len(ids) % 8:
            return None
        kept = frozenset(array("q", ids))
        scans = {fid: values for fid, values in full[0].items() if fid in kept}
        evidence = {fid: found for fid, found in full[1].items() if fid in kept}
        _remember_stored(revision, "sha256:" + base, kept)
        return scans, evidence, _checked_layout(layout)
    _remember_stored(revision, revision, None)
    return tables[0], tables[1], _checked_layout(tables[2])


def _read_table(folder: Path, revision: str) -> tuple[Any, Any, Any] | None:
    """The table file of `revision` as saved: (scans, evidence, layout) checked, or (full table's digest, kept
    fileIDs, layout) not yet checked; None for a missing, damaged or foreign file."""
    try:
        with open(folder / f"{_digest(revision)}{_SUFFIX}", "rb") as source:
            tables = _Values(io.BytesIO(source.read())).load()
    except Exception:  # a damaged or foreign table, whatever it raises, is only a missed speedup
        return None
    if not (isinstance(tables, tuple) and len(tables) == 3):
        return None
    if isinstance(tables[0], str):
        return tables
    if not all(isinstance(t, dict) for t in tables[:2]):
        return None
    scans, evidence, layout = tables
    if not all(isinstance(k, int) and isinstance(v, dict) for k, v in scans.items()):
        return None
    if not all(type(k) is int and type(v) is int for k, v in evidence.items()):
        return None
    return scans, evidence, layout


def _checked_layout(layout: Any) -> Layout | None:
    """A saved layout of the expected shape, else None (the file is split again)."""
    if layout is not None and not (isinstance(layout, tuple) and len(layout) == 5 and type(layout[0]) is int
                                   and all(type(part) is bytes for part in layout[1:])):
        return None
    return layout


class _Values(pickle.Unpickler):
    """Builds plain values, `Ref` and `ABSENT` only: any other class or function named in the file is refused."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == (Ref.__module__, "Ref"):
            return Ref
        if (module, name) == (ABSENT.__module__, "ABSENT"):
            return ABSENT
        raise pickle.UnpicklingError(f"{module}.{name} is not a scanned value")


def _digest(revision: str) -> str:
    return revision.removeprefix("sha256:")


def _folder() -> Path | None:
    global _swept
    folder = user_cache_dir() / _FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not _swept:
        _swept = True
        _remove_older_folders(folder.parent)
    return folder


def _remove_older_folders(cache: Path) -> None:
    """Remove the tables of earlier formats (`scans-v<N>`, N below this one's), which nothing reads any more:
    folders of exactly that name in our own cache folder, never through a link."""
    current = int(_FOLDER.removeprefix("scans-v"))
    try:
        entries = list(cache.iterdir())
    except OSError:
        return
    for entry in entries:
        match = re.fullmatch(r"scans-v([0-9]+)", entry.name)
        if match is None or int(match.group(1)) >= current or entry.is_symlink() or not entry.is_dir():
            continue
        shutil.rmtree(entry, ignore_errors=True)  # does not follow links inside it either


def _prune(folder: Path) -> None:
    """Keep the newest `_SAVED_KEEP` tables; the folder is only listed (no stat) while it holds no more."""
    try:
        names = [name for name in os.listdir(folder) if name.endswith(_SUFFIX)]
    except OSError:
        return
    if len(names) <= _SAVED_KEEP:
        return
    tables = []
    for name in names:
        with contextlib.suppress(OSError):
            tables.append((os.stat(folder / name).st_mtime, name))
    for _, name in sorted(tables, reverse=True)[_SAVED_KEEP:]:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)
