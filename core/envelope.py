"""The one JSON document every `--json` invocation prints, success or failure."""

from __future__ import annotations

import uuid
from typing import Any

SCHEMA_VERSION = 1


def new_request_id() -> str:
    return "req-" + uuid.uuid4().hex[:20]


def success(command: str, request_id: str, result: Any) -> dict[str, Any]:
    return {"schemaVersion": SCHEMA_VERSION, "ok": True, "command": command, "requestId": request_id, "result": result}


def failure(command: str, request_id: str, error: dict[str, Any]) -> dict[str, Any]:
    return {"schemaVersion": SCHEMA_VERSION, "ok": False, "command": command, "requestId": request_id, "error": error}
