"""Typed reads and writes of a native object's fields, held against the Editor's own layout of its class.

The public API every typed writer builds on (scene settings, importers' native assets, ProjectSettings, the
everyday tools): `field_node` resolves a property path against a layout, `typed_value` checks a JSON value
against the field's type and turns it into what the YAML model writes, and `set_field` splices it into a document,
inserting a field the layout has but the document lacks where the Editor writes it (after the field that
precedes it in the layout).

The type is the layout's, not the current value's: an int stays an int (an enum is an int, never a name), a `bool`
takes 0/1 or true/false, a float takes any finite float32, a struct takes exactly its layout's fields, a
`PPtr<T>` takes `{fileID, guid?, type?}`, a list takes items of its element type. A field is inserted only into a
struct the document holds in the layout's `serializedVersion` (Unity upgrades other versions on load with code the
tree does not show, so a field from another version's layout is never mixed into it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.typetree.check import SERIALIZED_VERSION
from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.table import Layout
from unitycli.unityyaml import Document, Flow, Mapping, Node, Scalar, Sequence, UnityYamlFile, parse_path
from unitycli.unityyaml.emit import Verbatim
from unitycli.unityyaml.nodes import PLAIN
from unitycli.unityyaml.values import (
    FLOAT32_MAX,
    GUID_PATTERN,
    ValueMismatch,
    ValueOutOfRange,
    convert_reference,
    reported_as_errors,
    to_json,
)

_INT_RANGES: dict[str, tuple[int, int]] = {
    "SInt8": (-(2**7), 2**7 - 1), "UInt8": (0, 2**8 - 1), "char": (-(2**7), 2**7 - 1),
    "SInt16": (-(2**15), 2**15 - 1), "short": (-(2**15), 2**15 - 1),
    "UInt16": (0, 2**16 - 1), "unsigned short": (0, 2**16 - 1),
    "int": (-(2**31), 2**31 - 1), "SInt32": (-(2**31), 2**31 - 1),
    "unsigned int": (0, 2**32 - 1), "UInt32": (0, 2**32 - 1), "Type*": (0, 2**32 - 1),
    "SInt64": (-(2**63), 2**63 - 1), "long long": (-(2**63), 2**63 - 1),
    "UInt64": (0, 2**64 - 1), "unsigned long long": (0, 2**64 - 1), "FileSize": (0, 2**64 - 1),
    "bool": (0, 1),
}
_FLOATS = frozenset({"float", "double"})
_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def describe(tn: TypeNode) -> str:
    """A field's type as answers show it: `int`, `bool (0/1)`, `Vector3f {x, y, z}`, `PPtr<Material>`, `list of …`."""
    kind = tn.kind
    if kind == "array":
        return f"list of {describe(tn.element)}"
    if kind == "struct":
        return f"{tn.type} {{{', '.join(child.name for child in tn.children)}}}"
    if tn.type == "bool":
        return "bool (0/1)"
    return tn.type


def _unsupported(path: str, why: str, **details: Any) -> UnityCliError:
    return UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"cannot write {path!r}: {why}",
                         details={"path": path, **details})


def path_text(segments: tuple[str | int, ...]) -> str:
    """Segments as a property path `parse_path` reads back (`a.b[2]`, odd keys as `["…"]`)."""
    out = ""
    for seg in segments:
        if isinstance(seg, int):
            out += f"[{seg}]"
        elif _PLAIN_KEY.match(seg):
            out += f".{seg}" if out else seg
        else:
            out += '["' + seg.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return out


def field_node(layout: Layout, path: str) -> TypeNode:
    """The layout node at a property path (`m_Fog`, `m_GISettings.m_BounceScale`, `m_Clips[0]`), or
    `E_PROPERTY_NOT_FOUND` listing the fields the layout has where the path left it."""
    node = layout.root
    for seg in parse_path(path):
        if isinstance(seg, int):
            if node.kind != "array":
                raise _not_in_layout(layout, path, node, seg)
            node = node.element
        elif node.kind == "struct" and seg in node.fields:
            node = node.fields[seg]
        else:
            raise _not_in_layout(layout, path, node, seg)
    if node is layout.root:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", "give a property path inside the object",
                            details={"path": path, "properties": list(layout.top_names)})
    return node


