"""`unitycli mcp` as a real subprocess: the SDK's stdio client, a raw pipe check, and a third-party client."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.fixturepaths import REPO_ROOT, fixture_project
from tests.mcp.harness import error_of, names, payload
from unitycli.mcp.schemas import wire_size

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"


def _env(home) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")}
    env.update(UNITYCLI_HOME=str(home), UNITYCLI_RESIDENT="off")
    return env


def _server(project, home) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "unitycli", "mcp", "--project", str(project)],
                                 env=_env(home), cwd=str(REPO_ROOT))


def test_stdio_subprocess_on_a_fixture_project(tmp_path):
    project = fixture_project("minigolf")

    async def check():
        async with Client(_server(project, tmp_path / "home"), mode="legacy") as c:
            tools = await c.list_tools()
            packages = payload(await c.call_tool("scene_list", {}))
            missing = error_of(await c.call_tool("unitycli_describe_tool", {"name": "nope.nothing"}))
            typo = error_of(await c.call_tool("asset_info", {"path": "Assets/LlamAcademy/Minigolf/Scenes/Gam.unity"}))
            followed = [await c.call_tool(call["tool"], call["arguments"]) for call in typo["nextCalls"]]
            return tools, packages, missing, typo, followed

    tools, packages, missing, typo, followed = anyio.run(check)
    listed = names(tools)
    assert {"scene_list", "unitycli_search_tools"} <= set(listed)
    assert all(t.output_schema is None for t in tools.tools) and sum(wire_size(t) for t in tools.tools) > 0
    assert packages["tool"] == "scene.list"
    assert missing["code"] == "E_TOOL_NOT_FOUND_FOR_TARGET"
    assert missing["nextCalls"] == []  # `unitycli tools search <keyword>` is a template, not a call
    # A typo's next actions are command lines for the CLI and, over MCP, calls the client makes as they are.
    assert typo["code"] == "E_ASSET_NOT_FOUND"
    first = typo["nextCalls"][0]
    # asset.info is called by its own name when the budgeted list holds it, else through the run meta-tool
    if "asset_info" in listed:
        assert first["tool"] == "asset_info"
        assert list(first["arguments"].values()) == ["Assets/LlamAcademy/Minigolf/Scenes/Game.unity"]
    else:
        assert first["tool"] == "unitycli_run_tool" and first["arguments"]["name"] == "asset.info"
        assert "Assets/LlamAcademy/Minigolf/Scenes/Game.unity" in json.dumps(first["arguments"])
    assert len(typo["nextCalls"]) == len([a for a in typo["nextActions"] if a.startswith("unitycli tools run")])
    assert [r.is_error for r in followed] == [False] * len(followed)
    assert payload(followed[0])["tool"] == "asset.info"
    assert "Assets/LlamAcademy/Minigolf/Scenes/Game.unity" in json.dumps(payload(followed[0])["output"])


def test_stdout_carries_protocol_messages_only(tmp_path):
    """Every byte on stdout is a JSON-RPC message; logs, warnings and stray prints go to stderr."""
    project = fixture_project("chicken-defense")
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "scene_list", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "scene_list",
                                                                       "arguments": {"bogus": 1}}},
    ]
    stdin = "".join(json.dumps(r) + "\n" for r in requests)
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(project)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path / "home"), cwd=str(REPO_ROOT))
    assert proc.stdin is not None
    proc.stdin.write(stdin)
    proc.stdin.flush()
    lines: list[dict] = []
    assert proc.stdout is not None
    while len([m for m in lines if "id" in m]) < 4:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
        lines.append(json.loads(line))  # anything that is not JSON fails here
    proc.stdin.close()  # EOF: the server finishes and exits
    rest = proc.stdout.read()
    assert proc.wait(timeout=30) == 0
    for line in rest.splitlines():
        lines.append(json.loads(line))
    assert all(m.get("jsonrpc") == "2.0" for m in lines)
    by_id = {m["id"]: m for m in lines if "id" in m}
    assert by_id[1]["result"]["capabilities"]["tools"]["listChanged"] is True
    assert by_id[3]["result"]["isError"] is False
    assert by_id[4]["result"]["isError"] is True
    assert by_id[4]["result"]["structuredContent"]["error"]["code"] == "E_SCHEMA_INVALID"


def test_a_bad_toolset_fails_on_stderr_not_stdout(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "unitycli", "mcp", "--toolsets", "nope", "--project",
                           str(fixture_project("minigolf"))], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL, env=_env(tmp_path / "home"), cwd=str(REPO_ROOT))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("error E_OPTION_VALUE_INVALID: --toolsets names no tool group: nope")


def _inspector() -> list[str]:
    """The MCP Inspector CLI from the npm cache, or skip: CI installs it (see the report in the MCP docs)."""
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("third-party MCP client: npx (Node.js) is not installed")
    probe = subprocess.run([npx, "--offline", "-y", INSPECTOR, "--cli", "--version"], capture_output=True,
                           text=True, timeout=120, stdin=subprocess.DEVNULL)
    if probe.returncode != 0:
        pytest.skip(f"third-party MCP client: {INSPECTOR} is not in the npm cache "
                    f"(npx -y {INSPECTOR} --cli --version fetches it)")
    return [npx, "--offline", "-y", INSPECTOR, "--cli"]


def test_mcp_inspector_cli_lists_and_calls(tmp_path):
    inspector = _inspector()
    project = fixture_project("minigolf")
    server = ["-e", f"UNITYCLI_HOME={tmp_path / 'home'}", "--", sys.executable, "-m", "unitycli", "mcp",
              "--project", str(project)]

    def inspect(*method: str) -> dict:
        # No connect timeout: initialize is answered at once (handshake.py), but a loaded machine must not fail a
        # test on wall time; the subprocess timeout still bounds a hang.
        proc = subprocess.run([*inspector, "--connect-timeout", "0", *method, *server], capture_output=True,
                              text=True, timeout=180,
                              stdin=subprocess.DEVNULL, cwd=str(REPO_ROOT), env={**os.environ, "CI": "true"})
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return json.loads(proc.stdout)

    listed = inspect("--method", "tools/list")
    tool_names = [t["name"] for t in listed["tools"]]
    assert "scene_list" in tool_names and "unitycli_run_tool" in tool_names
    assert all("outputSchema" not in t for t in listed["tools"])
    called = inspect("--method", "tools/call", "--tool-name", "unitycli_search_tools", "--tool-arg", "query=package")
    assert called.get("isError") in (False, None)
    assert called["structuredContent"]["tools"][0]["name"].startswith("package.")
