"""Field initializers and attribute arguments that are C# literals, as Python values.

A default is written only when the source proves it: a literal (`3`, `-1.5f`, `"a"`, `true`, `null`,
`default`), a constant expression of literals (`1 << 2`, `-0x10`), or an enum member (`Mode.Fast`, resolved by
the model against the enum's declaration). Anything else (a constructor call, a method, a constant from another
class) is `NOT_LITERAL`: the model leaves such a field's default unproven.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import tree_sitter

from unitycli.csharp.tsnodes import node_text


class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL: Any = _NotLiteral()


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Any = _Default()  # `default` / `default(T)`: the type's zero value


@dataclass(frozen=True)
class Real:
    """A real literal: its value and whether it had an `f` suffix (a float, not a double)."""

    value: float
    text: str


@dataclass(frozen=True)
class Char:
    value: str


@dataclass(frozen=True)
class MemberRef:
    """`A.B` (or a bare `B` inside an enum): resolved against an enum's members by the model."""

    path: tuple[str, ...]


@dataclass(frozen=True)
class Operation:
    """A constant expression over enum members (`A | B`), evaluated once the members are known."""

    op: str
    operands: tuple[Any, ...]


@dataclass(frozen=True)
class TypeOf:
    """`typeof(T)` (an attribute argument such as RequireComponent's): the type as written."""

    name: str


@dataclass(frozen=True)
class Construct:
    """`new T(literal, …)` or `new()` with no initializer block: `type` as written ("" for `new()`)."""

    type: str
    args: tuple[Any, ...]


_BINARY = {"|": operator.or_, "&": operator.and_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
           "+": operator.add, "-": operator.sub, "*": operator.mul}
_UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}



def _integer(text: str) -> int:
    digits = text.replace("_", "").rstrip("uUlL")
    if digits[:2].lower() == "0x":
        return int(digits[2:], 16)
    if digits[:2].lower() == "0b":
        return int(digits[2:], 2)
    return int(digits)


def _real(text: str) -> Real | Any:
    digits = text.replace("_", "")
    suffix = digits[-1].lower() if digits[-1].isalpha() else ""
    if suffix == "m":
        return NOT_LITERAL  # decimal: Unity does not serialize it
    try:
        return Real(float(digits.rstrip("fFdD")), digits)
    except ValueError:
        return NOT_LITERAL


def _unescape(node: tree_sitter.Node) -> str | Any:
    parts: list[str] = []
    for child in node.named_children:
        raw = node_text(child)
        if child.type in ("string_literal_content", "character_literal_content"):
            parts.append(raw)
        elif child.type == "escape_sequence":
            if raw[1:2] in _ESCAPES:
                parts.append(_ESCAPES[raw[1]])
            elif raw[1:2] in ("u", "x", "U"):
                parts.append(chr(int(raw[2:], 16)))
            else:
                return NOT_LITERAL
        else:
            return NOT_LITERAL
    return "".join(parts)


def literal_value(node: tree_sitter.Node | None) -> Any:
    """The value of a literal expression node, or NOT_LITERAL."""
    if node is None:
        return NOT_LITERAL
    kind = node.type
    try:
        if kind == "integer_literal":
            return _integer(node_text(node))
        if kind == "real_literal":
            return _real(node_text(node))
        if kind == "boolean_literal":
            return node_text(node) == "true"
        if kind == "null_literal":
            return None
        if kind == "default_expression":
            return DEFAULT
        if kind == "string_literal":
            return _unescape(node)
        if kind == "verbatim_string_literal":
            return node_text(node)[2:-1].replace('""', '"')
        if kind == "character_literal":
            value = _unescape(node)
            return Char(value) if isinstance(value, str) and len(value) == 1 else NOT_LITERAL
        if kind == "parenthesized_expression" and node.named_child_count == 1:
            return literal_value(node.named_children[0])
        if kind == "cast_expression":
            return literal_value(node.child_by_field_name("value"))
        if kind == "identifier":
            return MemberRef((node_text(node),))
        if kind == "member_access_expression":
            return _member(node)
        if kind == "prefix_unary_expression":
            return _unary(node)
        if kind == "binary_expression":
            return _binary(node)
        if kind == "typeof_expression":
            type_node = node.child_by_field_name("type")
            return TypeOf(node_text(type_node)) if type_node is not None else NOT_LITERAL
        if kind in ("object_creation_expression", "implicit_object_creation_expression"):
            return _construct(node)
    except (ValueError, OverflowError):
        return NOT_LITERAL
    return NOT_LITERAL


