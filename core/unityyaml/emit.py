"""Writing values the way the Unity Editor writes them.

Unity's YAML writer is libyaml's emitter with Unity's settings: 2-space indent, sequences inside mappings not
indented, non-ASCII escaped, and a line width of 80: long strings wrap onto the next line, and so do long flow
mappings unless the project sets EditorSettings `m_SerializeInlineMappingsOnOneLine: 1`. This module follows libyaml's rules (scalar analysis, style choice, indentation,
wrapping) for the subset Unity uses, so an edited value reads as if the Editor had saved it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass
from typing import Any

from unitycli.unityyaml.floats import format_number
from unitycli.unityyaml.nodes import Ref

WRAP_WIDTH = 80  # libyaml's best_width
_BREAKS = "\n\r\x85\u2028\u2029"
_ESCAPES = {"\0": "0", "\a": "a", "\b": "b", "\t": "t", "\n": "n", "\v": "v", "\f": "f", "\r": "r",
            "\x1b": "e", '"': '"', "\\": "\\", "\x85": "N", "\xa0": "_", "\u2028": "L", "\u2029": "P"}


@dataclass(frozen=True, slots=True)
class EmitStyle:
    """How the Editor that wrote a file formats text; `style.detect_style` reads it from the file itself."""

    width: int | None = WRAP_WIDTH  # None: never wrap
    one_line_mappings: bool = False  # EditorSettings m_SerializeInlineMappingsOnOneLine: 1 (e.g. minigolf)
    quote_trailing_bracket: bool = False  # Unity 6 writes 'm_Materials.Array.data[0]' quoted (minigolf)
    empty_trailing_space: bool = True  # `m_Name: ` (most files) or `m_Name:` (some PhysicsSamples scenes)
    newline: str = "\n"


class Flow(dict):  # type: ignore[type-arg]
    """A mapping Unity writes inline (`{x: 0, y: 0, z: 0}`): vectors, colours, small structs."""


class Verbatim(str):
    """Scalar text kept exactly as it stands in the file (so untouched numbers are never reformatted)."""

    __slots__ = ()


# Strings that are plain in any context, checked in one regex instead of libyaml's per-character analysis.
_SAFE_PLAIN = re.compile(r"(?:[A-Za-z0-9_.(/]|-(?! |$))[A-Za-z0-9_.()/+=;$%@~^*&!|<>'\"-]*(?: [A-Za-z0-9_.()/+=;$%@~^*&!|<>'\"-]+)*")


def _printable_ascii(ch: str) -> bool:
    return ch == "\n" or " " <= ch <= "~"


def _analyze(value: str) -> tuple[bool, bool, bool]:
    """libyaml's scalar analysis: whether plain is allowed in flow / block context, and single quotes."""
    if not value:
        return False, True, True
    if _SAFE_PLAIN.fullmatch(value):
        return True, True, True
    flow_ind = block_ind = False  # unlike libyaml, Unity writes `---` plain (PhysicsSamples NegativeScaleSub.unity)
    special = line_breaks = leading = trailing = break_space = space_break = False
    prev_space = prev_break = False
    preceded_ws = True
    last = len(value) - 1
    for i, ch in enumerate(value):
        nxt = value[i + 1] if i < last else ""
        followed_ws = nxt == "" or nxt in " \t" or nxt in _BREAKS
        if i == 0:
            if ch in "#,[]{}&*!|>'\"%@`":
                flow_ind = block_ind = True
            elif ch in "?:":
                flow_ind = True
                block_ind = block_ind or followed_ws
            elif ch == "-" and followed_ws:
                flow_ind = block_ind = True
        else:
            if ch in ",?[]{}":
                flow_ind = True
            elif ch == ":":
                flow_ind = True
                block_ind = block_ind or followed_ws
            elif ch == "#" and preceded_ws:
                flow_ind = block_ind = True
        if not _printable_ascii(ch):
            special = True
        if ch in _BREAKS:
            line_breaks = True
        if ch == " ":
            leading = leading or i == 0
            trailing = trailing or i == last
            break_space = break_space or prev_break
            prev_space, prev_break = True, False
        elif ch in _BREAKS:
            leading = leading or i == 0
            trailing = trailing or i == last
            space_break = space_break or prev_space
            prev_space, prev_break = False, True
        else:
            prev_space = prev_break = False
        preceded_ws = ch in " \t" or ch in _BREAKS
    flow_plain = block_plain = single = True
    if leading or trailing:
        flow_plain = block_plain = False
    if break_space:
        flow_plain = block_plain = single = False
    if space_break or special:
        flow_plain = block_plain = single = False
    if line_breaks:
        flow_plain = block_plain = False
    if flow_ind:
        flow_plain = False
    if block_ind:
        block_plain = False
    return flow_plain, block_plain, single


