"""C# declarations read with tree-sitter's C# grammar: the types of one file, their fields, attributes and bases.

Only what Unity's serializer looks at is kept (type and field declarations, attributes, modifiers, usings, literal
initializers); method bodies are never walked. A file with a syntax error is not read at all: its declarations
would be the parser's recovery guesses, so the caller gets `SyntaxIssue`s (line and text) to report instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import tree_sitter
import tree_sitter_c_sharp

from unitycli.csharp.hooks import EDIT_MODE_HOOKS, HOOKS, Hook, read_hook
from unitycli.csharp.literals import NOT_LITERAL, literal_value
from unitycli.csharp.tsnodes import modifiers_of, node_text

_TYPE_KINDS = {"class_declaration": "class", "struct_declaration": "struct", "enum_declaration": "enum",
               "interface_declaration": "interface", "record_declaration": "record",
               "record_struct_declaration": "struct", "delegate_declaration": "delegate"}
_NAMESPACES = ("namespace_declaration", "file_scoped_namespace_declaration")


@cache
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_c_sharp.language()))


@dataclass(frozen=True)
class TypeRef:
    """A type as written: `name` is the (possibly dotted) name without type arguments; `array_ranks` lists each
    `[]` suffix's rank (1 for `T[]`, 2 for `T[,]`), outermost last."""

    name: str
    args: tuple[TypeRef, ...] = ()
    array_ranks: tuple[int, ...] = ()
    nullable: bool = False
    pointer: bool = False
    text: str = ""

    @property
    def simple(self) -> str:
        return self.name.rsplit(".", 1)[-1]

    def element(self) -> TypeRef:
        """The type one array level down (`int[][]` -> `int[]`)."""
        return TypeRef(self.name, self.args, self.array_ranks[:-1], self.nullable, self.pointer, self.text)


@dataclass(frozen=True)
class Attribute:
    """An attribute as written: `name` without namespace or `Attribute` suffix; `args` the literal arguments
    (NOT_LITERAL for others); `target` is `field` in `[field: SerializeField]`."""

    name: str
    args: tuple[Any, ...] = ()
    target: str | None = None


@dataclass(frozen=True)
class FieldDecl:
    name: str
    type: TypeRef
    modifiers: frozenset[str]
    attributes: tuple[Attribute, ...]
    line: int  # 1-based
    has_initializer: bool = False
    initializer: Any = NOT_LITERAL  # the literal value (see literals.py), or NOT_LITERAL
    initializer_text: str = ""
    backing_property: str | None = None  # `P` for the backing field of `[field: SerializeField] T P { get; set; }`

    def has(self, attribute: str) -> bool:
        return any(a.name == attribute for a in self.attributes)

    def attribute(self, name: str) -> Attribute | None:
        return next((a for a in self.attributes if a.name == name), None)


@dataclass(frozen=True)
class EnumMember:
    name: str
    value: Any  # an int, NOT_LITERAL, or a `literals.MemberRef`/expression tuple resolved by the model
    line: int


@dataclass(frozen=True)
class Scope:
    """The names in scope where a type is declared: enclosing namespaces (innermost first), `using` namespaces,
    `using X = Y;` aliases and `using static` types."""

    namespaces: tuple[str, ...]
    usings: tuple[str, ...]
    aliases: tuple[tuple[str, TypeRef], ...]


@dataclass(frozen=True)
class TypeDecl:
    kind: str  # class, struct, enum, interface, record
    name: str
    namespace: str
    outer: tuple[str, ...]  # enclosing type names, outermost first
    type_params: tuple[str, ...]
    bases: tuple[TypeRef, ...]
    modifiers: frozenset[str]
    attributes: tuple[Attribute, ...]
    fields: tuple[FieldDecl, ...]
    enum_members: tuple[EnumMember, ...]
    scope: Scope
    file: str
    line: int
    outer_params: tuple[str, ...] = ()  # type parameters of enclosing generic classes (a nested class sees them)
    hooks: tuple[Hook, ...] = ()
    bases_from: TypeDecl | None = None  # the part of a partial class whose base list (and `using`s) this one uses

    @property
    def all_params(self) -> tuple[str, ...]:
        return self.outer_params + self.type_params

    @property
    def full_name(self) -> str:
        """`Namespace.Outer.Name` (C#'s own spelling, with `.` for nesting)."""
        return ".".join(p for p in (self.namespace, *self.outer, self.name) if p)

    @property
    def arity(self) -> int:
        return len(self.type_params)

    def has(self, attribute: str) -> bool:
        return any(a.name == attribute for a in self.attributes)


@dataclass(frozen=True)
class SyntaxIssue:
    line: int
    column: int
    text: str


@dataclass(frozen=True)
class SourceFile:
    path: str
    types: tuple[TypeDecl, ...]
    issues: tuple[SyntaxIssue, ...] = field(default=())


