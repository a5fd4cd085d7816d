"""Folders through `asset.move` and `asset.delete`: the whole tree arrives, empty subfolders included, and the
emptied source folders go in the same all-or-nothing commit, even when the writer is killed half-way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.assets.conftest import LANTERN, failure, output, run, snapshot
from tests.transaction import crash_workload
from unitycli.testing import moved_from
from unitycli.transaction import Transaction, recover

EMPTY_META = ("fileFormatVersion: 2\nguid: 5a1e0c2f4b8d4e6f9a0b1c2d3e4f5a6b\nfolderAsset: yes\nDefaultImporter:\n"
              "  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
MOVE = {"path": "Assets/Prefabs", "destination": "Assets/Props"}


def _with_empty_subfolder(root: Path) -> Path:
    """The sample project with `Assets/Prefabs/Empty`: a folder Unity imported (it has a meta) holding nothing."""
    (root / "Assets/Prefabs/Empty").mkdir()
    (root / "Assets/Prefabs/Empty.meta").write_text(EMPTY_META)
    return root


def _folders(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_dir() and not p.relative_to(root).as_posix().startswith(("Library", ".unitycli")))


def _state(root: Path) -> tuple[dict[str, bytes], list[str]]:
    return snapshot(root), _folders(root)


@pytest.fixture
def nested(sample: Path) -> Path:
    return _with_empty_subfolder(sample)


def test_moving_a_folder_with_an_empty_subfolder_recreates_it_and_removes_the_source(nested: Path) -> None:
    before = snapshot(nested)
    validate_before = output(nested, "asset.validate", {})
    result = run(nested, "asset.move", MOVE)
    assert result.output["movedFiles"] == 4
    assert sorted((moved_from(d), d["path"]) for d in result.applied_effects["diffs"]) == [
        ("Assets/Prefabs.meta", "Assets/Props.meta"), ("Assets/Prefabs/Empty.meta", "Assets/Props/Empty.meta"),
        (LANTERN, "Assets/Props/Lantern.prefab"), (LANTERN + ".meta", "Assets/Props/Lantern.prefab.meta")]
    assert result.output["removedFolders"] == ["Assets/Prefabs", "Assets/Prefabs/Empty"]
    assert "leftoverFolders" not in result.output
    effects = result.applied_effects
    assert effects["createdDirs"] == ["Assets/Props", "Assets/Props/Empty"]
    assert effects["deletedDirs"] == ["Assets/Prefabs", "Assets/Prefabs/Empty"]
    assert list((nested / "Assets/Props/Empty").iterdir()) == []
    assert (nested / "Assets/Props/Empty.meta").read_text() == EMPTY_META
    assert not (nested / "Assets/Prefabs").exists()
    assert _folders(nested) == ["Assets", "Assets/Materials", "Assets/Props", "Assets/Props/Empty", "Assets/Scenes",
                                "Assets/Settings", "Packages", "ProjectSettings"]
    after = snapshot(nested)
    assert {p.replace("Assets/Prefabs", "Assets/Props", 1): data for p, data in before.items()} == after
    assert output(nested, "asset.validate", {}) == validate_before  # no orphan meta, no meta-less folder


def test_a_dry_run_folder_move_shows_the_folder_effects_and_writes_nothing(nested: Path) -> None:
    before = _state(nested)
    effects = run(nested, "asset.move", MOVE, dry_run=True).planned_effects
    assert (effects["createdDirs"], effects["deletedDirs"]) == (["Assets/Props", "Assets/Props/Empty"],
                                                                ["Assets/Prefabs", "Assets/Prefabs/Empty"])
    assert (effects["created"], effects["deleted"]) == ([], [])  # every file is a rename (git's R)
    assert sorted(d["path"] for d in effects["diffs"]) == ["Assets/Props.meta", "Assets/Props/Empty.meta",
                                                           "Assets/Props/Lantern.prefab",
                                                           "Assets/Props/Lantern.prefab.meta"]
    assert sorted(moved_from(d) for d in effects["diffs"]) == ["Assets/Prefabs.meta", "Assets/Prefabs/Empty.meta",
                                                                 LANTERN, LANTERN + ".meta"]
    assert _state(nested) == before


def test_deleting_a_folder_removes_it_and_its_empty_subfolder(nested: Path) -> None:
    result = run(nested, "asset.delete", {"file": "Assets/Prefabs", "force": True})
    assert result.output["deleted"] == ["Assets/Prefabs/Empty.meta", LANTERN, LANTERN + ".meta",
                                        "Assets/Prefabs.meta"]
    assert (result.output["removedFolders"], result.output["leftoverFolders"]) == (
        ["Assets/Prefabs", "Assets/Prefabs/Empty"], [])
    assert result.applied_effects["deletedDirs"] == ["Assets/Prefabs", "Assets/Prefabs/Empty"]
    assert not (nested / "Assets/Prefabs").exists() and not (nested / "Assets/Prefabs.meta").exists()


def test_a_folder_without_a_meta_stays_and_keeps_its_parents(nested: Path) -> None:
    # Unity ignores folders ending in `~` and gives them no meta: their files move, the folder is not Unity's to drop.
    (nested / "Assets/Prefabs/Docs~").mkdir()
    (nested / "Assets/Prefabs/Docs~/notes.txt").write_text("notes\n")
    moved = output(nested, "asset.move", MOVE)
    assert moved["removedFolders"] == ["Assets/Prefabs/Empty"]
    assert moved["leftoverFolders"] == ["Assets/Prefabs", "Assets/Prefabs/Docs~"]
    assert (nested / "Assets/Props/Docs~/notes.txt").read_text() == "notes\n"
    assert list((nested / "Assets/Prefabs/Docs~").iterdir()) == []


def test_overwriting_a_folder_keeps_the_destination_and_drops_its_subfolders_the_move_does_not_bring(
        sample: Path) -> None:
    (sample / "Assets/Props/Old").mkdir(parents=True)
    (sample / "Assets/Props.meta").write_text(EMPTY_META.replace("5a1e", "6a1e"))
    (sample / "Assets/Props/Old.meta").write_text(EMPTY_META.replace("5a1e", "7a1e"))
    (sample / "Assets/Props/Old/x.txt").write_text("x\n")
    result = run(sample, "asset.move", {**MOVE, "overwrite": True})
    assert result.output["replaced"]["path"] == "Assets/Props"
    assert (result.applied_effects["createdDirs"], result.applied_effects["deletedDirs"]) == (
        [], ["Assets/Prefabs", "Assets/Props/Old"])
    assert _folders(sample) == ["Assets", "Assets/Materials", "Assets/Props", "Assets/Scenes", "Assets/Settings",
                                "Packages", "ProjectSettings"]
    assert sorted(p.name for p in (sample / "Assets/Props").iterdir()) == ["Lantern.prefab", "Lantern.prefab.meta"]


def test_a_file_dropped_into_a_folder_being_removed_refuses_the_commit(nested: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    before = _state(nested)
    verify = Transaction._verify

    def late_write(self: Transaction) -> None:
        # Another program adds a file after the tool listed the folder, before the commit verifies under the lock.
        (nested / "Assets/Prefabs/Empty/late.txt").write_text("late\n")
        verify(self)

    monkeypatch.setattr(Transaction, "_verify", late_write)
    error = failure(nested, "asset.move", MOVE)
    assert error.code == "E_FOLDER_NOT_EMPTY"
    assert error.details == {"paths": ["Assets/Prefabs/Empty"], "contents": {"Assets/Prefabs/Empty": ["late.txt"]}}
    (nested / "Assets/Prefabs/Empty/late.txt").unlink()
    assert _state(nested) == before


# (crash point, which hit): half-made destination, all made, half-renamed, decided, half-cleaned, half-removed.
POINTS = (("mkdir:*", 1), ("before-prepared", 1), ("apply:*", 2), ("committed", 1), ("cleanup:*", 1), ("rmdir:*", 1),
          ("before-remove", 1))


@pytest.mark.parametrize(("point", "nth"), POINTS)
def test_a_folder_move_killed_at_any_point_recovers_to_all_old_or_all_new(
        nested: Path, tmp_path: Path, point: str, nth: int) -> None:
    clean = Path(shutil.copytree(nested, tmp_path / "clean"))
    old = _state(nested)
    output(clean, "asset.move", MOVE)
    new = _state(clean)
    assert crash_workload.killed_at(point, nth, lambda: output(nested, "asset.move", MOVE))
    report = recover(nested)
    before_commit_point = point in crash_workload.BEFORE_COMMIT_POINT
    assert report is not None and report.anomalies == []
    assert report.outcome == ("rolled-back" if before_commit_point else
                              "rolled-forward" if point == "apply:*" else "cleaned-up")
    assert _state(nested) == (old if before_commit_point else new)
    assert crash_workload.leftovers(nested) == []
