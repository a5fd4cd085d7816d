"""The sample project's own tool, `.unitycli/tools/garden_report.py`, goes through the approval flow the README
shows: blocked and never imported until approved, then it runs; changed, it is blocked again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.fixturepaths import REPO_ROOT
from unitycli.cli.main import run

SAMPLE = REPO_ROOT / "examples" / "sample-project"
TOOL_FILE = ".unitycli/tools/garden_report.py"


def _cli(root: Path, *args: str) -> dict:
    return run([*args, "--project", str(root), "--json"]).envelope


def test_the_readme_approval_flow_on_the_sample(tmp_path):
    root = tmp_path / "sample"
    shutil.copytree(SAMPLE, root)
    pending = _cli(root, "tools", "approvals")["result"]["files"]
    assert [(f["file"], f["status"]) for f in pending] == [(TOOL_FILE, "untrusted")]
    assert _cli(root, "tools", "run", "garden.count-trees")["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    assert _cli(root, "tools", "approve", TOOL_FILE)["ok"]
    counted = _cli(root, "tools", "run", "garden.count-trees")
    assert counted["result"]["output"] == {"trees": ["Tree A", "Tree B", "Tree C"]}
    tool = root / TOOL_FILE
    tool.write_text(tool.read_text() + "\n# changed after approval\n")
    changed = _cli(root, "tools", "run", "garden.count-trees", "--input", json.dumps({}))
    assert changed["error"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH"
