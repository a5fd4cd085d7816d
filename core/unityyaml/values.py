"""JSON values checked against the value a property holds now, and converted to what the YAML model writes.

A headless edit cannot ask Unity for a field's type, so the current value is the type: a number stays a number,
a string a string, a reference `{fileID, guid?, type?}` a reference, a mapping needs exactly the same keys (inline
`{x, y, z}` mappings stay inline), a list stays a list whose items look like its first item (lists of lists too:
`m_ColliderPaths`). Anything else is `E_VALUE_TYPE_MISMATCH`, naming the expected shape and the current value.

An empty value says nothing about its type, so it takes any shape: Unity writes an empty map as `{}` and fills
it as a block (a fresh project's `applicationIdentifier: {}`), an empty list as `[]`, and an empty string or
byte array as nothing at all (`m_Name: `, ProBuilder's `m_SelectedVertices: `).

A JSON boolean is not a number here, even for a field holding 0 or 1: Unity writes bools as 0/1, but also ints and
enums (the sample Garden's Directional Light has `m_Enabled: 1`, a bool, beside `m_Type: 1`, the LightType enum
where 0 is Spot), so the file cannot tell us that `false` means what the caller thinks. NaN and infinities are
refused too: JSON cannot carry them, and a Python caller (MCP, batch) sending one is almost certainly a bug.

Numbers Unity could not store are `E_VALUE_OUT_OF_RANGE`: beyond ±3.4028235e38 (float32, which is what Unity's
`float` fields are, and more than any integer field holds), and integers beyond the 64-bit range. A number the
file writes without a decimal point may still be a float field (Unity writes 1.0 as `1`), so the float32 bound
applies to every number.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.unityyaml import Document, Flow, Mapping, Node, Ref, Scalar, Sequence, UnityYamlFile

GUID_PATTERN = re.compile(r"^[0-9a-fA-F]{32}$")  # an asset GUID as a reference writes it
FLOAT32_MAX = 3.4028234663852886e38  # the largest finite float32; Unity writes it as 3.4028235e+38
_INT_RANGE = (-(2**63), 2**64 - 1)  # long .. ulong, the widest integers Unity serializes


class ValueOutOfRange(Exception):
    """A number no Unity field of that type can hold (reported as E_VALUE_OUT_OF_RANGE)."""

    def __init__(self, where: str, value: int | float, limit: str) -> None:
        super().__init__(where)
        self.where, self.value, self.limit = where, value, limit


def to_json(value: Any) -> Any:
    """A model value as JSON: references as `{fileID, guid, type}`, non-finite floats as Unity spells them."""
    if isinstance(value, Ref):
        out: dict[str, Any] = {"fileID": value.file_id}
        if value.guid is not None:
            out["guid"] = value.guid
        if value.type is not None:
            out["type"] = value.type
        return out
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def shape_of(node: Node) -> str:
    """A short description of a node's type, for error messages."""
    if isinstance(node, Mapping):
        if node.as_ref() is not None:
            return "reference {fileID, guid?, type?}"
        return "mapping with keys " + ", ".join(node.keys_)
    if isinstance(node, Sequence):
        return "list"
    value = node.to_python()
    return "number" if isinstance(value, int | float) else "string"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object with keys " + ", ".join(map(str, value))
    return "array" if isinstance(value, list) else type(value).__name__


class ValueMismatch(Exception):
    """A value of another type than the field's (reported as E_VALUE_TYPE_MISMATCH)."""

    def __init__(self, where: str, expected: str, got: Any) -> None:
        super().__init__(where)
        self.where, self.expected, self.got = where, expected, got


def convert_reference(value: Any, where: str, file: UnityYamlFile | None) -> Ref:
    expected = "reference {fileID, guid?, type?}"
    if not isinstance(value, dict) or "fileID" not in value or not set(value) <= {"fileID", "guid", "type"}:
        raise ValueMismatch(where, expected, value)
    file_id, guid, typ = value.get("fileID"), value.get("guid"), value.get("type")
    if isinstance(file_id, str) and re.fullmatch(r"-?[0-9]+", file_id):
        file_id = int(file_id)  # 64-bit IDs may arrive as strings from clients that cannot hold them as numbers
    if not isinstance(file_id, int) or isinstance(file_id, bool):
        raise ValueMismatch(where + ".fileID", "integer fileID", file_id)
    if guid is None and typ is None:
        if file_id and file is not None and file.find(file_id) is None:
            raise UnityCliError("E_OBJECT_NOT_FOUND", f"{where}: {file.name} has no object &{file_id} to refer to",
                                details={"file": file.name, "fileID": file_id, "property": where,
                                         "hint": "use the fileID of an object in the same file, or give guid and "
                                                 "type for an asset"},
                                next_actions=[tool_command("scene.hierarchy", {"file": file.name})])
        return Ref(file_id)
    if not isinstance(guid, str) or not GUID_PATTERN.match(guid):
        raise ValueMismatch(where + ".guid", "32-hex-digit guid", guid)
    if not isinstance(typ, int) or isinstance(typ, bool):
        raise ValueMismatch(where + ".type", "integer type (2 native asset, 3 script/prefab/texture, 0 built-in)", typ)
    return Ref(file_id, guid.lower(), typ)


def _is_empty(node: Node) -> bool:
    if isinstance(node, Mapping):
        return not node.keys_
    if isinstance(node, Sequence):
        return not node.items
    return isinstance(node, Scalar) and node.raw == "" and not isinstance(node.to_python(), int | float)


