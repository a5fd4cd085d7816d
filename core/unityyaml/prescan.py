"""The hierarchy's values of the plain GameObjects and Transforms of a file, read by two patterns over the
whole file before any object is peeked.

A 64 MB scene holds thousands of GameObjects and Transforms, each asked for a few values (name, components,
flags, parent, children). Read one by one through `peek` (which must be right for any text) they cost tens of µs
a value, most of a first read of the file. Unity writes these objects in a plain form: every line a `key: value`
at two spaces (a plain one-line value without quotes or `#`, one flat flow mapping, `[]`) or an item of the
component or children list, each wanted key once, in Unity's order. In such an object no line can be inside
another value, so each key line is an entry of the object's mapping and holds all of its value. A compiled
pattern finds every such object in one pass in C, and only the values it can decode without doubt are taken
(a name that YAML could read otherwise is left to `peek`); every other object is left to `peek` too. The values
are those the full parse gives (tests/unityyaml/test_prescan.py holds that over every fixture scene and prefab).

A scene's PrefabInstances and their stripped objects are asked for a few values too (the instance's flags, parent,
source prefab and `m_Name` modification; the stripped object's instance). A stripped object is small and plain, so
one pattern reads it whole. A PrefabInstance's modification list is long and may hold any value, so only its parts
that answer are read: its first lines (plain, up to `m_TransformParent`), its last line (`m_SourcePrefab`, which
nothing after it can close a value around), and the first `m_Name` modification when no text before it could hide
or be one (no quote, each flow closing on its line or wrapped as Unity wraps references, no `m_Name` earlier).
The object is read only when every line of its span is of a shape these reads know: no comment, complex key, tab,
`\\r` or blank line in the list, and after it only the plain lines Unity writes there. Any other line could end the
list early or be refused by the full parse, and a wrong value read here would be saved with the file's revision.
"""
from __future__ import annotations

import re
from typing import Any

from unitycli.unityyaml.document import item_scan_key
from unitycli.unityyaml.nodes import Ref
from unitycli.unityyaml.scalars import typed_plain

MODIFICATIONS = "m_Modification.m_Modifications"
# `Document.first_item_with` arguments of a PrefabInstance's name (scene/tree.py `instance_name`), read here too
INSTANCE_NAME = (MODIFICATIONS, "propertyPath", "m_Name", ("value",))
_NAME_KEY = item_scan_key(*INSTANCE_NAME)
_FLAT = rb"""[^\n\r\t'"{}\[\]#]*"""  # text without line break, `\r`, tab, quote, bracket or `#`


def _plain_line(*taken: str, indent: int = 2, wrapped: bool = False) -> bytes:
    """A `key: value` line at `indent` spaces with a plain one-line value (no quote, no `#`), one flat flow mapping
    or `[]`, or no value, for any key but `taken` (each of which the object must hold once, where the pattern says).
    `wrapped`: a flat flow mapping may also go on over one deeper line, as Unity wraps a long reference."""
    deeper = rb"(?:\n {" + str(indent + 1).encode() + rb",}" + _FLAT + rb")?" if wrapped else b""
    return (b" " * indent + rb"(?!(?:" + "|".join(taken).encode() + rb"):)[A-Za-z_][A-Za-z0-9_]*:"
            rb"(?: " + _FLAT + rb"| \{" + _FLAT + deeper + rb"\}| \[\])?\n")


_GO_LINE = _plain_line("m_ObjectHideFlags", "m_Component", "m_Name", "m_IsActive")
_GAMEOBJECT = re.compile(
    rb"--- !u!1 &(-?[0-9]+)\nGameObject:\n(?:" + _GO_LINE + rb")*"
    rb"  m_ObjectHideFlags: (-?(?:0|[1-9][0-9]*))\n(?:" + _GO_LINE + rb")*"
    rb"  m_Component:\n((?:  - component: \{fileID: -?[0-9]+\}\n)+)(?:" + _GO_LINE + rb")*"
    rb"""  m_Name: ([^\n'"]*)\n(?:""" + _GO_LINE + rb")*"
    rb"  m_IsActive: (-?(?:0|[1-9][0-9]*))\n(?:" + _GO_LINE + rb")*")
_T_LINE = _plain_line("m_Children", "m_Father")
_TRANSFORM = re.compile(
    rb"--- !u!(4|224) &(-?[0-9]+)\n(Transform|RectTransform):\n(?:" + _T_LINE + rb")*"
    rb"  m_Children:(?: \[\]\n|\n((?:  - \{fileID: -?[0-9]+\}\n)+))(?:" + _T_LINE + rb")*"
    rb"  m_Father: \{fileID: (-?[0-9]+)\}\n(?:" + _T_LINE + rb")*")
_S_LINE = _plain_line("m_PrefabInstance", wrapped=True)
_STRIPPED = re.compile(
    rb"--- !u!([0-9]+) &(-?[0-9]+) stripped\n[A-Za-z_][A-Za-z0-9_]*:\n(?:" + _S_LINE + rb")*"
    rb"  m_PrefabInstance: \{fileID: (-?[0-9]+)\}\n(?:" + _S_LINE + rb")*")