def parse_source(source: bytes, path: str) -> SourceFile:
    """The declarations of one C# file (`issues` non-empty and `types` empty when it does not parse)."""
    tree = _parser().parse(source)
    root = tree.root_node
    if root.has_error:
        return SourceFile(path, (), tuple(_issues(root)))
    reader = _Reader(path)
    reader.walk(root, namespace="", outer=(), scope=Scope((), (), ()))
    return SourceFile(path, tuple(reader.types))


def _issues(root: tree_sitter.Node, limit: int = 5) -> list[SyntaxIssue]:
    found: list[SyntaxIssue] = []
    stack = [root]
    while stack and len(found) < limit:
        node = stack.pop()
        if node.is_missing or node.type == "ERROR":
            text = node.text.decode("utf-8", "replace")[:80] if node.text else ""
            found.append(SyntaxIssue(node.start_point[0] + 1, node.start_point[1] + 1,
                                     f"missing {node.type}" if node.is_missing else f"unexpected {text!r}"))
            continue
        if node.has_error:
            stack.extend(reversed(node.children))
    return found or [SyntaxIssue(root.start_point[0] + 1, 1, "syntax error")]



def type_ref(node: tree_sitter.Node) -> TypeRef:
    """A type node as a `TypeRef` (`global::` and `?` kept apart from the name)."""
    kind = node.type
    if kind == "array_type":
        inner = type_ref(node.child_by_field_name("type"))  # type: ignore[arg-type]
        rank = node_text(node.child_by_field_name("rank")).count(",") + 1
        return TypeRef(inner.name, inner.args, inner.array_ranks + (rank,), inner.nullable, inner.pointer,
                       node_text(node))
    if kind == "nullable_type":
        inner = type_ref(node.child_by_field_name("type"))  # type: ignore[arg-type]
        return TypeRef(inner.name, inner.args, inner.array_ranks, True, inner.pointer, node_text(node))
    if kind == "pointer_type":
        inner = type_ref(node.named_children[0])
        return TypeRef(inner.name, inner.args, inner.array_ranks, inner.nullable, True, node_text(node))
    if kind == "generic_name":
        name = node_text(node.named_children[0])
        arg_list = next(c for c in node.named_children if c.type == "type_argument_list")
        return TypeRef(name, tuple(type_ref(a) for a in arg_list.named_children), text=node_text(node))
    if kind == "qualified_name":
        qualifier = type_ref(node.child_by_field_name("qualifier"))  # type: ignore[arg-type]
        last = type_ref(node.child_by_field_name("name"))  # type: ignore[arg-type]
        # `Outer<T>.Inner`: the outer class's type arguments come first, as a nested class's parameters do
        return TypeRef(f"{qualifier.name}.{last.name}", qualifier.args + last.args, text=node_text(node))
    if kind == "alias_qualified_name":  # global::X
        return type_ref(node.child_by_field_name("name"))  # type: ignore[arg-type]
    if kind == "tuple_type":
        return TypeRef("System.ValueTuple", text=node_text(node))
    return TypeRef(node_text(node), text=node_text(node))


def _attributes(node: tree_sitter.Node) -> tuple[Attribute, ...]:
    out: list[Attribute] = []
    for group in (c for c in node.named_children if c.type == "attribute_list"):
        target_node = next((c for c in group.named_children if c.type == "attribute_target_specifier"), None)
        target = node_text(target_node).rstrip(":").strip() or None if target_node is not None else None
        for attr in (c for c in group.named_children if c.type == "attribute"):
            name = type_ref(attr.child_by_field_name("name")).simple  # type: ignore[arg-type]
            if name.endswith("Attribute") and name != "Attribute":
                name = name[: -len("Attribute")]
            arg_list = next((c for c in attr.named_children if c.type == "attribute_argument_list"), None)
            args = tuple(literal_value(a.named_children[-1]) if a.named_children else NOT_LITERAL
                         for a in (arg_list.named_children if arg_list is not None else ())
                         if a.type == "attribute_argument")
            out.append(Attribute(name, args, target))
    return tuple(out)



