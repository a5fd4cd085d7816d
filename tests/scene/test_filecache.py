"""The parsed-file cache and the per-revision structure tables (scene/filecache.py), on chicken-defense's Game scene."""

from __future__ import annotations

import os
import pickle
from array import array

import pytest

from tests.fixturepaths import fixture_path
from unitycli.scene import SceneModel, filecache
from unitycli.spliced import as_bytes
from unitycli.transaction import Transaction, revision_of, snapshot
from unitycli.transaction.effects import CommitResult, PlannedEffects
from unitycli.unityyaml import UnityYamlFile

GAME = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
NAME = "Assets/Scenes/Game.unity"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("UNITYCLI_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(filecache, "_files", type(filecache._files)())
    monkeypatch.setattr(filecache, "_read_layouts", type(filecache._read_layouts)())
    monkeypatch.setattr(filecache, "_stored", type(filecache._stored)())
    monkeypatch.setattr(filecache, "_swept", True)  # the sweep of older folders has its own test
    monkeypatch.setattr(filecache, "_SAVED_MIN_BYTES", 1)  # the fixture is 1.2 MB: save its table too
    return tmp_path / "home" / "cache" / filecache._FOLDER


def _objects(file: UnityYamlFile) -> list[tuple[int, int, bool, tuple[int, int] | None]]:
    return [(d.class_id, d.file_id, d.stripped, d.span) for d in file.documents]


def _tree(model: SceneModel) -> list[tuple[int, str, int | None]]:
    return [(n.file_id, n.path, n.parent.file_id if n.parent else None) for n in model.walk()]


def test_a_file_is_parsed_once_per_revision_and_every_caller_gets_its_own_copy(cache):
    data = fixture_path(GAME).read_bytes()
    revision = revision_of(data)
    first, second = filecache.parsed(NAME, revision, data), filecache.parsed(NAME, revision, data)
    assert first is not second and first.scans is second.scans
    doc = first.get(41118592)
    doc.set("m_LocalPosition.x", 3)
    assert second.get(41118592).get("m_LocalPosition.x") != 3 and not second.get(41118592).dirty
    assert filecache.parsed(NAME, revision, data).to_bytes() is data


def _committed(revisions: dict[str, str | None]) -> CommitResult:
    return CommitResult(txid="t", committed=True, dry_run=False, effects=PlannedEffects(), revisions=revisions)


def test_a_write_is_kept_as_the_next_revision_with_its_structure(cache):
    data = fixture_path(GAME).read_bytes()
    file = filecache.parsed(NAME, revision_of(data), data)
    before = _tree(SceneModel(file))
    file.get(41118592).set("m_LocalPosition.x", 3)
    content = file.verified_content()
    written = as_bytes(content)
    filecache.remember_written(NAME, revision_of(written), file, content)
    kept = filecache.parsed(NAME, revision_of(written), written)
    assert kept.to_bytes() == written and kept.get(41118592).get("m_LocalPosition.x") == 3
    assert kept.scans is not None and 41118590 in kept.scans  # the untouched GameObject's values carried over
    assert 41118592 not in kept.scans or "m_LocalPosition.x" not in kept.scans[41118592]
    assert _tree(SceneModel(kept)) == before


def test_a_written_structure_is_saved_only_once_that_revision_is_on_disk(cache):
    data = fixture_path(GAME).read_bytes()
    file = filecache.parsed(NAME, revision_of(data), data)
    SceneModel(file)
    saved = set(cache.glob("*.pickle"))
    file.get(41118592).set("m_LocalPosition.x", 3)
    content = file.verified_content()
    written = as_bytes(content)
    revision = revision_of(written)
    on_disk = filecache.remember_written(NAME, revision, file, content)
    assert set(cache.glob("*.pickle")) == saved  # staged (or a dry run): nothing saved
    on_disk(_committed({NAME: revision_of(data)}))  # the transaction committed other bytes for the file
    assert set(cache.glob("*.pickle")) == saved
    on_disk(_committed({NAME: revision}))
    (table,) = set(cache.glob("*.pickle")) - saved
    assert table.stem == revision.removeprefix("sha256:")
    filecache._files.clear()  # as the next process
    read = filecache.parsed(NAME, revision, written)
    fresh = UnityYamlFile.parse(written, NAME)
    assert _objects(read) == _objects(fresh)  # the layout of the bytes written, saved with the structure
    assert 41118590 in read.scans and _tree(SceneModel(read)) == _tree(SceneModel(fresh))
    # the edit's formatting evidence came along, but for the object it changed
    assert read.evidence and 41118592 not in read.evidence and read.evidence.keys() <= file.evidence.keys()
    assert read.style == UnityYamlFile.parse(written, NAME).style


def test_a_model_changed_after_it_was_written_is_not_kept_as_that_revision(cache):
    data = fixture_path(GAME).read_bytes()
    file = filecache.parsed(NAME, revision_of(data), data)
    file.get(41118592).set("m_LocalPosition.x", 3)
    content = file.verified_content()
    written = as_bytes(content)
    revision = revision_of(written)
    on_disk = filecache.remember_written(NAME, revision, file, content)
    file.get(41118592).set("m_LocalPosition.x", 4)  # the tool went on editing its model
    read = filecache.parsed(NAME, revision, written)
    assert read.get(41118592).get("m_LocalPosition.x") == 3 and read.to_bytes() is written
    saved = set(cache.glob("*.pickle"))
    on_disk(_committed({NAME: revision}))
    assert set(cache.glob("*.pickle")) == saved


def test_a_saved_structure_is_read_by_the_next_process_and_gives_the_same_tree(cache):
    data = fixture_path(GAME).read_bytes()
    revision = revision_of(data)
    expected = _tree(SceneModel(filecache.parsed(NAME, revision, data)))
    assert len(list(cache.glob("*.pickle"))) == 1
    filecache._files.clear()  # as a new process
    file = filecache.parsed(NAME, revision, data)
    assert file.scans  # loaded, not scanned
    fresh = UnityYamlFile.parse(data, NAME)
    assert _objects(file) == _objects(fresh) and file.header == fresh.header  # split by the saved layout
    assert file.to_bytes() is data
    assert _tree(SceneModel(file)) == expected
    assert all(doc._text is None for doc in file.documents if doc.class_id == 1)  # no GameObject was decoded


class _Hostile:
    def __reduce__(self):
        return (print, ("this must never run",))


def test_a_table_that_names_anything_but_scanned_values_is_ignored(cache, capsys):
    data = fixture_path(GAME).read_bytes()
    revision = revision_of(data)
    expected = _tree(SceneModel(filecache.parsed(NAME, revision, data)))
    (table,) = cache.glob("*.pickle")
    table.write_bytes(pickle.dumps(({1: {"m_Name": _Hostile()}}, {}, None)))
    filecache._files.clear()
    file = filecache.parsed(NAME, revision, data)
    assert file.scans == {} and capsys.readouterr().out == ""
    assert _tree(SceneModel(file)) == expected
    table.write_bytes(b"not a pickle")
    filecache._files.clear()
    assert filecache.parsed(NAME, revision, data).scans == {}


def test_a_saved_layout_that_does_not_fit_the_bytes_is_ignored(cache):
    data = fixture_path(GAME).read_bytes()
    revision = revision_of(data)
    SceneModel(filecache.parsed(NAME, revision, data))
    (table,) = cache.glob("*.pickle")
    scans, evidence, (header_end, classes, ids, stripped, ends) = pickle.loads(table.read_bytes())
    table.write_bytes(pickle.dumps((scans, evidence, (header_end, classes, ids, stripped, ends[:-8]))))
    filecache._files.clear()
    file = filecache.parsed(NAME, revision, data)
    assert _objects(file) == _objects(UnityYamlFile.parse(data, NAME)) and file.scans


def test_a_file_read_as_this_process_keeps_it_takes_the_kept_revision_without_hashing(cache, tmp_path, monkeypatch):
    data = fixture_path(GAME).read_bytes()
    (tmp_path / "p" / "Assets").mkdir(parents=True)
    target = tmp_path / "p" / "Assets" / "Game.unity"
    target.write_bytes(data)
    revision = revision_of(data)
    filecache.parsed("Assets/Game.unity", revision, data)
    read = Transaction(tmp_path / "p", dry_run=True)
    assert read.read_bytes("Assets/Game.unity") is not data  # read again from disk: equal bytes, another object

    def refused(_: bytes) -> tuple[str, tuple]:
        raise AssertionError("hashed")
    monkeypatch.setattr(snapshot, "revision_and_states", refused)
    assert filecache.kept_revision("Assets/Game.unity", read) == revision
    assert read.revision("Assets/Game.unity") == revision
    target.write_bytes(data.replace(b"m_Name: Enemy Brain", b"m_Name: Enemy Brawn"))  # same size, other bytes
    other = Transaction(tmp_path / "p", dry_run=True)
    other.read_bytes("Assets/Game.unity")
    assert filecache.kept_revision("Assets/Game.unity", other) is None


def test_a_file_edited_step_after_step_keeps_only_its_last_two_revisions(cache):
    data = fixture_path(GAME).read_bytes()
    file, revisions = filecache.parsed(NAME, revision_of(data), data), [revision_of(data)]
    for value in (3, 4, 5):
        file.get(41118592).set("m_LocalPosition.x", value)
        content = file.verified_content()
        written = as_bytes(content)
        revisions.append(revision_of(written))
        filecache.remember_written(NAME, revisions[-1], file, content)
        file = filecache.parsed(NAME, revisions[-1], written)
    assert [key for key in filecache._files if key[0] == NAME] == [(NAME, r) for r in revisions[-2:]]


def test_saving_the_read_revisions_table_again_after_an_edit_keeps_its_layout(cache):
    data = fixture_path(GAME).read_bytes()
    revision = revision_of(data)
    SceneModel(filecache.parsed(NAME, revision, data))  # the first process saves the table with its layout
    table = cache / f"{revision.removeprefix('sha256:')}.pickle"
    layout = pickle.loads(table.read_bytes())[2]
    assert layout is not None
    filecache._files.clear()  # the next process loads it, edits the file and scanned values the table lacked
    file = filecache.parsed(NAME, revision, data)
    file.get(41118592).set("m_LocalPosition.x", 3)
    file.scans_added = len(file.scans) + len(file.evidence)
    content = file.verified_content()
    written = as_bytes(content)
    filecache._files.clear()  # the file as read is no longer kept: the layout comes from the loaded table
    filecache.remember_written(NAME, revision_of(written), file, content)(_committed({NAME: revision_of(written)}))
    assert file.scans_added == 0  # the read revision's table was saved again
    assert pickle.loads(table.read_bytes())[2] == layout


def _as_next_process() -> None:
    filecache._files.clear()
    filecache._stored.clear()


def _edit_and_commit(data: bytes, value: float, name: str = "Enemy Brain") -> bytes:
    """The next process reads `data` (its table from disk), sets one field and renames one object, and commits."""
    _as_next_process()
    file = filecache.parsed(NAME, revision_of(data), data)
    SceneModel(file)
    file.get(41118592).set("m_LocalPosition.x", value)
    file.get(41118590).set("m_Name", name)
    content = file.verified_content()
    written = as_bytes(content)
    filecache.remember_written(NAME, revision_of(written), file, content)(_committed({NAME: revision_of(written)}))
    return written


def test_an_edit_of_a_revision_whose_table_is_on_disk_saves_a_derived_table_that_reads_as_a_fresh_scan(cache):
    data = fixture_path(GAME).read_bytes()
    SceneModel(filecache.parsed(NAME, revision_of(data), data))  # the first process saves the full table
    full = cache / f"{revision_of(data).removeprefix('sha256:')}.pickle"
    first = _edit_and_commit(data, 3, "Enemy Brawn")
    second = _edit_and_commit(first, 4, "Enemy Brown")  # derived from a derived table: read against the full one
    for written in (first, second):
        base, kept, _ = pickle.loads((cache / f"{revision_of(written).removeprefix('sha256:')}.pickle").read_bytes())
        assert base == full.stem and 41118590 not in array("q", kept) and 41118592 not in array("q", kept)
    # the full table gains values later (another process scanned more of that revision): they do not reach the
    # derived tables for the objects the edits changed
    scans, evidence, layout = pickle.loads(full.read_bytes())
    scans[41118590] = {"m_Name": "Enemy Brain", "m_Component": scans[41118590]["m_Component"]}
    full.write_bytes(pickle.dumps((scans, evidence, layout)))
    _as_next_process()
    read = filecache.parsed(NAME, revision_of(second), second)
    fresh = UnityYamlFile.parse(second, NAME)
    assert read.scans and 41118590 not in read.scans and 41118592 not in read.scans
    assert _objects(read) == _objects(fresh) and read.to_bytes() is second
    assert _tree(SceneModel(read)) == _tree(SceneModel(fresh)) and read.style == fresh.style
    assert "Enemy Brown" in [n.name for n in SceneModel(read).walk()]


def test_a_derived_table_whose_full_table_is_gone_is_ignored(cache):
    data = fixture_path(GAME).read_bytes()
    SceneModel(filecache.parsed(NAME, revision_of(data), data))
    written = _edit_and_commit(data, 3)
    (cache / f"{revision_of(data).removeprefix('sha256:')}.pickle").unlink()
    _as_next_process()
    read = filecache.parsed(NAME, revision_of(written), written)
    assert not read.scans  # scanned afresh
    assert _tree(SceneModel(read)) == _tree(SceneModel(UnityYamlFile.parse(written, NAME)))


def test_the_tables_of_earlier_formats_are_removed_once_and_nothing_else(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("UNITYCLI_HOME", str(home))
    monkeypatch.setattr(filecache, "_swept", False)
    cache = home / "cache"
    outside = tmp_path / "outside"
    (outside / "scans-v1").mkdir(parents=True)
    (outside / "scans-v1" / "keep.pickle").write_bytes(b"x")
    for name in ("scans-v1", "scans-v2", "scans-v2-notes", "scans-v10", "other"):
        (cache / name).mkdir(parents=True)
        (cache / name / "t.pickle").write_bytes(b"x")
    (cache / "scans-v0").symlink_to(outside / "scans-v1")  # a link: never followed, never removed
    (cache / "scans-v1" / "link").symlink_to(outside)  # a link inside an old folder: removed, not followed
    assert filecache._folder() == cache / filecache._FOLDER
    assert sorted(p.name for p in cache.iterdir()) == ["other", "scans-v0", "scans-v10", "scans-v2-notes",
                                                        filecache._FOLDER]
    assert (outside / "scans-v1" / "keep.pickle").exists()
    (cache / "scans-v2").mkdir()
    filecache._folder()
    assert (cache / "scans-v2").is_dir()  # once per process


def test_the_cache_folder_keeps_the_newest_tables_and_lists_only_while_under_the_limit(cache, monkeypatch):
    monkeypatch.setattr(filecache, "_SAVED_KEEP", 3)
    for k in range(5):
        filecache.save_scans({}, {}, None, f"sha256:{k:064x}", 2)
        table = cache / f"{k:064x}.pickle"
        os.utime(table, ns=(10**18 + k, 10**18 + k))  # each newer than the one before, whatever the clock
    assert sorted(p.name for p in cache.glob("*.pickle")) == [f"{k:064x}.pickle" for k in (2, 3, 4)]
    stats = []
    monkeypatch.setattr(filecache.os, "stat", lambda path, *a, **k: stats.append(path) or os.lstat(path))
    filecache._prune(cache)
    assert stats == []  # three tables, three kept: nothing to sort
