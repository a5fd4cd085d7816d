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


def test_over_mcp_the_same_read_is_an_error_with_the_whole_answer_beside_it(tmp_path: Path) -> None:
    import anyio

    from tests.mcp.harness import client, payload
    from unitycli.mcp.server import ServerOptions

    root = copy_fixture_project("minigolf", tmp_path)
    to_pointer(root, TAGS)

    async def call():
        async with client(ServerOptions(project=str(root), cwd=root, resident_index=False), "legacy") as c:
            return await c.call_tool("project_get_tags_layers", {}), await c.call_tool("project_get_build_scenes", {})

    unread, whole = anyio.run(call)
    assert unread.is_error and not whole.is_error
    answer = payload(unread)
    assert answer["error"]["code"] == "E_READ_INCOMPLETE"
    assert answer["error"]["details"] == {"tool": "project.get-tags-layers", "unreadable": [TAGS]}
    assert answer["tool"] == "project.get-tags-layers" and answer["output"]["unreadable"][0]["path"] == TAGS


def test_a_batch_whose_read_is_incomplete_runs_every_step_and_exits_3(tmp_path: Path) -> None:
    root = copy_fixture_project("minigolf", tmp_path)
    to_pointer(root, TAGS)
    commands = tmp_path / "steps.txt"
    commands.write_text("project.get-build-scenes\nproject.get-tags-layers\nproject.get-build-scenes\n",
                        encoding="utf-8")
    outcome = run(["batch", "--commands", str(commands), "--project", str(root), "--json"])
    envelope = outcome.envelope
    assert (outcome.exit_code, envelope["ok"], envelope["error"]["code"]) == (EXIT_INCOMPLETE, False,
                                                                              "E_READ_INCOMPLETE")
    assert envelope["error"]["details"]["batch"] == {"step": 2, "line": 2, "tool": "project.get-tags-layers"}
    assert envelope["result"]["succeeded"] == 3 and [s["ok"] for s in envelope["result"]["steps"]] == [True] * 3
