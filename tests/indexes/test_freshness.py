"""The warm open's proof that the cache is current: every change that must not be missed, on chicken-defense.

Each test builds the cache, changes the project the way a tool, an editor or a checkout would, and checks that the
next open answers from the files as they are now, never from the cache as it was.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from unitycli.indexes import ProjectIndex

PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"
OTHER = "f" * 32
SNAKE_FOLDER = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake"
SNAKE = f"{SNAKE_FOLDER}/Snake.prefab"
GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
URP_ASSET = "Assets/Settings/URP-HighFidelity.asset"
URP_GUID = "7b7fd9122c28c4d15b667c7040e3b3fd"
OLD_NS = 1_600_000_000 * 10**9  # 2020: long outside the racy window


def _referrers(root: Path, guid: str = PROBUILDER_MESH) -> tuple[list[str], int]:
    with ProjectIndex.open(root) as index:
        return [r.path for r in index.referrers(guid)], index.stats.files_read


def _age(path: Path) -> None:
    os.utime(path, ns=(OLD_NS, OLD_NS))


@pytest.mark.skipif(sys.platform == "win32", reason="st_ctime is the creation time on Windows")
def test_a_same_size_edit_whose_mtime_is_put_back_is_seen(chicken_copy: Path) -> None:
    snake = chicken_copy / SNAKE
    ProjectIndex.open(chicken_copy).close()
    before = snake.stat()
    edited = snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode())
    snake.write_bytes(edited)
    os.utime(snake, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = snake.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    assert _referrers(chicken_copy) == ([GAME_SCENE], 1)
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 0)


def test_a_meta_whose_guid_changes_in_place_with_its_mtime_put_back_is_seen(chicken_copy: Path) -> None:
    meta = chicken_copy / f"{URP_ASSET}.meta"
    ProjectIndex.open(chicken_copy).close()
    before = meta.stat()
    meta.write_bytes(meta.read_bytes().replace(URP_GUID.encode(), b"a" * 32))
    os.utime(meta, ns=(before.st_atime_ns, before.st_mtime_ns))
    with ProjectIndex.open(chicken_copy) as index:
        assert index.stats.files_read == 1
        assert (index.path_for_guid("a" * 32), index.path_for_guid(URP_GUID)) == (URP_ASSET, None)


def test_a_file_replaced_by_rename_with_a_copy_of_equal_size_and_mtime_is_seen(chicken_copy: Path) -> None:
    snake = chicken_copy / SNAKE
    ProjectIndex.open(chicken_copy).close()
    before = snake.stat()
    replacement = snake.with_name("Snake.prefab.new~")  # a name Unity hides, as editors' temp files are
    replacement.write_bytes(snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode()))
    os.utime(replacement, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(replacement, snake)
    assert (snake.stat().st_size, snake.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert _referrers(chicken_copy) == ([GAME_SCENE], 1)
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 0)


def test_a_file_added_in_a_new_subfolder_is_seen(chicken_copy: Path) -> None:
    ProjectIndex.open(chicken_copy).close()
    deep = chicken_copy / "Assets/New/Deeper"
    deep.mkdir(parents=True)
    (deep / "Copy.prefab").write_bytes((chicken_copy / SNAKE).read_bytes())
    with ProjectIndex.open(chicken_copy) as index:
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE,
                                                                       "Assets/New/Deeper/Copy.prefab"]
        assert "Assets/New" in index.assets_without_meta()


def test_a_deleted_folder_takes_its_references_and_guids_with_it(chicken_copy: Path) -> None:
    with ProjectIndex.open(chicken_copy) as index:
        snake_guid = index.guid_for_path(SNAKE)
        assert snake_guid is not None
    shutil.rmtree(chicken_copy / SNAKE_FOLDER)
    (chicken_copy / f"{SNAKE_FOLDER}.meta").unlink()
    with ProjectIndex.open(chicken_copy) as index:
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE]
        assert index.path_for_guid(snake_guid) is None
        assert index.stats.files_read == 0 and index.stats.files_dropped > 2


def test_a_file_written_just_now_is_read_again_until_its_mtime_is_out_of_the_racy_window(chicken_copy: Path) -> None:
    # A same-size edit within one timestamp tick of the read would not move the mtime, so such a file is not
    # trusted yet: the next open reads it again, and only a file older than the window is served from the cache.
    ProjectIndex.open(chicken_copy).close()
    snake = chicken_copy / SNAKE
    snake.write_bytes(snake.read_bytes().replace(PROBUILDER_MESH.encode(), OTHER.encode()))
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 1)
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 1)
    _age(snake)
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 1)
    assert _referrers(chicken_copy, OTHER) == ([SNAKE], 0)
