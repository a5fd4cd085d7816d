"""Every next action an asset tool suggests is a complete command that an agent can paste, and that finds something:
chicken-defense has no asset called `Egg`, but `Egg.mat` and `Egg.prefab`; a folder is referenced through the assets
inside it, not its own path."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from tests.assets.conftest import GARDEN, GRASS, LANTERN, failure
from tests.fixturepaths import fixture_project
from unitycli.cli.main import run as cli_run
from unitycli.next_actions import NextAction, render

EGG_MAT = "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat"
EGG_PREFAB = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"
EGG_SCRIPT = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Behaviors/Egg.cs"


def run_as_is(action: NextAction, root: Path) -> dict[str, Any]:
    """Run a suggested `unitycli ...` command exactly as the CLI writes it; it must name this project and succeed."""
    argv = shlex.split(render(action))
    assert argv[:3] == ["unitycli", "tools", "run"], action
    assert argv[argv.index("--project") + 1] == str(root), action
    outcome = cli_run(argv[1:] + ["--json"])
    assert outcome.exit_code == 0, (action, outcome.envelope)
    return outcome.envelope["result"]["output"]


def test_a_missing_name_suggests_the_close_assets_and_a_glob_that_finds_them() -> None:
    root = fixture_project("chicken-defense")
    error = failure(root, "asset.info", {"file": "Egg"})
    assert error.code == "E_ASSET_NOT_FOUND"
    assert error.details["closeMatches"][:3] == [EGG_MAT, EGG_SCRIPT, EGG_PREFAB]
    assert len(error.details["closeMatches"]) == 5
    quoted = shlex.quote(str(root))
    assert render(error.next_actions[0]) == (f"unitycli tools run asset.info --project {quoted} --input "
                                     f"'{{\"file\": \"{EGG_MAT}\"}}'")
    assert render(error.next_actions[-1]) == f"unitycli tools run asset.find --project {quoted} --input '{{\"name\": \"*Egg*\"}}'"
    infos = [run_as_is(action, root) for action in error.next_actions[:-1]]
    assert [info["file"] for info in infos] == error.details["closeMatches"][:3]
    found = run_as_is(error.next_actions[-1], root)
    assert {EGG_MAT, EGG_PREFAB} <= {a["path"] for a in found["assets"]}


def test_a_misspelt_folder_finds_the_file_by_its_name(sample: Path) -> None:
    error = failure(sample, "asset.info", {"file": "Assets/Prefab/Lantern.prefab"})
    assert error.details["closeMatches"] == [LANTERN]
    assert run_as_is(error.next_actions[0], sample)["file"] == LANTERN


def test_nothing_close_suggests_listing_the_nearest_existing_folder(sample: Path) -> None:
    error = failure(sample, "asset.info", {"file": "Assets/Scenes/Zzyzx.unity"})
    assert error.details["closeMatches"] == []
    (action,) = error.next_actions
    assert [a["path"] for a in run_as_is(action, sample)["assets"]] == ["Assets/Scenes/Credits.unity", GARDEN]


def test_deleting_a_referenced_folder_suggests_references_of_the_assets_inside_it(sample: Path) -> None:
    error = failure(sample, "asset.delete", {"file": "Assets/Materials"})
    assert error.code == "E_ASSET_REFERENCED"
    assert error.details["referencedAssets"] == [GRASS]
    quoted = shlex.quote(str(sample))
    assert [render(a) for a in error.next_actions] == [
        f"unitycli tools run asset.references --project {quoted} --input '{{\"file\": \"{GRASS}\"}}'",
        f"unitycli tools run asset.delete --project {quoted} --input '{{\"file\": \"Assets/Materials\", \"force\": true}}'"]
    refs = run_as_is(error.next_actions[0], sample)
    assert [r["path"] for r in refs["referrers"]] == [LANTERN, GARDEN]
    assert run_as_is(error.next_actions[1], sample)["danglingReferrers"]


def test_a_taken_destination_suggests_the_same_move_with_overwrite(sample: Path) -> None:
    error = failure(sample, "asset.move", {"file": "Assets/Scenes/Credits.unity", "destination": GARDEN})
    assert error.code == "E_ASSET_OUTPUT_EXISTS"
    assert run_as_is(error.next_actions[0], sample)["file"] == GARDEN
    moved = run_as_is(error.next_actions[1], sample)
    assert (moved["destination"], moved["replaced"]["path"]) == (GARDEN, GARDEN)


def test_a_meta_path_suggests_the_asset_and_a_project_path_with_a_quote_is_quoted(tmp_path: Path,
                                                                                   sample: Path) -> None:
    odd = Path(sample.rename(tmp_path / "it's a project"))
    error = failure(odd, "asset.info", {"file": LANTERN + ".meta"})
    assert error.code == "E_ASSET_PATH_INVALID"
    assert run_as_is(error.next_actions[0], odd)["file"] == LANTERN
