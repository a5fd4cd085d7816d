"""Next actions as commands an agent can paste and run: the tool, this project and the JSON input, shell-quoted.

A next action that is a template (`<name>`) or returns nothing sends an agent in circles, so every suggestion the
asset tools make is built here, from the project root and a payload that the suggesting tool has checked.
"""

from __future__ import annotations

import json
import shlex
from typing import Any


def tool_command(ctx: Any, tool: str, payload: dict[str, Any] | None = None) -> str:
    """`unitycli tools run <tool> --project <root> --input '<json>'`, quoted for a POSIX shell."""
    command = f"unitycli tools run {tool} --project {shlex.quote(str(ctx.project.root))}"
    if payload:
        command += f" --input {shlex.quote(json.dumps(payload))}"
    return command


def lfs_pull_command(ctx: Any) -> str:
    """Fetch the content of LFS pointers in the repository that holds the project."""
    return f"git -C {shlex.quote(str(ctx.project.root))} lfs pull"
