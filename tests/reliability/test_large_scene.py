"""A 50 MB synthetic scene: a correct, paged answer and a byte-identical round trip, never a hang."""

from __future__ import annotations

import shutil

import pytest

from tests.fixturepaths import REPO_ROOT
from tests.scenetext import HEADER, gameobject_text
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool

pytestmark = pytest.mark.slow  # skipped locally with -m 'not slow'; CI runs it

COUNT = 60_000  # ~0.85 KB a pair: about 50 MB


@pytest.fixture(scope="module")
def big_project(tmp_path_factory):
    project = tmp_path_factory.mktemp("big") / "project"
    shutil.copytree(REPO_ROOT / "examples" / "sample-project", project)
    parts = [HEADER]
    for n in range(COUNT):
        go = 100_000 + 2 * n
        parts.append(gameobject_text(go, f"Crate {n}", f"{{x: {n}, y: 0.5, z: -2}}"))
    data = "".join(parts).encode()
    assert len(data) > 45_000_000
    (project / "Assets" / "Scenes" / "Big.unity").write_bytes(data)
    return project


def test_hierarchy_of_a_50mb_scene_is_paged_and_complete(big_project):
    session = Session(project_arg=str(big_project))
    first = run_tool(session.prepare("scene.hierarchy"), {"file": "Assets/Scenes/Big.unity", "limit": 3,
                                                   "includeComponents": False}).output
    assert first["total"] == COUNT
    assert [item["name"] for item in first["items"]] == ["Crate 0", "Crate 1", "Crate 2"]
    assert first["nextCursor"]


def test_a_50mb_scene_round_trips_byte_identically(big_project):
    output = run_tool(Session(project_arg=str(big_project)).prepare("project.format-check"),
                      {"path": "Assets/Scenes/Big.unity"}).output
    assert (output["checked"], output["identical"], output["different"]) == (1, 1, [])


def test_a_truncated_50mb_scene_is_a_catalogued_error(big_project):
    big = big_project / "Assets" / "Scenes" / "Big.unity"
    data = big.read_bytes()
    cut = big_project / "Assets" / "Scenes" / "Cut.unity"
    cut.write_bytes(data[: len(data) // 2 + 7])  # mid-line, mid-document
    with pytest.raises(UnityCliError) as caught:
        run_tool(Session(project_arg=str(big_project)).prepare("component.set"),
                 {"file": "Assets/Scenes/Cut.unity", "gameObject": "Crate 1", "component": "Transform",
                  "property": "m_LocalPosition.x", "value": 3})
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert cut.read_bytes() == data[: len(data) // 2 + 7]  # nothing written


def test_a_one_field_write_on_a_50mb_scene_changes_exactly_that_line(big_project):
    """Issue 30: the write is spliced from the bytes read around the one changed object, so everything else is
    identical, and its dry-run diff is the one hunk around that line."""
    path = big_project / "Assets" / "Scenes" / "Edit.unity"
    data = (big_project / "Assets" / "Scenes" / "Big.unity").read_bytes()
    path.write_bytes(data)
    request = {"file": "Assets/Scenes/Edit.unity", "gameObject": 100_000 + 2 * 30_000, "component": "Transform",
               "property": "m_LocalPosition.y", "value": 7}
    preview = run_tool(Session(project_arg=str(big_project)).prepare("component.set"), request, RunOptions(dry_run=True))
    diff = preview.planned_effects["diffs"][0]["diff"]
    assert diff.count("\n-") == 1 and "-  m_LocalPosition: {x: 30000, y: 0.5, z: -2}\n" in diff
    assert "+  m_LocalPosition: {x: 30000, y: 7, z: -2}\n" in diff
    run_tool(Session(project_arg=str(big_project)).prepare("component.set"), request)
    assert path.read_bytes() == data.replace(b"{x: 30000, y: 0.5, z: -2}", b"{x: 30000, y: 7, z: -2}")