class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.types: list[TypeDecl] = []

    def walk(self, node: tree_sitter.Node, namespace: str, outer: tuple[str, ...], scope: Scope) -> None:
        """Visit declarations below `node` (a compilation unit, namespace body or type body)."""
        scope = self._with_usings(node, scope)
        for child in node.named_children:
            if child.type in _NAMESPACES:
                name = type_ref(child.child_by_field_name("name")).name  # type: ignore[arg-type]
                inner = f"{namespace}.{name}" if namespace else name
                inner_scope = Scope((inner, *scope.namespaces), scope.usings, scope.aliases)
                if child.type == "file_scoped_namespace_declaration":
                    # the rest of the file is in that namespace: its siblings follow as its children do
                    self.walk(child, inner, outer, inner_scope)
                    namespace, scope = inner, self._with_usings(child, inner_scope)
                else:
                    self.walk(child.child_by_field_name("body"), inner, outer, inner_scope)  # type: ignore[arg-type]
            elif child.type in _TYPE_KINDS:
                self._type(child, namespace, outer, scope)
            elif child.type == "declaration_list":
                self.walk(child, namespace, outer, scope)

    def _with_usings(self, node: tree_sitter.Node, scope: Scope) -> Scope:
        usings = list(scope.usings)
        aliases = list(scope.aliases)
        for using in (c for c in node.named_children if c.type == "using_directive"):
            alias = using.child_by_field_name("name")
            target = [c for c in using.named_children if c != alias]
            if not target:
                continue
            ref = type_ref(target[-1])
            if alias is not None:
                aliases.append((node_text(alias), ref))
            elif "static" not in node_text(using).split()[:2]:
                usings.append(ref.name)
        return Scope(scope.namespaces, tuple(usings), tuple(aliases))

    def _type(self, node: tree_sitter.Node, namespace: str, outer: tuple[str, ...], scope: Scope,
              outer_params: tuple[str, ...] = ()) -> None:
        kind = _TYPE_KINDS[node.type]
        name = node_text(node.child_by_field_name("name"))
        params_node = next((c for c in node.named_children if c.type == "type_parameter_list"), None)
        params = tuple(node_text(p.child_by_field_name("name")) for p in params_node.named_children
                       if p.type == "type_parameter") if params_node is not None else ()
        base_list = next((c for c in node.named_children if c.type == "base_list"), None)
        bases = tuple(type_ref(b) for b in base_list.named_children
                      if b.type not in ("argument_list",)) if base_list is not None else ()
        body = node.child_by_field_name("body")
        fields: list[FieldDecl] = []
        members: list[EnumMember] = []
        hooks: list[Hook] = []
        attributes = _attributes(node)
        hook_names = HOOKS | (EDIT_MODE_HOOKS if any(a.name in ("ExecuteAlways", "ExecuteInEditMode")
                                                        for a in attributes) else frozenset())
        if body is not None and kind == "enum":
            members = [EnumMember(node_text(m.child_by_field_name("name")), literal_value(m.child_by_field_name("value"))
                                  if m.child_by_field_name("value") is not None else None, m.start_point[0] + 1)
                       for m in body.named_children if m.type == "enum_member_declaration"]
        elif body is not None:
            for member in body.named_children:
                if member.type == "field_declaration":
                    fields.extend(self._fields(member))
                elif member.type == "property_declaration":
                    backing = self._backing_field(member)
                    if backing is not None:
                        fields.append(backing)
                elif member.type in ("method_declaration", "constructor_declaration"):
                    hook = read_hook(member, hook_names)
                    if hook is not None:
                        hooks.append(hook)
        self.types.append(TypeDecl(kind, name, namespace, outer, params, bases, modifiers_of(node), attributes,
                                   tuple(fields), tuple(members), scope, self.path, node.start_point[0] + 1,
                                   outer_params, tuple(hooks)))
        if body is not None and kind != "enum":
            for member in body.named_children:
                if member.type in _TYPE_KINDS:
                    self._type(member, namespace, (*outer, name), scope, outer_params + params)

    def _fields(self, node: tree_sitter.Node) -> list[FieldDecl]:
        modifiers = modifiers_of(node)
        attributes = _attributes(node)
        declaration = next(c for c in node.named_children if c.type == "variable_declaration")
        ftype = type_ref(declaration.child_by_field_name("type"))  # type: ignore[arg-type]
        out = []
        for declarator in (c for c in declaration.named_children if c.type == "variable_declarator"):
            name_node = declarator.child_by_field_name("name")
            value = [c for c in declarator.named_children if c != name_node and c.type != "bracketed_argument_list"]
            init = value[-1] if value else None
            out.append(FieldDecl(node_text(name_node), ftype, modifiers, attributes, declarator.start_point[0] + 1,
                                 init is not None, literal_value(init) if init is not None else NOT_LITERAL,
                                 node_text(init)))
        return out

    def _backing_field(self, node: tree_sitter.Node) -> FieldDecl | None:
        """The compiler's backing field of an auto-property whose attributes target `field:` (Unity serializes it
        as `<Name>k__BackingField` when one of them is SerializeField)."""
        attributes = _attributes(node)
        on_field = tuple(Attribute(a.name, a.args) for a in attributes if a.target == "field")
        accessors = node.child_by_field_name("accessors")
        if not on_field or accessors is None:
            return None
        if any(a.child_by_field_name("body") is not None or a.child_by_field_name("expression_body") is not None
               or any(c.type in ("block", "arrow_expression_clause") for c in a.named_children)
               for a in accessors.named_children if a.type == "accessor_declaration"):
            return None  # not an auto-property: no backing field exists
        name = node_text(node.child_by_field_name("name"))
        ftype = type_ref(node.child_by_field_name("type"))  # type: ignore[arg-type]
        init = node.child_by_field_name("value")
        modifiers = frozenset(m for m in modifiers_of(node) if m == "static") | {"private"}
        if not any("set" in node_text(a).replace(";", " ").split() for a in accessors.named_children):
            modifiers |= {"readonly"}  # get-only and init-only properties have a readonly backing field
        return FieldDecl(f"<{name}>k__BackingField", ftype, modifiers, on_field, node.start_point[0] + 1,
                         init is not None, literal_value(init) if init is not None else NOT_LITERAL, node_text(init),
                         backing_property=name)
