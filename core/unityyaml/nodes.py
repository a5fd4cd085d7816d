"""The node tree of one parsed Unity YAML document.

Every node remembers where it sits in the document text (`start`, `end`: offsets, end exclusive), so an edit can
replace exactly the characters of one value and leave every other byte alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from unitycli.unityyaml.scalars import decode_double, decode_plain, decode_single, typed_plain

PLAIN = 0
SINGLE = 1
DOUBLE = 2


@dataclass(frozen=True, slots=True)
class Ref:
    """An object reference: local `{fileID: N}` or external `{fileID: N, guid: G, type: T}`."""

    file_id: int
    guid: str | None = None
    type: int | None = None

    def __reduce__(self) -> tuple[type, tuple[int, str | None, int | None]]:
        # Pickled as a constructor call: a saved structure (scene/filecache.py) holds tens of thousands of these,
        # and the default state protocol of a frozen slots class loads three times slower.
        return Ref, (self.file_id, self.guid, self.type)

    @property
    def is_null(self) -> bool:
        return self.file_id == 0 and self.guid is None

    @property
    def is_local(self) -> bool:
        return self.guid is None


class Node:
    """Base of the tree: a span in the document text."""

    __slots__ = ("start", "end")
    start: int
    end: int

    def to_python(self) -> Any:
        raise NotImplementedError


class Scalar(Node):
    """A scalar exactly as written (`raw`, quotes included); decoding happens only when asked."""

    __slots__ = ("raw", "style")

    def __init__(self, raw: str, style: int, start: int, end: int) -> None:
        self.raw = raw
        self.style = style
        self.start = start
        self.end = end

    @property
    def text(self) -> str:
        """The string value (quotes removed, escapes and line folding applied), never converted to a number."""
        if self.style == PLAIN:
            return decode_plain(self.raw)
        if self.style == SINGLE:
            return decode_single(self.raw)
        return decode_double(self.raw)

    @property
    def value(self) -> int | float | str:
        """Plain numbers become int/float (Unity writes numbers plain); everything else stays a string."""
        if self.style == PLAIN:
            return typed_plain(self.raw)
        return self.text

    def to_python(self) -> int | float | str:
        return self.value

    def __repr__(self) -> str:
        return f"Scalar({self.raw!r})"


class Mapping(Node):
    """A block or flow mapping. Dict-like access by key; `key_spans[i]` = (key start, offset just after ':')."""

    __slots__ = ("keys_", "values", "key_spans", "flow", "col", "_index")

    def __init__(self, flow: bool, col: int, start: int) -> None:
        self.keys_: list[str] = []
        self.values: list[Node] = []
        self.key_spans: list[tuple[int, int]] = []
        self.flow = flow
        self.col = col
        self.start = start
        self.end = start
        self._index: dict[str, int] | None = None

    def index_of(self, key: str) -> int:
        """Position of `key` (the first one, should a file repeat a key), or -1."""
        index = self._index
        if index is None:
            index = {}
            for i, k in enumerate(self.keys_):
                index.setdefault(k, i)
            self._index = index
        return index.get(key, -1)

    def __getitem__(self, key: str) -> Node:
        i = self.index_of(key)
        if i < 0:
            raise KeyError(key)
        return self.values[i]

    def get(self, key: str, default: Node | None = None) -> Node | None:
        i = self.index_of(key)
        return self.values[i] if i >= 0 else default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.index_of(key) >= 0

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)

    def keys(self) -> list[str]:
        return list(self.keys_)

    def items(self) -> list[tuple[str, Node]]:
        return list(zip(self.keys_, self.values, strict=True))

    def as_ref(self) -> Ref | None:
        """This mapping as a `Ref` when it has the shape of an object reference, else None."""
        keys = self.keys_
        if not keys or keys[0] != "fileID" or len(keys) > 3 or not set(keys) <= {"fileID", "guid", "type"}:
            return None
        try:
            file_id = int(self["fileID"].to_python())
            guid_node = self.get("guid")
            type_node = self.get("type")
            guid = guid_node.text if isinstance(guid_node, Scalar) else None
            typ = int(type_node.to_python()) if type_node is not None else None
        except (TypeError, ValueError):
            return None
        return Ref(file_id, guid, typ)

    def to_python(self) -> Any:
        ref = self.as_ref()
        if ref is not None:
            return ref
        return {k: v.to_python() for k, v in zip(self.keys_, self.values, strict=True)}

    def __repr__(self) -> str:
        return f"Mapping({'flow' if self.flow else 'block'}, {self.keys_!r})"


class Sequence(Node):
    """A block or flow sequence. `dashes[i]` is the offset of item i's `-` (block) or of the item (flow)."""

    __slots__ = ("items", "dashes", "flow", "col")

    def __init__(self, flow: bool, col: int, start: int) -> None:
        self.items: list[Node] = []
        self.dashes: list[int] = []
        self.flow = flow
        self.col = col
        self.start = start
        self.end = start

    def __getitem__(self, i: int) -> Node:
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def to_python(self) -> list[Any]:
        return [item.to_python() for item in self.items]

    def __repr__(self) -> str:
        return f"Sequence({'flow' if self.flow else 'block'}, {len(self.items)} items)"
