"""The stdio screen: every request whose id can be read is answered exactly once, with that id.

The SDK drops a line it cannot parse, and answers one it can parse but not accept with a null id; either way
the client waits forever for its request. So each line of stdin is read strictly first (`strict_json`), and a
line that is malformed but carries a readable id (`head` says what readable means) is answered here, with the
id exactly as sent, instead of being passed on. A leading byte-order mark is dropped before anything reads the
line. Everything else goes to the SDK unchanged, which answers it itself.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import anyio
import mcp_types as types

from unitycli import strict_json
from unitycli.errors import UnityCliError
from unitycli.mcp.calls import NEXT_CALLS
from unitycli.mcp.head import Head, read_head

logger = logging.getLogger("unitycli.mcp")

BOM = "\ufeff"


@dataclass(frozen=True)
class Reply:
    """One answer the screen sends itself, as its exact wire line: the id is the request's own text, which no
    Python number could carry back unchanged. The SDK's stdout writer asks each message for
    `model_dump_json(...)`, which here is that line."""

    line: str

    def model_dump_json(self, **_: Any) -> str:
        return self.line

    def as_dict(self) -> dict[str, Any]:
        return json.loads(self.line)


def input_refused(exc: strict_json.StrictJsonError) -> UnityCliError:
    """Tool arguments beyond the input limits, or not strict JSON: the tool's own refusal."""
    return UnityCliError("E_INPUT_JSON_INVALID", f"tool arguments are refused: {exc}",
                         details={"source": "arguments", "reason": exc.reason, "limits": dict(strict_json.LIMITS)})


def _line(id_text: str | None, key: str, body: dict[str, Any]) -> Reply:
    # ASCII escapes: an exception message may quote a lone surrogate, which the UTF-8 writer could not encode.
    return Reply('{"jsonrpc":"2.0","id":' + (id_text or "null") + f',"{key}":'
                 + json.dumps(body, separators=(",", ":")) + "}")


def _error(id_text: str | None, code: int, message: str, data: Any = None) -> Reply:
    body: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        body["data"] = data
    return _line(id_text, "error", body)


def _tool_refusal(id_text: str, error: UnityCliError) -> Reply:
    payload = {"error": {**error.to_dict(), NEXT_CALLS: []}}
    result = types.CallToolResult(content=[types.TextContent(text=json.dumps(payload, separators=(",", ":")))],
                                  structured_content=payload, is_error=True)
    return _line(id_text, "result", result.model_dump(by_alias=True, mode="json", exclude_none=True))


def _invalid_id(head: Head | None) -> Reply:
    return _error(head.id_text if head else None, types.INVALID_REQUEST,
                  "Invalid Request: the id must be a string of Unicode text or an integer in the signed 64-bit range")


def _refuse_unstrict(text: str, exc: strict_json.StrictJsonError) -> Reply:
    """JSON that is not strict (a repeated key, a number beyond float range) or beyond a limit: answered by its
    id when that can be read, with the error the offending part deserves."""
    head = read_head(text)
    data: dict[str, Any] = {"reason": exc.reason, "limits": dict(strict_json.LIMITS)}
    if head is None or head.id_text is None or head.method is None:
        return _error(None, types.PARSE_ERROR, f"Parse error: {exc}", data)
    if not head.id_is_valid():
        return _invalid_id(head)
    if head.repeated:
        return _error(head.id_text, types.INVALID_REQUEST,
                      f"Invalid Request: the key {head.repeated[0]!r} appears twice at the top level", data)
    if head.method == "tools/call":
        return _tool_refusal(head.id_text, input_refused(exc))
    return _error(head.id_text, types.INVALID_PARAMS, f"Invalid params: {exc}", data)


def screen_line(text: str) -> Reply | None:
    """None when the SDK can take the line; else the answer to send back ourselves (a JSON-RPC error, or for a
    `tools/call` whose arguments are refused, the tool's `E_INPUT_JSON_INVALID` result)."""
    try:
        data = strict_json.loads(text)
    except strict_json.StrictJsonError as exc:
        return _refuse_unstrict(text, exc)
    except (ValueError, RecursionError) as exc:  # not JSON at all (truncated, NaN, bytes that are not UTF-8 …)
        return _error(None, types.PARSE_ERROR, f"Parse error: {exc}")
    if not isinstance(data, dict):
        return _error(None, types.INVALID_REQUEST,
                      "Invalid Request: a message must be one JSON object (batches are not supported)")
    head = read_head(text)
    id_text = head.id_text if head else None
    if "id" in data and "method" in data and not (head and head.id_is_valid()):  # else the SDK takes it for a
        return _invalid_id(head)                                                   # notification and says nothing
    try:
        types.jsonrpc_message_adapter.validate_json(text, by_name=False)
        return None
    except Exception as exc:  # a pydantic ValidationError: the shape is not a JSON-RPC message
        problem = str(exc).splitlines()
        detail = {"problem": " ".join(line.strip() for line in problem[1:4])[:500]}
    method = data.get("method")
    if "method" not in data and "id" not in data:
        return _error(None, types.INVALID_REQUEST, "Invalid Request: neither a method nor an id", detail)
    if "id" not in data:
        return None if data.get("jsonrpc") == "2.0" and isinstance(method, str) else \
            _error(None, types.INVALID_REQUEST, "Invalid Request: malformed notification", detail)
    if not (head and head.id_is_valid()):
        return _error(id_text, types.INVALID_REQUEST, "Invalid Request: the id must be a string or an integer",
                      detail)
    if data.get("jsonrpc") != "2.0" or not isinstance(method, str):
        return _error(id_text, types.INVALID_REQUEST, 'Invalid Request: needs "jsonrpc": "2.0" and a string '
                      '"method"', detail)
    return _error(id_text, types.INVALID_PARAMS, "Invalid params: params must be an object", detail)


class ScreenedStdin:
    """Lines of the client's stdin, with the malformed ones answered here instead of being passed on."""

    def __init__(self, source: Any) -> None:
        self.source = source
        self.replies: Any = None
        self.ready = anyio.Event()

    def attach(self, write_stream: Any) -> None:
        self.replies = write_stream
        self.ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        from mcp.shared.message import SessionMessage

        async for raw in self.source:
            text = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
            text = text.removeprefix(BOM)
            if not text.strip():
                continue
            try:
                reply = screen_line(text)
            except Exception:  # the screen must never stop the server; let the SDK judge the line
                logger.exception("message screen failed")
                reply = None
            if reply is None:
                yield text
                continue
            await self.ready.wait()
            try:
                await self.replies.send(SessionMessage(reply))  # type: ignore[arg-type]  # written as its line
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                return