_PI_LINE = _plain_line("m_ObjectHideFlags", "m_Modification", "m_SourcePrefab", wrapped=True)
_PI_MOD_LINE = _plain_line("m_TransformParent", "m_Modifications", indent=4, wrapped=True)
_PI_HEAD = re.compile(
    rb"--- !u!1001 &(-?[0-9]+)\nPrefabInstance:\n(?:" + _PI_LINE + rb")*"
    rb"  m_ObjectHideFlags: (-?(?:0|[1-9][0-9]*))\n(?:" + _PI_LINE + rb")*"
    rb"  m_Modification:\n(?:" + _PI_MOD_LINE + rb")*"
    rb"    m_TransformParent: \{fileID: (-?[0-9]+)\}\n(?:" + _PI_MOD_LINE + rb")*"
    rb"    m_Modifications:\n(?=    - )")
_SOURCE = re.compile(rb"\n  m_SourcePrefab: \{fileID: (-?[0-9]+), guid: ([0-9a-f]{32}), type: ([0-9]+)\}\n")
_REF_VALUE = rb"\{" + _FLAT + rb"(?:\n {7,}" + _FLAT + rb")?\}\n"  # an item's reference, maybe wrapped
_NAME_ITEM = re.compile(
    rb"    - target: " + _REF_VALUE + rb"      propertyPath: m_Name\n      value: (" + _FLAT + rb")\n"
    rb"      objectReference: " + _REF_VALUE + rb"(?= {0,4}[^ \r\n]|\Z)")
# No text in which a line could be inside a quoted or flow value: no quote, and every flow collection closes on its
# line or is a wrapped reference whose next line is deeper than a modification item's dash (peek.py
# `_plain_structure(4)`, on bytes)
_PLAIN_ITEMS = re.compile(rb"""(?:[^"'{\[]++|\{[^{}\[\]\n"']*\}|\[[^{}\[\]\n"']*\]
                              |\{[^{}\[\]\n"']*(?:\r?\n\ {5}[^{}\[\]\n"']*)+\})*+""", re.X)
# A line that ends the modification list: indented less than its dashes, or as much and not a dash
_LIST_END = re.compile(rb"\n(?: {0,3}[^ \r\n]| {4}(?!-(?:[ \r\n]|\Z))[^ \r\n])")
# Text of the modification list that the full parse reads otherwise than as an entry or plain text, or refuses: a
# tab or `\r` anywhere, ` #` (a comment, or text in a quoted value), and a line starting (after any dashes) with a
# blank, a comment, a complex key (`? `/`: `), an anchor, alias, tag, block scalar, reserved indicator, flow
# collection or quote. Three `find`s and a pattern with a literal first byte: a few ms over a 64 MB scene's lists.
_ODD_TEXT = (b"\t", b"\r", b" #")
_ODD_LINE = re.compile(rb"""\n\ *+(?:-\ +)*+[\n#?:!&*|>%@`{\['"]""", re.X)
_REF = rb"\{" + _FLAT + rb"(?:\n {5,}" + _FLAT + rb")?\}"  # a flat flow mapping, maybe wrapped
_ENTRY = rb"[A-Za-z_][A-Za-z0-9_]*:(?: " + _FLAT + rb"| " + _REF + rb"| \[\])"  # a key with a flat value
# What Unity writes after the modification list: the rest of `m_Modification` (keys with a value, or a list of
# references or flat mappings), then the object's keys with a value, blank lines at the end of the file. Anything
# else is left to the full parse (a quoted value going on below the list's indent ends it here too: the object is left).
_AFTER_LIST = re.compile(
    rb"(?:    " + _ENTRY + rb"\n|    [A-Za-z_][A-Za-z0-9_]*:\n(?:    - (?:" + _REF + rb"|" + _ENTRY
    + rb")\n(?:      " + _ENTRY + rb"\n)*)+)*(?:  " + _ENTRY + rb"\n)*\n*")
_ITEM_ID = re.compile(rb"fileID: (-?[0-9]+)")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_FLOW = frozenset(",[]{}")
# A character YAML may strip, break a line at or refuse (`\r`, tab, other controls, NEL, LS, PS, BOM)
_ODD_CHAR = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]")
_CLASS_KEY = {1: b"GameObject", 4: b"Transform", 224: b"RectTransform"}  # the classes read, by class ID


