"""Typed reads and edits of the importer block of a `.meta` file (TextureImporter, ModelImporter, AudioImporter, …).

A meta is not a Unity-YAML object file: its importer is written with the text names of the fields (`isReadable`,
`maxTextureSize`) and grouped (`mipmaps:`, `bumpmap:`, `meshes:`), where the Editor's type tree names the same field
`m_IsReadable`, `m_MaxTextureSize` and keeps it flat. What ties them is the name: a meta key `k` is the tree field
`m_` + `k` with its first letter upper-cased (`m_sRGBTexture` keeps `sRGBTexture`'s case), and a key no tree field
has whose value is a mapping is a group whose keys belong to the same struct. Measured over the importer metas of
the fixtures (94 TextureImporter, 39 ModelImporter, 8 AudioImporter, …): every key of a current-version meta maps
this way except the groups and a few keys older Editors wrote (`spritePackingTag`, `fileIDToRecycleName`), which
are refused rather than guessed. A `ModelImporter:` block is the class the Editor imports models with, FBXImporter
(class 1041, whose base is ModelImporter; the table has no class of that name of its own).

The layout a meta is held against is the one whose `serializedVersion` the meta shows (the newest Editor that wrote
it), never the project's when they differ: Unity upgrades an older importer on import with code the tree does not
show. Only existing keys are edited, never inserted: the text order of a meta is not the tree's. A leaf changes
one value's characters; a whole struct or list (a texture's `platformSettings[1]`, or the list itself) is written
only where the meta proves its shape: each struct's text keys name its tree fields one for one (a struct whose text
lacks a tree field, like 6000.0's `spriteSheet` without `m_SpriteCustomMetadata`, is set field by field), and a
new list item takes its key names and order from an item the meta already holds. The edited block must read back
as the rest of the meta did, byte for byte around the value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.typetree.check import SERIALIZED_VERSION
from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.table import Layout, layouts_of
from unitycli.typetree.typed import FieldWrite, describe, holds_exactly, typed_value
from unitycli.typetree.versions import Picked
from unitycli.unityyaml import (
    Document,
    Flow,
    Mapping,
    Node,
    Scalar,
    Sequence,
    UnityYamlFile,
    detect_style,
    parse_path,
)
from unitycli.unityyaml.values import ValueMismatch, reported_as_errors, to_json

BOM = "\ufeff"
IMPORTER_RULE = ("a .meta importer is checked against the layout of the serializedVersion it shows: the project's "
                 "Editor's when it writes that version, else the newest Editor's that did; its text keys are the "
                 "tree's field names without `m_`")
_IMPORTER_LINE = re.compile(r"^([A-Za-z0-9]+Importer):[ \t]*\r?$", re.M)
_HEADER = "--- !u!1 &1\n"  # the block is parsed as the body of one object; this line is never written
# The meta key whose class has another name in the type tree (see the module docstring).
_CLASS_OF_KEY = {"ModelImporter": "FBXImporter"}


@dataclass
class _Owner:
    """What a Document asks of its file while it is edited: the meta's style and name."""

    name: str
    style: Any

    def ensure_editable(self) -> None:
        return None

    def changed(self) -> None:
        """A UnityYamlFile forgets its cached bytes here; a meta's block is re-joined by MetaImporter itself."""
        return None


@dataclass
class MetaImporter:
    """One meta's importer block, parsed as an object so its values can be read and spliced."""

    name: str  # the meta's path, for messages
    text: str  # the whole meta (without BOM)
    bom: bool
    key: str  # the importer key as written (TextureImporter, ModelImporter, …)
    start: int  # the block's span in `text`
    end: int
    doc: Document
    layout: Layout

    @property
    def class_name(self) -> str:
        return self.layout.class_name

    @property
    def body(self) -> Mapping:
        body = self.doc.root
        if not isinstance(body, Mapping):
            raise _unreadable(self.name, f"the {self.key} block holds no fields")
        return body

    def to_bytes(self) -> bytes:
        block = self.doc.text[len(_HEADER):]
        text = self.text[: self.start] + block + self.text[self.end:]
        return ((BOM if self.bom else "") + text).encode("utf-8")


def _unreadable(name: str, why: str) -> UnityCliError:
    return UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{name}: {why}", details={"file": name})


def _text(data: bytes, name: str) -> tuple[str, bool]:
    """The meta's text without its BOM, and whether it had one."""
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _unreadable(name, f"not UTF-8 at byte {exc.start}") from None
    bom = raw.startswith(BOM)
    return (raw[1:] if bom else raw), bom


@dataclass(frozen=True)
class ImporterText:
    """A meta's text and the span of its importer block, found without parsing the block: a tool checks it handles
    the importer (`key`) before `parse_importer` parses it, and the meta is decoded once for both."""

    name: str
    text: str  # the whole meta (without BOM)
    bom: bool
    key: str  # the importer key as written (TextureImporter, ModelImporter, …)
    start: int
    end: int


