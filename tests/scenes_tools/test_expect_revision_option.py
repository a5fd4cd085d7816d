"""`tools run --expect-revision` is the CLI spelling of `expectedRevision`: a stale revision writes nothing."""

from __future__ import annotations

from tests.scenes_tools.projects import copy_project
from unitycli.cli.main import run

GARDEN = "Assets/Scenes/Garden.unity"
SET = '{"file": "Assets/Scenes/Garden.unity", "gameObject": "Player", "component": "Transform", ' \
      '"property": "m_LocalPosition.x", "value": 4}'


def test_expect_revision_guards_the_write(tmp_path):
    project = copy_project("sample", tmp_path / "sample")
    before = (project / GARDEN).read_bytes()
    stale = run(["tools", "run", "component.set", "--input", SET, "--expect-revision", "sha256:" + "0" * 64,
                 "--project", str(project), "--json"])
    assert (stale.exit_code, stale.envelope["error"]["code"]) == (1, "E_STALE_WRITE")
    assert (project / GARDEN).read_bytes() == before
    read = run(["tools", "run", "scene.hierarchy", "--input", f'{{"file": "{GARDEN}", "limit": 1}}',
                "--project", str(project), "--json"]).envelope["result"]["output"]
    done = run(["tools", "run", "component.set", "--input", SET, "--expect-revision", read["revision"],
                "--project", str(project), "--json"])
    assert done.exit_code == 0, done.envelope
    assert (project / GARDEN).read_bytes() != before


def test_expect_revision_on_a_tool_without_expected_revision_is_refused(tmp_path):
    project = copy_project("sample", tmp_path / "sample")
    outcome = run(["tools", "run", "scene.list", "--expect-revision", "sha256:" + "0" * 64,
                   "--project", str(project), "--json"])
    assert (outcome.exit_code, outcome.envelope["error"]["code"]) == (2, "E_OPTION_VALUE_INVALID")


def test_mcp_poll_interval_must_be_a_number():
    outcome = run(["mcp", "--poll-interval", "soon", "--json"])
    assert (outcome.exit_code, outcome.envelope["error"]["code"]) == (2, "E_OPTION_VALUE_INVALID")
