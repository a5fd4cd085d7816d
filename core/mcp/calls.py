"""Next actions an MCP client can make directly: the error's command lines, read back as `{tool, arguments}`.

Over MCP an error object carries, beside its `nextActions` (command lines, exactly as the CLI prints them), a
`nextCalls` list: each next action that is a call this server can take, in the same order, as the tool name to
call and its arguments. A listed tool is called by its own name; a tool the list leaves out is called through
`unitycli_run_tool`; `unitycli tools describe|search` become the meta tools. A line for another project, for an
unknown tool or that is no tool call (`unitycli extensions doctor`, `git lfs pull`) has no call: the client shows
it to its user instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from unitycli.mcp.names import DESCRIBE_TOOL, RUN_TOOL, SEARCH_TOOL
from unitycli.mcp.schemas import DRY_RUN_ARG
from unitycli.next_actions import ToolCall, parse_tool_call
from unitycli.toolspec import mcp_name

NEXT_CALLS = "nextCalls"


def next_call(call: ToolCall, *, known: Callable[[str], bool], listed: Callable[[str], bool],
              previewable: Callable[[str], bool]) -> dict[str, Any] | None:
    """The MCP call for one parsed next action, or None when this server cannot make it."""
    if call.kind == "search":
        return {"tool": SEARCH_TOOL, "arguments": dict(call.arguments)}
    if call.tool is None or not known(call.tool):
        return None
    if call.kind == "describe":
        return {"tool": DESCRIBE_TOOL, "arguments": {"name": call.tool}}
    if listed(call.tool) and (not call.dry_run or previewable(call.tool)):
        arguments = dict(call.arguments) | ({DRY_RUN_ARG: True} if call.dry_run else {})
        return {"tool": mcp_name(call.tool), "arguments": arguments}
    run: dict[str, Any] = {"name": call.tool, "input": dict(call.arguments)}
    if call.dry_run:
        run["dryRun"] = True
    return {"tool": RUN_TOOL, "arguments": run}


def with_next_calls(error: dict[str, Any], *, project_root: str | None, known: Callable[[str], bool],
                    listed: Callable[[str], bool], previewable: Callable[[str], bool]) -> dict[str, Any]:
    """The error object with `nextCalls` added (an empty list when no next action is a call)."""
    calls = []
    for action in error.get("nextActions") or []:
        call = parse_tool_call(action) if isinstance(action, str) else None
        if call is None or not _same_project(call.project, project_root):
            continue
        made = next_call(call, known=known, listed=listed, previewable=previewable)
        if made is not None:
            calls.append(made)
    return {**error, NEXT_CALLS: calls}


def _same_project(named: str | None, root: str | None) -> bool:
    """A line without --project runs on the server's project; one naming a project must name that one."""
    if named is None:
        return True
    if root is None:
        return False
    return os.path.realpath(named) == os.path.realpath(root)