def find_importer(data: bytes, name: str) -> ImporterText | None:
    """The importer block a meta holds (None: it has none), located by its key line."""
    text, bom = _text(data, name)
    found = _IMPORTER_LINE.search(text)
    if found is None:
        return None
    following = re.compile(r"^[^ \t\r\n#-]", re.M).search(text, found.end())
    return ImporterText(name, text, bom, found.group(1), found.start(), following.start() if following else len(text))


def parse_importer(found: ImporterText, picked: Picked | None = None) -> MetaImporter:
    """The located block parsed as an object, held against the layout of the serializedVersion it shows (the
    project's Editor's, `picked`, when that is the version it writes)."""
    owner = _Owner(found.name, detect_style(found.text))
    doc = Document(1, 1, False, _HEADER + found.text[found.start:found.end], owner=owner)
    return MetaImporter(found.name, found.text, found.bom, found.key, found.start, found.end, doc,
                        _layout_of(found.name, found.key, doc, picked))


def open_importer(data: bytes, name: str, picked: Picked | None = None) -> MetaImporter:
    """The importer block of a meta (`find_importer`, then `parse_importer`); E_OBJECT_NOT_FOUND when it has none."""
    found = find_importer(data, name)
    if found is None:
        raise UnityCliError("E_OBJECT_NOT_FOUND", f"{name} has no importer block (an Editor writes one when it "
                            "imports the asset)",
                            details={"file": name}, next_actions=[],
                            manual_steps=["Open the project in the Unity Editor once, so it imports the asset"])
    return parse_importer(found, picked)


def _layout_of(name: str, key: str, doc: Document, picked: Picked | None) -> Layout:
    class_name = _CLASS_OF_KEY.get(key, key)
    layouts = layouts_of(class_name)
    if not layouts:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{name}: {key} is no importer class of the layout table",
                            details={"file": name, "importer": key})
    version = doc.get(SERIALIZED_VERSION, 1)
    same = [layout for layout in layouts if layout.serialized_version == version]
    if not same:
        raise UnityCliError(
            "E_PROPERTY_EDIT_UNSUPPORTED", f"{name}: no Editor wrote {class_name} serializedVersion {version}",
            details={"file": name, "importer": key, "serializedVersion": version,
                     "known": sorted({layout.serialized_version for layout in layouts})})
    own = next((layout for layout in same if picked is not None and layout.holds(picked.index)), None)
    return own or max(same, key=lambda layout: layout.newest)


def _tree_name(struct: TypeNode, key: str) -> str | None:
    """The tree field a meta key names inside `struct` (`isReadable` -> `m_IsReadable`), if any."""
    fields = struct.fields
    for candidate in (f"m_{key[:1].upper()}{key[1:]}", f"m_{key}", key):
        if candidate in fields:
            return candidate
    return None


def resolve(importer: MetaImporter, path: str) -> tuple[TypeNode, Node]:
    """The tree node and the meta node at a property path (`textureSettings.filterMode`, `mipmaps.enableMipMap`,
    `platformSettings[1].maxTextureSize`), or a catalogued refusal naming what the path reached."""
    tn: TypeNode = importer.layout.root
    node: Node = importer.body
    group = False
    for seg in parse_path(path):
        if isinstance(seg, int):
            if not isinstance(node, Sequence) or tn.kind != "array":
                raise _not_found(importer, path, seg, node)
            if not -len(node.items) <= seg < len(node.items):
                raise _not_found(importer, path, seg, node)
            tn, node, group = tn.element, node.items[seg], False
            continue
        child = node.get(seg) if isinstance(node, Mapping) and node.as_ref() is None else None
        if child is None or seg == SERIALIZED_VERSION:
            raise _not_found(importer, path, seg, node)
        mapped = _tree_name(tn, seg) if tn.kind == "struct" else None
        if mapped is not None:
            tn, group = tn.fields[mapped], False
        elif isinstance(child, Mapping) and child.as_ref() is None and tn.kind == "struct":
            group = True  # a text-only group (`mipmaps:`): its keys are fields of the same struct
        else:
            raise UnityCliError(
                "E_PROPERTY_EDIT_UNSUPPORTED",
                f"{importer.name}: {seg!r} is no field of {importer.class_name} serializedVersion "
                f"{importer.layout.serialized_version} (an older Editor's key); it is not edited",
                details={"file": importer.name, "path": path, "key": seg})
        node = child
    if group or tn is importer.layout.root:
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{importer.name}: {path!r} is a group of settings; "
                            "name one of its fields", details={"file": importer.name, "path": path,
                                                              "fields": _keys(node)})
    return tn, node


def _keys(node: Node) -> list[str]:
    return [k for k in node.keys_ if k != SERIALIZED_VERSION] if isinstance(node, Mapping) else []


