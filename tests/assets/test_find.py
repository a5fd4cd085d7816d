"""`asset.find` on real projects: by name glob, type, folder and GUID, paged without losing anything."""

from __future__ import annotations

from pathlib import Path

from tests.assets.conftest import GRASS, GRASS_GUID, LANTERN, LANTERN_GUID, all_pages, failure, output
from tests.fixturepaths import fixture_project


def test_a_name_glob_finds_the_sample_prefab_with_its_guid_and_type(sample: Path) -> None:
    found = output(sample, "asset.find", {"name": "*.PREFAB"})
    assert found == {"total": 1, "nextCursor": None, "assets": [{
        "path": LANTERN, "guid": LANTERN_GUID, "type": "GameObject", "isFolder": False, "hasFile": True,
        "hasMeta": True, "external": False}]}


def test_type_aliases_and_folders_narrow_the_sample_project(sample: Path) -> None:
    assert [a["path"] for a in output(sample, "asset.find", {"type": "Prefab"})["assets"]] == [LANTERN]
    assert [a["path"] for a in output(sample, "asset.find", {"type": "scene"})["assets"]] == [
        "Assets/Scenes/Credits.unity", "Assets/Scenes/Garden.unity"]
    assert [a["path"] for a in output(sample, "asset.find", {"type": "ScriptableObject"})["assets"]] == [
        "Assets/Settings/URP-Renderer.asset", "Assets/Settings/URP.asset"]
    assert [a["path"] for a in output(sample, "asset.find", {"type": "Folder"})["assets"]] == [
        "Assets/Materials", "Assets/Prefabs", "Assets/Scenes", "Assets/Settings"]
    assert [a["path"] for a in output(sample, "asset.find", {"folder": "Assets/Materials/"})["assets"]] == [GRASS]


def test_a_guid_finds_exactly_its_asset(sample: Path) -> None:
    assert output(sample, "asset.find", {"guid": GRASS_GUID.upper()})["assets"][0]["path"] == GRASS


def test_every_chicken_defense_material_is_found_and_pages_add_up_to_the_whole() -> None:
    root = fixture_project("chicken-defense")
    expected = sorted(p.relative_to(root).as_posix() for p in root.glob("Assets/**/*.mat"))
    assert len(expected) == 26
    whole = output(root, "asset.find", {"type": "Material"})
    assert [a["path"] for a in whole["assets"]] == expected
    paged = all_pages(root, "asset.find", {"type": "Material", "limit": 7}, "assets")
    assert paged == whole["assets"]


def test_scripts_whose_file_was_dropped_are_found_by_their_meta() -> None:
    # PhysicsSamples keeps the script's .cs.meta but not the script.
    root = fixture_project("EntityComponentSystemSamples/PhysicsSamples")
    found = output(root, "asset.find", {"name": "PlanetGravityAuthoring.cs"})["assets"]
    assert found == [{"path": "Assets/11. Planet Gravity/Scripts/PlanetGravityAuthoring.cs",
                      "guid": "9874b20242f5c714bba12fd9805378fa", "type": "MonoScript", "isFolder": False,
                      "hasFile": False, "hasMeta": True, "external": False}]
    assert output(root, "asset.find", {"name": "PlanetGravityAuthoring.cs", "includeMissing": False})["total"] == 0


def test_a_script_beside_its_meta_is_found_with_its_file() -> None:
    root = fixture_project("chicken-defense")
    found = output(root, "asset.find", {"name": "UnitSO.cs"})["assets"]
    assert found == [{"path": "Assets/LlamAcademy/ChickenDefense/Units/UnitSO.cs",
                      "guid": "57f2f717068346fbaf05a21b62f88c69", "type": "MonoScript", "isFolder": False,
                      "hasFile": True, "hasMeta": True, "external": False}]
    assert output(root, "asset.find", {"name": "UnitSO.cs", "includeMissing": False})["total"] == 1


def test_a_cursor_from_another_query_is_refused(sample: Path) -> None:
    cursor = output(sample, "asset.find", {"limit": 1})["nextCursor"]
    error = failure(sample, "asset.find", {"limit": 1, "name": "*.mat", "cursor": cursor})
    assert error.code == "E_SCHEMA_INVALID"
    assert error.details["errors"][0]["path"] == "cursor"


def test_a_local_file_package_outside_the_project_is_found_and_read_but_marked_external() -> None:
    # cinemachine's Projects/URP depends on `file:../../../com.unity.cinemachine`.
    root = fixture_project("com.unity.cinemachine/Projects/URP")
    cm_camera = "f9dfa5b682dcd46bda6128250e975f58"
    (found,) = output(root, "asset.find", {"guid": cm_camera})["assets"]
    assert found == {"path": "Packages/com.unity.cinemachine/Runtime/Behaviours/CinemachineCamera.cs",
                     "guid": cm_camera, "type": "MonoScript", "isFolder": False, "hasFile": True,
                     "hasMeta": True, "external": True}
    info = output(root, "asset.info", {"guid": cm_camera})
    assert (info["importer"], info["external"], info["family"]) == ("MonoImporter", True, "code")