def _not_in_layout(layout: Layout, path: str, at: TypeNode, seg: str | int) -> UnityCliError:
    fields = [child.name for child in at.children] if at.kind == "struct" else []
    shown = f"[{seg}]" if isinstance(seg, int) else repr(seg)
    why = f"{at.type} is {describe(at)}" if not fields else f"{at.type} has no field {shown}"
    return UnityCliError(
        "E_PROPERTY_NOT_FOUND", f"{layout.class_name} property path {path!r}: {why}",
        details={"path": path, "class": layout.class_name, "segment": seg, "properties": fields},
        next_actions=[])  # details.properties lists what the layout has there


# --- values ---------------------------------------------------------------------------------------------------
def typed_value(tn: TypeNode, value: Any, where: str, file: UnityYamlFile | None = None,
                like: Node | None = None) -> Any:
    """`value` (JSON) as the model value of a field of type `tn`: E_VALUE_TYPE_MISMATCH / E_VALUE_OUT_OF_RANGE.

    `like` is the value the document holds now, whose inline/block style and key order a struct keeps."""
    with reported_as_errors(where, like.to_python() if like is not None else None):
        return _typed(tn, value, where, file, like)


def _typed(tn: TypeNode, value: Any, where: str, file: UnityYamlFile | None, like: Node | None) -> Any:
    kind = tn.kind
    if kind == "reference":
        return convert_reference(value, where, file)
    if kind == "bytes" or tn.type == "Hash128":
        raise _unsupported(where, f"{tn.type} is binary data the Editor computes")
    if kind == "array":
        if isinstance(like, Scalar) and like.raw:
            raise _unsupported(where, "the file holds this list as hex bytes")
        if not isinstance(value, list):
            raise ValueMismatch(where, describe(tn), value)
        items = like.items if isinstance(like, Sequence) else []
        return [_typed(tn.element, item, f"{where}[{i}]", file, items[i] if i < len(items) else None)
                for i, item in enumerate(value)]
    if kind == "struct":
        return _struct(tn, value, where, file, like)
    return _scalar(tn, value, where)


def _struct(tn: TypeNode, value: Any, where: str, file: UnityYamlFile | None, like: Node | None) -> Any:
    names = [child.name for child in tn.children]
    if names == ["none"]:
        if value != {}:
            raise ValueMismatch(where, "{} (an empty struct)", value)
        return {}
    if not isinstance(value, dict):
        raise ValueMismatch(where, describe(tn), value)
    given = {k: v for k, v in value.items() if k != SERIALIZED_VERSION}
    if set(given) != set(names):
        raise ValueMismatch(where, describe(tn), value)
    if SERIALIZED_VERSION in value and value[SERIALIZED_VERSION] != tn.version:
        raise ValueMismatch(f"{where}.{SERIALIZED_VERSION}", f"serializedVersion {tn.version}",
                            value[SERIALIZED_VERSION])
    current = like if isinstance(like, Mapping) and like.as_ref() is None else None
    order = _key_order(tn, current)
    out: dict[str, Any] = {}
    for key in order:
        if key == SERIALIZED_VERSION:
            out[key] = tn.version
        else:
            out[key] = _typed(tn.fields[key], given[key], f"{where}.{key}", file,
                              current.get(key) if current is not None else None)
    flow = current.flow if current is not None and current.keys_ else tn.flow
    return Flow(out) if flow else out


def _key_order(tn: TypeNode, current: Mapping | None) -> list[str]:
    """The struct's keys as the Editor writes them: the layout's order, serializedVersion first (10,963 of the
    10,987 nested serializedVersions of the fixtures come first; the others follow `enabled`) unless the document
    already shows where it goes."""
    names = [child.name for child in tn.children]
    if tn.version <= 1 or SERIALIZED_VERSION in names:
        return names
    if current is not None and SERIALIZED_VERSION in current.keys_:
        at = current.keys_.index(SERIALIZED_VERSION)
        before = [k for k in current.keys_[:at] if k in names]
        return before + [SERIALIZED_VERSION] + [n for n in names if n not in before]
    return [SERIALIZED_VERSION, *names]


