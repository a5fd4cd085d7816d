"""A dry run shows exactly what the real run writes, new fileIDs included (they are seeded by the file)."""

from __future__ import annotations

import pytest

from tests.scenes_tools.projects import copy_project
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool

GARDEN = "Assets/Scenes/Garden.unity"


@pytest.mark.parametrize(("tool", "request_input"), [
    ("gameobject.create", {"file": GARDEN, "name": "Bench", "parent": "Trees"}),
    ("probuilder.create-shape", {"file": GARDEN, "shape": "cube", "name": "Crate"}),
])
def test_dry_run_diff_equals_the_committed_change(tmp_path, tool, request_input):
    project = copy_project("sample", tmp_path / "sample")
    before = (project / GARDEN).read_bytes()
    preview = run_tool(Session(project_arg=str(project)).prepare(tool), request_input, RunOptions(dry_run=True))
    assert (project / GARDEN).read_bytes() == before
    done = run_tool(Session(project_arg=str(project)).prepare(tool), request_input)
    assert preview.output == done.output
    assert preview.planned_effects["diffs"] == done.applied_effects["diffs"]