def _convert(node: Node, value: Any, where: str, file: UnityYamlFile | None) -> Any:
    if _is_empty(node) and isinstance(value, dict | list):
        return _loose(value, where)
    if isinstance(node, Mapping):
        if node.as_ref() is not None:
            return convert_reference(value, where, file)
        if not isinstance(value, dict) or set(value) != set(node.keys_):
            raise ValueMismatch(where, shape_of(node), value)
        converted = {key: _convert(child, value[key], f"{where}.{key}", file)
                     for key, child in zip(node.keys_, node.values, strict=True)}
        return Flow(converted) if node.flow else converted
    if isinstance(node, Sequence):
        if not isinstance(value, list):
            raise ValueMismatch(where, "list", value)
        return [_convert(node.items[0], item, f"{where}[{i}]", file) for i, item in enumerate(value)]
    assert isinstance(node, Scalar)
    current = node.to_python()
    if isinstance(current, int | float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            _finite(value, where)
            return value
        raise ValueMismatch(where, "number", value)
    if isinstance(value, str):
        return value
    raise ValueMismatch(where, "string", value)


def _finite(value: int | float, where: str) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueMismatch(where, "finite number", value)
    _in_range(value, where)


def _in_range(value: int | float, where: str) -> None:
    """Refuse a number no Unity field can hold: beyond float32 (any number), or beyond 64 bits (an integer)."""
    if isinstance(value, bool):
        return
    if abs(value) > FLOAT32_MAX:
        raise ValueOutOfRange(where, value, "±3.4028235e38, the float32 range of Unity's float fields")
    if isinstance(value, int) and not _INT_RANGE[0] <= value <= _INT_RANGE[1]:
        raise ValueOutOfRange(where, value, f"the 64-bit integer range ({_INT_RANGE[0]} .. {_INT_RANGE[1]})")


# Key sets of the structs Unity always writes inline: Vector2/3/4, Quaternion, Color (`first: {x: -5, y: -8, z: 0}`
# in 2D Platformer.unity's Tilemap m_Tiles, `m_Color: {r: 1, g: 1, b: 1, a: 1}` on every Light).
_INLINE_STRUCTS = ({"x", "y"}, {"x", "y", "z"}, {"x", "y", "z", "w"}, {"r", "g", "b", "a"})


def _loose(value: Any, where: str = "item") -> Any:
    """A value for a slot that is empty now, so has no type to follow: references become `Ref`, vectors and
    colours inline (`Flow`), other mappings blocks, as Unity writes them."""
    if isinstance(value, dict) and "fileID" in value and set(value) <= {"fileID", "guid", "type"}:
        return convert_reference(value, where, None)
    if isinstance(value, int | float) and not isinstance(value, bool):
        _finite(value, where)
    elif isinstance(value, dict) and set(value) in _INLINE_STRUCTS and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value.values()):
        return Flow({k: _loose(v, f"{where}.{k}") for k, v in value.items()})
    elif isinstance(value, dict):
        return {k: _loose(v, f"{where}.{k}") for k, v in value.items()}
    elif isinstance(value, list):
        return [_loose(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return value


def property_node(doc: Document, path: str) -> Node:
    """The node at `path`, or `E_PROPERTY_NOT_FOUND` listing the component's top-level properties."""
    try:
        return doc.node(path)
    except UnityCliError as exc:
        if exc.code != "E_PROPERTY_NOT_FOUND":
            raise
        keys = doc.root.keys() if isinstance(doc.root, Mapping) else []
        raise UnityCliError(
            "E_PROPERTY_NOT_FOUND", f"{doc.class_name} &{doc.file_id}: {exc.message}",
            details={**exc.details, "fileID": doc.file_id, "class": doc.class_name, "properties": keys},
            next_actions=[]) from None  # details.properties lists the object's properties


def convert_value(node: Node, value: Any, property_path: str, file: UnityYamlFile | None = None) -> Any:
    """`value` (JSON) as the model value to write where `node` is now, or `E_VALUE_TYPE_MISMATCH`."""
    with reported_as_errors(property_path, node.to_python()):
        return _convert(node, value, property_path, file)


@contextmanager
def reported_as_errors(property_path: str, current: Any) -> Iterator[None]:
    """Turn a `ValueMismatch` / `ValueOutOfRange` raised inside into the catalogued error, with the current value."""
    try:
        yield
    except ValueOutOfRange as exc:
        raise UnityCliError(
            "E_VALUE_OUT_OF_RANGE",
            f"{exc.where}: {exc.value!r} is outside {exc.limit}, so Unity could not store it; nothing was written",
            details={"property": property_path, "at": exc.where, "value": exc.value if isinstance(exc.value, float)
                     else str(exc.value), "limit": exc.limit, "current": to_json(current)},
            next_actions=[],  # the message names the limit
        ) from None
    except ValueMismatch as exc:
        raise UnityCliError(
            "E_VALUE_TYPE_MISMATCH",
            f"{exc.where} holds a {exc.expected}; got {_json_type(exc.got)}"
            + ("; Unity stores a bool as 0 or 1: pass 1 or 0" if isinstance(exc.got, bool) else ""),
            details={"property": property_path, "at": exc.where, "expected": exc.expected,
                     "got": _json_type(exc.got), "current": to_json(current)},
            next_actions=[],  # details.current is the value there now, of the expected type
        ) from None
