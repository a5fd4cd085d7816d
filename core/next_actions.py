"""Next actions as data: a tool call, or a plain command line; each entry renders them its own way.

A next action is only useful if an agent can run it. One that calls a tool is a `ToolCall` value (`{tool,
arguments}` and the project it is for); any other step (`unitycli extensions doctor`, `git lfs pull`) is the plain
command line, a `str`. Code below a tool, which knows what to change but not which tool runs or with what input,
says `same_call(key=value)` (a `SameCall`): the runner turns it into the failing call's `ToolCall` with that change.
The CLI renders every action as the line a POSIX shell runs (`render`); the MCP server renders the calls as
`nextCalls` it can make directly (`unitycli.mcp.calls`). Nothing is parsed back from a line.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

CallKind = Literal["run", "describe", "search"]


@dataclass(frozen=True)
class ToolCall:
    """Call one tool: `run` it with `arguments`, `describe` it, or `search` the tools (`arguments["query"]`).
    `project` is the project root it is for; None means the one already selected."""

    tool: str | None
    arguments: Mapping[str, Any] = field(default_factory=dict)
    project: str | None = None
    kind: CallKind = "run"

    def __hash__(self) -> int:
        return hash(self.line())

    def line(self) -> str:
        """The `unitycli tools run|describe|search …` line, quoted for a POSIX shell."""
        subject = self.tool if self.kind != "search" else shlex.quote(str(self.arguments.get("query", "")))
        command = f"unitycli tools {self.kind} {subject}"
        if self.project is not None:
            command += f" --project {shlex.quote(self.project)}"
        if self.kind == "run" and self.arguments:
            command += f" --input {shlex.quote(json.dumps(dict(self.arguments), ensure_ascii=False))}"
        return command

    __str__ = line


@dataclass(frozen=True)
class SameCall:
    """The failing call again with `changes` to its top-level input (a `None` value drops that key): what code
    below a tool says, since only the runner knows the tool and the request (`UnityCliError.for_call`)."""

    changes: Mapping[str, Any]
    respell: tuple[str, Any] | None = None  # (given, meant): every input string equal to `given` becomes `meant`

    def __hash__(self) -> int:
        return hash(json.dumps([dict(self.changes), self.respell], sort_keys=True, default=str))

    def applied(self, tool: str, request: Mapping[str, Any]) -> ToolCall:
        """The call of `tool` with `request` changed as this says."""
        base = _respelled(dict(request), *self.respell) if self.respell is not None else dict(request)
        arguments = {**base, **self.changes}
        return ToolCall(tool, {key: value for key, value in arguments.items() if value is not None})

    def line(self) -> str:
        """Not a command until the runner names the call: shown as what it is, so a check that runs every next
        action fails on one that escaped the runner."""
        return f"(the same call with {json.dumps(dict(self.changes), ensure_ascii=False)})"


NextAction = ToolCall | SameCall | str
"""A tool call, the failing call changed (`SameCall`, resolved by the runner), or a plain command line (a `unitycli`
command that is no tool call, or another program)."""


def tool_command(tool: str, payload: dict[str, Any] | None = None, *, project: Path | str | None = None) -> ToolCall:
    """The call of `tool` with `payload` (for `project`, when the caller may be elsewhere)."""
    return ToolCall(tool, dict(payload or {}), str(project) if project is not None else None)


def same_call(**changes: Any) -> SameCall:
    """The failing call again with these top-level input keys changed (`None` drops one)."""
    return SameCall(changes)


def respelled_call(given: str, meant: Any) -> SameCall:
    """The failing call again with the value the caller gave (`given`, under whatever key the tool names it, nested
    too) replaced by `meant`: what code below a tool says when it only knows the value it was handed."""
    return SameCall({}, (given, meant))


def _respelled(value: Any, given: str, meant: Any) -> Any:
    if value == given:
        return meant
    if isinstance(value, dict):
        return {key: _respelled(item, given, meant) for key, item in value.items()}
    if isinstance(value, list):
        return [_respelled(item, given, meant) for item in value]
    return value


def describe_command(tool: str) -> ToolCall:
    """Read `tool`'s descriptor (its input schema and examples)."""
    return ToolCall(tool, kind="describe")


def search_command(query: str) -> ToolCall:
    """Search the tools for `query`."""
    return ToolCall(None, {"query": query}, kind="search")


def render(action: NextAction) -> str:
    """The command line a shell runs: how the CLI (and every text field) shows a next action."""
    return action if isinstance(action, str) else action.line()


def for_project(action: NextAction, root: Path | str) -> NextAction:
    """The action runnable from anywhere: a call or `unitycli` line that names no project names `root`."""
    if isinstance(action, ToolCall):
        return action if action.project is not None else replace(action, project=str(root))
    if isinstance(action, SameCall):
        return action
    if action.startswith("unitycli ") and "--project" not in action and "--instance" not in action:
        return f"{action} --project {shlex.quote(str(root))}"
    return action


def lfs_pull_command(project: Path | str | None = None, *, include: str | None = None) -> str:
    """Fetch the content of Git LFS pointers: all of the project's repository, or only the file `include` names.

    With `include` the command is the plain `git lfs pull --include "<path>"` an error about one file suggests, with
    the project-relative path: git-lfs matches it from the repository root, which is the project root in the usual
    layout (a project in a subfolder of its repository needs that folder in front).
    """
    if include is not None:
        # Double quotes as people write it, unless the path holds a character the shell expands inside them.
        quoted = shlex.quote(include) if set(include) & set('"$`\\!') else f'"{include}"'
        return f"git lfs pull --include {quoted}"
    return f"git -C {shlex.quote(str(project))} lfs pull" if project is not None else "git lfs pull"
