"""The one builder of `tools run` next actions: the tool, the project and the JSON input, quoted for a shell.

A next action is only useful if an agent can paste it and run it, so every suggestion that names a tool call is
built here.
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


def lfs_pull_command(project: Path | str) -> str:
    """Fetch the content of Git LFS pointers in the repository that holds the project."""
    return f"git -C {shlex.quote(str(project))} lfs pull"
