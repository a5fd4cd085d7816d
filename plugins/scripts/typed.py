"""JSON values checked against a script field's C# type (from `unitycli.csharp`), before they are checked against
the value the file holds now (`unitycli.unityyaml.values`).

The C# type says what the file alone cannot: a field name that is not a field of the class (a typo gets
did-you-mean), an enum given by member name (written as its value, as Unity stores enums), a bool field (JSON
true/false written as 1/0), an integer field given a fraction or a number its type cannot hold, and an object
reference given as a string: that is a name to resolve (`objectrefs`) with the field's class picking the
component of a named GameObject, never text to store.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from unitycli.csharp.agreement import HEADER_KEYS  # the object header: Unity's, not the script's
from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.plugins.scripts.objectrefs import ReferenceResolver, Resolved
from unitycli.suggest import closest
from unitycli.typetree.table import bases_of
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Ref, parse_path
from unitycli.unityyaml.values import to_json

if TYPE_CHECKING:  # the C# model (and tree-sitter) loads only when a script's field is checked
    from unitycli.csharp import ClassLayout, SerializationModel, SerializedField

_INT_RANGES = {"byte": (0, 2**8 - 1), "sbyte": (-(2**7), 2**7 - 1), "short": (-(2**15), 2**15 - 1),
               "ushort": (0, 2**16 - 1), "int": (-(2**31), 2**31 - 1), "uint": (0, 2**32 - 1),
               "long": (-(2**63), 2**63 - 1), "ulong": (0, 2**64 - 1), "char": (0, 2**16 - 1)}
_FLOATS = ("float", "double")


@dataclass(frozen=True)
class Located:
    """The C# field a property path ends at (`field` None when the path ends inside a value type such as
    `Position.x`, which the current value checks), and the element field for list operations."""

    field: SerializedField | None
    element: SerializedField | None


def _mismatch(where: str, expected: str, value: Any, field: SerializedField) -> UnityCliError:
    return UnityCliError("E_VALUE_TYPE_MISMATCH", f"{where} is a {field.csharp_type} ({expected}); got "
                         f"{_json_type(value)}", details={"property": where, "expected": expected,
                                                          "csharpType": field.csharp_type, "got": _json_type(value),
                                                          "declaredAt": f"{field.file}:{field.line}"},
                         next_actions=[])


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return "object" if isinstance(value, dict) else "array" if isinstance(value, list) else type(value).__name__


def _unknown_field(name: str, fields: tuple[SerializedField, ...], owner: str, path: str) -> UnityCliError:
    names = [f.name for f in fields]
    return UnityCliError("E_PROPERTY_NOT_FOUND", f"{owner} has no serialized field {name!r} (in {path!r})",
                         details={"property": path, "field": name, "class": owner, "didYouMean": closest(name, names),
                                  "fields": names[:40]},
                         next_actions=[same_call(property=path.replace(name, m, 1)) for m in closest(name, names)[:3]])


def locate(layout: ClassLayout, path: str, *, list_item: bool) -> Located | None:
    """The field `path` names in `layout`; None for the object header (m_Name, m_Enabled...), which Unity owns.
    `list_item`: the path ends in `[i]` naming an item to insert or remove."""
    segments = parse_path(path)
    if not segments or segments[0] in HEADER_KEYS:
        return None
    fields, owner = layout.fields, layout.full_name
    current: SerializedField | None = None
    for seg in segments:
        if isinstance(seg, int):
            if current is None or current.kind != "array" or current.element is None:
                return Located(None, None)  # an index into a value type's list: checked against the file
            current = current.element
            fields = current.fields
            continue
        if current is not None and current.kind not in ("class",):
            return Located(None, None)  # inside a value type (Position.x): the file's own shape decides
        found = next((f for f in fields if f.name == seg), None)
        if found is None:
            raise _unknown_field(seg, fields, owner, path)
        current, fields, owner = found, found.fields, found.type_name
    if list_item:
        return Located(current, current)
    return Located(current, current.element if current is not None and current.kind == "array" else None)


class Coercer:
    """Converts a JSON value for `field` to the JSON the file takes, resolving reference names."""

    def __init__(self, resolver: ReferenceResolver, csharp: SerializationModel) -> None:
        self.resolver = resolver
        self.csharp = csharp
        self.resolved: list[dict[str, Any]] = []

    def value(self, field: SerializedField, value: Any, where: str) -> Any:
        kind = field.kind
        if kind == "array":
            if not isinstance(value, list):
                raise _mismatch(where, "a list", value, field)
            assert field.element is not None
            return [self.value(field.element, v, f"{where}[{i}]") for i, v in enumerate(value)]
        if kind == "object":
            return self._reference(field, value, where)
        if kind == "enum":
            return self._enum(field, value, where)
        if kind == "class":
            if not isinstance(value, dict):
                raise _mismatch(where, "an object with its fields", value, field)
            by_name = {f.name: f for f in field.fields}
            out = {}
            for key, item in value.items():
                if key not in by_name:
                    raise _unknown_field(key, field.fields, field.type_name, f"{where}.{key}")
                out[key] = self.value(by_name[key], item, f"{where}.{key}")
            return out
        if kind == "bool":
            if isinstance(value, bool):
                return int(value)
            if value in (0, 1) and not isinstance(value, float):
                return value
            raise _mismatch(where, "true or false", value, field)
        if kind in _INT_RANGES:
            if isinstance(value, bool) or not isinstance(value, int | float) or (
                    isinstance(value, float) and not value.is_integer()):
                raise _mismatch(where, "a whole number", value, field)
            low, high = _INT_RANGES[kind]
            if not low <= value <= high:
                raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{where}: {value} does not fit a {kind} "
                                    f"({low} .. {high}); nothing was written",
                                    details={"property": where, "value": str(value), "limit": f"{low} .. {high}"},
                                    next_actions=[])  # the message names the range
            return int(value)
        if kind in _FLOATS:
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise _mismatch(where, "a number", value, field)
            return value
        if kind == "string":
            if not isinstance(value, str):
                raise _mismatch(where, "a string", value, field)
            return value
        return value  # value types (Vector3, Color...) and [SerializeReference]: the file's shape decides

    def _reference(self, field: SerializedField, value: Any, where: str) -> Any:
        if isinstance(value, str):
            found = self.resolver.resolve(value, field.type_name.rsplit(".", 1)[-1])
            self._check_class(field, found, where)
            self.resolved.append({"at": where, "name": value, "target": found.target, **to_json(found.ref)})
            return to_json(found.ref)
        if isinstance(value, dict) and "fileID" in value:
            return value
        raise _mismatch(where, "an object reference: a name (GameObject path, asset path, GUID) or "
                        "{fileID, guid?, type?}", value, field)

    def _classes_of(self, found: Resolved) -> set[str]:
        """Every class the resolved object is: its own and its bases (engine classes from the type trees, a
        script's from its C#), by simple and full name; empty when the file does not show its class."""
        if found.class_name is None:
            return set()
        names = {found.class_name, *bases_of(found.class_name)}
        if found.script:
            try:
                decl = self.csharp.script_class(found.script)
            except UnityCliError:
                return set()  # a package script without source: its class is not known here
            chain, outside = self.csharp.declared_bases(decl)
            names |= {n for link in chain for n in (link.full_name, link.name)}
            names |= {outside} if outside else set()  # UnityEngine.ScriptableObject for a ScriptableObject
        return names | {n.rsplit(".", 1)[-1] for n in names}

    def _check_class(self, field: SerializedField, found: Resolved, where: str) -> None:
        """A reference must point at an object of the field's class (Unity nulls it otherwise)."""
        classes = self._classes_of(found)
        wanted = field.type_name
        if not classes or wanted in classes or wanted.rsplit(".", 1)[-1] in classes | {"Object"}:
            return
        raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{where} holds a {field.csharp_type}; {found.target} is a "
                            f"{found.class_name if not found.script else sorted(classes)[0]}, not a "
                            f"{field.csharp_type}", details={"property": where, "csharpType": field.csharp_type,
                                                             "target": found.target, "classes": sorted(classes)},
                            next_actions=[])  # an object of that class, or a GameObject that has one

    @staticmethod
    def _enum(field: SerializedField, value: Any, where: str) -> int:
        members = dict(field.enum_members)
        if isinstance(value, str):
            if value in members:
                return members[value]
            raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{where}: {field.csharp_type} has no member {value!r}",
                                details={"property": where, "csharpType": field.csharp_type, "got": value,
                                         "didYouMean": closest(value, members), "members": members},
                                next_actions=[same_call(value=m) for m in closest(value, members)[:3]])
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # any value: a [Flags] enum stores combinations no member names
        raise _mismatch(where, "an enum member name or value", value, field)


def layout_for(csharp: SerializationModel, doc: Any) -> tuple[ClassLayout | None, str | None]:
    """The C# layout of a MonoBehaviour/ScriptableObject document's script, or (None, why) when there is none to
    check against: not a script, its source is not in the project, or the source cannot be read (then the value
    is still checked against the file's current value, as for any component)."""
    script = doc.get("m_Script", None) if doc.class_id == MONOBEHAVIOUR else None
    if not isinstance(script, Ref) or not script.guid:
        return None, None
    try:
        return csharp.script_layout(script.guid), None
    except UnityCliError as exc:
        if exc.code == "E_SCRIPT_CLASS_NOT_FOUND" and "scriptGuid" in exc.details and "file" not in exc.details:
            return None, None  # a package script whose source is not on disk: nothing to check against
        return None, (f"the script's C# was not used to check the value ({exc.code}: {exc.message}); it was "
                      "checked against the current value only")