def _construct(node: tree_sitter.Node) -> Any:
    if node.child_by_field_name("initializer") is not None or any(
            c.type == "initializer_expression" for c in node.named_children):
        return NOT_LITERAL
    type_node = node.child_by_field_name("type")
    arguments = node.child_by_field_name("arguments") or next(
        (c for c in node.named_children if c.type == "argument_list"), None)
    args = []
    for argument in arguments.named_children if arguments is not None else ():
        if argument.type != "argument" or argument.named_child_count != 1:
            return NOT_LITERAL
        value = literal_value(argument.named_children[0])
        if value is NOT_LITERAL or isinstance(value, MemberRef | Operation | Construct):
            return NOT_LITERAL
        args.append(value)
    return Construct(node_text(type_node) if type_node is not None else "", tuple(args))


def _member(node: tree_sitter.Node) -> Any:
    path: list[str] = []
    current: tree_sitter.Node | None = node
    while current is not None and current.type == "member_access_expression":
        path.insert(0, node_text(current.child_by_field_name("name")))  # type: ignore[arg-type]
        current = current.child_by_field_name("expression")
    if current is None or current.type not in ("identifier", "qualified_name"):
        return NOT_LITERAL
    return MemberRef((*node_text(current).split("."), *path))


def _unary(node: tree_sitter.Node) -> Any:
    op = next((node_text(c) for c in node.children if not c.is_named), "")
    value = literal_value(node.named_children[0]) if node.named_children else NOT_LITERAL
    if op not in _UNARY or value is NOT_LITERAL:
        return NOT_LITERAL
    if isinstance(value, Real):
        return Real(_UNARY[op](value.value), op + value.text) if op != "~" else NOT_LITERAL
    if isinstance(value, int) and not isinstance(value, bool):
        return _UNARY[op](value)
    if isinstance(value, MemberRef | Operation):
        return Operation(op, (value,))
    return NOT_LITERAL


def _binary(node: tree_sitter.Node) -> Any:
    op = node_text(node.child_by_field_name("operator")) if node.child_by_field_name("operator") is not None else next(
        (node_text(c) for c in node.children if not c.is_named), "")
    left = literal_value(node.child_by_field_name("left"))
    right = literal_value(node.child_by_field_name("right"))
    if op not in _BINARY or left is NOT_LITERAL or right is NOT_LITERAL:
        return NOT_LITERAL
    if all(isinstance(v, int) and not isinstance(v, bool) for v in (left, right)):
        return _BINARY[op](left, right)
    if all(isinstance(v, int | MemberRef | Operation) and not isinstance(v, bool) for v in (left, right)):
        return Operation(op, (left, right))
    return NOT_LITERAL


def evaluate(value: Any, lookup: Any) -> Any:
    """`value` with member references replaced through `lookup(MemberRef) -> int | NOT_LITERAL`."""
    if isinstance(value, MemberRef):
        return lookup(value)
    if isinstance(value, Operation):
        operands = [evaluate(v, lookup) for v in value.operands]
        if any(not isinstance(v, int) or isinstance(v, bool) for v in operands):
            return NOT_LITERAL
        if len(operands) == 1:
            return _UNARY[value.op](operands[0])
        return _BINARY[value.op](*operands)
    return value