def _scalar(tn: TypeNode, value: Any, where: str) -> Any:
    if tn.type in ("string", "GUID") or tn.type.startswith("basic_string"):
        if not isinstance(value, str):
            raise ValueMismatch(where, "string", value)
        if tn.type == "GUID" and not GUID_PATTERN.match(value):
            raise ValueMismatch(where, "32-hex-digit GUID", value)
        return value.lower() if tn.type == "GUID" else value
    if tn.type == "bool" and isinstance(value, bool):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueMismatch(where, describe(tn) if tn.type != "bool" else "bool (0/1 or true/false)", value)
    if tn.type in _FLOATS:
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueMismatch(where, "finite number", value)
        if abs(value) > FLOAT32_MAX:
            raise ValueOutOfRange(where, value, "±3.4028235e38, the float32 range of Unity's float fields")
        return value
    bounds = _INT_RANGES.get(tn.type)
    if bounds is None:
        raise _unsupported(where, f"{tn.type} is not a type unitycli writes")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueMismatch(where, f"integer ({tn.type})", value)
        value = int(value)
    if not bounds[0] <= value <= bounds[1]:
        raise ValueOutOfRange(where, value, f"{bounds[0]} .. {bounds[1]}, the range of {tn.type}")
    return value


# --- reading --------------------------------------------------------------------------------------------------
def typed_read(doc: Document, layout: Layout, path: str | None) -> Any:
    """The JSON value at `path` (the whole body for None), after checking the path against the layout."""
    if path:
        field_node(layout, path)
        return to_json(doc.get(path))
    return to_json(doc.to_python())


def missing_fields(doc: Document, layout: Layout) -> list[str]:
    """The layout's top-level fields the document lacks (Unity writes them, at their defaults, at its next save)."""
    body = doc.root
    keys = set(body.keys_) if isinstance(body, Mapping) else set()
    return [name for name in layout.top_names if name not in keys]


# --- writing --------------------------------------------------------------------------------------------------
@dataclass
class FieldWrite:
    """What a typed write did: the value before (None when inserted), whether it inserted the field, and whether
    the file changed (callers report this, never a comparison of their own)."""

    path: str
    field_type: str
    previous: Any
    inserted: bool = False
    changed: bool = False


def set_field(doc: Document, layout: Layout, path: str, value: Any, file: UnityYamlFile | None = None) -> FieldWrite:
    """Write `value` at `path` of `doc`, checked against `layout`; a missing last field is inserted in layout order.

    Only the characters of the value (or the one inserted line) change. The caller commits the file through the
    transaction layer."""
    tn = field_node(layout, path)
    segments = parse_path(path)
    struct_tn, yaml_node = layout.root, doc.root
    for depth, seg in enumerate(segments):
        here = path_text(segments[: depth + 1])
        last = depth == len(segments) - 1
        if isinstance(seg, int):
            if not isinstance(yaml_node, Sequence):
                raise _other_layout(here, "a list", yaml_node)
            if not -len(yaml_node.items) <= seg < len(yaml_node.items):
                raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{here!r}: the list has {len(yaml_node.items)} items; "
                                    "set the whole list to add items",
                                    details={"path": path, "count": len(yaml_node.items)}, next_actions=[])
            struct_tn, yaml_node = struct_tn.element, yaml_node.items[seg]
            continue
        if not isinstance(yaml_node, Mapping) or yaml_node.as_ref() is not None:
            raise _other_layout(here, "a mapping", yaml_node)
        child = yaml_node.get(seg)
        if child is None:
            if not last:
                raise UnityCliError(
                    "E_PROPERTY_NOT_FOUND", f"the file has no {here!r} yet; set it whole",
                    details={"path": path, "missing": here, "type": describe(struct_tn.fields[seg])},
                    next_actions=[])  # the message says to set `here` whole; details.type is its value's shape
            parent = path_text(segments[:depth])
            model = typed_value(tn, value, path, file)
            _insert(doc, struct_tn, yaml_node, parent, seg, model, path)
            return FieldWrite(path, describe(tn), None, inserted=True, changed=True)
        struct_tn, yaml_node = struct_tn.fields[seg], child
    _same_kind(tn, yaml_node, path)
    previous = to_json(yaml_node.to_python())
    model = typed_value(tn, value, path, file, like=yaml_node)
    changed = not holds_exactly(yaml_node, model)
    if changed:
        doc.set(path, model)
    return FieldWrite(path, describe(tn), previous, changed=changed)