def _is_reference(value: AbcMapping[str, Any]) -> bool:
    """A `{fileID, guid, type}` dict: Unity writes every object reference inline."""
    return "fileID" in value and set(value) <= {"fileID", "guid", "type"}


class Writer:
    """libyaml's emitter state (column, whitespace, indention) for the pieces we write."""

    def __init__(self, style: EmitStyle, column: int = 0, fresh: bool = True) -> None:
        self.parts: list[str] = []
        self.style = style
        # Unity wraps when the column reaches the width (lines of exactly 80 are broken: ImpactCubes_VFX.vfx),
        # but flow mappings only past it; `_wrap_at` is the scalar threshold.
        self.width = sys.maxsize if style.width is None else style.width
        self._wrap_at = self.width - 1
        self._flow_width = sys.maxsize if style.one_line_mappings else self.width
        self.newline = style.newline
        self.column = column
        self.whitespace = fresh
        self.indention = fresh

    def text(self) -> str:
        return "".join(self.parts)

    def _put(self, s: str) -> None:
        self.parts.append(s)
        self.column += len(s)

    def _break(self) -> None:
        self.parts.append(self.newline)
        self.column = 0

    def _indent(self, indent: int) -> None:
        indent = max(indent, 0)
        if not self.indention or self.column > indent or (self.column == indent and not self.whitespace):
            self._break()
        if self.column < indent:
            self._put(" " * (indent - self.column))
        self.whitespace = self.indention = True

    def _indicator(self, s: str, need_ws: bool, is_ws: bool, is_indention: bool) -> None:
        if need_ws and not self.whitespace:
            self._put(" ")
        self._put(s)
        self.whitespace = is_ws
        self.indention = self.indention and is_indention

    # --- nodes -----------------------------------------------------------------------------------------------
    def node(self, value: Any, indent: int, flow: bool = False, mapping_value: bool = False) -> None:
        """Emit `value` where libyaml's current indent is `indent` (-1 at document level)."""
        if isinstance(value, Ref):
            value = Flow({"fileID": value.file_id} if value.guid is None
                         else {"fileID": value.file_id, "guid": value.guid, "type": value.type})
        if isinstance(value, AbcMapping):
            if flow or isinstance(value, Flow) or not value or _is_reference(value):
                self.flow_mapping(value, indent)
            else:
                self.block_mapping(value, indent)
        elif isinstance(value, list | tuple):
            if flow or not value:
                self.flow_sequence(value, indent)
            else:
                self.block_sequence(value, indent, mapping_value)
        else:
            self.scalar(value, indent, flow)

    def block_mapping(self, value: AbcMapping[str, Any], indent: int) -> None:
        inner = indent + 2 if indent >= 0 else 0
        for key, item in value.items():
            self._indent(inner)
            if key:  # Unity writes the empty key as nothing at all (`: UNITY_POST_PROCESSING_STACK_V2`)
                self.scalar(key, inner, False, simple_key=True)
            self._indicator(":", False, False, False)
            self.node(item, inner, mapping_value=True)

    def block_sequence(self, value: list[Any] | tuple[Any, ...], indent: int, mapping_value: bool) -> None:
        indentless = mapping_value and not self.indention
        inner = (indent if indentless else indent + 2) if indent >= 0 else 0
        for item in value:
            self._indent(inner)
            self._indicator("-", True, False, True)
            self.node(item, inner)

    def flow_mapping(self, value: AbcMapping[str, Any], indent: int) -> None:
        self._indicator("{", True, True, False)
        inner = indent + 2 if indent >= 0 else 2
        for i, (key, item) in enumerate(value.items()):
            if i:
                self._indicator(",", False, False, False)
            if self.column > self._flow_width:
                self._indent(inner)
            self.scalar(key, inner, True, simple_key=True)
            self._indicator(":", False, False, False)
            self.node(item, inner, flow=True)
        self._indicator("}", False, False, False)

    def flow_sequence(self, value: list[Any] | tuple[Any, ...], indent: int) -> None:
        self._indicator("[", True, True, False)
        inner = indent + 2 if indent >= 0 else 2
        for i, item in enumerate(value):
            if i:
                self._indicator(",", False, False, False)
            if self.column > self._flow_width:
                self._indent(inner)
            self.node(item, inner, flow=True)
        self._indicator("]", False, False, False)

    def scalar(self, value: Any, indent: int, flow: bool, simple_key: bool = False) -> None:
        inner = indent + 2 if indent >= 0 else 2
        if isinstance(value, Verbatim):
            self._plain(str(value), inner, False)
            return
        if value is None:
            value = ""
        elif isinstance(value, bool | int | float):
            value = format_number(value)
        elif not isinstance(value, str):
            raise TypeError(f"cannot write a {type(value).__name__} into a Unity YAML file")
        flow_plain, block_plain, single = _analyze(value)
        if self.style.quote_trailing_bracket and value.endswith("]"):
            flow_plain = block_plain = False
        style = "plain"
        if (flow and not flow_plain) or (not flow and not block_plain) or (not value and (flow or simple_key)):
            style = "single" if single else "double"
        allow_breaks = not simple_key
        if style == "plain":
            self._plain(value, inner, allow_breaks)
        elif style == "single":
            self._single(value, inner, allow_breaks)
        else:
            self._double(value, inner, allow_breaks)

    # --- scalar styles (libyaml write_plain / write_single_quoted / write_double_quoted) ---------------------
    def _plain(self, value: str, indent: int, allow_breaks: bool) -> None:
        if not self.whitespace and (value or self.style.empty_trailing_space):
            self._put(" ")
        if not allow_breaks or self.column + len(value) - 1 <= self._wrap_at or " " not in value:
            self._put(value)
            self.whitespace = self.indention = False
            return
        spaces = False
        last = len(value) - 1
        for i, ch in enumerate(value):
            if ch == " ":
                if allow_breaks and not spaces and self.column > self._wrap_at and i < last and value[i + 1] != " ":
                    self._indent(indent)
                else:
                    self._put(ch)
                spaces = True
            else:
                self._put(ch)
                spaces = False
        self.whitespace = self.indention = False

    def _single(self, value: str, indent: int, allow_breaks: bool) -> None:
        self._indicator("'", True, False, False)
        spaces = breaks = False
        carried = 0
        last = len(value) - 1
        for i, ch in enumerate(value):
            if ch == " ":
                if (allow_breaks and not spaces and self.column > self._wrap_at and 0 < i < last
                        and value[i + 1] != " "):
                    self._indent(indent)
                else:
                    self._put(ch)
                spaces = True
            elif ch in _BREAKS:
                # Unity keeps counting columns across the line breaks of a multi-line string (one per break
                # written, plus the indent), so the next wrap comes early: VisualEffectSamples.unity 418-425.
                if not breaks:
                    carried = self.column
                if not breaks and ch == "\n":
                    self._break()
                    carried += 1
                self._break()
                carried += 1
                self.indention = True
                breaks = True
            else:
                if breaks:
                    self._indent(indent)
                    self.column = carried + indent
                self._put("''" if ch == "'" else ch)
                self.indention = False
                spaces = breaks = False
        self._indicator("'", False, False, False)

    def _double(self, value: str, indent: int, allow_breaks: bool) -> None:
        self._indicator('"', True, False, False)
        spaces = False
        last = len(value) - 1
        for i, ch in enumerate(value):
            if not _printable_ascii(ch) or ch in _BREAKS or ch in '"\\':
                code = _ESCAPES.get(ch)
                if code is None:
                    point = ord(ch)
                    code = f"x{point:02X}" if point <= 0xFF else f"u{point:04X}" if point <= 0xFFFF else f"U{point:08X}"
                self._put("\\" + code)
                spaces = False
            elif ch == " ":
                if allow_breaks and not spaces and self.column > self._wrap_at and 0 < i < last:
                    self._indent(indent)
                    if value[i + 1] == " ":
                        self._put("\\")
                else:
                    self._put(ch)
                spaces = True
            else:
                self._put(ch)
                spaces = False
        self._indicator('"', False, False, False)


