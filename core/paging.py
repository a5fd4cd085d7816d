"""Cursor paging shared by every tool with large answers: never truncated silently, they continue with `nextCursor`.

A cursor is opaque to callers: the offset of the next item plus a digest of the query that produced it, so a cursor
passed to a different query (another path, filter or tool) is refused instead of silently skipping items.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call

T = TypeVar("T")

LIMIT_FIELD = Field(200, ge=1, le=5000, description="Items per page; the rest continue with `nextCursor`.")
CURSOR_FIELD = Field(None, description="`nextCursor` of the previous page of the same query.")


def _query_digest(tool: str, query: dict[str, Any]) -> str:
    text = json.dumps([tool, query], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def encode_cursor(tool: str, query: dict[str, Any], offset: int) -> str:
    raw = f"{offset}:{_query_digest(tool, query)}".encode()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_cursor(tool: str, query: dict[str, Any], cursor: str | None) -> int:
    """The offset a cursor stands for; 0 without one; `E_SCHEMA_INVALID` for a cursor of another query."""
    if not cursor:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("ascii")
        offset_text, digest = text.split(":", 1)
        offset = int(offset_text)
    except (ValueError, UnicodeDecodeError):
        offset, digest = -1, ""
    if offset < 0 or digest != _query_digest(tool, query):
        raise UnityCliError(
            "E_SCHEMA_INVALID",
            f"cursor {cursor!r} was not returned by this {tool} query",
            details={"tool": tool, "errors": [{"path": "cursor", "message": "not a cursor of this query"}]},
            next_actions=[same_call(cursor=None)],  # then pass its nextCursor unchanged
        )
    return offset


def page(items: Sequence[T], tool: str, query: dict[str, Any], limit: int,
         cursor: str | None) -> tuple[list[T], str | None]:
    """One page of `items` and the cursor of the next page (None on the last page)."""
    offset = decode_cursor(tool, query, cursor)
    chunk = list(items[offset:offset + limit])
    end = offset + len(chunk)
    return chunk, encode_cursor(tool, query, end) if end < len(items) else None
