"""One field edit of a MonoBehaviour or ScriptableObject document: set a value, or insert, remove and resize list
items, with references given by name resolved first (`objectrefs`).

Shared by component.set and scriptable.set, so a field is edited the same way wherever its object lives.
A list's new items follow its existing items' shape (values.py); growing a list writes each new item at its
element type's C# default, in the form component.add writes it (`unitycli.csharp.defaults`); with no C# source,
`0`, an empty string and `{fileID: 0}` are what C# gives a new number, string and object element (`default(T)`;
Unity writes a null string as empty: `m_StringArgument: ` in every UnityEvent argument), and an element of any
other shape is refused (E_LIST_ELEMENT_UNKNOWN).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command
from unitycli.plugins.scenes.common import Names
from unitycli.plugins.scripts.objectrefs import ReferenceResolver
from unitycli.plugins.scripts.typed import Coercer, layout_for, locate
from unitycli.plugins.scripts.vocabulary import Operation
from unitycli.scene import LoadedFile, SceneModel
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Document, Mapping, Node, Ref, Scalar, Sequence
from unitycli.unityyaml.values import convert_value, property_node, to_json

if TYPE_CHECKING:  # the C# model (and tree-sitter) loads only when a script's field is edited
    from unitycli.csharp import ClassLayout, SerializationModel, SerializedField

_ITEM = re.compile(r"^(.+?)(?:\.Array\.data)?\[(-?[0-9]+)\]$")



@dataclass
class FieldEdit:
    """What one edit did, for the answer."""

    previous: Any
    references: list[dict[str, Any]] = field(default_factory=list)


def _split_item(prop: str) -> tuple[str, int]:
    match = _ITEM.match(prop)
    if match is None:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{prop!r} names no list item; insert and remove take "
                            "`List[i]`", details={"path": prop},
                            next_actions=[describe_command("component.set")])
    return match.group(1), int(match.group(2))


def list_path(prop: str, operation: Operation) -> str:
    """The list an insert, remove or resize works on."""
    return prop if operation == "resize" else _split_item(prop)[0]


def _list(doc: Document, path: str) -> Sequence:
    node = property_node(doc, path)
    if not isinstance(node, Sequence):
        raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{path} is not a list, so it has no items to insert, remove "
                            "or resize", details={"property": path, "expected": "list",
                                                  "current": to_json(node.to_python())},
                            next_actions=[describe_command("component.set")])
    return node


class _Names:
    """Resolves the reference names inside a JSON value where the current value says a reference goes."""

    def __init__(self, resolver: ReferenceResolver) -> None:
        self.resolver = resolver
        self.resolved: list[dict[str, Any]] = []

    def walk(self, node: Node | None, value: Any, where: str) -> Any:
        if node is None:
            return value
        if isinstance(node, Mapping) and node.as_ref() is not None:
            if isinstance(value, str):
                found = self.resolver.resolve(value)
                self.resolved.append({"at": where, "name": value, "target": found.target, **to_json(found.ref)})
                return to_json(found.ref)
            return value
        if isinstance(node, Mapping) and isinstance(value, dict):
            return {k: self.walk(node.get(k), v, f"{where}.{k}") for k, v in value.items()}
        if isinstance(node, Sequence) and isinstance(value, list) and node.items:
            return [self.walk(node.items[0], v, f"{where}[{i}]") for i, v in enumerate(value)]
        return value


_UNPROVEN = object()


def default_value(element: SerializedField) -> Any:
    """A list element's default as the C# model writes one (`unitycli.csharp.defaults`), or `_UNPROVEN`."""
    from unitycli.csharp import ClassLayout
    from unitycli.csharp.defaults import default_values

    values, _ = default_values(ClassLayout(element.type_name, element.file, element.line, None, (element,)))
    return values.get(element.name, _UNPROVEN)


def element_default(element: SerializedField | None, item: Node, where: str) -> Any:
    """A new list item: the C# element type's default where the source proves it (a nested class's field
    initializers included), else `default(T)` for an item shaped like the last one: a number, a string or a
    reference."""
    if element is not None:
        fresh = default_value(element)
        if fresh is not _UNPROVEN:
            return fresh
    if isinstance(item, Mapping) and item.as_ref() is not None:
        return Ref(0)
    if isinstance(item, Scalar):
        return 0 if isinstance(item.to_python(), int | float) else ""
    raise UnityCliError("E_LIST_ELEMENT_UNKNOWN", f"{where}: a new item of this list is a structure whose defaults "
                        "are not known here: insert each new item with operation insert and a full value", details={"property": where,
                                                       "item": to_json(item.to_python())},
                        next_actions=[describe_command("component.set")])


