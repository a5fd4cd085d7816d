"""`asset.move` / `asset.rename`: the asset and its .meta move together, so the GUID and every reference survive."""

from __future__ import annotations

import re
from pathlib import Path

from tests.assets.conftest import (
    GARDEN,
    GRASS,
    LANTERN,
    LANTERN_GUID,
    failure,
    output,
    run,
    snapshot,
)
from unitycli.testing import changed_lines, moved_from

EGG = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"
EGG_GUID = "dd8ab7067ba9f3f409d236ee4ae95fea"
FOLDER_META = re.compile(r"fileFormatVersion: 2\nguid: [0-9a-f]{32}\nfolderAsset: yes\nDefaultImporter:\n"
                         r"  externalObjects: \{\}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")


def test_moving_a_chicken_defense_prefab_keeps_every_reference_resolving(chicken: Path) -> None:
    before = snapshot(chicken)
    issues_before = output(chicken, "asset.validate", {"limit": 5000})
    referrers_before = output(chicken, "asset.references", {"file": EGG})["referrers"]
    moved = output(chicken, "asset.move", {"file": EGG, "destination": "Assets/Moved/Egg.prefab"})
    assert moved["movedFiles"] == 2  # the prefab and its meta
    assert (moved["guid"], moved["createdFolders"], moved.get("replaced")) == (EGG_GUID, ["Assets/Moved"], None)
    after = snapshot(chicken)
    assert after["Assets/Moved/Egg.prefab"] == before[EGG]
    assert after["Assets/Moved/Egg.prefab.meta"] == before[EGG + ".meta"]
    assert FOLDER_META.fullmatch(after["Assets/Moved.meta"].decode())
    assert set(before) - set(after) == {EGG, EGG + ".meta"}
    assert set(after) - set(before) == {"Assets/Moved.meta", "Assets/Moved/Egg.prefab", "Assets/Moved/Egg.prefab.meta"}
    assert all(after[p] == data for p, data in before.items() if p in after)
    # The scene and the Chicken prefab still reference the same GUID, which now resolves to the new path.
    assert output(chicken, "asset.info", {"guid": EGG_GUID})["file"] == "Assets/Moved/Egg.prefab"
    assert output(chicken, "asset.references", {"guid": EGG_GUID})["referrers"] == referrers_before
    issues_after = output(chicken, "asset.validate", {"limit": 5000})
    # The same issues as before (the fixture lacks its .cs files); the prefab's own dependency on its dropped
    # Egg.cs script is now reported from the prefab's new path.
    assert issues_after["counts"] == issues_before["counts"] and issues_after["clean"] == issues_before["clean"]
    renamed = [{**i, "referrers": [{**r, "path": EGG if r["path"] == "Assets/Moved/Egg.prefab" else r["path"]}
                                   for r in i["referrers"] or []] or i["referrers"]} for i in issues_after["issues"]]
    assert renamed == issues_before["issues"]
    assert not [i for i in issues_after["issues"] if i["guid"] == EGG_GUID]


def test_a_dry_run_move_plans_the_files_and_writes_nothing(sample: Path) -> None:
    before = snapshot(sample)
    result = run(sample, "asset.move", {"file": LANTERN, "destination": "Assets/Props/Street/Lantern.prefab"},
                 dry_run=True)
    assert result.output["createdFolders"] == ["Assets/Props", "Assets/Props/Street"]
    effects = result.planned_effects
    assert effects["created"] == ["Assets/Props.meta", "Assets/Props/Street.meta"]  # the new folders' metas
    assert [(d["path"], moved_from(d)) for d in effects["diffs"][2:]] == [
        ("Assets/Props/Street/Lantern.prefab", LANTERN), ("Assets/Props/Street/Lantern.prefab.meta", LANTERN + ".meta")]
    assert effects["deleted"] == []  # the moved files are renames (git's R), not deletes
    assert effects["requiresReimport"]  # both ends of the move and the new folders (their metas are above)
    assert effects["modified"] == []
    assert snapshot(sample) == before


def test_the_sample_project_stays_clean_after_moving_its_prefab(sample: Path) -> None:
    assert output(sample, "asset.validate", {})["clean"]
    before = output(sample, "asset.validate", {})
    output(sample, "asset.move", {"file": LANTERN, "destination": "Assets/Props/Lantern.prefab"})
    assert output(sample, "asset.validate", {}) == before
    assert output(sample, "asset.dependencies", {"file": GARDEN})["dependencies"][3]["path"] == "Assets/Props/Lantern.prefab"


