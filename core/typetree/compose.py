"""A new native component, built from the Editor's own layout and values with evidence, nothing else.

Structure and serializedVersion come from the layout table for the project's Editor (`layoutFrom`). Each field's
value comes from the first of:
1. a document of the class in the file being edited that matches that layout exactly;
2. such a document in another scene or prefab of the project (a bounded scan: `files_holding`);
3. the per-class defaults (`unitycli.typetree.defaults`): values an Editor-written fixture document holds, each
   reported with that document, used only where the value has the layout's shape. They are values seen on real
   components, not the Editor's "Add Component" values, and the table lists only what a document shows.
A field none of them gives is left out and listed (`omitted`): Unity keeps it at its constructor default on
load and writes it at the next save. A value holding a reference to another object of its file is not used
(it would point at a neighbour's child). A document is evidence only when it matches the layout exactly, so a
partial document this tool wrote never becomes evidence. The header is a fact of the write, not a value:
`m_GameObject` is the target, the prefab links are null (a new object belongs to no prefab) and
`m_ObjectHideFlags` is 0 (HideFlags.None, as on every component the Editor saves in a scene), and a Behaviour's
`m_Enabled` right after `m_GameObject` is 1 (Add Component makes it enabled: every Light, Camera, AudioSource of
the fixtures shows `m_Enabled: 1` there).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.typetree.check import SERIALIZED_VERSION, check_body
from unitycli.typetree.defaults import CitedValues, defaults_of
from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.table import Layout, class_id_of
from unitycli.typetree.typed import model_of
from unitycli.unityyaml import Mapping, Node, Ref, Sequence, UnityYamlFile

_NULL = Ref(0)
_LINKS = ("m_CorrespondingSourceObject", "m_PrefabInstance", "m_PrefabAsset")
_HIDE_FLAGS = "m_ObjectHideFlags"  # HideFlags.None: a new object is visible and saved
_ENABLED = "m_Enabled"  # Add Component makes a Behaviour enabled
SCAN_FILES = 400
SCAN_BYTES = 64 * 1024 * 1024
_SCANNED_SUFFIXES = (".unity", ".prefab")


@dataclass
class Evidence:
    """A document whose values may be copied: where it is, and its body."""

    where: str  # "file:<path> &<id>" or "project:<path> &<id>"
    body: Mapping


@dataclass
class Composed:
    """The fields of the new object in Unity's order, where each value came from, and what was left out."""

    layout: Layout
    fields: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    omitted: list[str] = field(default_factory=list)


def _has_local_ref(node: Node) -> bool:
    if isinstance(node, Mapping):
        ref = node.as_ref()
        if ref is not None:
            return ref.is_local and ref.file_id != 0
        return any(_has_local_ref(v) for v in node.values)
    if isinstance(node, Sequence):
        return any(_has_local_ref(item) for item in node.items)
    return False


def _fits(tn: TypeNode, value: Any) -> bool:
    """Whether a defaults value has the shape the layout gives the field (same keys all the way down)."""
    kind = tn.kind
    if kind == "reference":
        return isinstance(value, Ref)
    if kind == "array":
        return isinstance(value, list) and all(_fits(tn.element, item) for item in value)
    if kind == "struct":
        if not isinstance(value, dict):
            return False
        keys = [k for k in value if k != SERIALIZED_VERSION]
        if keys != [c.name for c in tn.children]:
            return False
        if (value.get(SERIALIZED_VERSION) or 1) != tn.version:
            return False
        return all(_fits(tn.fields[k], value[k]) for k in keys)
    return not isinstance(value, dict | list | Ref)


def matching_documents(file: UnityYamlFile, layout: Layout, where: str) -> list[Evidence]:
    """The file's non-stripped documents of the layout's class that match it exactly."""
    class_id = class_id_of(layout.class_name)
    out = []
    for doc in file.documents:
        if doc.class_id != class_id or doc.stripped:
            continue
        body = doc.root
        if isinstance(body, Mapping) and not check_body(layout.root, body, layout.class_name, limit=1):
            out.append(Evidence(f"{where}:{file.name} &{doc.file_id}", body))
    return out


