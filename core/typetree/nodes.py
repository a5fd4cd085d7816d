"""One node of an Editor type tree, as the table stores it, and what a YAML file shows for it.

The table stores each distinct node once per class as `[type, name, version, isArray, flags, [child numbers]]`
with trailing defaults dropped (`scripts/derive_layouts.py`); `table._nodes` builds them, sharing subtrees.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

FLOW_FLAG = 1 << 21  # kTransferUsingFlowMappingStyle: Unity writes the value as `{x: 0, y: 0}`
Kind = Literal["scalar", "reference", "array", "struct", "bytes"]
# Structs Unity writes as one scalar in YAML (GUID as 32 hex digits; Hash128 under a `Hash` key is handled as a
# struct of its own by the checker's quirks).
_SCALAR_STRUCTS = frozenset({"string", "GUID"})
_BYTES = frozenset({"TypelessData"})


@dataclass(frozen=True, eq=False, slots=False)
class TypeNode:
    type: str
    name: str
    version: int = 1
    is_array: bool = False
    flags: int = 0
    children: tuple[TypeNode, ...] = ()

    @cached_property
    def kind(self) -> Kind:
        """How the value looks in a text file: a scalar, an object reference, a list, a mapping or hex bytes."""
        if self.type in _BYTES:
            return "bytes"
        if self.type.startswith("PPtr<"):
            return "reference"
        if self.type in _SCALAR_STRUCTS or not self.children:
            return "scalar"
        if self.array is not None:
            return "array"
        return "struct"

    @cached_property
    def array(self) -> TypeNode | None:
        """The `Array` child of a vector/map/set node (its second child is the element type), if any."""
        first = self.children[0] if self.children else None
        return first if first is not None and first.is_array and len(first.children) == 2 else None

    @property
    def element(self) -> TypeNode:
        assert self.array is not None
        return self.array.children[1]

    @property
    def flow(self) -> bool:
        return bool(self.flags & FLOW_FLAG)

    @cached_property
    def fields(self) -> dict[str, TypeNode]:
        return {child.name: child for child in self.children}
