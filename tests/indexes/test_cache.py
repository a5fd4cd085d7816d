"""The cache: incremental refresh by (path, size, mtime), concurrent builders, corrupt files, where it lives."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT, fixture_project
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.indexes.location import CACHE_FOLDER
from unitycli.indexes.lock import build_lock
from unitycli.indexes.store import IndexStore

PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def _referrer_paths(index: ProjectIndex, guid: str = PROBUILDER_MESH) -> list[str]:
    return [r.path for r in index.referrers(guid)]


def test_a_second_open_reads_nothing_and_a_modified_file_is_the_only_one_read(chicken_copy: Path) -> None:
    with ProjectIndex.open(chicken_copy) as index:
        first = index.stats
    assert first.files_read == first.files_total > 400 and first.rebuilt_reason == "no cache yet"
    with ProjectIndex.open(chicken_copy) as index:
        assert (index.stats.files_read, index.stats.files_reused) == (0, first.files_total)

    snake = chicken_copy / SNAKE
    snake.write_text(snake.read_text(encoding="utf-8").replace(PROBUILDER_MESH, "f" * 32), encoding="utf-8")
    with ProjectIndex.open(chicken_copy) as index:
        assert (index.stats.files_read, index.stats.files_dropped) == (1, 0)
        assert _referrer_paths(index) == [GAME_SCENE]
        assert _referrer_paths(index, "f" * 32) == [SNAKE]


def test_touching_a_file_rereads_only_that_file(chicken_copy: Path) -> None:
    ProjectIndex.open(chicken_copy).close()
    scene = chicken_copy / GAME_SCENE
    stat = scene.stat()
    os.utime(scene, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.files_read == 1
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]


def test_a_deleted_file_is_dropped_and_a_new_one_added(chicken_copy: Path) -> None:
    ProjectIndex.open(chicken_copy).close()
    (chicken_copy / SNAKE).unlink()
    (chicken_copy / "Assets/Extra.prefab").write_bytes((chicken_copy / GAME_SCENE).read_bytes())
    with ProjectIndex.open(chicken_copy) as index:
        assert (index.stats.files_read, index.stats.files_dropped) == (1, 1)
        assert _referrer_paths(index) == ["Assets/Extra.prefab", GAME_SCENE]
        assert SNAKE + ".meta" in index.metas_without_asset()
        assert "Assets/Extra.prefab" in index.assets_without_meta()


def test_a_changed_meta_guid_is_picked_up(chicken_copy: Path) -> None:
    ProjectIndex.open(chicken_copy).close()
    meta = chicken_copy / "Assets/Settings/URP-HighFidelity.asset.meta"
    meta.write_text(meta.read_text().replace("7b7fd9122c28c4d15b667c7040e3b3fd", "a" * 32))
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.files_read == 1
        assert index.path_for_guid("a" * 32) == "Assets/Settings/URP-HighFidelity.asset"
        assert index.path_for_guid("7b7fd9122c28c4d15b667c7040e3b3fd") is None


_BUILDER = textwrap.dedent("""
    import sys
    from unitycli.indexes import ProjectIndex
    index = ProjectIndex.open(sys.argv[1])
    refs = index.referrers("8233d90336aea43098adf6dbabd606a2")
    print(index.stats.files_read, len(refs), sum(r.count for r in refs))
