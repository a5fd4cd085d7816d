"""Reading a tool's `--input`: inline JSON, `@file`, or `-` for standard input."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError


def read_input(value: str | None) -> Any:
    if value is None:
        return {}
    source = "--input"
    if value == "-":
        text, source = sys.stdin.read(), "standard input"
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
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnityCliError(
            "E_INPUT_JSON_INVALID",
            f"input from {source} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
            details={"source": source, "line": exc.lineno, "column": exc.colno, "position": exc.pos},
            next_actions=["pass a JSON object, e.g. --input '{\"file\": \"Assets/Scenes/Main.unity\"}'"],
        ) from None
