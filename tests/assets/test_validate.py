"""`asset.validate`: each kind of GUID/reference problem is told apart, with a severity that fits it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.assets.conftest import GARDEN, GRASS, LANTERN, LANTERN_GUID, all_pages, output
from tests.fixturepaths import fixture_project
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool

# Grass.mat's shader and the URP assets' scripts live in packages the sample project does not contain.
SAMPLE_PACKAGE_GUIDS = ["933532a4fcc9baf4fa0491de14d08ed7", "bf2edee5c58d82540a51f03df9d42094",
                        "d0353a89b1f911e48b9e16bdc9f2e058", "de640fe3d0db1804a85f9fc8f5cadab6"]


def test_the_sample_project_is_clean_with_only_package_guids_unresolved(sample: Path) -> None:
    report = output(sample, "asset.validate", {})
    assert (report["clean"], report["counts"], report["severities"]) == (True, {"missing-guid": 4}, {"warning": 4})
    assert [i["guid"] for i in report["issues"]] == SAMPLE_PACKAGE_GUIDS


def test_a_copied_meta_is_a_duplicate_guid_error(sample: Path) -> None:
    shutil.copy(sample / LANTERN, sample / "Assets/Prefabs/Lantern 2.prefab")
    shutil.copy(sample / (LANTERN + ".meta"), sample / "Assets/Prefabs/Lantern 2.prefab.meta")
    report = output(sample, "asset.validate", {"kinds": ["duplicate-guid"]})
    assert report["clean"] is False
    assert report["issues"] == [{
        "kind": "duplicate-guid", "severity": "error", "path": "Assets/Prefabs/Lantern 2.prefab",
        "guid": LANTERN_GUID, "family": None, "paths": ["Assets/Prefabs/Lantern 2.prefab", LANTERN],
        "referrers": None,
        "message": f"2 metas claim guid {LANTERN_GUID}; Unity keeps one and re-assigns the rest"}]


def test_a_referenced_text_asset_without_its_file_is_an_error_but_a_script_is_a_warning(sample: Path) -> None:
    (sample / GRASS).unlink()
    (sample / "Assets/Scenes/Garden.cs.meta").write_text("fileFormatVersion: 2\nguid: " + "b" * 32 + "\n")
    (sample / "Assets/Scenes/Notes.txt").write_text("no meta\n")
    report = output(sample, "asset.validate", {})
    kinds = {(i["kind"], i["severity"], i["path"]) for i in report["issues"] if i["path"]}
    assert kinds == {("dangling-reference", "error", GRASS), ("meta-without-asset", "warning", GRASS),
                     ("meta-without-asset", "info", "Assets/Scenes/Garden.cs"),
                     ("asset-without-meta", "warning", "Assets/Scenes/Notes.txt")}
    (dangling,) = [i for i in report["issues"] if i["kind"] == "dangling-reference"]
    assert [r["path"] for r in dangling["referrers"]] == [LANTERN, GARDEN]
    assert report["clean"] is False


def test_chicken_defense_tells_dropped_code_and_binaries_from_missing_unity_assets() -> None:
    root = fixture_project("chicken-defense")
    report = output(root, "asset.validate", {"kinds": ["meta-without-asset"], "limit": 5000})
    metas = sorted(p.relative_to(root).as_posix()[:-5] for p in root.rglob("*.meta"))
    missing = [p for p in metas if not (root / p).exists()]
    assert sorted(i["path"] for i in report["issues"]) == missing
    by_path = {i["path"]: (i["family"], i["severity"]) for i in report["issues"]}
    assert by_path["Assets/LlamAcademy/ChickenDefense/Scenes/Game/NavMesh-World.asset"] == ("unity-text", "warning")
    # The fixture now carries every C# script, but still drops shader graphs and UI documents (code) and binaries.
    assert by_path["Assets/LlamAcademy/ChickenDefense/Shaders/ClickEffect.shadergraph"] == ("code", "info")
    assert {family for family, severity in by_path.values() if severity == "info"} == {"code", "binary"}
    assert not [path for path in by_path if path.endswith(".cs")]
    physics = fixture_project("EntityComponentSystemSamples/PhysicsSamples")
    dropped = output(physics, "asset.validate", {"kinds": ["meta-without-asset"], "path": "Assets/11. Planet Gravity",
                                                 "limit": 500})
    scripts = {i["path"]: (i["family"], i["severity"]) for i in dropped["issues"]}
    assert scripts["Assets/11. Planet Gravity/Scripts/PlanetGravityAuthoring.cs"] == ("code", "info")


def test_validate_pages_and_filters_by_path() -> None:
    root = fixture_project("chicken-defense")
    # The whole list in one answer is over the answer budget; in process it can be had whole to compare pages.
    whole = run_tool(Session(project_arg=str(root)).prepare("asset.validate"), {"limit": 5000},
                     RunOptions(fit_budget=False)).output
    assert all_pages(root, "asset.validate", {"limit": 50}, "issues") == whole["issues"]
    under = output(root, "asset.validate", {"path": "Assets/LlamAcademy/ChickenDefense/Shaders", "limit": 5000})
    assert under["total"] > 0 and under["total"] < whole["total"]
    assert all(i["path"].startswith("Assets/LlamAcademy/ChickenDefense/Shaders/") or any(
        r["path"].startswith("Assets/LlamAcademy/ChickenDefense/Shaders/") for r in i["referrers"] or [])
        for i in under["issues"])
