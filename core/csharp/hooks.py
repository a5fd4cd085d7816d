"""Methods the Editor runs on a new or loaded component, read for the fields they assign: `Reset` and
`OnValidate` (Add Component runs both), parameterless constructors, and for `[ExecuteAlways]`/`[ExecuteInEditMode]`
classes the play-mode callbacks. A field one of them assigns has no default its initializer proves.
"""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter

from unitycli.csharp.tsnodes import modifiers_of, node_text


@dataclass(frozen=True)
class Hook:
    """A method the Editor runs on a new or loaded component (`Reset`, `OnValidate`, a parameterless constructor,
    and for `[ExecuteAlways]` classes the play-mode callbacks): the fields it assigns, and whether it calls code
    that may assign more (`opaque`)."""

    name: str
    line: int
    writes: frozenset[str]
    opaque: bool


HOOKS = frozenset({"Reset", "OnValidate", ".ctor"})
EDIT_MODE_HOOKS = frozenset({"Awake", "OnEnable", "Start", "Update", "LateUpdate", "FixedUpdate"})


def _root_name(node: tree_sitter.Node | None) -> str | None:
    """The field an assignment target starts from: `x`, `this.x`, `x.y`, `x[i]` -> x."""
    while node is not None:
        if node.type == "identifier":
            return node_text(node)
        if node.type == "member_access_expression":
            inner = node.child_by_field_name("expression")
            if inner is not None and inner.type in ("this_expression", "this", "base_expression", "base"):
                return node_text(node.child_by_field_name("name"))
            node = inner
        elif node.type == "element_access_expression":
            node = node.child_by_field_name("expression")
        elif node.type == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
        else:
            return None
    return None


def read_hook(node: tree_sitter.Node, names: frozenset[str]) -> Hook | None:
    params = node.child_by_field_name("parameters")
    if params is not None and params.named_child_count:
        return None
    name = ".ctor" if node.type == "constructor_declaration" else node_text(node.child_by_field_name("name"))
    if name not in names or "static" in modifiers_of(node):
        return None
    writes: set[str] = set()
    opaque = False
    stack = [c for c in node.named_children if c.type in ("block", "arrow_expression_clause",
                                                         "constructor_initializer")]
    while stack:
        current = stack.pop()
        if current.type == "constructor_initializer":
            opaque = True  # `: base()` / `: this(...)` runs another constructor
        if current.type in ("assignment_expression",):
            target = _root_name(current.child_by_field_name("left"))
            if target is None:
                opaque = True
            else:
                writes.add(target)
        elif current.type in ("postfix_unary_expression", "prefix_unary_expression") and any(
                not c.is_named and node_text(c) in ("++", "--") for c in current.children):
            target = _root_name(current.named_children[0] if current.named_children else None)
            opaque = opaque or target is None
            writes.update([target] if target else [])
        elif current.type == "invocation_expression":
            function = current.child_by_field_name("function")
            root = _root_name(function.child_by_field_name("expression")) if (
                function is not None and function.type == "member_access_expression") else None
            if root is None or any(c.type in ("this_expression", "this") for c in current.named_children):
                opaque = True  # a call on this object (or a chain we cannot follow) may assign any field
            else:
                writes.add(root)  # `list.Add(x)` may change the field `list` (a static type's name is ignored later)
            arguments = current.child_by_field_name("arguments")
            if arguments is not None and any(node_text(a) in ("this", "ref this") for a in arguments.named_children):
                opaque = True
        stack.extend(current.named_children)
    return Hook(name, node.start_point[0] + 1, frozenset(writes), opaque)
