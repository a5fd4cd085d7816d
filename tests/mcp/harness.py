"""Driving the MCP server in-process with the SDK's own client, in either protocol era.

`mode="legacy"` is the initialize handshake over in-memory streams (protocol 2025-11-25); `mode="auto"` against
an in-process server takes the 2026-07-28 per-request path. Tests are plain functions that `anyio.run` a
coroutine, so no async pytest plugin is needed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp import Client

from tests.mcp import notes_plugin
from unitycli.host.session import Session
from unitycli.mcp.server import ServerOptions, build_server
from unitycli.mcp.toolsets import ListPolicy

ERAS = ("legacy", "auto")


def notes_options(project: Path | str | None, *, policy: ListPolicy | None = None, poll: float = 0.1,
                  cwd: Path | None = None) -> ServerOptions:
    """Server options whose sessions also load the test-only notes plugin."""

    def factory(options: ServerOptions) -> Session:
        return Session(project_arg=options.project, cwd=options.cwd,
                       extra_plugins=[(notes_plugin, notes_plugin.OWNER)])

    return ServerOptions(project=str(project) if project else None, cwd=cwd or Path.cwd(),
                         policy=policy or ListPolicy(), poll_interval=poll, session_factory=factory)


def client(options: ServerOptions, mode: str, **kwargs: Any) -> Client:
    return Client(build_server(options), mode=mode, **kwargs)


def payload(result: types.CallToolResult) -> dict[str, Any]:
    """The structured content, after checking the text copy says exactly the same."""
    [text] = result.content
    assert json.loads(text.text) == result.structured_content
    return result.structured_content


def error_of(result: types.CallToolResult) -> dict[str, Any]:
    assert result.is_error, result
    return payload(result)["error"]


def names(tools: types.ListToolsResult) -> list[str]:
    return [t.name for t in tools.tools]


Check = Callable[[Client], Any]
