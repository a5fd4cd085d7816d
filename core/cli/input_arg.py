"""Reading a tool's `--input`: inline JSON, `@file`, or `-` for standard input (both read bounded)."""

from __future__ import annotations

import json
from typing import Any

from unitycli import strict_json
from unitycli.cli.bounded_read import read_file, read_stdin
from unitycli.errors import UnityCliError


def read_input(value: str | None, tool: str) -> Any:
    """The input of `tool`, checked and kept as text (`JsonText`, validated by the runner without a second dump);
    every failure points at the tool's descriptor (its input schema)."""
    if value is None:
        return {}
    source = "--input"
    if value == "-" or value.startswith("@"):
        path = "-" if value == "-" else value[1:]
        source = "standard input" if value == "-" else path
        data = read_stdin("--input") if value == "-" else read_file(path, "--input")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            if value != "-":
                raise UnityCliError("E_OPTION_VALUE_INVALID", f"cannot read input file {path}: {exc}",
                                    details={"option": "--input", "file": path}) from None
            raise UnityCliError(
                "E_INPUT_JSON_INVALID", f"input from {source} is not UTF-8 ({exc.reason} at byte {exc.start})",
                details={"source": source, "reason": "not UTF-8", "position": exc.start},
                next_actions=[f"unitycli tools describe {tool}"],
            ) from None
    else:
        text = value
    try:
        return strict_json.loads_checked(text)
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