def prescan(file: Any) -> int:
    """Fill `file.scans` (fileID -> {key: value}) for the plain GameObjects and Transforms, when most objects are
    not scanned yet (a first read of the revision); returns how many objects it read. Nothing happens for a file
    without a table (duplicate fileIDs)."""
    table, data = file.scans, file.original
    if table is None or data is None or len(table) * 2 > len(file.documents):
        return 0
    read = 0
    for doc in file.documents:
        cls = doc.class_id
        if doc.dirty or doc.span is None or doc.file_id in table:
            continue
        start, end = doc.span
        if doc.stripped:
            match = _STRIPPED.fullmatch(data, start, end)
            if match is None or int(match.group(1)) != cls or int(match.group(2)) != doc.file_id:
                continue
            table[doc.file_id] = {"m_PrefabInstance": Ref(int(match.group(3)))}
            read += 1
            continue
        if cls == 1001:
            found = _prefab_instance(data, start, end, doc.file_id)
            if found:
                table[doc.file_id] = found
                read += 1
            continue
        if cls not in _CLASS_KEY:
            continue
        if cls == 1:
            match = _GAMEOBJECT.fullmatch(data, start, end)
            if match is None:
                continue
            values: dict[str, Any] = {
                "m_ObjectHideFlags": int(match.group(2)), "m_IsActive": int(match.group(5)),
                "m_Component": [{"component": Ref(int(i))} for i in _ITEM_ID.findall(match.group(3))]}
            name = _plain(match.group(4))
            if name is not _UNSURE:
                values["m_Name"] = name
        else:
            match = _TRANSFORM.fullmatch(data, start, end)
            if match is None or _CLASS_KEY[cls] != match.group(3):
                continue
            children = match.group(4)
            values = {"m_Father": Ref(int(match.group(5))),
                      "m_Children": [Ref(int(i)) for i in _ITEM_ID.findall(children)] if children else []}
        if int(match.group(1 if cls == 1 else 2)) != doc.file_id:
            continue
        table[doc.file_id] = values
        read += 1
    file.scans_added += read
    return read


_UNSURE = object()


def _prefab_instance(data: bytes, start: int, end: int, file_id: int) -> dict[str, Any] | None:
    """The values of the PrefabInstance at `data[start:end]` that its plain parts answer (see the module's text)."""
    head = _PI_HEAD.match(data, start, end)
    if head is None or int(head.group(1)) != file_id:
        return None
    listed = head.end()  # the modification list's first dash
    closing = _LIST_END.search(data, listed - 1, end)
    list_end = closing.start() + 1 if closing is not None else end
    if (any(data.find(text, listed, list_end) >= 0 for text in _ODD_TEXT) or _ODD_LINE.search(data, listed - 1, list_end)
            or not _AFTER_LIST.fullmatch(data, list_end, end)):
        return None  # a line the full parse reads otherwise, or refuses: the whole object is left to it
    for key in (b"\n  m_ObjectHideFlags:", b"\n  m_Modification:", b"\n    m_TransformParent:"):
        if data.find(key, listed - 1, end) >= 0:  # written again further on: left to the full parse
            return None
    values: dict[str, Any] = {"m_ObjectHideFlags": int(head.group(2)),
                              "m_Modification.m_TransformParent": Ref(int(head.group(3)))}
    last = data.rfind(b"\n  m_SourcePrefab:", listed - 1, end)
    source = _SOURCE.fullmatch(data, last, end) if last >= 0 else None
    if source is not None and data.find(b"\n  m_SourcePrefab:", listed - 1, last) < 0 and not (
            data.find(b"\n  '", listed - 1, last) >= 0 or data.find(b'\n  "', listed - 1, last) >= 0):
        values["m_SourcePrefab"] = Ref(int(source.group(1)), source.group(2).decode(), int(source.group(3)))
    name = _instance_name(data, listed, list_end)
    if name is not _UNSURE:
        values[_NAME_KEY] = name
    return values


def _instance_name(data: bytes, listed: int, list_end: int) -> Any:
    """The first `m_Name` modification as `first_item_with` gives it ({propertyPath, value}, None when there is
    none), for the modification list at `data[listed:list_end]`; _UNSURE when only the full parse can tell."""
    line = data.find(b"\n      propertyPath: m_Name\n", listed - 1, list_end)
    if line < 0:
        plain = _PLAIN_ITEMS.match(data, listed, list_end).end() == list_end  # type: ignore[union-attr]
        return None if plain and data.find(b"m_Name", listed, list_end) < 0 else _UNSURE
    item = data.rfind(b"\n    - ", listed - 1, line) + 1
    if item < listed or data.find(b"m_Name", listed, line) >= 0:
        return _UNSURE
    if _PLAIN_ITEMS.match(data, listed, item).end() != item:  # type: ignore[union-attr]
        return _UNSURE
    match = _NAME_ITEM.match(data, item, list_end)
    if match is None or match.start(1) != line + 41:  # the item's own propertyPath and value lines
        return _UNSURE
    value = _plain(match.group(1))
    return _UNSURE if value is _UNSURE else {"propertyPath": "m_Name", "value": value}


def _plain(inline: bytes) -> Any:
    """A one-line plain scalar as the parser types it, or _UNSURE for text the YAML rules could read otherwise
    (an indicator first, but for `-` before a word; a flow character; `: ` or ` #` inside; a space or `:` last; a
    control character, such as a `\\r` of a `\\r\\n` line end, which the parser strips)."""
    try:
        text = inline.decode("utf-8")
    except UnicodeDecodeError:
        return _UNSURE
    if not text or text[-1] in " :" or ": " in text or " #" in text or any(c in _FLOW for c in text):
        return _UNSURE
    if _ODD_CHAR.search(text):
        return _UNSURE
    if text[0] in _INDICATORS and not (text[0] == "-" and len(text) > 1 and text[1] != " "):
        return _UNSURE
    return typed_plain(text)
