"""A read that could not read every file it needs (Git LFS pointers) keeps its answer and exits 3 (incomplete):
`ok` is false with `E_READ_INCOMPLETE`, and the answer is under `result`, as for a doctor report."""

from __future__ import annotations

import json
from pathlib import Path

from tests.project.test_lfs_per_fact import TAGS, to_pointer
from unitycli.cli.main import run
from unitycli.errors import EXIT_INCOMPLETE, EXIT_OK
from unitycli.testing import copy_fixture_project


def _cli(root: Path, tool: str, data: dict | None = None):
    return run(["tools", "run", tool, "--project", str(root), "--input", json.dumps(data or {}), "--json"])


def test_reading_tags_from_an_lfs_pointer_exits_3_and_keeps_the_answer(tmp_path: Path) -> None:
    root = copy_fixture_project("minigolf", tmp_path)
    to_pointer(root, TAGS)
    outcome = _cli(root, "project.get-tags-layers")
    envelope = outcome.envelope
    assert (outcome.exit_code, envelope["ok"], envelope["error"]["code"]) == (EXIT_INCOMPLETE, False,
                                                                              "E_READ_INCOMPLETE")
    assert envelope["error"]["message"] == f"project.get-tags-layers could not read 1 file(s): {TAGS}"
    assert envelope["error"]["details"] == {"tool": "project.get-tags-layers", "unreadable": [TAGS]}
    assert envelope["error"]["nextActions"] == [f'git lfs pull --include "{TAGS}"']
    output = envelope["result"]["output"]
    assert output["unreadable"] == [{"path": TAGS, "reason": "lfs-pointer",
                                     "nextActions": [f'git lfs pull --include "{TAGS}"']}]
    assert output["revision"] is None
    # A read that needs no pointer still succeeds.
    assert _cli(root, "project.get-build-scenes").exit_code == EXIT_OK
