"""Strict JSON for tool input: one meaning per document, within explicit limits.

Python's `json` accepts `NaN`/`Infinity` (not JSON, and Unity would read them back as something else) and lets
a repeated key silently win. Tool input comes from agents; both are refused so a typo never becomes a write.

The limits below are the only place they are set; every entry (CLI `--input`, batch lines, MCP messages) and
every JSON project file read goes through them, so hostile input is a catalogued error, never a crash:

- nesting deeper than `MAX_DEPTH` levels (Python's parser would hit its recursion limit);
- an integer literal longer than `MAX_INTEGER_DIGITS` digits (beyond the 64-bit range Unity uses);
- a lone UTF-16 surrogate (`"\\ud800"`, or undecodable bytes): not Unicode text, so it cannot be written anywhere.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# How every JSON answer is written (CLI `--json`, batch JSON lines, MCP text): no spaces, which an agent would pay
# for in every answer and no parser needs.
WIRE_SEPARATORS = (",", ":")
MAX_DEPTH = 256
MAX_INTEGER_DIGITS = 20  # -9223372036854775808 … 18446744073709551615: int64 and uint64 both fit
LIMITS = {"maxDepth": MAX_DEPTH, "maxIntegerDigits": MAX_INTEGER_DIGITS}


class StrictJsonError(ValueError):
    """Valid for Python's parser, but not strict JSON: a repeated key, a non-finite number or a limit exceeded."""

    reason = "not strict JSON"


class JsonLimitError(StrictJsonError):
    """The document exceeds one of the documented limits (depth, integer digits) or holds a lone surrogate."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`object_pairs_hook` that refuses a key repeated in one object (JSON allows it; meaning would be lost)."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StrictJsonError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise StrictJsonError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise StrictJsonError(f"{text} is too large for a number")
    return value


def _bounded_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INTEGER_DIGITS:
        raise JsonLimitError(f"an integer has {digits} digits; at most {MAX_INTEGER_DIGITS} are accepted "
                             f"(the 64-bit range)", "integer too large")
    return int(text)


# Strings (skipped whole, escapes included) and the brackets outside them.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)
_SURROGATE = re.compile("[\ud800-\udfff]")


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than `limit` before any recursive parser sees the text (no recursion here)."""
    if text.count("[") + text.count("{") <= limit:
        return
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                raise JsonLimitError(f"the JSON nests deeper than {limit} levels", "nesting too deep")
        elif token in ("]", "}"):
            depth -= 1


def check_text(value: Any) -> None:
    """Refuse a lone surrogate anywhere in a parsed value's strings or keys (iterative, any depth)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise JsonLimitError("a string holds a lone UTF-16 surrogate (such as \\ud800) or bytes that "
                                     "are not UTF-8; it is not Unicode text", "lone surrogate")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def check_value(value: Any, limit: int = MAX_DEPTH) -> None:
    """The same limits for a value that was parsed elsewhere (an MCP message): depth, integer size, surrogates."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth >= limit:
                raise JsonLimitError(f"the JSON nests deeper than {limit} levels", "nesting too deep")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else list(item)
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and not isinstance(item, bool):
            if abs(item) >= 10**MAX_INTEGER_DIGITS:
                raise JsonLimitError(f"an integer has more than {MAX_INTEGER_DIGITS} digits; at most "
                                     f"{MAX_INTEGER_DIGITS} are accepted (the 64-bit range)", "integer too large")
        elif isinstance(item, str):
            check_text(item)


def loads(text: str) -> Any:
    """`json.loads` within the limits, refusing duplicate keys and NaN/Infinity (raises JSONDecodeError or
    StrictJsonError; `JsonLimitError` for depth, integer size and lone surrogates)."""
    check_depth(text)
    value = json.loads(text, object_pairs_hook=reject_duplicate_keys, parse_constant=_no_constant,
                       parse_float=_finite_float, parse_int=_bounded_int)
    check_text(value)
    return value


@dataclass(frozen=True)
class JsonText:
    """A document that passed `loads`, kept with its text: a validator that parses JSON itself (pydantic) takes the
    text, so the data is not dumped and parsed again; `data` serves whoever needs the values (next actions)."""

    text: str
    data: Any


def loads_checked(text: str) -> JsonText:
    """`loads`, keeping the text beside the data."""
    return JsonText(text, loads(text))


def loads_file_text(text: str) -> Any:
    """A project file's JSON: duplicate keys refused, nesting within `MAX_DEPTH` (integers as Python allows)."""
    check_depth(text)
    return json.loads(text, object_pairs_hook=reject_duplicate_keys)


def encodable(value: Any) -> Any:
    """`value` with every string (keys too) made UTF-8 encodable: a lone surrogate (from an undecodable file name or
    input) becomes its `\\udXXX` escape text, so an output writer can never fail on content."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {encodable(k): encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encodable(v) for v in value]
    return value
