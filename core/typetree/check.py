"""Hold a Unity-YAML document against one Editor layout of its class: fields, nesting, kinds, versions, order.

The type tree is the binary layout; a text file shows it with these rules (each seen in Editor-written fixtures):
- a `PPtr<T>` is a flow mapping `{fileID: N}` or `{fileID: N, guid: G, type: T}`;
- a `string`, a `GUID` and every leaf is one scalar; `TypelessData` is one hex scalar;
- a vector/set/map is a list (`[]` when empty) whose items are the element; a list of plain numbers may instead
  be one hex scalar (`m_IndexBuffer`); a map item is `{first: …, second: …}` or `{<key>: <value>}`;
- a node whose `Version{}` is above 1 carries `serializedVersion: <it>`; where it stands among the keys depends on
  the class's C# transfer code, not on the tree, so its position is not checked — its value is.
- a map is a list of `{first: …, second: …}` items, or (plain keys) a mapping `key: value` (`{}` when empty).
`QUIRKS` lists, by name, each place where Editor-written files differ from their own tree; each has a test.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.typetree.nodes import TypeNode
from unitycli.unityyaml import Mapping, Node, Scalar, Sequence

SERIALIZED_VERSION = "serializedVersion"
# Native header of a MonoBehaviour: the script's own fields follow it and are not in the native tree.
SCRIPTED_CLASSES = frozenset({"MonoBehaviour"})
_NUMERIC = frozenset({"int", "unsigned int", "float", "double", "SInt8", "UInt8", "SInt16", "UInt16", "SInt32",
                      "UInt32", "SInt64", "UInt64", "bool", "char", "short", "unsigned short", "long long",
                      "unsigned long long", "FileSize", "Type*"})
Problem = str  # "unknown-field", "missing-field", "order", "kind", "serialized-version"

# Where Editor-written text differs from the Editor's own tree, each seen in the fixtures (tests/typetree/test_quirks.py).
QUIRKS: dict[str, str] = {
    "prefab-root-not-written": "PrefabInstance.m_RootGameObject is in the tree but never in a text file (0 of "
                               "2,388 PrefabInstance documents of the fixtures have it)",
    "rect-transform-version-not-written": "RectTransform's tree carries Version 2 from 2022.3.5 (as Transform's "
                                          "does) but the Editor writes no serializedVersion for it (minigolf "
                                          "Main Menu.unity, Unity 6000.0.25f1)",
    "root-order-not-written": "Transform/RectTransform m_RootOrder stays in the tree until 2022.3.4 but the Editor "
                              "stopped writing it in 2022.2 (ECS PhysicsSamples Pool.unity)",
    "typeless-data": "a TypelessData field `X` is written as `X: <byte count>` then `_typelessdata: <hex>` (Mesh "
                     "m_VertexData in minigolf Main Menu.unity)",
    "hash128": "a Hash128 (16 `bytes[i]` fields in the tree) is written as `serializedVersion: 2` and `Hash: <32 "
               "hex digits>` (chicken-defense Minimap Render Texture.renderTexture)",
    "empty-struct": "a struct whose only field is the placeholder `none` is written `{}` (PlayerSettings "
                    "vrEditorSettings)",
}
# (struct type, field) the Editor may leave out: quirk name
_OPTIONAL = {("PrefabInstance", "m_RootGameObject"): "prefab-root-not-written",
             ("Transform", "m_RootOrder"): "root-order-not-written",
             ("RectTransform", "m_RootOrder"): "root-order-not-written"}
_VERSION_OPTIONAL = {"RectTransform": "rect-transform-version-not-written"}
_TYPELESS_KEY = "_typelessdata"


def is_optional(struct_type: str, field: str) -> bool:
    """Whether the Editor may leave `field` of `struct_type` out of a text file (a named quirk)."""
    return (struct_type, field) in _OPTIONAL


@dataclass(frozen=True)
class Finding:
    """One difference between a document and a layout, at a property path."""

    path: str
    problem: Problem
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "problem": self.problem, "message": self.message}


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind_of(node: Node) -> str:
    if isinstance(node, Scalar):
        return "scalar"
    if isinstance(node, Sequence):
        return "list"
    if isinstance(node, Mapping):
        return "reference" if node.as_ref() is not None else "mapping"
    return type(node).__name__


class Checker:
    """Collects the findings of one document against one layout (stops early once `limit` are found)."""

    def __init__(self, limit: int = 50) -> None:
        self.findings: list[Finding] = []
        self.limit = limit

    def _add(self, path: str, problem: Problem, message: str) -> None:
        if len(self.findings) < self.limit:
            self.findings.append(Finding(path or "(document)", problem, message))

    @property
    def full(self) -> bool:
        return len(self.findings) >= self.limit

    def document(self, root: TypeNode, body: Node, scripted: bool = False) -> list[Finding]:
        """Findings of a document body (`doc.root`) against a class's root node."""
        self.node(root, body, "", scripted=scripted)
        return self.findings

    def node(self, tn: TypeNode, yn: Node, path: str, scripted: bool = False) -> None:
        if self.full:
            return
        kind = tn.kind
        if kind == "struct":
            self._struct(tn, yn, path, scripted)
        elif kind == "reference":
            if not (isinstance(yn, Mapping) and yn.as_ref() is not None):
                self._add(path, "kind", f"{tn.type} is an object reference ({{fileID: …}}), found {_kind_of(yn)}")
        elif kind == "array":
            self._array(tn, yn, path)
        elif not isinstance(yn, Scalar):
            self._add(path, "kind", f"{tn.type} is a scalar, found {_kind_of(yn)}")

    def _struct(self, tn: TypeNode, yn: Node, path: str, scripted: bool) -> None:
        if tn.type == "Hash128" and isinstance(yn, Mapping) and [k for k in yn.keys_ if k != SERIALIZED_VERSION] \
                == ["Hash"]:
            return  # quirk hash128
        if isinstance(yn, Mapping) and not yn.keys_ and [c.name for c in tn.children] == ["none"]:
            return  # quirk empty-struct
        if not isinstance(yn, Mapping) or (yn.as_ref() is not None and "fileID" not in tn.fields):
            self._add(path, "kind", f"{tn.type} is a mapping of {len(tn.children)} fields, found {_kind_of(yn)}")
            return
        fields = tn.fields
        version = yn.get(SERIALIZED_VERSION)
        if SERIALIZED_VERSION not in fields:
            if version is None and tn.version > 1 and tn.type not in _VERSION_OPTIONAL:
                self._add(_join(path, SERIALIZED_VERSION), "serialized-version",
                          f"{tn.type} is serializedVersion {tn.version}; the document has none")
            elif version is not None and not (isinstance(version, Scalar) and version.text == str(tn.version)):
                found = version.text if isinstance(version, Scalar) else _kind_of(version)
                self._add(_join(path, SERIALIZED_VERSION), "serialized-version",
                          f"{tn.type} is serializedVersion {tn.version}, found {found}")
        order = {name: i for i, name in enumerate(fields)}
        last = -1
        seen: set[str] = set()
        previous: TypeNode | None = None
        for key, value in zip(yn.keys_, yn.values, strict=True):
            if key == SERIALIZED_VERSION and key not in fields:
                continue
            if key == _TYPELESS_KEY and previous is not None and previous.type == "TypelessData":
                if not isinstance(value, Scalar):
                    self._add(_join(path, key), "kind", f"{_TYPELESS_KEY} is hex bytes, found {_kind_of(value)}")
                continue  # quirk typeless-data
            at = order.get(key)
            if at is None:
                if scripted and last >= len(order) - 1:
                    continue  # a script's own field, after the whole native header
                self._add(_join(path, key), "unknown-field", f"{tn.type} has no field {key!r}")
                continue
            if at < last:
                self._add(_join(path, key), "order", f"{key!r} comes before {list(fields)[last]!r} in {tn.type}")
            last = max(last, at)
            seen.add(key)
            previous = fields[key]
            self.node(previous, value, _join(path, key))
        for name in fields:
            if name not in seen and (tn.type, name) not in _OPTIONAL:
                self._add(_join(path, name), "missing-field", f"{tn.type} has field {name!r}; the document lacks it")

    def _array(self, tn: TypeNode, yn: Node, path: str) -> None:
        element = tn.element
        if isinstance(yn, Scalar):
            if element.kind == "scalar" and element.type in _NUMERIC and _is_hex(yn):
                return  # a list of numbers written as hex bytes
            self._add(path, "kind", f"{tn.type} is a list, found a scalar")
            return
        if isinstance(yn, Mapping) and tn.type == "map" and (not yn.keys_ or element.children[0].kind == "scalar"):
            for key, value in zip(yn.keys_, yn.values, strict=True):  # a map with plain keys: `key: value`
                self.node(element.children[1], value, _join(path, key))
            return
        if not isinstance(yn, Sequence):
            self._add(path, "kind", f"{tn.type} is a list, found {_kind_of(yn)}")
            return
        for i, item in enumerate(yn.items):
            if self.full:
                return
            here = f"{path}[{i}]"
            if tn.type == "map" or (element.type == "pair" and len(element.children) == 2):
                self._pair(element, item, here)
            else:
                self.node(element, item, here)

    def _pair(self, pair: TypeNode, item: Node, path: str) -> None:
        first, second = pair.children
        if isinstance(item, Mapping) and item.keys_ == ["first", "second"]:
            self.node(first, item.values[0], _join(path, "first"))
            self.node(second, item.values[1], _join(path, "second"))
        elif isinstance(item, Mapping) and len(item.keys_) == 1 and first.kind == "scalar":
            self.node(second, item.values[0], _join(path, item.keys_[0]))
        else:
            self._add(path, "kind", f"a map entry is {{first, second}} or {{<key>: <value>}}, found "
                                    f"{_kind_of(item)}")


def _is_hex(node: Scalar) -> bool:
    raw = node.raw
    return len(raw) % 2 == 0 and all(c in "0123456789abcdef" for c in raw)


def check_body(root: TypeNode, body: Node, class_name: str, limit: int = 50) -> list[Finding]:
    """Findings of a document body against one layout of its class (empty: the body is in that layout)."""
    return Checker(limit).document(root, body, scripted=class_name in SCRIPTED_CLASSES)
