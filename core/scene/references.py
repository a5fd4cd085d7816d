"""Local references between objects of one file: who points at a set of objects, and at which property path.

Deleting objects must not leave `{fileID: N}` pointing at nothing without saying so; these helpers find such
references (a cheap text scan first, then the parsed tree for exact property paths) and null them on request,
the way the Editor writes a reference to a destroyed object: `{fileID: 0}`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from unitycli.unityyaml import Document, Mapping, Node, Ref, Sequence, UnityYamlFile

_LOCAL_REF = re.compile(r"fileID: (-?[0-9]+)\}")
_PLAIN_KEY = re.compile(r"^[^.\[\]\"']+$")


@dataclass(frozen=True)
class Reference:
    """`holder`'s property `path` holds a local reference to `target`."""

    holder: int
    holder_class: str
    path: str
    target: int


def _key(path: str, key: str) -> str:
    part = key if _PLAIN_KEY.match(key) and key.strip() == key else '["' + key.replace('"', '\\"') + '"]'
    if part.startswith("["):
        return path + part
    return f"{path}.{part}" if path else part


def _walk(node: Node, path: str) -> Iterator[tuple[str, Ref]]:
    if isinstance(node, Mapping):
        ref = node.as_ref()
        if ref is not None:
            yield path, ref
            return
        for key, child in zip(node.keys_, node.values, strict=True):
            yield from _walk(child, _key(path, key))
    elif isinstance(node, Sequence):
        for i, child in enumerate(node.items):
            yield from _walk(child, f"{path}[{i}]")


def refs_in(doc: Document) -> Iterator[tuple[str, Ref]]:
    """Every reference in a document with its property path (`m_Children[2]`, `m_Lens.Target`)."""
    yield from _walk(doc.root, "")


def references_to(file: UnityYamlFile, targets: set[int], *, skip: set[int] = frozenset()) -> list[Reference]:
    """Local references to any of `targets` held by documents not in `skip`, in file order."""
    found: list[Reference] = []
    for doc in file.documents:
        if doc.file_id in skip:
            continue
        if not any(int(m) in targets for m in _LOCAL_REF.findall(doc.text)):
            continue
        for path, ref in refs_in(doc):
            if ref.guid is None and ref.file_id in targets:
                found.append(Reference(doc.file_id, doc.class_name, path, ref.file_id))
    return found


def null_references(file: UnityYamlFile, refs: list[Reference]) -> None:
    """Set each reference to `{fileID: 0}`."""
    for ref in refs:
        file.get(ref.holder).set(ref.path, Ref(0))
