"""`project.format-check`: every Unity file of real projects round-trips; broken, LFS and binary files are named."""

from __future__ import annotations

from pathlib import Path

from tests.assets.conftest import GARDEN, all_pages, output
from tests.fixturepaths import fixture_project
from unitycli.indexes.walk import YAML_SUFFIXES

LFS = (b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"4" * 64 + b"\nsize 1180000\n")


def _unity_files(root: Path) -> list[str]:
    """The test's own walk: YAML-typed, meta and JSON files under Assets/, Packages/ and ProjectSettings/."""
    found = []
    for top in ("Assets", "Packages", "ProjectSettings"):
        for path in (root / top).rglob("*"):
            if path.is_file() and not path.name.startswith(".") and (
                    path.suffix.lower() in YAML_SUFFIXES | {".meta", ".json"}):
                found.append(path.relative_to(root).as_posix())
    return sorted(found)


def test_every_unity_file_of_chicken_defense_and_minigolf_round_trips() -> None:
    for name in ("chicken-defense", "minigolf"):
        root = fixture_project(name)
        expected = len(_unity_files(root))
        report = output(root, "project.format-check", {})
        assert report == {"total": expected, "checked": expected, "identical": expected, "different": [],
                          "skipped": [], "nextCursor": None}, name


def test_a_broken_scene_an_lfs_pointer_and_a_binary_asset_are_reported(sample: Path) -> None:
    (sample / "Assets/Scenes/Broken.unity").write_bytes(
        b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!1 &1\nGameObject:\n  m_Name: [unclosed\n")
    (sample / "Assets/Scenes/Big.unity").write_bytes(LFS)
    (sample / "Assets/Settings/Baked.asset").write_bytes(b"\x00\x00\x00\x01binary serialized\x00")
    report = output(sample, "project.format-check", {"path": "Assets"})
    assert report["different"] == [{"path": "Assets/Scenes/Broken.unity", "line": 5,
                                    "reason": "YAML does not round-trip"}]
    assert report["skipped"] == [{"path": "Assets/Scenes/Big.unity", "reason": "lfs-pointer"},
                                 {"path": "Assets/Settings/Baked.asset", "reason": "binary"}]
    assets_files = [p for p in _unity_files(sample) if p.startswith("Assets/")]
    assert report["checked"] == report["total"] == len(assets_files) == 19
    assert report["identical"] == report["checked"] - 3


def test_format_check_pages_by_file_and_checks_one_file(sample: Path) -> None:
    pages = []
    cursor = None
    while True:
        page = output(sample, "project.format-check", {"limit": 5, **({"cursor": cursor} if cursor else {})})
        pages.append(page)
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert sum(p["checked"] for p in pages) == pages[0]["total"] == len(_unity_files(sample))
    assert all_pages(sample, "project.format-check", {"limit": 5}, "different") == []
    single = output(sample, "project.format-check", {"path": GARDEN})
    assert (single["total"], single["identical"]) == (1, 1)


def test_empty_files_are_skipped_with_their_reason_and_left_as_they_are(sample: Path) -> None:
    # No fixture holds one; users report an empty ProjectSettings/Packages/<package>/Settings.json (hand-made).
    settings = sample / "ProjectSettings/Packages/com.unity.example/Settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_bytes(b"")
    (sample / "Assets/Settings/Empty.asset").write_bytes(b"")
    report = output(sample, "project.format-check", {})
    assert report["different"] == []
    assert report["skipped"] == [{"path": "Assets/Settings/Empty.asset", "reason": "empty"},
                                 {"path": "ProjectSettings/Packages/com.unity.example/Settings.json", "reason": "empty"}]
    assert settings.read_bytes() == b"" and (sample / "Assets/Settings/Empty.asset").read_bytes() == b""
