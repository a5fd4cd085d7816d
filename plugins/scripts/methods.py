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

import tree_sitter

from unitycli.csharp import SerializationModel
from unitycli.csharp.preprocess import PreprocessorError
from unitycli.csharp.sources import CSharpFile, active_source
from unitycli.csharp.syntax import TypeDecl
from unitycli.csharp.syntax import _parser as syntax_parser
from unitycli.csharp.tsnodes import modifiers_of, node_text

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


def _find_type(node: tree_sitter.Node, decl: TypeDecl) -> tree_sitter.Node | None:
    if node.type in _TYPES and node_text(node.child_by_field_name("name")) == decl.name \
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
    return any(any(node_text(k) == "set" for k in a.children) and not modifiers_of(a) & {"private", "protected",
                                                                                   "internal"}
               for a in accessors.named_children if a.type == "accessor_declaration")


def _own_methods(decl: TypeDecl, file: CSharpFile) -> list[ListenerMethod]:
    try:  # the same bytes the model parsed (bounded, no links, under the file's define symbols)
        tree = syntax_parser().parse(active_source(file))
    except PreprocessorError:  # the model already reports the file as unparseable
        return []
    node = _find_type(tree.root_node, decl)
    body = node.child_by_field_name("body") if node is not None else None
    found: list[ListenerMethod] = []
    for member in body.named_children if body is not None else []:
        mods = modifiers_of(member)
        if "public" not in mods or "static" in mods:
            continue
        line = member.start_point[0] + 1
        if member.type == "method_declaration" and member.child_by_field_name("type_parameters") is None:
            params = [p for p in (member.child_by_field_name("parameters") or member).named_children
                      if p.type == "parameter"]
            if not params:
                found.append(ListenerMethod(node_text(member.child_by_field_name("name")), MODE_VOID, None,
                                            decl.full_name, decl.file, line))
            elif len(params) == 1:
                written = node_text(params[0].child_by_field_name("type"))
                if written in MODE_BY_PARAMETER:
                    found.append(ListenerMethod(node_text(member.child_by_field_name("name")), MODE_BY_PARAMETER[written],
                                                written, decl.full_name, decl.file, line))
        elif member.type == "property_declaration" and _setter(member):
            written = node_text(member.child_by_field_name("type"))
            if written in MODE_BY_PARAMETER:
                found.append(ListenerMethod("set_" + node_text(member.child_by_field_name("name")),
                                            MODE_BY_PARAMETER[written], written, decl.full_name, decl.file, line))
    return found


def listener_methods(model: SerializationModel, decl: TypeDecl) -> tuple[list[ListenerMethod], str | None]:
    """Every method a listener may call on `decl` (its own, then its base classes'), and the engine class the
    chain ends in (whose own methods are not known here), if any."""
    chain, outside = model.declared_bases(decl)
    methods: list[ListenerMethod] = []
    for current in chain:
        file = model.project.file_named(current.file)
        if file is not None:
            hidden = {m.name for m in methods}  # a derived class's method hides the base's of the same name
            model.project.parsed(file)  # sets the file's define symbols
            methods.extend(m for m in _own_methods(current, file) if m.name not in hidden)
    return methods, outside
