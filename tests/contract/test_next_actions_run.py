"""Every next action the tools produce is runnable: a tool call (data) names a registered tool with input its
schema accepts, and its rendered line parses as that same call; any other `unitycli` line names a command that
parses with its options, and nothing is prose.

The actions are collected from real failures: each tool's examples run (dry) on the project each example names
(`tests/scenes_tools/example_projects.py`), as given and with typos in their file, GameObject and component
names, plus an empty input. A template the user must fill (`<keyword>`) is counted, not run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.scenes_tools.example_projects import example_project
from tests.scenes_tools.projects import SAMPLE, copy_project
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.next_actions import NextAction, ToolCall, render
from unitycli.runner import RunOptions, run_tool
from unitycli.testing_actions import problem

TYPOS = {"file": lambda v: v.replace(".", "x.", 1), "gameObject": lambda v: v + "e", "component": lambda v: v + "x",
         "path": lambda v: v.replace(".", "x.", 1), "name": lambda v: v + "e"}


def _inputs(example: dict) -> list[dict]:
    variants = [example, {}]
    for key, typo in TYPOS.items():
        if isinstance(example.get(key), str) and example[key]:
            variants.append({**example, key: typo(example[key])})
    return variants


def _actions(tmp_path: Path) -> dict[NextAction, set[str]]:
    """{action: the tools that produced it}."""
    found: dict[NextAction, set[str]] = {}
    roots: dict[str, Path] = {}
    registry = Session().registry
    for tool in sorted(registry.tools.values(), key=lambda t: t.spec.name):
        for index, example in enumerate(tool.spec.examples):
            where = example_project(tool.spec, index, SAMPLE)
            if where not in roots:
                roots[where] = copy_project(where, tmp_path / f"p{len(roots)}")
            session = Session(project_arg=str(roots[where]))
            for data in _inputs(example):
                try:
                    result = run_tool(session.prepare(tool.spec.name), data, RunOptions(dry_run=not tool.spec.read_only))
                    actions = [a for u in result.output.get("unreadable") or [] for a in u.get("nextActions") or []]
                except UnityCliError as exc:
                    actions = exc.next_actions or []
                for action in actions:
                    found.setdefault(action, set()).add(tool.spec.name)
    return found


def _problem(action: NextAction, session: Session) -> str | None:
    return problem(action, session)


@pytest.mark.slow
def test_every_next_action_the_tools_produce_runs(tmp_path):
    found = _actions(tmp_path)
    assert len(found) > 50  # the corpus is real: typos give suggestions, empty inputs give schema errors
    session = Session()
    assert sum(isinstance(a, ToolCall) for a in found) > 50  # suggestions are calls (data), not lines
    templates = {a for a in found if "<" in render(a)}
    problems = {render(a): (p, sorted(found[a])) for a in sorted(set(found) - templates, key=render)
                if (p := _problem(a, session)) is not None}
    shutil.rmtree(tmp_path, ignore_errors=True)
    assert not problems, "\n".join(f"{a!r}: {p} (from {', '.join(t)})" for a, (p, t) in problems.items())


@pytest.mark.next_actions_unchecked("the refusals of the bad lines it parses carry their own next actions")
def test_the_check_can_fail():
    """Prose, a tool call written as a line, an unknown tool and input the schema refuses are each caught."""
    session = Session()
    assert _problem("Check the file by hand", session) == "prose, not a command"
    assert _problem("unitycli tools run scene.list", session).startswith("a tool call written as a line")
    assert _problem("unitycli extensions doctor --nope", session).startswith("does not parse")
    assert _problem(ToolCall("no.such-tool"), session).startswith("E_TOOL_NOT_FOUND")
    assert _problem(ToolCall("asset.info", {"nope": 1}), session).startswith("E_SCHEMA_INVALID")
    assert _problem(ToolCall("asset.info", {"file": "Assets/x.mat"}, "/p"), session) is None
    assert _problem("unitycli extensions doctor", session) is None
