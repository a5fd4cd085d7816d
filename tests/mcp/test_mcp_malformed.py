"""`unitycli mcp` over real stdio answers every message that has an id, however malformed, and keeps serving.

Before the stdio screen, the SDK dropped a line it could not parse (params that are not an object, a 5,000-digit
integer, a lone surrogate, deep nesting, non-JSON, invalid JSON-RPC) and the client waited forever.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time

import pytest

from tests.fixturepaths import REPO_ROOT
from unitycli.mcp.screen import screen_line

SAMPLE = REPO_ROOT / "examples" / "sample-project"
INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}
DEEP = "[" * 100_000 + "]" * 100_000
BIG = "9" * 5000


def _call(id_: int, arguments: str) -> str:
    return ('{"jsonrpc":"2.0","id":' + str(id_) + ',"method":"tools/call","params":{"name":"package_list",'
            '"arguments":' + arguments + '}}')


# (line, id the answer must carry, JSON-RPC error code or None for a tool result with isError and the code)
MALFORMED = [
    ('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}', 1, -32602),
    (_call(2, '{"limit":' + BIG + '}'), 2, "E_INPUT_JSON_INVALID"),
    (_call(3, '{"query":"\\ud800"}'), 3, "E_INPUT_JSON_INVALID"),
    (_call(4, '{"x":' + DEEP + '}'), 4, "E_INPUT_JSON_INVALID"),
    ('{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":' + DEEP + '}}', 5, -32602),
    ("this is not JSON", None, -32700),
    ('{"jsonrpc":"2.0","id":7,"method":"tools/list"', None, -32700),
    ('{"jsonrpc":"1.0","id":8,"method":"tools/list"}', 8, -32600),
    ('{"jsonrpc":"2.0","id":9,"method":5}', 9, -32600),
    ("[1, 2]", None, -32600),
    ('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":5}}', 11, -32602),
    ('{"jsonrpc":"2.0","id":' + BIG + ',"method":"tools/list"}', BIG, -32600),
    ('{"jsonrpc":"2.0","id":13,"method":"tools/list","params":"x"}', 13, -32602),
    ('{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"package_list","arguments":{"a":1,"a":2}}}',
     14, "E_INPUT_JSON_INVALID"),
    ('{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"package_list","arguments":{"n":NaN}}}',
     None, -32700),
    ('{"jsonrpc":"2.0","id":true,"method":"tools/list"}', None, -32600),
]


ANSWERED_BY_SDK = {11}  # a valid JSON-RPC request whose params the SDK itself refuses with -32602


def _loads(line: str | bytes) -> dict:
    """A message, its integers beyond Python's conversion limit (4,300 digits) kept as their digits."""
    return json.loads(line, parse_int=lambda text: int(text) if len(text) < 4300 else text)


def _env(home) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")}
    env.update(UNITYCLI_HOME=str(home), UNITYCLI_RESIDENT="off")
    return env


def _reader(stream, out: queue.Queue) -> None:
    for line in iter(stream.readline, b""):
        out.put(line)
    out.put(None)


@pytest.mark.parametrize(("line", "id_", "code"), MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_screen_answers_each_malformed_line(line, id_, code):
    reply = screen_line(line)
    if id_ in ANSWERED_BY_SDK:
        assert reply is None
        return
    assert reply is not None
    message = _loads(reply.line)
    assert message.get("id") == id_
    if isinstance(code, int):
        assert message["error"]["code"] == code
    else:
        assert message["result"]["isError"] is True
        assert message["result"]["structuredContent"]["error"]["code"] == code


def test_screen_passes_valid_messages():
    assert screen_line(json.dumps(INIT)) is None
    assert screen_line('{"jsonrpc":"2.0","method":"notifications/initialized"}') is None
    assert screen_line(_call(1, '{"limit": 5}')) is None


def test_every_malformed_message_gets_an_answer_over_stdio(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(SAMPLE)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=_env(tmp_path / "home"), cwd=str(REPO_ROOT))
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    try:
        assert proc.stdin is not None
        sent = [json.dumps(INIT), '{"jsonrpc":"2.0","method":"notifications/initialized"}']
        for index, (line, _id, _code) in enumerate(MALFORMED):
            sent.append(line)
            sent.append(json.dumps({"jsonrpc": "2.0", "id": f"list-{index}", "method": "tools/list"}))
        for line in sent:
            proc.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
        proc.stdin.flush()
        answers: list[dict] = []
        expected = len(MALFORMED) * 2 + 1
        deadline = time.monotonic() + 45
        while len(answers) < expected:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"only {len(answers)} of {expected} answers: {[a.get('id') for a in answers]}"
            try:
                raw = lines.get(timeout=remaining)
            except queue.Empty:
                continue
            assert raw is not None, "the server closed stdout"
            message = _loads(raw)  # every line on stdout is one JSON document
            if "id" in message:
                answers.append(message)
        by_id = {a["id"]: a for a in answers if a["id"] is not None}
        assert by_id[0]["result"]["capabilities"]["tools"]["listChanged"] is True
        for index in range(len(MALFORMED)):  # the server kept serving after each one
            assert "package_list" in {t["name"] for t in by_id[f"list-{index}"]["result"]["tools"]}
        for line, id_, code in MALFORMED:
            if id_ is None:
                continue
            answer = by_id[id_]
            if isinstance(code, int):
                assert answer["error"]["code"] == code, line[:80]
            else:
                assert answer["result"]["structuredContent"]["error"]["code"] == code, line[:80]
        nulls = [a for a in answers if a["id"] is None]
        assert len(nulls) == sum(1 for _line, id_, _code in MALFORMED if id_ is None)
        assert all(a["error"]["code"] in (-32700, -32600) for a in nulls)
    finally:
        if proc.stdin:
            proc.stdin.close()
        try:
            assert proc.wait(timeout=30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
