"""The `initialize` answer, sent before the MCP SDK or any plugin is imported.

Importing the SDK costs about a CPU-second (it builds the pydantic models of two protocol eras) and building the
tool surface a few more, while clients give a server 10–15 s of wall time to answer `initialize` (Codex, the MCP
Inspector) and a loaded machine can take that. So `unitycli mcp` reads the client's first line itself: when it
is a well-formed handshake-era `initialize` request, it is answered at once, from what is known without the SDK
(the protocol versions, read from `mcp_types/version.py` without importing its package; the server's name,
version and capabilities; the fixed instructions of `wording.py`). Then the SDK starts, the line is replayed to
it (so its session is initialized as usual), and its own answer to that id is dropped on the way out after a
comparison that logs any difference. Anything else on the first line (a 2026-era request, a malformed line, a
line past `FIRST_LINE_LIMIT`) is only replayed: the SDK and the screen answer it as always.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from unitycli.mcp.head import _INT64

logger = logging.getLogger("unitycli.mcp")

SERVER_NAME = "unitycli"
# What `UnityCliServer` declares (tools and their list_changed notifications, nothing else); a test holds the
# SDK's own answer equal to this one.
CAPABILITIES: dict[str, Any] = {"tools": {"listChanged": True}}
FIRST_LINE_LIMIT = 1 << 20  # an initialize request is a few hundred bytes; a longer first line is the SDK's to judge


def handshake_versions() -> tuple[str, ...]:
    """The SDK's handshake-era protocol versions, oldest first, read from its `version.py` alone (importing
    `mcp_types.version` would import the whole `mcp_types` package first)."""
    spec = importlib.util.find_spec("mcp_types")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("mcp_types is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "version.py"
    loader = importlib.util.spec_from_file_location("_unitycli_mcp_versions", path)
    if loader is None or loader.loader is None:
        raise ImportError(f"cannot read {path}")
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return tuple(module.HANDSHAKE_PROTOCOL_VERSIONS)


def read_first_line(fd: int, limit: int = FIRST_LINE_LIMIT) -> bytes:
    """Bytes from `fd` up to and including the first newline (and whatever the same reads brought after it),
    or up to EOF or `limit`; raw reads, so nothing is left in a buffer the SDK's reader would not see."""
    data = b""
    while b"\n" not in data and len(data) < limit:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        data += chunk
    return data


@dataclass(frozen=True)
class EarlyAnswer:
    """The `initialize` this process answered itself: the request's id and the result sent."""

    request_id: int | str
    result: dict[str, Any]


def _request(line: bytes) -> dict[str, Any] | None:
    """The line as a handshake-era `initialize` request the SDK accepts, or None."""
    from unitycli import strict_json

    try:
        message = strict_json.loads(line.decode("utf-8").removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or message.get("method") != "initialize":
        return None
    request_id = message.get("id")
    if isinstance(request_id, bool) or not (isinstance(request_id, str) or
                                            (isinstance(request_id, int) and request_id in _INT64)):
        return None
    params = message.get("params")
    if not isinstance(params, dict) or "_meta" in params:
        return None
    client = params.get("clientInfo")
    if not (isinstance(params.get("protocolVersion"), str) and isinstance(params.get("capabilities"), dict)
            and isinstance(client, dict) and isinstance(client.get("name"), str)
            and isinstance(client.get("version"), str)):
        return None
    return message


def initialize_result(requested: str, *, version: str, instructions: str,
                      supported: tuple[str, ...]) -> dict[str, Any]:
    """The result the SDK would give: the requested version when it speaks it, else its latest."""
    return {"capabilities": CAPABILITIES, "instructions": instructions,
            "protocolVersion": requested if requested in supported else supported[-1],
            "serverInfo": {"name": SERVER_NAME, "title": SERVER_NAME, "version": version}}


def answer_initialize(first: bytes, out_fd: int, *, version: str, instructions: str) -> EarlyAnswer | None:
    """Answer the first line on `out_fd` when it is an `initialize` request (module doc); None otherwise."""
    line = first.split(b"\n", 1)[0]
    request = _request(line) if first.endswith(b"\n") or b"\n" in first else None
    if request is None:
        return None
    try:
        supported = handshake_versions()
    except (ImportError, OSError, AttributeError, SyntaxError):  # the SDK will answer itself
        logger.warning("early initialize answer skipped: the SDK's protocol versions are unreadable", exc_info=True)
        return None
    result = initialize_result(request["params"]["protocolVersion"], version=version, instructions=instructions,
                               supported=supported)
    wire = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8", "surrogateescape") + b"\n"
    view = memoryview(wire)
    while view:
        view = view[os.write(out_fd, view):]
    return EarlyAnswer(request["id"], result)


class ReplayedInput:
    """A binary line reader that gives the bytes read ahead first, then the rest of the stream."""

    def __init__(self, ahead: bytes, rest: BinaryIO) -> None:
        self._ahead = ahead
        self._rest = rest

    def readline(self, size: int = -1) -> bytes:
        if not self._ahead:
            return self._rest.readline(size)
        cut = self._ahead.find(b"\n")
        if cut >= 0:
            line, self._ahead = self._ahead[:cut + 1], self._ahead[cut + 1:]
            return line
        line, self._ahead = self._ahead, b""
        return line + self._rest.readline()


class DropEarlyAnswer:
    """The SDK's stdout, less its own answer to the `initialize` already answered (compared, then dropped)."""

    def __init__(self, out: Any, early: EarlyAnswer | None) -> None:
        self._out = out
        self._early = early

    async def write(self, text: str) -> None:
        early = self._early
        if early is not None:
            try:
                message = json.loads(text)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("id") == early.request_id and \
                    ("result" in message or "error" in message):
                self._early = None
                if message.get("result") != early.result:
                    logger.warning("the SDK's initialize answer differs from the one sent early: %s",
                                   text.strip()[:2000])
                return
        await self._out.write(text)

    async def flush(self) -> None:
        await self._out.flush()
