"""`asset.info`: identity of one asset from its meta and file, on the sample project and real 2022.3/Unity 6 files."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.assets.conftest import LANTERN, LANTERN_GUID, failure, output
from tests.fixturepaths import fixture_project


def test_the_sample_prefab_has_its_guid_importer_type_size_and_revision(sample: Path) -> None:
    data = (sample / LANTERN).read_bytes()
    meta = (sample / (LANTERN + ".meta")).read_bytes()
    info = output(sample, "asset.info", {"guid": LANTERN_GUID})
    assert info == {
        "file": LANTERN, "guid": LANTERN_GUID, "isFolder": False, "hasFile": True, "hasMeta": True,
        "family": "unity-text", "importer": "PrefabImporter", "labels": [],
        "mainObject": {"type": "GameObject", "classId": None, "fileID": None, "scriptClass": None,
                       "scriptGuid": None},
        "size": len(data), "lfsPointer": False, "external": False,
        "revision": "sha256:" + hashlib.sha256(data).hexdigest(),
        "metaRevision": "sha256:" + hashlib.sha256(meta).hexdigest(),
    }


def test_a_scriptable_object_names_its_script_class_from_the_script_meta() -> None:
    root = fixture_project("chicken-defense")
    info = output(root, "asset.info", {"file": "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Chicken.asset"})
    assert info["importer"] == "NativeFormatImporter"
    assert info["mainObject"] == {"type": "MonoBehaviour", "classId": 114, "fileID": 11400000,
                                  "scriptClass": "UnitSO", "scriptGuid": "57f2f717068346fbaf05a21b62f88c69"}


def test_an_old_meta_without_main_object_id_falls_back_to_unitys_numbering() -> None:
    root = fixture_project("chicken-defense")
    path = "Assets/Settings/URP-HighFidelity.asset"
    assert "mainObjectFileID: 0\n" in (root / (path + ".meta")).read_text()
    info = output(root, "asset.info", {"file": path})
    # URP's script lives in the package cache, which the fixture does not have: class unknown, GUID known.
    assert info["mainObject"] == {"type": "MonoBehaviour", "classId": 114, "fileID": 11400000,
                                  "scriptClass": None, "scriptGuid": "bf2edee5c58d82540a51f03df9d42094"}


def test_labels_and_a_dropped_binary_are_reported_from_the_meta() -> None:
    root = fixture_project("physics-samples")
    info = output(root, "asset.info", {"file": "Assets/Tests/Character/character-humanoid.fbx"})
    assert info["labels"] == ["Biped", "Ragdoll", "Character", "Physics", "Editor", "Extensions", "Quadruped",
                              "Tetrapod", "Animation", "Mecanim", "Creature"]
    assert (info["importer"], info["hasFile"], info["size"]) == ("ModelImporter", False, None)
    assert (info["family"], info["mainObject"]["type"]) == ("binary", "GameObject")


def test_a_folder_and_bad_names_are_answered_precisely(sample: Path) -> None:
    folder = output(sample, "asset.info", {"file": "Assets/Prefabs/"})
    assert (folder["isFolder"], folder["family"], folder["mainObject"]["type"], folder["size"]) == (
        True, "folder", "Folder", None)
    assert failure(sample, "asset.info", {"file": "Assets/Nope.prefab"}).code == "E_ASSET_NOT_FOUND"
    assert failure(sample, "asset.info", {"guid": "0" * 32}).code == "E_ASSET_NOT_FOUND"
    assert failure(sample, "asset.info", {"file": LANTERN + ".meta"}).code == "E_ASSET_PATH_INVALID"
    assert failure(sample, "asset.info", {"file": LANTERN, "guid": LANTERN_GUID}).code == "E_SCHEMA_INVALID"
    assert failure(sample, "asset.info", {"file": "../outside.prefab"}).code == "E_PATH_OUTSIDE_PROJECT"
