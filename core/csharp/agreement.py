"""How an Editor-written MonoBehaviour/ScriptableObject document compares with the model's field list: names,
order and nesting, key by key.

This is the model's measure against the Editor (every fixture document whose script source is present), and it is
how a tool tells a document written before its script changed (a field added to the C# since the file was saved:
Unity fills it on load; a field removed or renamed: Unity drops the old key on the next save) from a model bug.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the model (and tree-sitter) is not needed to read HEADER_KEYS
    from unitycli.csharp.model import ClassLayout, SerializedField

# The keys every MonoBehaviour document starts with (Object, Component and MonoBehaviour's own fields): from the
# Editor-written documents, e.g. chicken-defense Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity.
HEADER_KEYS = ("m_ObjectHideFlags", "m_CorrespondingSourceObject", "m_PrefabInstance", "m_PrefabAsset",
               "m_GameObject", "m_Enabled", "m_EditorHideFlags", "m_Script", "m_Name", "m_EditorClassIdentifier")
REFERENCES_KEY = "references"  # the managed-reference registry Unity appends when a class has [SerializeReference]


@dataclass
class Agreement:
    """`missing`: model fields the document lacks; `extra`: document keys the model has no field for (paths with
    `.` for nesting and `[]` for list items); `order`: whether the shared keys are in the same order."""

    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    order: bool = True
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (old key, field) by [FormerlySerializedAs]

    @property
    def exact(self) -> bool:
        return not self.missing and not self.extra and self.order

    @property
    def stale(self) -> bool:
        """The document predates the C#: the keys differ only by whole fields, shared keys in the model's order,
        and every extra key is a top-level field the C# no longer declares (never a nested mismatch)."""
        return not self.exact and self.order and all("." not in p and "[]" not in p for p in self.missing + self.extra)


def has_references(fields: tuple[SerializedField, ...]) -> bool:
    for f in fields:
        if f.kind == "reference" or (f.element is not None and f.element.kind == "reference"):
            return True
        if has_references(f.fields) or (f.element is not None and has_references(f.element.fields)):
            return True
    return False


def expected_keys(layout: ClassLayout) -> list[str]:
    """The top-level keys after the header, in order (`references` last when the class has any
    `[SerializeReference]` field)."""
    keys = [f.name for f in layout.fields]
    return keys + [REFERENCES_KEY] if has_references(layout.fields) else keys


def compare(layout: ClassLayout, body: Mapping[str, Any]) -> Agreement:
    """Compare a document's body (the mapping under `MonoBehaviour:`) with the layout."""
    result = Agreement()
    got = [k for k in body if k not in HEADER_KEYS]
    want = expected_keys(layout)
    _compare_keys(got, want, "", result)
    by_name = {f.name: f for f in layout.fields}
    for key in got:
        if key in by_name:
            _compare_value(by_name[key], body[key], key, result)
    result.renamed = [(old, f.name) for f in layout.fields if f.name in result.missing
                      for old in f.former_names if old in result.extra]
    return result


def _compare_keys(got: list[str], want: list[str], prefix: str, result: Agreement) -> None:
    result.missing += [prefix + k for k in want if k not in got]
    result.extra += [prefix + k for k in got if k not in want]
    shared_got = [k for k in got if k in want]
    shared_want = [k for k in want if k in got]
    result.order = result.order and shared_got == shared_want


def _compare_value(spec: SerializedField, value: Any, path: str, result: Agreement) -> None:
    if spec.kind == "class":
        if not isinstance(value, Mapping):
            result.extra.append(f"{path} (not a mapping)")
            return
        _compare_nested(spec.fields, value, path, result)
    elif spec.kind == "array" and spec.element is not None and spec.element.kind == "class":
        if not isinstance(value, list):
            result.extra.append(f"{path} (not a list)")
            return
        for item in value:
            if not isinstance(item, Mapping):
                result.extra.append(f"{path}[] (not a mapping)")
                return
            _compare_nested(spec.element.fields, item, f"{path}[]", result)


def _compare_nested(fields: tuple[SerializedField, ...], value: Mapping[str, Any], path: str,
                    result: Agreement) -> None:
    _compare_keys(list(value), [f.name for f in fields], path + ".", result)
    by_name = {f.name: f for f in fields}
    for key, item in value.items():
        if key in by_name:
            _compare_value(by_name[key], item, f"{path}.{key}", result)