def test_a_taken_destination_is_refused_unless_overwrite(sample: Path) -> None:
    (sample / "Assets/Prefabs/Lamp.prefab").write_bytes(b"%YAML 1.1\n")
    (sample / "Assets/Prefabs/Lamp.prefab.meta").write_text("fileFormatVersion: 2\nguid: " + "a" * 32 + "\n")
    before = snapshot(sample)
    error = failure(sample, "asset.rename", {"file": LANTERN, "name": "Lamp"})
    assert error.code == "E_ASSET_OUTPUT_EXISTS"
    assert error.details == {"path": LANTERN, "destination": "Assets/Prefabs/Lamp.prefab",
                             "existing": "Assets/Prefabs/Lamp.prefab", "existingGuid": "a" * 32}
    # Unity's paths are case-insensitive: `lamp.PREFAB` would collide on Windows and macOS checkouts.
    assert failure(sample, "asset.move", {"file": LANTERN, "destination": "Assets/Prefabs/lamp.PREFAB"}).code == \
        "E_ASSET_OUTPUT_EXISTS"
    assert snapshot(sample) == before
    replaced = output(sample, "asset.rename", {"file": LANTERN, "name": "Lamp", "overwrite": True})
    assert replaced["replaced"] == {"path": "Assets/Prefabs/Lamp.prefab", "guid": "a" * 32, "referrers": 0}
    after = snapshot(sample)
    # The prefab's root takes the new file name, as the Editor keeps it; nothing else changes.
    assert changed_lines(before[LANTERN].decode(), after["Assets/Prefabs/Lamp.prefab"].decode()) == [
        ("  m_Name: Lantern", "  m_Name: Lamp")]
    assert after["Assets/Prefabs/Lamp.prefab.meta"] == before[LANTERN + ".meta"]
    assert LANTERN not in after and LANTERN + ".meta" not in after


def test_renaming_keeps_the_extension_and_the_guid(sample: Path) -> None:
    renamed = output(sample, "asset.rename", {"file": GRASS, "name": "Meadow"})
    assert renamed["destination"] == "Assets/Materials/Meadow.mat"
    assert output(sample, "asset.references", {"file": "Assets/Materials/Meadow.mat"})["totalFiles"] == 2


def test_moving_a_folder_moves_every_file_and_removes_the_emptied_folder(sample: Path) -> None:
    before = snapshot(sample)
    moved = output(sample, "asset.move", {"file": "Assets/Prefabs", "destination": "Assets/Props"})
    assert moved["isFolder"] is True
    assert moved["movedFiles"] == 3  # the prefab, its meta and the folder's meta
    assert (moved["removedFolders"], moved.get("leftoverFolders")) == (["Assets/Prefabs"], None)
    assert not (sample / "Assets/Prefabs").exists() and (sample / "Assets/Props").is_dir()
    after = snapshot(sample)
    assert after["Assets/Props.meta"] == before["Assets/Prefabs.meta"]
    assert output(sample, "asset.info", {"guid": LANTERN_GUID})["file"] == "Assets/Props/Lantern.prefab"


def test_bad_destinations_and_stale_revisions_are_refused_with_nothing_written(sample: Path) -> None:
    before = snapshot(sample)
    cases = [
        ({"path": LANTERN, "destination": "ProjectSettings/Lantern.prefab"}, "E_ASSET_PATH_INVALID"),
        ({"path": LANTERN, "destination": "../Lantern.prefab"}, "E_PATH_OUTSIDE_PROJECT"),
        ({"path": "Assets/Prefabs", "destination": "Assets/Prefabs/Inner"}, "E_ASSET_PATH_INVALID"),
        ({"path": "Assets/Nope.prefab", "destination": "Assets/Nope2.prefab"}, "E_ASSET_NOT_FOUND"),
        ({"path": LANTERN, "destination": "Assets/X.prefab", "expectedRevision": "sha256:" + "0" * 64},
         "E_STALE_WRITE"),
    ]
    for payload, code in cases:
        assert failure(sample, "asset.move", payload).code == code, payload
    assert failure(sample, "asset.rename", {"file": LANTERN, "name": "a/b"}).code == "E_ASSET_PATH_INVALID"
    assert snapshot(sample) == before


def test_moving_a_unity_6_materials_folder_keeps_every_material_guid_resolving(tmp_path: Path) -> None:
    from tests.indexes.projectcopies import writable_copy

    root = writable_copy("minigolf", tmp_path / "minigolf")
    source, target = "Assets/LlamAcademy/Minigolf/Materials", "Assets/LlamAcademy/Art/Materials"
    materials = output(root, "asset.find", {"folder": source, "type": "Material", "limit": 5000})["assets"]
    assert len(materials) > 5
    counts_before = output(root, "asset.validate", {})["counts"]
    moved = output(root, "asset.move", {"file": source, "destination": target})
    assert moved["createdFolders"] == ["Assets/LlamAcademy/Art"]
    for material in materials:
        info = output(root, "asset.info", {"guid": material["guid"]})
        assert info["file"] == target + material["path"][len(source):]
    # The emptied source folder goes with its meta, as in the Editor: validate finds nothing new.
    assert (moved["removedFolders"], moved.get("leftoverFolders")) == ([source], None)
    assert not (root / source).exists()
    assert output(root, "asset.validate", {})["counts"] == counts_before
