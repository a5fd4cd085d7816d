"""Where, inside one Unity object, the references to an asset are: property paths and a readable object name.

The index knows which documents of a file reference a GUID; this walks just those documents' trees to name the
property (`m_Materials[0]`, `m_Modification.m_Modifications[2].objectReference`, `m_SourcePrefab`). A scalar
that merely contains the GUID is reported too: EditorBuildSettings' bare `guid:` lines and the JSON-in-a-string
references of `.vfx` graphs have no `{fileID, guid, type}` mapping.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.unityyaml import Document, Mapping, Node, Ref, Scalar, Sequence, UnityYamlFile

_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class PropertyRef:
    property: str
    file_id: int | None  # the referenced object inside the asset (None for a bare GUID)
    type: int | None


def _join(prefix: str, key: str) -> str:
    segment = key if _PLAIN_KEY.match(key) else '["' + key.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    if not prefix:
        return segment
    return prefix + segment if segment.startswith("[") else f"{prefix}.{segment}"


def _walk(node: Node, prefix: str, guid: str) -> Iterator[PropertyRef]:
    if isinstance(node, Mapping):
        ref = node.as_ref()
        if ref is not None:
            if ref.guid == guid:
                yield PropertyRef(prefix, ref.file_id, ref.type)
            return
        for key, value in zip(node.keys_, node.values, strict=True):
            yield from _walk(value, _join(prefix, key), guid)
    elif isinstance(node, Sequence):
        for i, item in enumerate(node.items):
            yield from _walk(item, f"{prefix}[{i}]", guid)
    elif isinstance(node, Scalar) and guid in node.raw:
        yield PropertyRef(prefix, None, None)


_PRUNE_ABOVE = 2048  # characters; smaller objects parse about as fast as they prune
_NAME_OVERRIDE = "propertyPath: m_Name\n"  # a PrefabInstance's name is its first m_Name modification


_ITEM = re.compile(r"^( *)- ", re.MULTILINE)
_ITEM_END: dict[int, re.Pattern[str]] = {}  # by depth: a line break not followed by a deeper line


def _item_end(depth: int) -> re.Pattern[str]:
    pattern = _ITEM_END.get(depth)
    if pattern is None:
        pattern = _ITEM_END[depth] = re.compile(rf"\n(?! {{{depth + 1}}})")
    return pattern


def for_reading(document: Document, guid: str) -> Document:
    """`document`, or for a big one a stand-in where every block-sequence item that neither mentions `guid` nor
    overrides `m_Name` is the scalar `0`: the same property paths (item indices kept) and the same name, from a
    fraction of the parse. A PrefabInstance of PhysicsSamples holds hundreds of modifications, of which a few name
    the material asked for.

    An item is its `- ` line and the lines indented deeper that follow (Unity's block style; a wrapped flow mapping
    or scalar continues deeper too). Should pruning ever cut a multi-line string, the stand-in does not parse and
    the whole document is used."""
    text = document.text
    if len(text) <= _PRUNE_ABOVE:
        return document
    out: list[str] = []
    pos = 0
    found = _ITEM.search(text)
    while found is not None:
        start, depth = found.start(), len(found.group(1))
        ended = _item_end(depth).search(text, found.end())
        end = ended.end() if ended is not None else len(text)
        item = text[start:end]
        out.append(text[pos:start])
        kept = guid in item or _NAME_OVERRIDE in item
        out.append(item if kept else " " * depth + "- 0" + ("\n" if item.endswith("\n") else ""))
        pos = end
        found = _ITEM.search(text, pos)
    out.append(text[pos:])
    stand_in = Document(document.class_id, document.file_id, document.stripped, "".join(out))
    try:
        stand_in.root  # noqa: B018 - parse now, so a cut string falls back here and not in a caller
    except UnityCliError:
        return document
    return stand_in


def properties_referencing(document: Document, guid: str) -> list[PropertyRef]:
    """Every property of `document` that references `guid`; empty when the document cannot be parsed."""
    try:
        return list(_walk(document.root, "", guid))
    except UnityCliError:
        return []


def _name_of(document: Document) -> str | None:
    try:
        name = document.get("m_Name", None)
    except UnityCliError:
        return None
    return name if isinstance(name, str) and name else None


def object_name(file: UnityYamlFile, document: Document) -> str | None:
    """The object's own `m_Name`, else its GameObject's; for a PrefabInstance (and the stripped objects standing
    for its parts) the `m_Name` the instance overrides."""
    own = _name_of(document)
    if own is not None:
        return own
    try:
        owner = document.get("m_GameObject", None)
        if isinstance(owner, Ref) and owner.is_local and owner.file_id:
            target = file.find(owner.file_id)
            return _name_of(target) if target is not None else None
        instance = document.get("m_PrefabInstance", None)
        if document.stripped and isinstance(instance, Ref) and instance.is_local and instance.file_id:
            target = file.find(instance.file_id)
            return object_name(file, target) if target is not None and target.class_id == 1001 else None
        if document.class_id == 1001:
            for modification in document.get("m_Modification.m_Modifications", None) or []:
                if isinstance(modification, dict) and modification.get("propertyPath") == "m_Name":
                    return str(modification.get("value"))
    except UnityCliError:
        return None
    return None
