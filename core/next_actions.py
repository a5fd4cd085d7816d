"""The one builder of `tools run` next actions: the tool, the project and the JSON input, quoted for a shell.

A next action is only useful if an agent can paste it and run it, so every suggestion that names a tool call is
built here (and its structured twin, `{tool, arguments}`, for MCP clients that call tools directly).
"""

from __future__ import annotations

import json
import shlex
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


def lfs_pull_command(project: Path | str, include: str | None = None) -> str:
    """Fetch the content of Git LFS pointers in the repository that holds the project (one file, or all)."""
    command = f"git -C {shlex.quote(str(project))} lfs pull"
    return command + (f" --include {shlex.quote(include)}" if include else "")


def parse_tool_command(action: str) -> dict[str, Any] | None:
    """The structured call `{tool, arguments}` behind a `unitycli tools run` next action, or None for other text."""
    try:
        words = shlex.split(action)
    except ValueError:
        return None
    if words[:3] != ["unitycli", "tools", "run"] or len(words) < 4:
        return None
    arguments: Any = {}
    if "--input" in words:
        at = words.index("--input")
        if at + 1 >= len(words):
            return None
        try:
            arguments = json.loads(words[at + 1])
        except ValueError:
            return None
    if not isinstance(arguments, dict):
        return None
    return {"tool": words[3], "arguments": arguments, "dryRun": "--dry-run" in words}
