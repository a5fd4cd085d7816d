"""`asset.duplicate`: a copy with a new GUID; inside a copied folder, references between its files follow the copies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import GARDEN, GRASS, GRASS_GUID, LANTERN, failure, output, snapshot
from tests.indexes.projectcopies import meta_guid_of, writable_copy
from unitycli.testing import assert_dry_run_matches_commit, changed_lines

EGG_MAT = "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat"
CHICKEN = "Assets/LlamAcademy/ChickenDefense/Units/Chicken"
MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
GUID = re.compile(r"guid: ([0-9a-f]{32})")


def _meta_differs_only_in_guid(project: Path, source: str, copy: str) -> None:
    old, new = (project / f"{source}.meta").read_text(), (project / f"{copy}.meta").read_text()
    assert changed_lines(old, new) == [(f"guid: {meta_guid_of(project / f'{source}.meta')}",
                                        f"guid: {meta_guid_of(project / f'{copy}.meta')}")]


def test_duplicating_a_chicken_defense_material_names_it_egg_1_with_a_new_guid(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    before = snapshot(project)
    counts = output(project, "asset.validate", {"limit": 5000})["counts"]
    result = assert_dry_run_matches_commit(project, "asset.duplicate", {"file": EGG_MAT}).output
    copy = EGG_MAT.replace("Egg.mat", "Egg 1.mat")
    assert (result["destination"], result["isFolder"], "createdFolders" in result) == (copy, False, False)
    # As the Editor names it: the copy's material is `Egg 1` (the one changed line), its meta a new GUID.
    assert changed_lines(before[EGG_MAT].decode(), (project / copy).read_text()) == [("  m_Name: Egg", "  m_Name: Egg 1")]
    assert result["renamedObject"] == {"fileID": 2100000}
    _meta_differs_only_in_guid(project, EGG_MAT, copy)
    assert result["guid"] == meta_guid_of(project / f"{copy}.meta") != meta_guid_of(project / f"{EGG_MAT}.meta")
    assert set(snapshot(project)) - set(before) == {copy, copy + ".meta"}
    assert output(project, "asset.validate", {"limit": 5000})["counts"] == counts
    # The next copy takes the next free number, and a numbered copy counts on from its number.
    assert output(project, "asset.duplicate", {"file": EGG_MAT})["destination"].endswith("/Egg 2.mat")
    assert output(project, "asset.duplicate", {"file": copy})["destination"].endswith("/Egg 3.mat")


def test_a_minigolf_scene_copy_is_byte_identical_under_a_new_guid(tmp_path: Path) -> None:
    project = writable_copy("minigolf", tmp_path / "minigolf")
    result = assert_dry_run_matches_commit(project, "asset.duplicate", {
        "file": MAIN_MENU, "destination": "Assets/Levels/Menu Copy.unity"}).output
    assert result["createdFolders"] == ["Assets/Levels"]
    assert (project / "Assets/Levels/Menu Copy.unity").read_bytes() == (project / MAIN_MENU).read_bytes()
    _meta_differs_only_in_guid(project, MAIN_MENU, "Assets/Levels/Menu Copy.unity")
    assert (result["remappedReferences"], "copied" in result) == (0, False)  # fileID-only references are internal


def test_a_copied_folder_references_its_own_copies_and_keeps_outside_references(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    counts = output(project, "asset.validate", {"limit": 5000})["counts"]
    result = assert_dry_run_matches_commit(project, "asset.duplicate", {"file": CHICKEN}).output
    copy = CHICKEN + " 1"
    assert result["destination"] == copy and result["isFolder"]
    metas = sorted((project / CHICKEN).rglob("*.meta"))
    # The fixture keeps the metas of binaries it dropped (model, textures, sounds) but not the binaries: those 13
    # metas are not copied (Unity deletes a meta without its asset).
    lone = [m.relative_to(project).as_posix() for m in metas if not m.with_suffix("").exists()]
    assert len(lone) == 13 and result["skippedMetas"] == lone
    old_guids = {meta_guid_of(m): m.relative_to(project).as_posix()[:-5] for m in metas if m.with_suffix("").exists()}
    new_guids = {meta_guid_of(m): m.relative_to(project).as_posix()[:-5] for m in (project / copy).rglob("*.meta")}
    assert len(new_guids) == len(old_guids) == 19 and not set(new_guids) & set(old_guids)
    assert meta_guid_of(project / f"{copy}.meta") != meta_guid_of(project / f"{CHICKEN}.meta")
    assert sum(c["remappedReferences"] for c in result["copied"]) == result["remappedReferences"] == 15  # 13 before
    assert [c["destination"] for c in result["copied"]][:2] == [copy + "/Behaviors/Chicken.cs",
                                                                copy + "/Behaviors/Egg.cs"]
    prefab = (project / copy / "Chicken.prefab").read_text()
    original = (project / CHICKEN / "Chicken.prefab").read_text()
    for old, new in changed_lines(original, prefab):  # only GUIDs of the folder's own files changed
        old_guid, new_guid = GUID.search(old).group(1), GUID.search(new).group(1)
        assert old.replace(old_guid, new_guid) == new
        assert new_guids[new_guid] == copy + old_guids[old_guid][len(CHICKEN):]
    assert len(changed_lines(original, prefab)) == 11  # with the m_Script of the copied Chicken.cs
    assert not set(GUID.findall(prefab)) & set(old_guids)  # nothing inside still points at the originals
    assert output(project, "asset.validate", {"limit": 5000})["counts"] == counts


def test_a_file_naming_its_own_guid_points_at_the_copy(sample: Path) -> None:
    # Hand-written edge case (no fixture file references its own GUID): a ScriptableObject-style asset whose
    # fields name a sub-object of itself by GUID (once wrapped as Unity wraps long flow mappings), beside a
    # reference to another asset that must stay.
    asset = sample / "Assets/Materials/Palette.asset"
    own = "3c5e8d0b7a1f4e2d9c6b5a4f3e2d1c0b"
    asset.write_text(f"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n"
                     f"  m_Name: Palette\n  self: {{fileID: 11400000, guid: {own}, type: 2}}\n"
                     f"  grass: {{fileID: 2100000, guid: {GRASS_GUID}, type: 2}}\n"
                     f"  wrapped: {{fileID: 11400000, guid:\n    {own}, type: 2}}\n")
    (sample / "Assets/Materials/Palette.asset.meta").write_text(
        f"fileFormatVersion: 2\nguid: {own}\nNativeFormatImporter:\n  externalObjects: {{}}\n"
        "  mainObjectFileID: 11400000\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
    result = output(sample, "asset.duplicate", {"file": "Assets/Materials/Palette.asset"})
    copy = (sample / "Assets/Materials/Palette 1.asset").read_text()
    assert changed_lines(asset.read_text(), copy) == [
        ("  m_Name: Palette", "  m_Name: Palette 1"),
        (f"  self: {{fileID: 11400000, guid: {own}, type: 2}}",
         f"  self: {{fileID: 11400000, guid: {result['guid']}, type: 2}}"),
        (f"    {own}, type: 2}}", f"    {result['guid']}, type: 2}}")]
    assert (result["remappedReferences"], "copied" in result) == (2, False)


@pytest.mark.parametrize(("payload", "code"), [
    ({"file": GRASS, "destination": "Assets/Scenes/Garden.unity"}, "E_ASSET_PATH_INVALID"),  # another extension
    ({"file": GRASS, "destination": LANTERN}, "E_ASSET_PATH_INVALID"),
    ({"file": GRASS, "destination": GRASS}, "E_ASSET_PATH_INVALID"),
    ({"file": "Assets/Prefabs", "destination": "Assets/Prefabs/Inner"}, "E_ASSET_PATH_INVALID"),
    ({"file": GRASS, "destination": "Assets/Materials/grass.mat"}, "E_ASSET_OUTPUT_EXISTS"),  # Unity ignores case
    ({"file": GARDEN, "destination": "Assets/Scenes/Credits.unity"}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": GARDEN, "destination": "Assets/Scenes/credits.unity"}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": "Assets/Materials/Moss.mat"}, "E_ASSET_NOT_FOUND"),
    ({"file": GRASS, "destination": "ProjectSettings/Grass.mat"}, "E_ASSET_PATH_INVALID"),
    ({"file": GRASS, "destination": "../Grass.mat"}, "E_PATH_OUTSIDE_PROJECT"),
    ({"file": GRASS + ".meta"}, "E_ASSET_PATH_INVALID"),
    ({"file": GRASS, "destination": "Assets/MATERIALS/Grass 2.mat"}, "E_ASSET_PATH_INVALID"),  # Materials, in case
    ({"file": "Assets/Prefabs", "destination": "Assets/prefabs/Inner"}, "E_ASSET_PATH_INVALID"),  # into itself
])
def test_bad_copies_are_refused_with_a_catalogued_code_and_nothing_written(sample: Path, payload: dict,
                                                                           code: str) -> None:
    before = snapshot(sample)
    assert failure(sample, "asset.duplicate", payload).code == code
    assert snapshot(sample) == before


def test_an_asset_without_meta_or_an_lfs_pointer_is_not_copied(sample: Path) -> None:
    (sample / "Assets/Materials/Loose.mat").write_bytes((sample / GRASS).read_bytes())
    before = snapshot(sample)
    assert failure(sample, "asset.duplicate", {"file": "Assets/Materials/Loose.mat"}).code == "E_ASSET_PATH_INVALID"
    assert failure(sample, "asset.duplicate", {"file": "Assets/Materials"}).code == "E_ASSET_PATH_INVALID"
    assert snapshot(sample) == before
    (sample / "Assets/Materials/Loose.mat").unlink()
    (sample / GARDEN).write_text("version https://git-lfs.github.com/spec/v1\noid sha256:"
                                 + "a" * 64 + "\nsize 1234\n")
    before = snapshot(sample)
    assert failure(sample, "asset.duplicate", {"file": GARDEN}).code == "E_ASSET_LFS_POINTER"
    assert failure(sample, "asset.duplicate", {"file": "Assets/Scenes"}).code == "E_ASSET_LFS_POINTER"
    assert snapshot(sample) == before


def _text_asset(sample: Path, path: str, guid: str) -> None:
    # Hand-written edge case: no fixture holds two metas with one GUID (a file copied outside Unity, meta and all).
    (sample / path).write_text("notes\n")
    (sample / f"{path}.meta").write_text(f"fileFormatVersion: 2\nguid: {guid}\nTextScriptImporter:\n"
                                         "  externalObjects: {}\n  userData: \n  assetBundleName: \n"
                                         "  assetBundleVariant: \n")


@pytest.mark.parametrize("where", ["Assets/Materials/Notes.txt", "Assets/Scenes/Notes.txt"])
def test_an_asset_whose_guid_another_claims_is_not_copied(sample: Path, where: str) -> None:
    _text_asset(sample, "Assets/Materials/Notes Copy.txt", "7" * 32)
    _text_asset(sample, where.replace("Notes", "Notes 0"), "7" * 32)  # in the copied folder, or outside it
    before = snapshot(sample)
    error = failure(sample, "asset.duplicate", {"file": "Assets/Materials"})
    assert error.code == "E_ASSET_GUID_DUPLICATE"
    assert error.details == {"guid": "7" * 32, "paths": sorted(["Assets/Materials/Notes Copy.txt",
                                                                where.replace("Notes", "Notes 0")])}
    assert snapshot(sample) == before
