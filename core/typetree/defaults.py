"""Per-class values for a new native component when neither its file nor its project holds one to copy.

Each class's values are the Editor's "Add Component" values of `unitycli.scene.templates`, and cite the
Editor-written fixture document that shows them (the template's `evidence`, checked key for key by
tests/scene/test_templates.py). Only the values are used: the layout always comes from the type tree, and a value
whose shape differs from the layout's field is not used (`compose._fits`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class CitedValues:
    cite: str  # "<fixture file> &<fileID>" of the newest template that has the class
    values: dict[str, Any]


@cache
def defaults_of(class_name: str) -> CitedValues | None:
    """The cited default values of a class (newest template first: a field takes the newest value it has)."""
    from unitycli.scene.templates import layouts_of

    layouts = [layout for layout in layouts_of(class_name) if not layout.header_only]
    if not layouts:
        return None
    values: dict[str, Any] = {}
    for layout in layouts:
        for key, value in layout.build(0).items():
            values.setdefault(key, value)
    return CitedValues(layouts[0].evidence, values)
