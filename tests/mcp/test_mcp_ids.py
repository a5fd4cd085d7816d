"""Over real stdio, every request whose id can be read is answered exactly once, with that id.

Before, four kinds of request were answered with `"id": null` (or not at all) and the client waited forever: a
repeated key, a number beyond float range as the id, a byte-order mark before the object, and the int64 minimum
as the id. Ids are compared as the exact text on the wire: a 400-digit integer or `1e400` must come back as sent.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from tests.fixturepaths import REPO_ROOT

SAMPLE = REPO_ROOT / "examples" / "sample-project"
INIT = {"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}
HUGE = "9" * 400  # beyond float range (about 1.8e308)
INT64_MIN = str(-(2**63))


class Raw(str):
    """A number as the exact text it was written in."""


def wire_id(line: bytes) -> str | None:
    """The id of a message exactly as written: a string id in quotes, a number as its text, null as None."""
    message = json.loads(line, parse_int=Raw, parse_float=Raw, parse_constant=Raw)
    value = message.get("id")
    if value is None or isinstance(value, Raw):
        return value
    return json.dumps(value)


def _request(id_text: str, method: str = "tools/list", params: str = "") -> str:
    tail = f',"params":{params}' if params else ""
    return '{"jsonrpc":"2.0","id":' + id_text + ',"method":"' + method + '"' + tail + "}"


# (case, line sent, the id text the one answer must carry, "result" for a served request or the error code)
CASES = [
    ("repeated id key: the last one counts", '{"jsonrpc":"2.0","id":"first","id":"second","method":"tools/list"}',
     '"second"', -32600),
    ("repeated key in tool arguments", _request(
        "14", "tools/call", '{"name":"package_list","arguments":{"limit":1,"limit":2}}'), "14",
     "E_INPUT_JSON_INVALID"),
    ("repeated key in params", _request("15", "tools/list", '{"cursor":"a","cursor":"b"}'), "15", -32602),
    ("integer id beyond float range", _request(HUGE), HUGE, -32600),
    ("5,000-digit integer id", _request("9" * 5000), "9" * 5000, -32600),
    ("exponent id beyond float range", _request("1e400"), "1e400", -32600),
    ("id beyond float range and a too-deep params", _request(
        "-1e999", "tools/list", '{"cursor":' + "[" * 5000 + "]" * 5000 + "}"), "-1e999", -32600),
    ("byte-order mark before the object", "\ufeff" + _request('"bom"'), '"bom"', "result"),
    ("int64 minimum as the id", _request(INT64_MIN), INT64_MIN, "result"),
    ("int64 maximum as the id", _request(str(2**63 - 1)), str(2**63 - 1), "result"),
    ("uint64 maximum as the id", _request(str(2**64 - 1)), str(2**64 - 1), -32600),
    ("fractional id", _request("1.5"), "1.5", -32600),
    ("escaped lone surrogate as the id", _request('"x\\ud800"'), '"x\\ud800"', -32600),
]


class StdioServer:
    """`python -m unitycli mcp` on a pipe, its stdout lines collected by a thread."""

    def __init__(self, home) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")}
        env.update(UNITYCLI_HOME=str(home), UNITYCLI_RESIDENT="off")
        self.proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(SAMPLE)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=env, cwd=str(REPO_ROOT))
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in iter(self.proc.stdout.readline, b""):
            self.lines.put(line)
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
        self.proc.stdin.flush()

    def answers_until(self, *id_texts: str, timeout: float = 60) -> list[bytes]:
        """Every message with an id, until answers carrying each of `id_texts` (ids as wire text) arrived."""
        found: list[bytes] = []
        waiting = set(id_texts)
        deadline = time.monotonic() + timeout
        while waiting:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no answer for {waiting}; got {[wire_id(a) for a in found]}"
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            assert line is not None, "the server closed stdout"
            if "id" not in json.loads(line, parse_int=Raw, parse_float=Raw):
                continue  # a notification
            found.append(line)
            waiting.discard(wire_id(line) or "null")
        return found

    def close(self) -> int:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[StdioServer]:
    running = StdioServer(tmp_path_factory.mktemp("home"))
    try:
        running.send(json.dumps(INIT))
        running.send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
        [answer] = running.answers_until('"init"')
        assert json.loads(answer)["result"]["capabilities"]["tools"]["listChanged"] is True
        yield running
        assert running.close() == 0
    finally:
        if running.proc.poll() is None:
            running.proc.kill()


@pytest.mark.parametrize(("line", "id_text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_readable_id_is_answered_exactly_once_with_that_id(server, line, id_text, expected):
    sentinel = json.dumps(f"after-{id_text[:20]}-{len(line)}")
    server.send(line)
    server.send(_request(sentinel, "ping"))  # the server kept serving after the case
    answers = server.answers_until(id_text, sentinel)
    mine = [a for a in answers if wire_id(a) == id_text]
    assert len(mine) == 1, [a[:200] for a in answers]
    assert len(answers) == 2, [a[:200] for a in answers]  # nothing else, in particular no null-id error
    message = json.loads(mine[0], parse_int=Raw, parse_float=Raw)
    if expected == "result":
        assert "package_list" in {t["name"] for t in message["result"]["tools"]}
    elif isinstance(expected, str):
        assert message["result"]["isError"] is True
        assert message["result"]["structuredContent"]["error"]["code"] == expected
    else:
        assert message["error"]["code"] == Raw(str(expected))


def test_unreadable_ids_are_still_answered_with_a_null_id(server):
    """Not JSON (NaN, a truncated line), or an id that is not a string or a number: one null-id error each."""
    for line in ('{"jsonrpc":"2.0","id":"nan","method":"tools/list","params":{"x":NaN}}',
                 '{"jsonrpc":"2.0","id":"cut","method":"tools/list"',
                 '{"jsonrpc":"2.0","id":true,"method":"tools/list"}'):
        server.send(line)
        server.send(_request('"after-null"', "ping"))
        answers = server.answers_until("null", '"after-null"')
        assert sorted(wire_id(a) or "null" for a in answers) == ['"after-null"', "null"], line


@pytest.mark.parametrize(("text", "id_text"), [
    ('{"id": 1, "id": 2}', "2"),
    (' {"a":[{"id":3}],"id":"x"} ', '"x"'),
    ('{"id":' + "[" * 100_000 + "]" * 100_000 + ',"id":-0.5e-3}', "-0.5e-3"),
    ('{"id":{"id":1}}', None),
    ('{"id":null}', None),
])
def test_the_head_reads_the_last_top_level_id_as_written(text, id_text):
    from unitycli.mcp.head import read_head

    head = read_head(text)
    assert head is not None and head.id_text == id_text


@pytest.mark.parametrize("text", ['{"id":1,}', '{"id":1', '{"id":NaN}', '[{"id":1}]', '{"id":01}', '{"id":1} x',
                                  '{"id":"a\tb"}', '{"id":1}{"id":2}', '{"id" 1}', '{id:1}', ""])
def test_text_that_is_not_one_json_object_has_no_head(text):
    from unitycli.mcp.head import read_head

    assert read_head(text) is None
