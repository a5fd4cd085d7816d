"""Every next action the tools produce is runnable: a tool call (data) names a registered tool with input its
schema accepts, and its rendered line parses as that same call; any other `unitycli` line names a command that
parses with its options, and nothing is prose.

The actions are collected from real failures: each tool's examples run (dry) on the project each example names
(`tests/scenes_tools/example_projects.py`), as given and with typos in their file, GameObject and component
names, plus an empty input. A template the user must fill (`<keyword>`) is counted, not run.
"""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import click
import pytest

from tests.scenes_tools.example_projects import example_project
from tests.scenes_tools.projects import SAMPLE, copy_project
from unitycli.cli.argv import extract_global_options
from unitycli.cli.main import cli
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.next_actions import NextAction, ToolCall, render
from unitycli.runner import RunOptions, run_tool, validate_input

EXTERNAL = {"git"}  # programs a next action may name besides unitycli (`git lfs pull --include …`)
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


def _parsed(words: list[str]) -> tuple[click.Command, dict, str | None] | str:
    """The command a line's words name, its parsed options and project, or why they do not parse."""
    options = extract_global_options(words[1:])
    rest = options.rest
    command: click.Command = cli
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.get_command(click.Context(command), rest[0])
        if sub is None:
            return f"no command {rest[0]!r}"
        command, rest = sub, rest[1:]
    try:
        params = command.make_context(command.name or "", list(rest), resilient_parsing=False).params
    except click.ClickException as exc:
        return f"does not parse: {exc.format_message()}"
    except UnityCliError as exc:  # the strict commands refuse an unknown option with a catalogued code
        return f"does not parse: {exc.code}: {exc.message}"
    return command, params, options.project


def _call_problem(call: ToolCall, session: Session) -> str | None:
    """Why the call cannot run, or its rendered line would run something else; None when it runs as meant."""
    if call.tool is not None:
        try:
            tool = session.tool(call.tool)
            if call.kind == "run":
                validate_input(tool, dict(call.arguments))
        except UnityCliError as exc:
            return f"{exc.code}: {exc.message}"
    parsed = _parsed(shlex.split(render(call)))
    if isinstance(parsed, str):
        return parsed
    command, params, project = parsed
    if project != call.project:
        return f"the line runs on project {project!r}, not {call.project!r}"
    if command.name != call.kind:
        return f"the line runs `tools {command.name}`, not `tools {call.kind}`"
    if call.kind == "run":
        given = json.loads(params["input_value"]) if params.get("input_value") else {}
        if (params["name"], given) != (call.tool, dict(call.arguments)):
            return f"the line runs {params['name']} with {given}"
    return None


def _problem(action: NextAction, session: Session) -> str | None:
    """Why the action cannot run as written, or None."""
    if isinstance(action, ToolCall):
        return _call_problem(action, session)
    try:
        words = shlex.split(action)
    except ValueError as exc:
        return f"not a command line: {exc}"
    if not words:
        return "empty"
    if words[0] in EXTERNAL:
        return None
    if words[0] != "unitycli":
        return "prose, not a command"
    if words[1:3] in (["tools", "run"], ["tools", "describe"]):
        return "a tool call written as a line: build it with tool_command or describe_command"
    parsed = _parsed(words)
    return parsed if isinstance(parsed, str) else None


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
