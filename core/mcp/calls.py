"""Next actions an MCP client can make directly: the error's tool calls as `{tool, arguments}`.

Over MCP an error object carries, beside its `nextActions` (command lines, exactly as the CLI prints them), a
`nextCalls` list: each next action that is a call this server can take, in the same order, as the tool name to
call and its arguments, taken from the action's data (`unitycli.next_actions.ToolCall`), never from its line. A
listed tool is called by its own name; a tool the list leaves out is called through `unitycli_run_tool`; describe
and search calls become the meta tools. A call for another project or an unknown tool, and a plain command
(`unitycli extensions doctor`, `git lfs pull`), have no call: the client shows the line to its user instead.
The error's `manualSteps` (what only a person can do) are never next actions and never calls.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from unitycli.mcp.names import DESCRIBE_TOOL, RUN_TOOL, SEARCH_TOOL
from unitycli.next_actions import NextAction, ToolCall
from unitycli.toolspec import mcp_name

NEXT_CALLS = "nextCalls"


def next_call(call: ToolCall, *, known: Callable[[str], bool], listed: Callable[[str], bool]) -> dict[str, Any] | None:
    """The MCP call for one tool call, or None when this server cannot make it."""
    if call.kind == "search":
        return {"tool": SEARCH_TOOL, "arguments": dict(call.arguments)}
    if call.tool is None or not known(call.tool):
        return None
    if call.kind == "describe":
        return {"tool": DESCRIBE_TOOL, "arguments": {"name": call.tool}}
    if listed(call.tool):
        return {"tool": mcp_name(call.tool), "arguments": dict(call.arguments)}
    return {"tool": RUN_TOOL, "arguments": {"name": call.tool, "input": dict(call.arguments)}}


def next_calls(actions: Iterable[NextAction], *, project_root: str | None, known: Callable[[str], bool],
               listed: Callable[[str], bool]) -> list[dict[str, Any]]:
    """The `nextCalls` of an error: its tool calls this server can make, in order (empty when there are none)."""
    calls = []
    for action in actions:
        if not isinstance(action, ToolCall) or not _same_project(action.project, project_root):
            continue
        made = next_call(action, known=known, listed=listed)
        if made is not None:
            calls.append(made)
    return calls


def _same_project(named: str | None, root: str | None) -> bool:
    """A call without a project runs on the server's project; one naming a project must name that one."""
    if named is None:
        return True
    if root is None:
        return False
    return os.path.realpath(named) == os.path.realpath(root)
