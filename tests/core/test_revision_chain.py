"""`revision` after a write is the written file's, so an agent can pass it as the next write's expectedRevision.

Every writer that answers a `revision` and takes `expectedRevision` runs its own example for real on a fresh copy
of its project, then again with `expectedRevision` set to the revision it answered: the second call must not be
refused as stale, and the revision must be the one the applied diff gives the file. (Writers without a `revision`
field report the new revision of each file as `diffs[].newRevision`.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.example_projects import example_project
from tests.scenes_tools.projects import SAMPLE, copy_project
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import run_tool

SESSION = Session()
CHAINED = sorted(t.spec.name for t in SESSION.registry.tools.values()
                 if not t.spec.read_only and "expected_revision" in t.spec.input_model.model_fields
                 and "revision" in t.spec.output_model.model_fields)


def test_the_chain_covers_the_scene_settings_and_material_writers() -> None:
    assert {"material.set", "component.set", "gameobject.rename", "prefab.set-override", "project.add-tag",
            "cinemachine.set-lens"} <= set(CHAINED)


@pytest.mark.parametrize("name", CHAINED)
def test_a_writers_revision_is_the_next_writes_expected_revision(tmp_path: Path, name: str) -> None:
    spec = SESSION.registry.tools[name].spec
    root = copy_project(example_project(spec, 0, SAMPLE), tmp_path / "project")
    session = Session(project_arg=str(root))
    first = run_tool(session.prepare(name), spec.examples[0])
    revision = first.output["revision"]
    new = {d["newRevision"] for d in first.applied_effects["diffs"]}
    old = {d["oldRevision"] for d in first.applied_effects["diffs"]} - new
    assert revision not in old, f"{name} answered the revision its file had before the write"
    if first.applied_effects["modified"]:
        assert revision in new
    try:
        run_tool(Session(project_arg=str(root)).prepare(name), {**spec.examples[0], "expectedRevision": revision})
    except UnityCliError as exc:
        assert exc.code != "E_STALE_WRITE", exc.message
