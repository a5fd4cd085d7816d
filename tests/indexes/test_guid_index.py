"""GUID <-> path on real projects: Assets, embedded packages, `file:` packages outside the project, health facts."""

from __future__ import annotations

import os
from pathlib import Path

from tests.fixturepaths import fixture_path, fixture_project
from tests.indexes.projectcopies import meta_guid_of
from unitycli.indexes import DuplicateGuid, ProjectIndex

URP_ASSET_GUID = "7b7fd9122c28c4d15b667c7040e3b3fd"


def test_the_urp_asset_guid_of_chicken_defense_resolves_to_its_asset_file() -> None:
    root = fixture_project("chicken-defense")
    assert meta_guid_of(root / "Assets/Settings/URP-HighFidelity.asset.meta") == URP_ASSET_GUID
    with ProjectIndex.open(root) as index:
        assert index.path_for_guid(URP_ASSET_GUID) == "Assets/Settings/URP-HighFidelity.asset"
        assert index.guid_for_path("Assets/Settings/URP-HighFidelity.asset") == URP_ASSET_GUID
        assert index.guid_for_path(root / "Assets/Settings/URP-HighFidelity.asset") == URP_ASSET_GUID
        assert index.path_for_guid("0" * 32) is None


def test_folder_metas_are_indexed() -> None:
    root = fixture_project("chicken-defense")
    folder_guid = meta_guid_of(root / "Assets/Settings.meta")
    with ProjectIndex.open(root) as index:
        assert index.path_for_guid(folder_guid) == "Assets/Settings"
        assert index.guid_for_path("Assets/Settings/") == folder_guid


def test_an_embedded_package_of_the_vfx_samples_is_indexed_under_its_package_name() -> None:
    root = fixture_project("vfx-samples")
    prefab = "Packages/net.peeweek.game-options/Prefabs/GameOptionEntry.prefab"
    guid = meta_guid_of(root / (prefab + ".meta"))
    with ProjectIndex.open(root) as index:
        assert index.path_for_guid(guid) == prefab
        assert index.real_path(prefab) == root / prefab
        variant = "Packages/net.peeweek.game-options/Prefabs/GameOptionEntryBool Variant.prefab"
        assert variant in [r.path for r in index.referrers(guid)]


def test_a_local_file_package_outside_the_project_gets_its_logical_packages_path() -> None:
    # cinemachine Projects/URP: "com.unity.cinemachine": "file:../../../com.unity.cinemachine"
    root = fixture_project("com.unity.cinemachine/Projects/URP")
    package = fixture_path("com.unity.cinemachine/com.unity.cinemachine")
    guid = meta_guid_of(package / "Runtime/Core.meta")
    with ProjectIndex.open(root) as index:
        assert index.path_for_guid(guid) == "Packages/com.unity.cinemachine/Runtime/Core"
        assert index.real_path("Packages/com.unity.cinemachine/Runtime/Core") == package / "Runtime/Core"
        # `Samples~` ends with `~`: Unity never imports it, so its metas are not in the index.
        sample_meta = next((package / "Samples~").rglob("*.unity.meta"))
        assert index.path_for_guid(meta_guid_of(sample_meta)) is None


def test_a_guid_shared_by_two_bitesize_projects_is_not_a_duplicate_within_either() -> None:
    prefab = "Assets/StarterAssets/ThirdPersonController/Prefabs/PlayerFollowCamera.prefab"
    projects = [fixture_project(f"com.unity.multiplayer.samples.bitesize/{name}")
                for name in ("Basic/ClientDriven", "Experimental/DedicatedGameServer")]
    guids = {meta_guid_of(project / (prefab + ".meta")) for project in projects}
    assert guids == {"a1a802ecaf6775746bb2a929fb554ad8"}
    for project in projects:
        with ProjectIndex.open(project) as index:
            assert index.duplicate_guids() == []
            assert index.path_for_guid("a1a802ecaf6775746bb2a929fb554ad8") == prefab


def test_a_copied_meta_is_reported_as_a_duplicate_guid(chicken_copy: Path) -> None:
    original = chicken_copy / "Assets/Settings/URP-HighFidelity.asset.meta"
    (chicken_copy / "Assets/Settings/Copy.asset.meta").write_bytes(original.read_bytes())
    with ProjectIndex.open(chicken_copy) as index:
        assert index.duplicate_guids() == [DuplicateGuid(URP_ASSET_GUID, (
            "Assets/Settings/Copy.asset", "Assets/Settings/URP-HighFidelity.asset"))]
        assert index.path_for_guid(URP_ASSET_GUID) == "Assets/Settings/Copy.asset"
        assert index.paths_for_guid(URP_ASSET_GUID) == ["Assets/Settings/Copy.asset",
                                                        "Assets/Settings/URP-HighFidelity.asset"]


def _independent_meta_facts(root: Path) -> tuple[list[str], list[str]]:
    """Metas without asset and assets without meta under Assets/, computed by a plain walk."""
    without_asset, without_meta = [], []
    for dirpath, dirnames, filenames in os.walk(root / "Assets"):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and not d.endswith("~")]
        names = set(filenames) | set(dirnames)
        rel = Path(dirpath).relative_to(root).as_posix()
        for name in names:
            if name.endswith(".meta"):
                if name[:-5] not in names:
                    without_asset.append(f"{rel}/{name}")
            elif not name.startswith(".") and f"{name}.meta" not in names:
                without_meta.append(f"{rel}/{name}")
    return sorted(without_asset), sorted(without_meta)


def test_metas_without_asset_and_assets_without_meta_match_a_plain_walk() -> None:
    root = fixture_project("chicken-defense")
    without_asset, without_meta = _independent_meta_facts(root)
    assert len(without_asset) == 77  # the fixture dropped textures, models, shader graphs and UI files, kept metas
    with ProjectIndex.open(root) as index:
        assert index.metas_without_asset() == without_asset
        assert index.assets_without_meta() == without_meta == []


def test_a_new_asset_without_meta_is_reported(chicken_copy: Path) -> None:
    (chicken_copy / "Assets/Notes.txt").write_text("hello\n")
    (chicken_copy / "Assets/NewFolder").mkdir()
    with ProjectIndex.open(chicken_copy) as index:
        assert index.assets_without_meta() == ["Assets/NewFolder", "Assets/Notes.txt"]


def test_metas_with_a_bom_are_read() -> None:
    root = fixture_project("minigolf")
    meta = root / "Assets/LlamAcademy/Minigolf/UI/Modals/Tutorial/HowToPlay.uxml.meta"
    assert meta.read_bytes().startswith(b"\xef\xbb\xbf")
    with ProjectIndex.open(root) as index:
        assert index.guid_for_path("Assets/LlamAcademy/Minigolf/UI/Modals/Tutorial/HowToPlay.uxml") == \
            meta_guid_of(meta)
