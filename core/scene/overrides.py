"""A prefab instance's overrides: the `m_Modification.m_Modifications` entries of its PrefabInstance document.

Each entry is `target` (an object of the source prefab, `{fileID, guid, type: 3}`), `propertyPath`, `value` (the
value as text; empty for a reference) and `objectReference`. Unity keeps the list ordered by the target's signed
fileID, entries of one target in the order they were made (2,385 of the 2,388 PrefabInstances in the fixtures;
the other three are in PhysicsSamples files written by older Editors), so a new entry goes after the last entry
whose target fileID is not larger.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.scene.tree import instance_modifications
from unitycli.unityyaml import Document, Ref, Verbatim, format_number

_MODS = "m_Modification.m_Modifications"


@dataclass(frozen=True)
class Override:
    index: int
    target: Ref
    property_path: str
    value: Any
    object_reference: Ref


def overrides(doc: Document) -> list[Override]:
    """The instance's overrides in file order (entries without a proper target are skipped)."""
    found = []
    for index, mod in enumerate(instance_modifications(doc)):
        target, ref = mod.get("target"), mod.get("objectReference")
        if isinstance(target, Ref):
            value = mod.get("value")
            found.append(Override(index, target, str(mod.get("propertyPath", "")), "" if value is None else value,
                                  ref if isinstance(ref, Ref) else Ref(0)))
    return found


def _same_target(a: Ref, b: Ref) -> bool:
    return a.file_id == b.file_id and (a.guid or "").lower() == (b.guid or "").lower()


def find_override(doc: Document, target: Ref, property_path: str) -> Override | None:
    return next((o for o in overrides(doc) if _same_target(o.target, target) and o.property_path == property_path),
                None)


def value_text(value: Any) -> str:
    """An override's `value` as Unity writes it: numbers as the Editor prints them, booleans 1/0, text as is."""
    if isinstance(value, bool | int | float):
        return Verbatim(format_number(value))
    return "" if value is None else str(value)


def set_override(doc: Document, target: Ref, property_path: str, value: Any,
                 object_reference: Ref | None = None) -> tuple[Override | None, int]:
    """Add the entry, or rewrite the value (and reference) of the existing one. Returns (previous, index)."""
    reference = object_reference if object_reference is not None else Ref(0)
    existing = find_override(doc, target, property_path)
    emitted = value_text(value)
    if existing is not None:
        base = f"{_MODS}[{existing.index}]"
        if str(existing.value) != str(emitted):
            doc.set(f"{base}.value", emitted)
        if existing.object_reference != reference:
            doc.set(f"{base}.objectReference", reference)
        return existing, existing.index
    entries = overrides(doc)
    position = max((o.index + 1 for o in entries if o.target.file_id <= target.file_id), default=0)
    if entries and position == 0 and entries[0].index != 0:
        position = entries[0].index
    doc.insert_item(_MODS, position, {"target": Ref(target.file_id, target.guid, 3), "propertyPath": property_path,
                                      "value": emitted, "objectReference": reference})
    return None, position


def remove_override(doc: Document, index: int) -> None:
    doc.remove_item(_MODS, index)
