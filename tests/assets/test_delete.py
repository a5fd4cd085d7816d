"""`asset.delete`: deletes with the .meta, and refuses while anything still references the asset."""

from __future__ import annotations

from pathlib import Path

from tests.assets.conftest import GARDEN, LANTERN, LANTERN_GUID, failure, output, run, snapshot

FOX_MAT = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Fox/Model/Fox.mat"


def test_a_referenced_prefab_is_not_deleted_and_its_referrers_are_listed(sample: Path) -> None:
    before = snapshot(sample)
    error = failure(sample, "asset.delete", {"file": LANTERN})
    assert error.code == "E_ASSET_REFERENCED"
    text = (sample / GARDEN).read_text()
    assert error.details == {"path": LANTERN, "referrers": [
        {"path": GARDEN, "asset": LANTERN, "guid": LANTERN_GUID, "count": text.count(LANTERN_GUID)}]}
    assert snapshot(sample) == before


def test_force_deletes_both_files_and_validate_then_reports_the_missing_guid(sample: Path) -> None:
    before = snapshot(sample)
    deleted = output(sample, "asset.delete", {"file": LANTERN, "force": True})
    assert deleted["deleted"] == [LANTERN, LANTERN + ".meta"]
    assert deleted["guid"] == LANTERN_GUID
    assert [r["path"] for r in deleted["danglingReferrers"]] == [GARDEN]
    assert set(before) - set(snapshot(sample)) == {LANTERN, LANTERN + ".meta"}
    report = output(sample, "asset.validate", {"kinds": ["missing-guid"]})
    (issue,) = [i for i in report["issues"] if i["guid"] == LANTERN_GUID]
    assert issue["referrers"] == [{"path": GARDEN, "count": (sample / GARDEN).read_text().count(LANTERN_GUID)}]


def test_an_unreferenced_chicken_defense_material_is_deleted_after_a_dry_run_shows_it(chicken: Path) -> None:
    before = snapshot(chicken)
    preview = run(chicken, "asset.delete", {"file": FOX_MAT}, dry_run=True)
    assert preview.planned_effects["deleted"] == [FOX_MAT, FOX_MAT + ".meta"]
    assert preview.planned_effects["created"] == preview.planned_effects["modified"] == []
    assert snapshot(chicken) == before
    result = run(chicken, "asset.delete", {"file": FOX_MAT})
    assert result.output["danglingReferrers"] == []
    after = snapshot(chicken)
    assert set(before) - set(after) == {FOX_MAT, FOX_MAT + ".meta"}
    assert all(after[p] == before[p] for p in after)


def test_a_folder_is_deleted_whole_when_only_its_own_files_reference_each_other(sample: Path) -> None:
    # Lantern.prefab references Grass.mat; deleting both in one folder leaves no outside referrer except Garden.
    error = failure(sample, "asset.delete", {"file": "Assets/Prefabs"})
    assert {r["path"] for r in error.details["referrers"]} == {GARDEN}
    output(sample, "asset.move", {"file": "Assets/Materials/Grass.mat", "destination": "Assets/Kit/Grass.mat"})
    output(sample, "asset.move", {"file": LANTERN, "destination": "Assets/Kit/Lantern.prefab"})
    referrers = {r["path"] for r in failure(sample, "asset.delete", {"file": "Assets/Kit"}).details["referrers"]}
    assert referrers == {GARDEN}  # Lantern's use of Grass does not count: both go
    deleted = output(sample, "asset.delete", {"file": "Assets/Kit", "force": True})
    assert deleted["deleted"] == ["Assets/Kit/Grass.mat", "Assets/Kit/Grass.mat.meta", "Assets/Kit/Lantern.prefab",
                                  "Assets/Kit/Lantern.prefab.meta", "Assets/Kit.meta"]
    assert (deleted["removedFolders"], deleted["leftoverFolders"]) == (["Assets/Kit"], [])
    assert not (sample / "Assets/Kit").exists()


def test_delete_names_bad_targets_precisely(sample: Path) -> None:
    assert failure(sample, "asset.delete", {"file": "Assets"}).code == "E_ASSET_PATH_INVALID"
    assert failure(sample, "asset.delete", {"file": "Assets/Nope.mat"}).code == "E_ASSET_NOT_FOUND"
    assert failure(sample, "asset.delete", {"file": LANTERN, "force": True,
                                            "expectedRevision": "sha256:" + "1" * 64}).code == "E_STALE_WRITE"