""")


def test_four_concurrent_builders_all_succeed_and_leave_one_consistent_cache(chicken_copy: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _BUILDER, str(chicken_copy)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
    results = [proc.communicate(timeout=120) + (proc.returncode,) for proc in procs]
    assert [code for _out, _err, code in results] == [0, 0, 0, 0], [err for _o, err, _c in results]
    assert all(err == "" for _out, err, _code in results)
    outputs = [out.split() for out, _err, _code in results]
    assert [(refs, count) for _read, refs, count in outputs] == [("2", "6")] * 4
    reads = sorted(int(read) for read, _refs, _count in outputs)
    assert reads[:3] == [0, 0, 0] and reads[3] > 400  # exactly one process built it, the others waited
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.files_read == 0
        db = Path(index.stats.cache_path or "")
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert [p.name for p in db.parent.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "other-version"])
def test_a_damaged_cache_file_is_discarded_and_rebuilt(chicken_copy: Path, damage: str) -> None:
    with ProjectIndex.open(chicken_copy) as index:
        db = Path(index.stats.cache_path or "")
        total = index.stats.files_total
    if damage == "garbage":
        db.write_bytes(b"this is not a database\n" * 1000)
    elif damage == "truncated":
        db.write_bytes(db.read_bytes()[:4096])
    elif damage == "empty":
        db.write_bytes(b"")
    else:
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA user_version=999")
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.rebuilt_reason is not None
        assert index.stats.rebuilt_reason.startswith("cache discarded")
        assert index.stats.files_read == total
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]


def test_a_query_that_hits_a_damaged_page_rebuilds_the_cache_and_answers(chicken_copy: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # Damage that sqlite only notices on a page read cannot be placed deterministically in a real file, so the
    # first read fails the way a malformed page does.
    real_referrers = IndexStore.referrers
    calls: list[str] = []

    def failing_once(self: IndexStore, guid: str, details: bool = False) -> list[tuple]:
        calls.append(guid)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return real_referrers(self, guid, details)

    monkeypatch.setattr(IndexStore, "referrers", failing_once)
    with ProjectIndex.open(chicken_copy) as index:
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]
        assert index.stats.rebuilt_reason == "query failed: database disk image is malformed"
        assert index.stats.files_read == index.stats.files_total


def test_the_cache_goes_to_library_when_the_project_has_one(chicken_copy: Path) -> None:
    (chicken_copy / "Library").mkdir()
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.cache_path == str(chicken_copy / "Library/unitycli" / CACHE_FOLDER / "index.sqlite")


def test_a_read_only_fixture_uses_the_user_cache(_isolated_home: Path) -> None:
    with ProjectIndex.open(fixture_project("chicken-defense")) as index:
        assert (index.stats.cache_path or "").startswith(str(_isolated_home / "cache" / "indexes" / "unity-"))


def test_without_any_writable_cache_folder_the_index_lives_in_memory(chicken_copy: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("unitycli.indexes.opening.cache_dir", lambda root: None)
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.cache_path is None
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]


def test_refresh_false_trusts_the_cache(chicken_copy: Path) -> None:
    ProjectIndex.open(chicken_copy).close()
    (chicken_copy / SNAKE).unlink()
    with ProjectIndex.open(chicken_copy, refresh=False) as index:
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]
        assert index.refresh().files_dropped == 1
        assert _referrer_paths(index) == [GAME_SCENE]


def test_progress_goes_to_the_callback_and_nothing_to_a_non_terminal_stderr(
        chicken_copy: Path, capfd: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int, str]] = []
    with ProjectIndex.open(chicken_copy, progress=lambda d, t, m: calls.append((d, t, m))) as index:
        total = index.stats.files_read
    assert calls[0][:2] == (0, total) and calls[-1][:2] == (total, total)
    assert capfd.readouterr().err == ""


def test_a_builder_stuck_holding_the_lock_gives_a_transient_index_busy(chicken_copy: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with ProjectIndex.open(chicken_copy) as index:
        lock = Path(index.stats.cache_path or "").with_name("build.lock")
    (chicken_copy / "Assets/New.prefab").write_text("%YAML 1.1\n")  # so the next open must take the lock
    monkeypatch.setattr("unitycli.indexes.lock.LOCK_TIMEOUT_S", 0.05)
    with build_lock(lock), pytest.raises(UnityCliError) as caught:
        ProjectIndex.open(chicken_copy)
    assert caught.value.code == "E_INDEX_BUSY"
    assert caught.value.to_dict()["transient"] is True
    assert caught.value.details == {"lock": str(lock)}


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads files without permission")
def test_an_unreadable_file_is_retried_on_the_next_open(chicken_copy: Path) -> None:
    snake = chicken_copy / SNAKE
    snake.chmod(0)
    with ProjectIndex.open(chicken_copy) as index:
        assert _referrer_paths(index) == [GAME_SCENE]
    snake.chmod(0o644)
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.files_read == 1
        assert _referrer_paths(index) == [GAME_SCENE, SNAKE]