def holds_exactly(node: Node, model: Any) -> bool:
    """Whether the document already holds exactly `model` (then nothing is written, not even a re-format)."""
    try:
        return to_json(node.to_python()) == to_json(_plain(model))
    except (TypeError, ValueError):
        return False


def _plain(model: Any) -> Any:
    if isinstance(model, dict):
        return {k: _plain(v) for k, v in model.items()}
    if isinstance(model, list):
        return [_plain(v) for v in model]
    return model


def _same_kind(tn: TypeNode, node: Node, path: str) -> None:
    """The document holds the field in the layout's shape (else it is another Editor's layout of it)."""
    kind = tn.kind
    ok = {"reference": isinstance(node, Mapping) and node.as_ref() is not None,
          "struct": isinstance(node, Mapping),
          "array": isinstance(node, Sequence | Scalar) or (isinstance(node, Mapping) and tn.type == "map"),
          "scalar": isinstance(node, Scalar), "bytes": isinstance(node, Scalar)}[kind]
    if not ok:
        raise _other_layout(path, describe(tn), node)
    if kind == "struct" and tn.version > 1 and SERIALIZED_VERSION not in tn.fields:
        written = node.get(SERIALIZED_VERSION) if isinstance(node, Mapping) else None
        if isinstance(written, Scalar) and written.text != str(tn.version):
            raise _unsupported(path, f"the file holds {tn.type} serializedVersion {written.text}, the project's "
                                     f"Editor writes {tn.version}", found=written.text, layout=tn.version)


def _other_layout(path: str, expected: str, node: Node) -> UnityCliError:
    return _unsupported(path, f"the layout has {expected} here but the file holds another shape (a layout of "
                              "another Editor version); open and save it in the project's Editor first",
                        expected=expected)


def _insert(doc: Document, struct_tn: TypeNode, mapping: Mapping, parent: str, key: str, model: Any,
            path: str) -> None:
    """Insert `key: model` into `mapping` after the nearest field that precedes it in the layout."""
    written = mapping.get(SERIALIZED_VERSION)
    version = int(written.text) if isinstance(written, Scalar) and written.text.isdigit() else 1
    if SERIALIZED_VERSION not in struct_tn.fields and version != struct_tn.version:
        raise _unsupported(path, f"the file holds {struct_tn.type or 'the object'} serializedVersion {version}; "
                                 f"the field is in serializedVersion {struct_tn.version}, which Unity writes after "
                                 "upgrading it", found=version, layout=struct_tn.version)
    names = [child.name for child in struct_tn.children]
    before = names[: names.index(key)]
    after = next((name for name in reversed(before) if name in mapping), None)
    if after is None and SERIALIZED_VERSION in mapping.keys_ and mapping.keys_.index(SERIALIZED_VERSION) == 0:
        after = SERIALIZED_VERSION
    if after is not None or not mapping.keys_:
        doc.insert_key(parent, key, model, after=after)
        return
    if not parent:
        raise _unsupported(path, "no field the layout puts before it is in the file to insert it after")
    merged = {key: model, **{k: model_of(v) for k, v in mapping.items()}}
    doc.set(parent, Flow(merged) if mapping.flow else merged)


def model_of(node: Node) -> Any:
    """An emit model reproducing an existing value (plain one-line scalars verbatim, flow mappings inline)."""
    if isinstance(node, Mapping):
        ref = node.as_ref()
        if ref is not None:
            return ref
        values = {k: model_of(v) for k, v in node.items()}
        return Flow(values) if node.flow else values
    if isinstance(node, Sequence):
        return [model_of(item) for item in node.items]
    assert isinstance(node, Scalar)
    return Verbatim(node.raw) if node.style == PLAIN and "\n" not in node.raw else node.text
