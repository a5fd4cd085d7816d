"""The names agents use for Unity's enum numbers: one reverse lookup for every tool's table (lighting, importers,
animator, UnityEvent call states), so a number no name has is shown as the number itself, the same way everywhere."""

from __future__ import annotations

from collections.abc import Mapping


def enum_name(table: Mapping[str, int], number: object) -> object:
    """The name `table` gives `number`, else `number` unchanged (a value some newer Editor added)."""
    return next((name for name, value in table.items() if value == number), number)