def emit_inline(value: Any, *, column: int, indent: int, flow: bool, mapping_value: bool, style: EmitStyle,
                after_indention: bool = False) -> str:
    """The text that follows `key:` (or `-`) at `column` for `value`, e.g. ` 1.5` or ` {fileID: 0}`.

    `after_indention`: the slot follows dashes that begin their line, where libyaml keeps a block value on the
    same line (`- - X: 1`, `- m_Collider: …`).
    """
    writer = Writer(style, column, fresh=False)
    writer.indention = after_indention
    writer.node(value, indent, flow=flow, mapping_value=mapping_value)
    return writer.text()


def emit_block_item(value: Any, *, dash_col: int, style: EmitStyle) -> str:
    """One block sequence item `- value` at `dash_col`, without the final line break."""
    writer = Writer(style, dash_col, fresh=True)
    writer.parts.append(" " * dash_col)
    writer._indicator("-", True, False, True)
    writer.node(value, dash_col)
    return writer.text()


def emit_entry(key: str, value: Any, *, col: int, style: EmitStyle) -> str:
    """One block-mapping entry `key: value` with its key at `col`, without the final line break."""
    writer = Writer(style, 0, fresh=True)
    writer.block_mapping({key: value}, col - 2 if col >= 2 else -1)
    return writer.text()


def emit_body(class_name: str, fields: AbcMapping[str, Any], *, style: EmitStyle) -> str:
    """A document body `ClassName:` + its fields, each line ended by the file's newline."""
    writer = Writer(style)
    writer.node({class_name: dict(fields) if fields else Flow()}, -1)
    return writer.text() + style.newline
