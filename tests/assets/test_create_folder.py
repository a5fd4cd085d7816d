"""`asset.create-folder`: a folder below Assets/ gets the folder .meta the Editor writes, its missing parents too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import failure, output, snapshot
from tests.indexes.projectcopies import writable_copy
from unitycli.testing import assert_dry_run_matches_commit

# chicken-defense/Assets/UI Toolkit.meta (2022.3) and minigolf/Assets/Polybrush Data/Brush Settings.meta (6000.0)
FOLDER_META = re.compile(r"fileFormatVersion: 2\nguid: ([0-9a-f]{32})\nfolderAsset: yes\nDefaultImporter:\n"
                         r"  externalObjects: \{\}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")


@pytest.mark.parametrize("name", ["chicken-defense", "minigolf"])
def test_a_nested_folder_is_created_with_a_folder_meta_for_each_missing_level(tmp_path: Path, name: str) -> None:
    project = writable_copy(name, tmp_path / name)
    before = snapshot(project)
    issues_before = output(project, "asset.validate", {"limit": 5000})["counts"]
    result = assert_dry_run_matches_commit(project, "asset.create-folder", {"folder": "Assets/Art/Props"}).output
    after = snapshot(project)
    assert set(after) - set(before) == {"Assets/Art.meta", "Assets/Art/Props.meta"}
    assert all(after[p] == data for p, data in before.items())
    guids = [FOLDER_META.fullmatch(after[f"{f}.meta"].decode()).group(1) for f in ("Assets/Art", "Assets/Art/Props")]
    assert result["created"] == [{"folder": "Assets/Art", "guid": guids[0]},
                                 {"folder": "Assets/Art/Props", "guid": guids[1]}]
    assert result["guid"] == guids[1] and guids[0] != guids[1]
    assert (project / "Assets/Art/Props").is_dir()
    assert output(project, "asset.validate", {"limit": 5000})["counts"] == issues_before


def test_a_folder_under_an_existing_one_creates_only_itself(sample: Path) -> None:
    result = output(sample, "asset.create-folder", {"folder": "Assets/Materials/Bark"})
    assert [c["folder"] for c in result["created"]] == ["Assets/Materials/Bark"]


@pytest.mark.parametrize(("folder", "code"), [
    ("Assets/Materials", "E_ASSET_OUTPUT_EXISTS"),
    ("Assets/materials", "E_ASSET_OUTPUT_EXISTS"),  # Unity's paths ignore case
    ("Assets/Materials/Grass.mat", "E_ASSET_OUTPUT_EXISTS"),
    ("Assets", "E_ASSET_PATH_INVALID"),
    ("ProjectSettings/Art", "E_ASSET_PATH_INVALID"),
    ("Packages/com.acme.tools/Art", "E_ASSET_PATH_INVALID"),
    ("Assets/Art:Props", "E_ASSET_PATH_INVALID"),
    ("Assets/.hidden", "E_ASSET_PATH_INVALID"),
    ("Assets/Art/Grass.mat.meta", "E_ASSET_PATH_INVALID"),
    ("../Outside", "E_PATH_OUTSIDE_PROJECT"),
    ("Assets/Materials/Grass.mat/Sub", "E_PATH_NOT_A_FILE"),
    # A second Materials folder on Linux, the same one on Windows and macOS: refused, not created beside it.
    ("Assets/materials/Bark", "E_ASSET_PATH_INVALID"),
    ("Assets/MATERIALS/Bark/Moss", "E_ASSET_PATH_INVALID"),
    ("Assets/x~", "E_ASSET_PATH_INVALID"),
    ("Assets/CON", "E_ASSET_PATH_INVALID"),
    ("Assets/Art.", "E_ASSET_PATH_INVALID"),
])
def test_bad_folders_are_refused_with_a_catalogued_code_and_nothing_written(sample: Path, folder: str,
                                                                            code: str) -> None:
    before = snapshot(sample)
    assert failure(sample, "asset.create-folder", {"folder": folder}).code == code
    assert snapshot(sample) == before


def test_a_folder_spelled_with_another_case_names_the_existing_one(sample: Path) -> None:
    error = failure(sample, "asset.create-folder", {"folder": "Assets/materials/Bark"})
    assert error.details["reason"] == ("Assets/materials differs only in case from the existing Assets/Materials, "
                                       "which Windows and macOS treat as the same path")
    assert [(a.tool, dict(a.arguments)) for a in error.next_actions] == [  # the same call, spelled as the folder is
        ("asset.create-folder", {"folder": "Assets/Materials/Bark"})]
