"""Reading tree-sitter nodes: their source text and a declaration's modifiers (one place for the three readers)."""

from __future__ import annotations

import tree_sitter


def node_text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def modifiers_of(node: tree_sitter.Node) -> frozenset[str]:
    return frozenset(node_text(c) for c in node.named_children if c.type == "modifier")
