"""A resident index answers like a fresh open right after every kind of change, on a copy of chicken-defense.

While a `ResidentIndex` runs, `ProjectIndex.open` is served from it. Each test changes the project the way a tool,
an editor or a checkout would and asks at once, with no pause: the answer must already be the new one. The same
stories run with the file watcher and with the stat-walk fallback a process gets when it cannot watch.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from pathlib import Path

import pytest

from unitycli.indexes import ProjectIndex
from unitycli.indexes import resident as resident_module
from unitycli.indexes.resident import ResidentIndex

PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"
OTHER = "f" * 32
SNAKE_FOLDER = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake"
SNAKE = f"{SNAKE_FOLDER}/Snake.prefab"
GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
URP_ASSET = "Assets/Settings/URP-HighFidelity.asset"
URP_GUID = "7b7fd9122c28c4d15b667c7040e3b3fd"

MODES = ["watch", "stat-walk"]


@pytest.fixture(params=MODES)
def resident(request, chicken_copy: Path):
    watch = request.param == "watch"
    if watch and not sys.platform.startswith("linux"):
        pytest.skip("the watcher follows changes with inotify, on Linux")
    with ResidentIndex.running(chicken_copy, watch=watch) as running:
        assert running is not None and running.mode == request.param
        yield running


def _followed(resident: ResidentIndex) -> None:
    """With the watcher, a change inside the folders re-lists only them: no full refresh since the start."""
    assert resident.full_refreshes == 1 or resident.mode == "stat-walk"


def _referrers(root: Path, guid: str = PROBUILDER_MESH) -> list[str]:
    with ProjectIndex.open(root) as index:
        return [r.path for r in index.referrers(guid)]


def test_open_is_served_by_the_resident_index_and_survives_with_blocks(resident: ResidentIndex) -> None:
    with ProjectIndex.open(resident.root) as first:
        assert [r.path for r in first.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE]
    with ProjectIndex.open(resident.root) as second:  # closing the first did not close the resident store
        assert second.path_for_guid(URP_GUID) == URP_ASSET


def test_a_same_size_edit_whose_mtime_is_put_back_is_seen_at_once(resident: ResidentIndex) -> None:
    snake = resident.root / SNAKE
    before = snake.stat()
    snake.write_bytes(snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode()))
    os.utime(snake, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert _referrers(resident.root) == [GAME_SCENE]
    assert _referrers(resident.root, OTHER) == [SNAKE]
    _followed(resident)


def test_a_meta_whose_guid_changes_is_seen_at_once(resident: ResidentIndex) -> None:
    meta = resident.root / f"{URP_ASSET}.meta"
    meta.write_bytes(meta.read_bytes().replace(URP_GUID.encode(), b"a" * 32))
    with ProjectIndex.open(resident.root) as index:
        assert (index.path_for_guid("a" * 32), index.path_for_guid(URP_GUID)) == (URP_ASSET, None)
    _followed(resident)


def test_a_file_replaced_by_rename_is_seen_at_once(resident: ResidentIndex) -> None:
    snake = resident.root / SNAKE
    replacement = snake.with_name("Snake.prefab.new~")  # a name Unity hides, as editors' temp files are
    replacement.write_bytes(snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode()))
    os.replace(replacement, snake)
    assert _referrers(resident.root) == [GAME_SCENE]
    assert _referrers(resident.root, OTHER) == [SNAKE]
    _followed(resident)


def test_a_file_renamed_in_its_folder_moves_its_references(resident: ResidentIndex) -> None:
    snake = resident.root / SNAKE
    os.rename(snake, snake.with_name("Viper.prefab"))
    assert _referrers(resident.root) == [GAME_SCENE, f"{SNAKE_FOLDER}/Viper.prefab"]
    _followed(resident)


def test_a_file_added_in_a_new_subfolder_is_seen_at_once(resident: ResidentIndex) -> None:
    deep = resident.root / "Assets/New/Deeper"
    deep.mkdir(parents=True)
    (deep / "Copy.prefab").write_bytes((resident.root / SNAKE).read_bytes())
    with ProjectIndex.open(resident.root) as index:
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE,
                                                                       "Assets/New/Deeper/Copy.prefab"]
        assert "Assets/New" in index.assets_without_meta()
    (deep / "Later.prefab").write_bytes((resident.root / SNAKE).read_bytes())  # the new folder is watched too
    assert "Assets/New/Deeper/Later.prefab" in _referrers(resident.root)
    _followed(resident)


def test_a_deleted_file_and_a_deleted_folder_take_their_references_and_guids_with_them(
        resident: ResidentIndex) -> None:
    with ProjectIndex.open(resident.root) as index:
        snake_guid = index.guid_for_path(SNAKE)
        assert snake_guid is not None
    (resident.root / GAME_SCENE).unlink()
    assert _referrers(resident.root) == [SNAKE]
    shutil.rmtree(resident.root / SNAKE_FOLDER)
    (resident.root / f"{SNAKE_FOLDER}.meta").unlink()
    with ProjectIndex.open(resident.root) as index:
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == []
        assert index.path_for_guid(snake_guid) is None
    _followed(resident)


def test_a_renamed_folder_is_seen_under_its_new_name(resident: ResidentIndex) -> None:
    folder = resident.root / SNAKE_FOLDER
    os.rename(folder, folder.with_name("Viper"))
    viper = SNAKE_FOLDER.replace("Snake", "Viper", 1) + "/Snake.prefab"
    assert _referrers(resident.root) == [GAME_SCENE, viper]
    (folder.with_name("Viper") / "Snake.prefab").unlink()  # and the moved folder's files are still followed
    assert _referrers(resident.root) == [GAME_SCENE]


def test_a_new_embedded_package_becomes_a_root_at_once(resident: ResidentIndex) -> None:
    package = resident.root / "Packages" / "com.example.tools"
    package.mkdir()
    (package / "package.json").write_text('{"name": "com.example.tools", "version": "1.0.0"}')
    (package / "Copy.prefab").write_bytes((resident.root / SNAKE).read_bytes())
    assert _referrers(resident.root) == [GAME_SCENE, SNAKE, "Packages/com.example.tools/Copy.prefab"]


def test_the_watcher_serves_edits_without_a_full_refresh(chicken_copy: Path) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the watcher follows changes with inotify, on Linux")
    with ResidentIndex.running(chicken_copy) as running:
        assert running is not None and running._watcher is not None
        snake = chicken_copy / SNAKE
        snake.write_bytes(snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode()))
        assert _referrers(chicken_copy, OTHER) == [SNAKE]
        assert running.full_refreshes == 1  # the start; the edit re-listed one folder
        running._watcher.on_queue_overflow()  # events were lost: the next query lists everything again
        snake.write_bytes(snake.read_bytes().replace(OTHER.encode(), PROBUILDER_MESH.encode()))
        assert _referrers(chicken_copy, OTHER) == []
        assert running.full_refreshes == 2


def test_a_watcher_that_cannot_start_falls_back_to_the_stat_walk(chicken_copy: Path, monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "inotify watch limit reached")

    monkeypatch.setattr(resident_module, "_Watcher", refuse)
    with ResidentIndex.running(chicken_copy) as running:
        assert running is not None and running.mode == "stat-walk"
        (chicken_copy / GAME_SCENE).unlink()
        assert _referrers(chicken_copy) == [SNAKE]


def test_after_close_open_lists_the_project_again(chicken_copy: Path) -> None:
    with ResidentIndex.running(chicken_copy):
        assert resident_module.resident_for(ProjectIndex.open(chicken_copy).root) is not None
    (chicken_copy / GAME_SCENE).unlink()
    with ProjectIndex.open(chicken_copy) as index:
        assert resident_module.resident_for(index.root) is None
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [SNAKE]


def test_without_a_project_running_serves_nothing() -> None:
    with ResidentIndex.running(None) as running:
        assert running is None
