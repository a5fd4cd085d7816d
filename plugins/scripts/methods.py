"""The methods a UnityEvent listener may call on a project class, read from its C# with tree-sitter.

A persistent listener calls a public instance method of the target's class or of a base class, with no parameter
(`m_Mode: 1`, Void) or one `int`, `float`, `string` or `bool` (3, 4, 5, 6; the value comes from `m_Arguments`);
a public property setter counts as `set_<Name>` (`m_MethodName: set_enabled` in the Cinemachine sample
`ThirdPersonWithAimMode.unity`). Classes of the engine are not read here (their C# is not in the project), so a
method inherited from them cannot be proven and is refused. The serialization model (`unitycli.csharp`) gives the
declarations and resolves base classes; this module only reads the members it does not keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import tree_sitter
import tree_sitter_c_sharp

from unitycli.csharp import SerializationModel
from unitycli.csharp.syntax import TypeDecl

# PersistentListenerMode by the one parameter's C# type (UnityEngine.Events; values as the fixtures write them).
MODE_VOID = 1
MODE_BY_PARAMETER = {"int": 3, "System.Int32": 3, "Int32": 3, "float": 4, "System.Single": 4, "Single": 4,
                     "string": 5, "System.String": 5, "String": 5, "bool": 6, "System.Boolean": 6, "Boolean": 6}
MODE_NAMES = {0: "EventDefined", 1: "Void", 2: "Object", 3: "Int", 4: "Float", 5: "String", 6: "Bool"}
_TYPES = ("class_declaration", "struct_declaration", "record_declaration")


@dataclass(frozen=True)
class ListenerMethod:
    name: str
    mode: int  # PersistentListenerMode
    parameter: str | None  # the parameter's C# type as written
    declared_in: str  # the declaring class's full name
    file: str
    line: int


@cache
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_c_sharp.language()))


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def _modifiers(node: tree_sitter.Node) -> set[str]:
    return {_text(c) for c in node.named_children if c.type == "modifier"}


def _find_type(node: tree_sitter.Node, decl: TypeDecl) -> tree_sitter.Node | None:
    if node.type in _TYPES and _text(node.child_by_field_name("name")) == decl.name \
            and node.start_point[0] + 1 == decl.line:
        return node
    for child in node.named_children:
        found = _find_type(child, decl)
        if found is not None:
            return found
    return None


def _setter(member: tree_sitter.Node) -> bool:
    accessors = next((c for c in member.named_children if c.type == "accessor_list"), None)
    if accessors is None:
        return False
    return any(any(_text(k) == "set" for k in a.children) and not _modifiers(a) & {"private", "protected",
                                                                                   "internal"}
               for a in accessors.named_children if a.type == "accessor_declaration")


def _own_methods(decl: TypeDecl, disk: Path) -> list[ListenerMethod]:
    tree = _parser().parse(disk.read_bytes())
    node = _find_type(tree.root_node, decl)
    body = node.child_by_field_name("body") if node is not None else None
    found: list[ListenerMethod] = []
    for member in body.named_children if body is not None else []:
        mods = _modifiers(member)
        if "public" not in mods or "static" in mods:
            continue
        line = member.start_point[0] + 1
        if member.type == "method_declaration" and member.child_by_field_name("type_parameters") is None:
            params = [p for p in (member.child_by_field_name("parameters") or member).named_children
                      if p.type == "parameter"]
            if not params:
                found.append(ListenerMethod(_text(member.child_by_field_name("name")), MODE_VOID, None,
                                            decl.full_name, decl.file, line))
            elif len(params) == 1:
                written = _text(params[0].child_by_field_name("type"))
                if written in MODE_BY_PARAMETER:
                    found.append(ListenerMethod(_text(member.child_by_field_name("name")), MODE_BY_PARAMETER[written],
                                                written, decl.full_name, decl.file, line))
        elif member.type == "property_declaration" and _setter(member):
            written = _text(member.child_by_field_name("type"))
            if written in MODE_BY_PARAMETER:
                found.append(ListenerMethod("set_" + _text(member.child_by_field_name("name")),
                                            MODE_BY_PARAMETER[written], written, decl.full_name, decl.file, line))
    return found


def listener_methods(model: SerializationModel, decl: TypeDecl) -> tuple[list[ListenerMethod], str | None]:
    """Every method a listener may call on `decl` (its own, then its base classes'), and the engine class the
    chain ends in (whose own methods are not known here), if any."""
    methods: list[ListenerMethod] = []
    current: TypeDecl | None = decl
    seen: set[str] = set()
    while current is not None and current.full_name not in seen:
        seen.add(current.full_name)
        file = model.project.file_named(current.file)
        if file is not None:
            hidden = {m.name for m in methods}  # a derived class's method hides the base's of the same name
            methods.extend(m for m in _own_methods(current, file.disk) if m.name not in hidden)
        base = next((b for b in current.bases), None)
        if base is None:
            return methods, None
        resolved = model.resolver.resolve(base, current)
        if resolved.kind == "interface":  # C# lists the base class first: an interface first means none
            return methods, None
        if resolved.decl is None:
            return methods, resolved.name
        current = resolved.decl
    return methods, None