class FieldRequest(Protocol):
    """What component.set and scriptable.set both ask for."""

    property: str
    operation: Operation
    value: Any


def write_field(ctx: ToolContext, names: Names, loaded: LoadedFile, doc: Document, request: FieldRequest,
                scene: SceneModel | None = None) -> dict[str, Any]:
    """The one sequence of component.set and scriptable.set: edit the field of `doc` (in the file `loaded`) that
    `request` names (`property`, `operation`, `value`), with references given by name resolved in that file
    (`scene`: its scene model, for scenes and prefabs), save the file when it changed, and answer the
    `FieldWriteOutput` fields. One C# model serves the layout check and the reference checks; a document that is
    no script (a Transform, a Light) has no C# to check against, and no model is built."""
    csharp, layout, unchecked = None, None, None
    if doc.class_id == MONOBEHAVIOUR:
        from unitycli.csharp import SerializationModel

        csharp = SerializationModel(Path(ctx.project.root))
        layout, unchecked = layout_for(csharp, doc)
    resolver = ReferenceResolver(ctx, names, loaded.yaml, scene)
    try:
        edit = _edit(doc, request.property, request.operation, request.value, resolver, layout, csharp)
    finally:
        resolver.close()
    read_back = request.property if request.operation == "set" else list_path(request.property, request.operation)
    changed = loaded.yaml.dirty
    revision = loaded.save(ctx) if changed else loaded.revision  # the transaction hashed what it staged
    return {"previous": edit.previous, "value": to_json(doc.get(read_back)), "references": edit.references,
            "changed": changed, "revision": revision, "warnings": [unchecked] if unchecked else []}


def _edit(doc: Document, prop: str, operation: Operation, value: Any, resolver: ReferenceResolver,
          layout: ClassLayout | None, csharp: SerializationModel | None) -> FieldEdit:
    """Apply one edit to `doc` (in memory); `layout` is the script's C# layout, when the project has its source,
    to check the field and the value against."""
    names = _Names(resolver)
    file = resolver.file
    if operation in ("insert", "remove"):
        _split_item(prop)  # `List[i]` before anything else is judged
    located = locate(layout, prop, list_item=operation in ("insert", "remove")) if layout is not None else None
    typed = Coercer(resolver, csharp)
    if located is not None and located.field is not None and operation in ("set", "insert"):
        value = typed.value(located.field, value, prop)
    names.resolved = typed.resolved
    if operation == "set":
        current = property_node(doc, prop)
        previous = to_json(current.to_python())
        doc.set(prop, convert_value(current, names.walk(current, value, prop), prop, file))
        return FieldEdit(previous, names.resolved)
    if operation in ("insert", "remove"):
        path, index = _split_item(prop)
        seq = _list(doc, path)
        previous = to_json(seq.to_python())
        if operation == "remove":
            doc.remove_item(path, index)
            return FieldEdit(previous, [])
        if not 0 <= index <= len(seq.items):
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has {len(seq.items)} items; cannot insert at "
                                f"{index}", details={"path": path, "index": index, "count": len(seq.items)})
        template = seq.items[0] if seq.items else None
        given = names.walk(template, value, prop)
        item = convert_value(template, given, prop, file) if template is not None \
            else convert_value(seq, [given], prop, file)[0]
        doc.insert_item(path, index, item)
        return FieldEdit(previous, names.resolved)
    seq = _list(doc, prop)
    previous = to_json(seq.to_python())
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"resize takes the new length of {prop} as a number >= 0",
                            details={"property": prop, "expected": "integer >= 0", "got": repr(value)[:80]})
    count = len(seq.items)
    if value > count and not seq.items and (located is None or located.element is None
                                             or default_value(located.element) is _UNPROVEN):
        raise UnityCliError("E_LIST_ELEMENT_UNKNOWN", f"{prop} is empty, so nothing here shows what a new item "
                            f"holds; insert the items with operation insert at {prop}[0]", details={"property": prop},
                            next_actions=[])
    for i in range(count - 1, value - 1, -1):
        doc.remove_item(prop, i)
    if value > count:
        element = located.element if located is not None else None
        fresh = element_default(element, seq.items[-1], prop) if seq.items else default_value(element)
        for _ in range(value - count):
            doc.append_item(prop, fresh)
    return FieldEdit(previous, [])
