"""Reading a tool's `--input`: inline JSON, `@file`, or `-` for standard input."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from unitycli import strict_json
from unitycli.errors import UnityCliError


def read_input(value: str | None, tool: str) -> Any:
    """The parsed input of `tool`; every failure points at the tool's descriptor (its input schema)."""
    if value is None:
        return {}
    source = "--input"
    if value == "-":
        source = "standard input"
        try:
            text = sys.stdin.buffer.read().decode("utf-8") if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        except UnicodeDecodeError as exc:
            raise UnityCliError(
                "E_INPUT_JSON_INVALID", f"input from {source} is not UTF-8 ({exc.reason} at byte {exc.start})",
                details={"source": source, "reason": "not UTF-8", "position": exc.start},
                next_actions=[f"unitycli tools describe {tool}"],
            ) from None
    elif value.startswith("@"):
        path = Path(value[1:])
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UnityCliError(
                "E_OPTION_VALUE_INVALID",
                f"cannot read input file {path}: {exc}",
                details={"option": "--input", "file": str(path)},
            ) from None
        source = str(path)
    else:
        text = value
    try:
        return strict_json.loads(text)
    except strict_json.JsonLimitError as exc:
        raise UnityCliError(
            "E_INPUT_JSON_INVALID", f"input from {source} is refused: {exc}",
            details={"source": source, "reason": exc.reason, "limits": dict(strict_json.LIMITS)},
            next_actions=[f"unitycli tools describe {tool}"],
        ) from None
    except strict_json.StrictJsonError as exc:
        raise UnityCliError(
            "E_INPUT_JSON_INVALID", f"input from {source} is not strict JSON: {exc}",
            details={"source": source}, next_actions=[f"unitycli tools describe {tool}"],
        ) from None
    except json.JSONDecodeError as exc:
        raise UnityCliError(
            "E_INPUT_JSON_INVALID",
            f"input from {source} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
            details={"source": source, "line": exc.lineno, "column": exc.colno, "position": exc.pos},
            next_actions=[f"unitycli tools describe {tool}"],
        ) from None
