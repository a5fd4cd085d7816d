"""The batch command file: one tool run per line, parsed completely before anything runs.

Format (UTF-8; blank lines and lines starting with `#` are ignored):

    # tool name, then its JSON input (optional; `{}` when absent)
    package.add {"name": "com.unity.timeline", "version": "1.8.7"}
    package.list
    # or one JSON object per line, with "tool" and optional "input"
    {"tool": "package.list", "input": {"direct": true}}

A line that cannot be parsed is `E_BATCH_LINE_INVALID` naming its line number, and no step runs: a typo on line
9 must not leave lines 1-8 applied.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from unitycli import strict_json
from unitycli.errors import UnityCliError

TOOL_TOKEN = re.compile(r"^[a-z][a-z0-9._-]*$")
FORMAT_HELP = 'each line is `<tool> <json-input>` or {"tool": "<tool>", "input": {...}}'


@dataclass(frozen=True)
class BatchStep:
    index: int  # 1-based position among the steps
    line: int  # 1-based line number in the command file
    tool: str
    input: Any


TEXT_SHOWN = 200  # characters of a bad line echoed back: enough to find it, not a 5,000-digit number again


def _invalid(line_no: int, text: str, reason: str) -> UnityCliError:
    shown = text if len(text) <= TEXT_SHOWN else text[:TEXT_SHOWN] + f"… ({len(text)} characters)"
    return UnityCliError(
        "E_BATCH_LINE_INVALID",
        f"batch line {line_no} is invalid: {reason}",
        details={"line": line_no, "text": shown, "reason": reason, "format": FORMAT_HELP},
        next_actions=["unitycli batch --help", "unitycli tools group"],
    )


def _json(line_no: int, text: str, payload: str) -> Any:
    try:
        return strict_json.loads(payload)
    except strict_json.JsonLimitError as exc:
        raise _invalid(line_no, text, f"the JSON is refused ({exc.reason}): {exc}") from None
    except strict_json.StrictJsonError as exc:
        raise _invalid(line_no, text, f"the JSON is not strict: {exc}") from None
    except json.JSONDecodeError as exc:
        raise _invalid(line_no, text, f"the JSON is invalid: {exc.msg} at column {exc.colno}") from None


def parse_line(line_no: int, text: str) -> tuple[str, Any] | None:
    """(tool, input) for a command line, None for a blank or comment line."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if stripped.startswith("{"):
        data = _json(line_no, text, stripped)
        if not isinstance(data, dict):
            raise _invalid(line_no, text, "a JSON line must be an object")
        unknown = sorted(set(data) - {"tool", "input"})
        if unknown:
            raise _invalid(line_no, text, f"unknown key(s) {', '.join(unknown)}; only tool and input are accepted")
        tool = data.get("tool")
        if not isinstance(tool, str) or not TOOL_TOKEN.match(tool):
            raise _invalid(line_no, text, "the object needs a \"tool\" name such as \"package.list\"")
        return tool, data.get("input", {})
    tool, _, rest = stripped.partition(" ")
    if not TOOL_TOKEN.match(tool):
        raise _invalid(line_no, text, f"{tool!r} is not a tool name")
    rest = rest.strip()
    return tool, (_json(line_no, text, rest) if rest else {})


def parse_commands(text: str) -> list[BatchStep]:
    steps: list[BatchStep] = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        parsed = parse_line(line_no, line)
        if parsed is not None:
            steps.append(BatchStep(index=len(steps) + 1, line=line_no, tool=parsed[0], input=parsed[1]))
    if not steps:
        raise UnityCliError("E_BATCH_LINE_INVALID", "the batch has no commands",
                            details={"format": FORMAT_HELP}, next_actions=["unitycli batch --help"])
    return steps