def _not_found(importer: MetaImporter, path: str, seg: str | int, at: Node) -> UnityCliError:
    shown = f"[{seg}]" if isinstance(seg, int) else repr(seg)
    return UnityCliError(
        "E_PROPERTY_NOT_FOUND", f"{importer.name}: {importer.key} has no {shown} at {path!r}",
        details={"file": importer.name, "path": path, "segment": seg, "properties": _keys(at)},
        next_actions=[tool_command("object.get", {"file": importer.name})])


def read_importer(importer: MetaImporter, path: str | None) -> tuple[Any, str | None]:
    """The JSON value at `path` (the whole block for None) and its type in the layout."""
    if not path:
        return to_json(importer.body.to_python()), None
    tn, node = resolve(importer, path)
    return to_json(node.to_python()), describe(tn)


def set_importer_value(importer: MetaImporter, path: str, value: Any) -> FieldWrite:
    """Write one existing field typed by its tree field: a leaf (a number, string or reference), or a struct or list
    whose text shape the meta proves (`_text_value`); a text-only group is set field by field."""
    tn, node = resolve(importer, path)
    if not isinstance(node, Scalar | Mapping | Sequence) or tn.kind == "bytes":
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{importer.name}: {path!r} is {describe(tn)}; it is "
                            "not written", details={"file": importer.name, "path": path})
    previous = to_json(node.to_python())
    file = UnityYamlFile("", [], name=importer.name)
    with reported_as_errors(path, previous):
        model = _text_value(importer, tn, value, node, path, file)
    changed = not holds_exactly(node, model)
    if changed:
        importer.doc.set(path, model)
    return FieldWrite(path, describe(tn), previous, changed=changed)


def _text_value(importer: MetaImporter, tn: TypeNode, value: Any, node: Node | None, where: str,
                file: UnityYamlFile) -> Any:
    """`value` given with the meta's text keys, typed by the tree node `tn`, as the model to write in place of
    `node` (the meta's current value there, or for a new list item an item whose key names it copies)."""
    if tn.kind == "struct" and isinstance(node, Mapping) and node.as_ref() is None:
        return _text_struct(importer, tn, value, node, where, file)
    if tn.kind == "array" and isinstance(node, Sequence):
        if not isinstance(value, list):
            raise ValueMismatch(where, describe(tn), value)
        items = node.items
        if tn.element.kind == "struct" and value and not items:
            raise _unproven(importer, where, "the list holds no item to show how the meta names an item's fields")
        return [_text_value(importer, tn.element, item, items[i] if i < len(items) else items[0] if items else None,
                            f"{where}[{i}]", file) for i, item in enumerate(value)]
    if tn.kind not in ("scalar", "reference"):  # a map written as a mapping, a struct as a scalar, …
        raise _unproven(importer, where, f"the meta does not hold its {describe(tn)} as the layout has it")
    return typed_value(tn, value, where, file, like=node)


def _text_struct(importer: MetaImporter, tn: TypeNode, value: Any, node: Mapping, where: str,
                 file: UnityYamlFile) -> Any:
    keys = [key for key in node.keys_ if key != SERIALIZED_VERSION]
    fields = {key: _tree_name(tn, key) for key in keys}
    if None in fields.values() or sorted(map(str, fields.values())) != sorted(c.name for c in tn.children):
        raise _unproven(importer, where, f"its text keys ({', '.join(keys)}) do not name the fields of "
                                         f"{tn.type} ({', '.join(c.name for c in tn.children)}) one for one")
    written = node.get(SERIALIZED_VERSION)
    version = int(written.text) if isinstance(written, Scalar) and written.text.isdigit() else 1
    if version != tn.version:
        raise _unproven(importer, where, f"the meta holds {tn.type} serializedVersion {version}, the layout "
                                         f"{tn.version}")
    if not isinstance(value, dict) or {k for k in value if k != SERIALIZED_VERSION} != set(keys):
        raise ValueMismatch(where, f"{tn.type} {{{', '.join(keys)}}}", value)
    if value.get(SERIALIZED_VERSION, version) != version:
        raise ValueMismatch(f"{where}.{SERIALIZED_VERSION}", f"serializedVersion {version}",
                            value[SERIALIZED_VERSION])
    out: dict[str, Any] = {}
    for key in node.keys_:
        out[key] = version if key == SERIALIZED_VERSION else _text_value(
            importer, tn.fields[fields[key]], value[key], node.get(key), f"{where}.{key}", file)  # type: ignore[index]
    return Flow(out) if node.flow else out


def _unproven(importer: MetaImporter, where: str, why: str) -> UnityCliError:
    return UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{importer.name}: {where!r} is not written whole: {why}; "
                         "set its fields one by one", details={"file": importer.name, "path": where})
