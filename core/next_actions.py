"""The one builder of `tools run` next actions: the tool, the project and the JSON input, quoted for a shell.

A next action is only useful if an agent can paste it and run it, so every suggestion that names a tool call is
built here. Entries that can make a call themselves (the MCP server) read these lines back with
`parse_tool_call`, so a next action is written once, as the command line, and its structured form is derived.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def tool_command(tool: str, payload: dict[str, Any] | None = None, *, project: Path | str | None = None) -> str:
    """`unitycli tools run <tool> [--project <root>] [--input '<json>']`, quoted for a POSIX shell."""
    command = f"unitycli tools run {tool}"
    if project is not None:
        command += f" --project {shlex.quote(str(project))}"
    if payload:
        command += f" --input {shlex.quote(json.dumps(payload, ensure_ascii=False))}"
    return command


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


@dataclass(frozen=True)
class ToolCall:
    """A next action that is a call of one tool, read back from its command line (for entries that can make the
    call themselves, such as MCP clients). `kind` is `run`, `describe` or `search`."""

    kind: str
    tool: str | None
    arguments: dict[str, Any] = field(default_factory=dict)
    project: str | None = None
    dry_run: bool = False


def parse_tool_call(command: str) -> ToolCall | None:
    """The call a `unitycli tools run|describe|search …` next action makes; None for any other command, for a
    template (`<keyword>`) and for a line with options this reading does not know (it never guesses)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) < 4 or words[:2] != ["unitycli", "tools"] or any(w.startswith("<") for w in words):
        return None
    verb, subject, rest = words[2], words[3], words[4:]
    if verb in ("describe", "search"):
        if rest[:1] == ["--project"] and len(rest) == 2:
            project, rest = rest[1], []
        else:
            project = None
        if rest:
            return None
        return ToolCall(verb, subject if verb == "describe" else None,
                        {"name": subject} if verb == "describe" else {"query": subject}, project)
    if verb != "run":
        return None
    options: dict[str, str] = {}
    dry_run = False
    while rest:
        flag = rest.pop(0)
        if flag == "--dry-run":
            dry_run = True
        elif flag in ("--project", "--input") and rest and flag not in options:
            options[flag] = rest.pop(0)
        else:
            return None
    try:
        arguments = json.loads(options.get("--input", "{}"))
    except ValueError:
        return None
    if not isinstance(arguments, dict):
        return None
    return ToolCall("run", subject, arguments, options.get("--project"), dry_run)
