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
"""
from __future__ import annotations

import re
from typing import Any

from unitycli.unityyaml.nodes import Ref
from unitycli.unityyaml.scalars import typed_plain


def _plain_line(*taken: str) -> bytes:
    """A `key: value` line at two spaces with a plain one-line value (no quote, no `#`), one flat flow mapping or
    `[]`, or no value, for any key but `taken` (each of which the object must hold once, where the pattern says)."""
    return (rb"  (?!(?:" + "|".join(taken).encode() + rb"):)[A-Za-z_][A-Za-z0-9_]*:"
            rb"""(?: [^\n'"{}\[\]#]*| \{[^\n'"{}\[\]#]*\}| \[\])?\n""")


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
_ITEM_ID = re.compile(rb"fileID: (-?[0-9]+)")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_FLOW = frozenset(",[]{}")
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
        if cls not in _CLASS_KEY or doc.stripped or doc.dirty or doc.span is None or doc.file_id in table:
            continue
        start, end = doc.span
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


def _plain(inline: bytes) -> Any:
    """A one-line plain scalar as the parser types it, or _UNSURE for text the YAML rules could read otherwise
    (an indicator first, but for `-` before a word; a flow character; `: ` or ` #` inside; a space or `:` last)."""
    try:
        text = inline.decode("utf-8")
    except UnicodeDecodeError:
        return _UNSURE
    if not text or text[-1] in " :" or ": " in text or " #" in text or any(c in _FLOW for c in text):
        return _UNSURE
    if text[0] in _INDICATORS and not (text[0] == "-" and len(text) > 1 and text[1] != " "):
        return _UNSURE
    return typed_plain(text)
