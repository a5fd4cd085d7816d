"""Strict JSON for tool input: one meaning per document.

Python's `json` accepts `NaN`/`Infinity` (not JSON, and Unity would read them back as something else) and lets
a repeated key silently win. Tool input comes from agents; both are refused so a typo never becomes a write.
"""

from __future__ import annotations

import json
from typing import Any


class StrictJsonError(ValueError):
    """Valid for Python's parser, but not strict JSON: a repeated key or a non-finite number."""


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


def loads(text: str) -> Any:
    """`json.loads`, refusing duplicate keys and NaN/Infinity (raises JSONDecodeError or StrictJsonError)."""
    return json.loads(text, object_pairs_hook=reject_duplicate_keys, parse_constant=_no_constant, parse_float=_finite_float)
