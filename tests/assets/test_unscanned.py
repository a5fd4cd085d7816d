"""Files the reference index could not scan are named, never silently left out: a scene that is a Git LFS pointer
may still use Lantern.prefab, so deleting Lantern is refused, and who-references answers say what they skipped.

The LFS pointer and the JSON `.asset` are written by hand: no fixture is an unpulled LFS checkout, and the fixtures'
JSON `.asset`s (XRSettings and the like) hold no GUID.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from tests.assets.conftest import GARDEN, GRASS, LANTERN, LANTERN_GUID, failure, output, snapshot
from unitycli.cli.main import run as cli_run
from unitycli.errors import CORE, EXIT_INCOMPLETE
from unitycli.next_actions import render

LFS_POINTER = ("version https://git-lfs.github.com/spec/v1\noid sha256:" + "4d7a" * 16 + "\nsize 123\n")
LFS_MESSAGE = ("a Git LFS pointer: its content is not in the checkout (git lfs pull), so its references are "
               "unknown")
LINKS = "Assets/Settings/Links.asset"
JSON_MESSAGE = ("not Unity YAML (JSON or binary serialization), which the reference index does not read; it may "
                "hold GUIDs")


def _garden_as_lfs_pointer(project: Path) -> None:
    (project / GARDEN).write_text(LFS_POINTER)


def _json_asset_using_lantern(project: Path) -> None:
    (project / LINKS).write_text(json.dumps({"prefab": {"fileID": 100100000, "guid": LANTERN_GUID, "type": 3}}))
    (project / (LINKS + ".meta")).write_text("fileFormatVersion: 2\nguid: " + "a" * 32 + "\n")


def test_deleting_lantern_is_refused_while_garden_is_an_lfs_pointer(sample: Path) -> None:
    _garden_as_lfs_pointer(sample)
    before = snapshot(sample)
    error = failure(sample, "asset.delete", {"file": LANTERN})
    assert error.code == "E_ASSET_REFERENCES_UNVERIFIABLE"
    assert CORE["E_ASSET_REFERENCES_UNVERIFIABLE"].exit_code == EXIT_INCOMPLETE
    assert error.details == {"path": LANTERN, "skipped": [
        {"path": GARDEN, "reason": "lfs-pointer", "message": LFS_MESSAGE}]}
    root = shlex.quote(str(sample))
    assert [render(a) for a in error.next_actions] == [
        f"git -C {root} lfs pull",
        f"unitycli tools run asset.delete --project {root} --input "
        f"'{{\"file\": \"{LANTERN}\", \"force\": true}}'"]
    assert snapshot(sample) == before


def test_the_cli_exits_3_and_the_forced_next_action_deletes_and_reports_the_skipped_scene(sample: Path) -> None:
    _garden_as_lfs_pointer(sample)
    refused = cli_run(["tools", "run", "asset.delete", "--project", str(sample), "--input",
                       json.dumps({"path": LANTERN}), "--json"])
    assert (refused.exit_code, refused.envelope["error"]["code"]) == (3, "E_ASSET_REFERENCES_UNVERIFIABLE")
    forced = shlex.split(refused.envelope["error"]["nextActions"][-1])
    done = cli_run(forced[1:] + ["--json"])
    assert done.exit_code == 0
    result = done.envelope["result"]["output"]
    assert result["deleted"] == [LANTERN, LANTERN + ".meta"]
    assert (result["danglingReferrers"], [s["path"] for s in result["skipped"]]) == ([], [GARDEN])
    assert not (sample / LANTERN).exists()


def test_references_and_dependencies_name_the_lfs_pointer_they_could_not_read(sample: Path) -> None:
    _garden_as_lfs_pointer(sample)
    refs = output(sample, "asset.references", {"file": LANTERN})
    assert (refs["totalFiles"], refs["skipped"]) == (0, [
        {"path": GARDEN, "reason": "lfs-pointer", "message": LFS_MESSAGE}])
    grass = output(sample, "asset.references", {"file": GRASS})
    assert [r["path"] for r in grass["referrers"]] == [LANTERN]
    assert [s["path"] for s in grass["skipped"]] == [GARDEN]
    deps = output(sample, "asset.dependencies", {"file": GARDEN})
    assert (deps["total"], deps["skipped"]) == (0, [{"path": GARDEN, "reason": "lfs-pointer",
                                                     "message": LFS_MESSAGE}])
    assert deps["revision"] is not None  # the pointer itself was read
    assert output(sample, "asset.dependencies", {"file": LANTERN})["skipped"] == []


def test_validate_lists_the_lfs_pointer_as_unscanned_and_is_not_clean(sample: Path) -> None:
    _garden_as_lfs_pointer(sample)
    report = output(sample, "asset.validate", {"kinds": ["unscanned"]})
    assert report["clean"] is False
    assert report["issues"] == [{
        "kind": "unscanned", "severity": "error", "path": GARDEN, "guid": None, "family": "unity-text",
        "paths": None, "referrers": None,
        "message": f"{GARDEN} is {LFS_MESSAGE}; references from it are not checked"}]


def test_a_json_asset_mentioning_the_guid_is_skipped_only_for_that_asset(sample: Path) -> None:
    _json_asset_using_lantern(sample)
    refs = output(sample, "asset.references", {"file": LANTERN})
    assert [r["path"] for r in refs["referrers"]] == [GARDEN]
    assert refs["skipped"] == [{"path": LINKS, "reason": "not-yaml", "message": JSON_MESSAGE}]
    assert output(sample, "asset.references", {"file": GRASS})["skipped"] == []
    # Credits.unity's GUID is in no JSON file: its referrers (the build settings) are known, none is skipped.
    credits = failure(sample, "asset.delete", {"file": "Assets/Scenes/Credits.unity"})
    assert (credits.code, "skipped" in credits.details) == ("E_ASSET_REFERENCED", False)
    report = output(sample, "asset.validate", {"kinds": ["unscanned"]})
    assert ([(i["path"], i["severity"]) for i in report["issues"]], report["clean"]) == ([(LINKS, "warning")], True)


def test_a_json_asset_alone_makes_deleting_its_guid_unverifiable(sample: Path) -> None:
    _json_asset_using_lantern(sample)
    (sample / GARDEN).write_text((sample / GARDEN).read_text().replace(LANTERN_GUID, "b" * 32))
    error = failure(sample, "asset.delete", {"file": LANTERN})
    assert error.code == "E_ASSET_REFERENCES_UNVERIFIABLE"
    assert [s["path"] for s in error.details["skipped"]] == [LINKS]
    assert not any(render(action).startswith("git ") for action in error.next_actions)  # nothing to pull
