"""Property paths (`m_Lens.FieldOfView`, `m_Faces[3].m_Indexes`) and their resolution in a node tree.

Unity's own spelling from PrefabInstance modifications, `m_Materials.Array.data[0]`, is accepted too, and a key
that is not a plain name can be quoted: `scriptingDefineSymbols[""]`, `["m_MeshMetrics[0]"]`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from unitycli.errors import UnityCliError
from unitycli.unityyaml.nodes import Mapping, Node, Sequence

Segment = str | int
_TOKEN = re.compile(r"""\.?([^.\[\]"']+)|\[(-?[0-9]+)\]|\["((?:[^"\\]|\\.)*)"\]|\['((?:[^']|'')*)'\]""")


def _bad_path(path: str, why: str) -> UnityCliError:
    return UnityCliError("E_PROPERTY_NOT_FOUND", f"invalid property path {path!r}: {why}", details={"path": path})


@lru_cache(maxsize=4096)
def parse_path(path: str) -> tuple[Segment, ...]:
    """Split a property path into keys (str) and list indexes (int)."""
    segments: list[Segment] = []
    pos = 0
    while pos < len(path):
        m = _TOKEN.match(path, pos)
        if m is None or (m.group(1) is not None and pos > 0 and path[pos] != "."):
            raise _bad_path(path, f"unexpected text at character {pos}")
        if m.group(1) is not None:
            segments.append(m.group(1))
        elif m.group(2) is not None:
            segments.append(int(m.group(2)))
        elif m.group(3) is not None:
            segments.append(re.sub(r"\\(.)", r"\1", m.group(3)))
        else:
            segments.append(m.group(4).replace("''", "'"))
        pos = m.end()
    # `Array.data[i]` is Unity's serialized-property spelling of `[i]`.
    out: list[Segment] = []
    for seg in segments:
        if isinstance(seg, int) and len(out) >= 2 and out[-2:] == ["Array", "data"]:
            del out[-2:]
        out.append(seg)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Step:
    """One step down the tree: `container.values[index]` (mapping) or `container.items[index]` (sequence)."""

    container: Mapping | Sequence
    index: int

    @property
    def child(self) -> Node:
        c = self.container
        return c.values[self.index] if isinstance(c, Mapping) else c.items[self.index]


def resolve(top: Mapping, path: str) -> list[Step]:
    """The steps from the document's top mapping to the node at `path` (relative to the class body)."""
    steps = [Step(top, 0)]
    node = top.values[0]
    for seg in parse_path(path):
        if isinstance(seg, str):
            if not isinstance(node, Mapping):
                raise _not_found(path, seg, "is not a mapping")
            i = node.index_of(seg)
            if i < 0:
                raise _not_found(path, seg, "has no such key")
            steps.append(Step(node, i))
            node = node.values[i]
        else:
            if not isinstance(node, Sequence):
                raise _not_found(path, seg, "is not a list")
            i = seg + len(node.items) if seg < 0 else seg
            if not 0 <= i < len(node.items):
                raise _not_found(path, seg, f"has {len(node.items)} items")
            steps.append(Step(node, i))
            node = node.items[i]
    return steps


def _not_found(path: str, seg: Segment, why: str) -> UnityCliError:
    shown = f"[{seg}]" if isinstance(seg, int) else repr(seg)
    return UnityCliError("E_PROPERTY_NOT_FOUND", f"property path {path!r}: the value before {shown} {why}",
                         details={"path": path, "segment": seg})
