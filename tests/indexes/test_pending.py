"""Big YAML files are read by the index only when a query needs their references: a GUID or path lookup right
after a tool wrote a big scene does not read that scene (counted reads, on chicken-defense with the threshold
lowered to its Game scene's size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.indexes import ProjectIndex, build
from unitycli.indexes.extract import ScanState

GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
URP_ASSET = "Assets/Settings/URP-HighFidelity.asset"
URP_GUID = "7b7fd9122c28c4d15b667c7040e3b3fd"


@pytest.fixture
def reads(chicken_copy: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Paths the index reads from here on, Game.unity being "big"; the cache is built first."""
    monkeypatch.setattr(build, "DEFER_MIN_BYTES", (chicken_copy / GAME_SCENE).stat().st_size)
    ProjectIndex.open(chicken_copy).close()
    seen: list[str] = []
    read, scan = build._read, build._scan_in_pieces
    monkeypatch.setattr(build, "_read", lambda path, size: seen.append(path) or read(path, size))
    monkeypatch.setattr(build, "_scan_in_pieces", lambda path, bare: seen.append(path) or scan(path, bare))
    return seen


def _game_reads(reads: list[str]) -> int:
    return sum(path.replace("\\", "/").endswith(GAME_SCENE) for path in reads)


def test_a_guid_lookup_right_after_a_big_scene_is_written_does_not_read_it(chicken_copy: Path,
                                                                            reads: list[str]) -> None:
    scene = chicken_copy / GAME_SCENE
    scene.write_bytes(scene.read_bytes().replace(b"m_Name: Enemy Brain", b"m_Name: Enemy Brawn"))  # racy now
    with ProjectIndex.open(chicken_copy) as index:
        assert index.guid_for_path(URP_ASSET) == URP_GUID and index.path_for_guid(URP_GUID) == URP_ASSET
        assert _game_reads(reads) == 0
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE]  # a query of references reads it
        assert _game_reads(reads) == 1
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE]
        assert _game_reads(reads) == 1
    with ProjectIndex.open(chicken_copy) as index:  # still racy: the next query of references reads it again
        assert index.path_for_guid(URP_GUID) == URP_ASSET and _game_reads(reads) == 1
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [GAME_SCENE, SNAKE]
        assert _game_reads(reads) == 2


def test_a_big_file_left_unread_is_never_reported_unscanned_and_its_references_are_current(
        chicken_copy: Path, reads: list[str]) -> None:
    scene = chicken_copy / GAME_SCENE
    scene.write_bytes(scene.read_bytes().replace(PROBUILDER_MESH.encode(), b"f" * 32))
    with ProjectIndex.open(chicken_copy) as index:
        assert all(state != ScanState.PENDING for _, state in index.unscanned())
        assert _game_reads(reads) == 1
        assert [r.path for r in index.referrers(PROBUILDER_MESH)] == [SNAKE]
        assert [r.path for r in index.referrers("f" * 32)] == [GAME_SCENE]
