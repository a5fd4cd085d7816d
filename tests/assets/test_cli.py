"""The asset tools through the CLI, as an agent calls them: one JSON envelope, dry-run diffs, catalogued errors."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from tests.assets.conftest import GARDEN, GRASS, LANTERN, snapshot
from unitycli.cli.main import run as cli_run
from unitycli.testing import moved_from


def test_an_agent_finds_where_a_material_is_used_then_previews_a_move(sample: Path) -> None:
    used = cli_run(["tools", "run", "asset.references", "--project", str(sample), "--input",
                    json.dumps({"path": GRASS, "includeProperties": False}), "--json"])
    assert used.exit_code == 0
    assert [r["path"] for r in used.envelope["result"]["output"]["referrers"]] == [LANTERN, GARDEN]
    before = snapshot(sample)
    preview = cli_run(["tools", "run", "asset.move", "--project", str(sample), "--dry-run", "--input",
                       json.dumps({"path": GRASS, "destination": "Assets/Materials/Ground/Grass.mat"}), "--json"])
    assert preview.exit_code == 0
    effects = preview.envelope["result"]["plannedEffects"]
    assert (effects["created"], effects["deleted"]) == (["Assets/Materials/Ground.meta"], [])  # the new folder's
    assert [(d["path"], moved_from(d)) for d in effects["diffs"]] == [  # the moves are renames, as in git
        ("Assets/Materials/Ground.meta", None), ("Assets/Materials/Ground/Grass.mat", GRASS),
        ("Assets/Materials/Ground/Grass.mat.meta", GRASS + ".meta")]
    assert snapshot(sample) == before


def test_deleting_a_used_asset_fails_with_exit_1_and_the_referrers(sample: Path) -> None:
    outcome = cli_run(["tools", "run", "asset.delete", "--project", str(sample), "--input",
                       json.dumps({"path": GRASS}), "--json"])
    assert outcome.exit_code == 1
    error = outcome.envelope["error"]
    assert error["code"] == "E_ASSET_REFERENCED"
    assert [r["path"] for r in error["details"]["referrers"]] == [LANTERN, GARDEN]
    assert error["nextActions"][0] == (f"unitycli tools run asset.references --project {shlex.quote(str(sample))} "
                                       f"--input '{{\"file\": \"{GRASS}\"}}'")
