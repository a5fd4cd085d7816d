"""The early `initialize` answer (`unitycli.mcp.handshake`): sent before the SDK loads, and exactly the SDK's own.

The SDK's answer to the same request is compared with the early one inside the server and dropped; a difference
is logged on stderr, which these tests read. So the early answer can never drift from what the SDK would say.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.fixturepaths import REPO_ROOT
from unitycli.mcp.handshake import ReplayedInput, answer_initialize, handshake_versions, read_first_line

SAMPLE = REPO_ROOT / "examples" / "sample-project"


def _initialize(version: str, request_id: object = 1) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}


def _serve(lines: list[object], answers: int, tmp_path) -> tuple[list[dict], str]:
    """Send `lines`, read `answers` answers, then close stdin (the server stops at EOF) and read stderr."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")},
           "UNITYCLI_HOME": str(tmp_path / "home"), "UNITYCLI_RESIDENT": "off"}
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(SAMPLE)], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=str(REPO_ROOT))
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    proc.stdin.flush()
    got = [json.loads(proc.stdout.readline()) for _ in range(answers)]
    proc.stdin.close()
    extra = proc.stdout.read()
    stderr = proc.stderr.read()
    proc.wait(timeout=60)
    return got + [json.loads(line) for line in extra.splitlines()], stderr


@pytest.mark.parametrize(("asked", "agreed"), [("2025-06-18", "2025-06-18"), ("2024-01-01", None)])
def test_the_early_answer_is_the_sdks_and_is_sent_once(tmp_path, asked, agreed):
    answers, stderr = _serve([_initialize(asked, "first"), {"jsonrpc": "2.0", "method": "notifications/initialized"},
                              {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}], 2, tmp_path)
    assert "differs" not in stderr, stderr
    assert [a["id"] for a in answers] == ["first", 2]  # one answer per request: the SDK's duplicate is dropped
    result = answers[0]["result"]
    assert result["protocolVersion"] == (agreed or handshake_versions()[-1])
    assert result["serverInfo"]["name"] == "unitycli" and result["capabilities"] == {"tools": {"listChanged": True}}
    assert f"Project: {SAMPLE.resolve()}." in result["instructions"]
    assert any(t["name"] == "scene_list" for t in answers[1]["result"]["tools"])  # the session went on as usual


def test_a_first_line_that_is_no_initialize_goes_to_the_sdk_and_the_screen(tmp_path):
    answers, _ = _serve(['{"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": {"protocolVersion": 1}}',
                         '{"jsonrpc": "2.0", "id": 8, "method": "initialize"', _initialize("2025-11-25", 9)],
                        3, tmp_path)
    by_id = {a["id"]: a for a in answers}
    assert by_id[7]["error"]["code"] == -32602  # the SDK's own refusal of bad params
    assert by_id[None]["error"]["code"] == -32700  # the screen: a truncated line is a parse error
    assert by_id[9]["result"]["protocolVersion"] == "2025-11-25"


def test_bytes_read_ahead_are_replayed_before_the_stream():
    read, write = os.pipe()
    os.write(write, b'{"a": 1}\n{"b": 2}\n{"c"')
    ahead = read_first_line(read)
    os.write(write, b': 3}\n{"d": 4}\n')
    os.close(write)
    with os.fdopen(read, "rb") as rest:
        replay = ReplayedInput(ahead, rest)
        lines = iter(lambda: replay.readline(), b"")
        assert list(lines) == [b'{"a": 1}\n', b'{"b": 2}\n', b'{"c": 3}\n', b'{"d": 4}\n']


@pytest.mark.parametrize("line", [b"", b"not json\n", b'{"jsonrpc": "2.0", "id": true, "method": "initialize"}\n',
                                  json.dumps(_initialize("2025-11-25")).encode()])  # no newline yet: not a line
def test_only_a_whole_well_formed_initialize_line_is_answered_early(line):
    read, write = os.pipe()
    try:
        assert answer_initialize(line, write, version="0", instructions="i") is None
    finally:
        os.close(write)
        assert os.read(read, 10) == b""
        os.close(read)


def test_a_start_opens_one_session_for_the_instructions_and_the_tools(tmp_path, monkeypatch):
    from tests.fixturepaths import fixture_project
    from unitycli.host.session import Session
    from unitycli.mcp.options import ServerOptions
    from unitycli.mcp.server import McpState

    monkeypatch.setenv("UNITYCLI_HOME", str(tmp_path / "home"))
    opened: list[Session] = []

    def factory(options: ServerOptions) -> Session:
        opened.append(Session(project_arg=options.project, cwd=options.cwd))
        return opened[-1]

    options = ServerOptions(project=str(fixture_project("minigolf")), cwd=tmp_path, session_factory=factory,
                            resident_index=False)
    assert "minigolf" in options.instructions()
    state = McpState(options)
    try:
        assert len(opened) == 1 and state.surface.session is opened[0]  # was two: one for the words alone
        assert options.new_session() is not opened[0]  # a rebuild reads the project anew
    finally:
        state.close()
