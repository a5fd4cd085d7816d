"""Every next action the tools produce is runnable: a tool call names a registered tool with input its schema
accepts, any other `unitycli` line names a command that parses with its options, and nothing is prose.

The actions are collected from real failures: each tool's examples run (dry) on the project each example names
(`tests/scenes_tools/example_projects.py`), as given and with typos in their file, GameObject and component
names, plus an empty input. A template the user must fill (`<keyword>`) is counted, not run.
"""

from __future__ import annotations

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
from unitycli.next_actions import parse_tool_call
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


def _actions(tmp_path: Path) -> dict[str, set[str]]:
    """{action line: the tools that produced it}."""
    found: dict[str, set[str]] = {}
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


def _problem(action: str, session: Session) -> str | None:
    """Why the line cannot run as written, or None."""
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
    call = parse_tool_call(action)
    if call is not None and call.tool is not None:
        try:
            tool = session.tool(call.tool)
            if call.kind == "run":
                validate_input(tool, call.arguments)
        except UnityCliError as exc:
            return f"{exc.code}: {exc.message}"
        return None
    if call is not None:
        return None  # a search
    rest = extract_global_options(words[1:]).rest
    command: click.Command = cli
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.get_command(click.Context(command), rest[0])
        if sub is None:
            return f"no command {rest[0]!r}"
        command, rest = sub, rest[1:]
    try:
        command.make_context(command.name or "", list(rest), resilient_parsing=False)
    except click.ClickException as exc:
        return f"does not parse: {exc.format_message()}"
    return None


@pytest.mark.slow
def test_every_next_action_the_tools_produce_runs(tmp_path):
    found = _actions(tmp_path)
    assert len(found) > 50  # the corpus is real: typos give suggestions, empty inputs give schema errors
    session = Session()
    templates = {a for a in found if "<" in a}
    problems = {a: (p, sorted(found[a])) for a in sorted(set(found) - templates)
                if (p := _problem(a, session)) is not None}
    shutil.rmtree(tmp_path, ignore_errors=True)
    assert not problems, "\n".join(f"{a!r}: {p} (from {', '.join(t)})" for a, (p, t) in problems.items())