def files_holding(root: Path, class_id: int, skip: str | None) -> Iterator[tuple[str, bytes]]:
    """The project's scenes and prefabs (project-relative path, bytes) holding a document of `class_id`, in path
    order: at most `SCAN_FILES` files and `SCAN_BYTES` bytes are read; `skip` (the file being edited) and
    symlinks are not."""
    assets = root / "Assets"
    if not assets.is_dir():
        return
    needle = f"--- !u!{class_id} &".encode()
    budget, files = SCAN_BYTES, 0
    for path in sorted(p for p in assets.rglob("*") if p.suffix in _SCANNED_SUFFIXES):
        rel = path.relative_to(root).as_posix()
        if rel == skip or not path.is_file() or path.is_symlink():
            continue
        files += 1
        size = path.stat().st_size
        if files > SCAN_FILES or size > budget:
            return
        budget -= size
        data = path.read_bytes()
        if needle in data:
            yield rel, data


def scan_project(root: Path, layout: Layout, skip: str | None) -> list[Evidence]:
    """The first project scene or prefab holding a document of the class in exactly this layout."""
    for rel, data in files_holding(root, class_id_of(layout.class_name), skip):
        try:
            found = matching_documents(UnityYamlFile.parse(data, rel), layout, "project")
        except UnityCliError:  # a file the reader refuses (LFS pointer, not Unity YAML) is no evidence
            continue
        if found:
            return found
    return []


def _version_after(layout: Layout, evidence: list[Evidence], cited: CitedValues | None) -> str | None:
    """The field serializedVersion follows (None: it comes first), from the Editor-written document it copies or
    the defaults' cited ones; else after the Behaviour/Component header (`m_Enabled`, else `m_GameObject`), as
    Light, Camera, colliders and Rigidbody show in the fixtures."""
    for source in [e.body.keys_ for e in evidence]:
        if SERIALIZED_VERSION in source:
            at = source.index(SERIALIZED_VERSION)
            return source[at - 1] if at else None
    if cited is not None:
        return cited.version_after
    names = layout.top_names
    if "m_GameObject" in names:
        after = names.index("m_GameObject") + 1
        return "m_Enabled" if after < len(names) and names[after] == "m_Enabled" else "m_GameObject"
    return names[0] if names else None


def compose(layout: Layout, game_object: int, evidence: list[Evidence],
            facts: dict[str, Any] | None = None) -> Composed:
    """The new object's fields: the caller's `facts` (what the request itself says a field holds), header facts,
    then each field from the first evidence that has it."""
    cited = defaults_of(layout.class_name)
    defaults = cited.values if cited is not None else {}
    facts = facts or {}
    out = Composed(layout)
    for tn in layout.root.children:
        name = tn.name
        if name in facts:
            out.fields[name], out.sources[name] = facts[name], "request"
        elif name == "m_GameObject":
            out.fields[name], out.sources[name] = Ref(game_object), "target"
        elif name in _LINKS:
            out.fields[name], out.sources[name] = _NULL, "new object"
        elif name == _HIDE_FLAGS:
            out.fields[name], out.sources[name] = 0, "new object"
        elif name == _ENABLED and _behaviour_header(layout, tn):
            out.fields[name], out.sources[name] = 1, "new object"
        else:
            found = _value(tn, evidence, defaults, cited.elsewhere.get(name, cited.cite) if cited else "")
            if found is None:
                out.omitted.append(name)
            else:
                out.fields[name], out.sources[name] = found
    if layout.serialized_version > 1:
        out.fields = _with_version(out.fields, layout, _version_after(layout, evidence, cited))
    return out


def _with_version(fields: dict[str, Any], layout: Layout, after: str | None) -> dict[str, Any]:
    """`fields` with serializedVersion after `after`, or after the last written field before it in the layout
    (first when none is)."""
    names = layout.top_names
    limit = names.index(after) if after in names else -1
    anchor = next((n for n in reversed(names[: limit + 1]) if n in fields), None)
    out: dict[str, Any] = {} if anchor is not None else {SERIALIZED_VERSION: layout.serialized_version}
    for key, value in fields.items():
        out[key] = value
        if key == anchor:
            out[SERIALIZED_VERSION] = layout.serialized_version
    return out


def _behaviour_header(layout: Layout, tn: TypeNode) -> bool:
    """Whether `tn` is the `m_Enabled` of the Behaviour header (the field right after `m_GameObject`)."""
    names = layout.top_names
    return "m_GameObject" in names and names.index("m_GameObject") + 1 < len(names) and \
        layout.root.children[names.index("m_GameObject") + 1] is tn


def _value(tn: TypeNode, evidence: list[Evidence], defaults: dict[str, Any], cite: str) -> tuple[Any, str] | None:
    for source in evidence:
        node = source.body.get(tn.name)
        if node is not None and not _has_local_ref(node):
            return model_of(node), source.where
    if tn.name in defaults and _fits(tn, defaults[tn.name]):
        return defaults[tn.name], f"defaults:{cite}"
    return None
