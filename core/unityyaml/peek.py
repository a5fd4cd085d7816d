"""Reading one value of a large object without parsing the rest of it.

A 4 MB scene holds hundreds of PrefabInstances whose modification lists are most of the file, while building the
hierarchy needs four small values of each. Unity's block layout makes a value's lines findable by indentation:
the entries of a block mapping at column `c` are the lines indented exactly `c` (dash lines there belong to an
indentless list), and everything of an entry's value is indented deeper. Only a quoted or flow value spanning
lines can hide a line from that rule, so each line relied on is first shown not to be inside one (see
`_outside_spans`); then just the value's own lines go through the real parser. Whenever anything is uncertain the
answer is None and the caller parses the whole object, so a peek never disagrees with the full parse of an object
that parses.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from unitycli.unityyaml.nodes import PLAIN, Mapping, Node, Scalar, Sequence
from unitycli.unityyaml.parser import ParseError, _Parser, simple_flow, simple_flow_match
from unitycli.unityyaml.scalars import ScalarError

_BRACKETS = re.compile(r"[{}\[\]]")
_QUOTES = ("'", '"')
NO_MATCH = object()


@lru_cache(maxsize=64)
def _plain_structure(col: int) -> re.Pattern[str]:
    """Text in which no line indented at most `col` can be inside a quoted or flow value: no quotes, and every
    flow collection closes on its line or is Unity's wrapped reference (no nesting, continuation lines indented
    deeper than `col`: `- target: {fileID: 1, guid: …,` then `        type: 3}`). Matched from the start, its
    end is the first place that needs the full parse."""
    deeper = f"\\ {{{col + 1}}}"
    return re.compile(r"""(?:[^"'{\[]++|\{[^{}\[\]\n"']*\}|\[[^{}\[\]\n"']*\]
                          |\{[^{}\[\]\n"']*(?:\r?\n""" + deeper + r"""[^{}\[\]\n"']*)+\})*+""", re.X)


def _closes_nothing_before(text: str, pos: int) -> bool:
    """Whether nothing from `pos` to the end can close a quoted or flow value opened before `pos`: no quote, and
    no bracket that would close more than `text[pos:]` opened. In an object that parses, `pos` then lies inside
    no such value (it would have to close after `pos`). Answered from the text's tail profile (the several keys
    peeked in one object share it) when `pos` lies in that tail."""
    tail, last_quote, positions, before, least = _tail_profile(text)
    if pos < tail:
        return _closes_nothing_scanned(text, pos)
    if last_quote >= pos:
        return False
    i = bisect_left(positions, pos)
    return i == len(positions) or least[i] >= before[i]


def _closes_nothing_scanned(text: str, pos: int) -> bool:
    """`_closes_nothing_before` by scanning `text[pos:]`."""
    if text.find("'", pos) >= 0 or text.find('"', pos) >= 0:
        return False
    depth = 0
    for bracket in _BRACKETS.finditer(text, pos):
        depth += 1 if bracket.group() in "{[" else -1
        if depth < 0:
            return False
    return True


@lru_cache(maxsize=16)
def _tail_profile(text: str) -> tuple[int, int, list[int], list[int], list[int]]:
    """(where the tail starts, the last quote's position, the tail's bracket positions, the depth before each,
    the least depth from each on): the last `_SUFFIX_CHECK_MAX` characters, the only ones `_outside_spans` asks
    about one by one."""
    tail = max(0, len(text) - _SUFFIX_CHECK_MAX - 1)
    positions: list[int] = []
    before: list[int] = []
    after: list[int] = []
    depth = 0
    for bracket in _BRACKETS.finditer(text, tail):
        positions.append(bracket.start())
        before.append(depth)
        depth += 1 if bracket.group() in "{[" else -1
        after.append(depth)
    for i in range(len(after) - 2, -1, -1):
        after[i] = min(after[i], after[i + 1])
    return tail, max(text.rfind("'"), text.rfind('"')), positions, before, after


_SUFFIX_CHECK_MAX = 4096  # past this many characters to the end, checking the text before is cheaper
_PREFIX_CHECK_MAX = 16384  # up to this many characters before, the text before is checked first (in C)


def _outside_spans(text: str, line_starts: list[int], col: int) -> bool:
    """Whether none of `line_starts` (lines indented at most `col`) lies inside a value spanning lines: checked
    over the text before the last one, or, when that is long, over the text after each one."""
    last = line_starts[-1]
    if last <= _PREFIX_CHECK_MAX and _plain_structure(col).match(text, 0, last).end() == last:
        return True  # a short plain prefix: one compiled match, cheaper than profiling the tail in Python
    if len(text) - line_starts[0] <= _SUFFIX_CHECK_MAX:
        return all(_closes_nothing_before(text, start) for start in line_starts)
    return last > _PREFIX_CHECK_MAX and _plain_structure(col).match(text, 0, last).end() == last


@lru_cache(maxsize=64)
def _shallow(col: int) -> re.Pattern[str]:
    """A line break, then a non-blank line indented at most `col`."""
    return re.compile(rf"\n {{0,{col}}}(?=[^ \r\n])")


@lru_cache(maxsize=64)
def _entry_boundary(col: int) -> re.Pattern[str]:
    """A line break, then a non-blank line indented less than `col`, or exactly `col` and not a list dash (an
    indentless list at `col` is the value of the entry above it)."""
    less = rf" {{0,{col - 1}}}[^ \r\n]|" if col > 0 else ""
    return re.compile(rf"\n(?:{less} {{{col}}}(?!-(?:[ \r\n]|$))[^ \r\n])")


def _key_line(text: str, start: int, end: int, col: int, key: str) -> int:
    """Start of the first line in `text[start:end]` (`start` a line start) that is `key:` at column `col`, or -1.
    A plain string search: a regex anchored at line starts tries every position and is several times slower."""
    needle = "\n" + " " * col + key + ":"
    pos = text.find(needle, start - 1, end)
    while pos >= 0:
        after = text[pos + len(needle) : pos + len(needle) + 1]
        if after in ("", " ", "\r", "\n"):
            return pos + 1
        pos = text.find(needle, pos + 1, end)
    return -1


def _quoted_key_before(text: str, start: int, end: int, col: int) -> bool:
    if text.find("'", start, end) < 0 and text.find('"', start, end) < 0:  # one-character finds are the fastest
        return False
    indent = "\n" + " " * col
    return text.find(indent + "'", start - 1, end) >= 0 or text.find(indent + '"', start - 1, end) >= 0


@lru_cache(maxsize=64)
def _next_dash(col: int) -> re.Pattern[str]:
    return re.compile(rf" {{{col}}}-(?=[ \r\n]|$)")


def _is_dash_at(text: str, pos: int) -> bool:
    return text.startswith("-", pos) and text[pos + 1 : pos + 2] in ("", " ", "\r", "\n")


_SPACES = re.compile(" *")


def _line_indent(text: str, line_start: int) -> int:
    return _SPACES.match(text, line_start).end() - line_start  # type: ignore[union-attr]  # " *" always matches


def _entry_end(text: str, line_start: int, col: int, end: int) -> int:
    m = _entry_boundary(col).search(text, line_start, end)
    return end if m is None else m.start() + 1


def _item_end(text: str, dash_start: int, col: int, end: int) -> int:
    m = _shallow(col).search(text, dash_start, end)
    return end if m is None else m.start() + 1


def _one_line_value(text: str, start: int, end: int, col: int) -> Node | None:
    """The value of a one-line entry `key: value` (plain, or a flow mapping of plain pairs such as a reference)
    read the way the parser reads it, without building a parser; None for anything else."""
    eol = text.find("\n", start, end)
    if eol >= 0 and text[eol + 1 : end].strip():
        return None
    line = text[start : end if eol < 0 else eol]
    if line.endswith("\r"):
        line = line[:-1]
    colon = line.find(": ", col)
    if colon < 0 or colon + 2 >= len(line):
        return None
    vstart = colon + 2
    first = line[vstart]
    if first == "{":
        match = simple_flow_match(line, vstart)
        if match is None or line[match.end() :].strip(" \t"):
            return None
        return simple_flow(line, match)
    if first in "['\" \t":
        return None
    return Scalar(line[vstart:], PLAIN, vstart, len(line))


def _parse_region(text: str, start: int, end: int, col: int, *, item: bool) -> Node | None:
    """The value of the one entry (or list item) at `col` that `text[start:end]` holds, by the real parser."""
    if not item:
        quick = _one_line_value(text, start, end, col)
        if quick is not None:
            return quick
    parser = _Parser(text[start:end])
    try:
        node, i = parser.block_seq(0, col) if item else parser.block_map(0, col)
    except (ParseError, ScalarError, IndexError, RecursionError):
        return None
    if any(parser.indents[j] != -1 for j in range(i, parser.n)):
        return None
    if item:
        return node.items[0] if isinstance(node, Sequence) and len(node.items) == 1 else None
    return node.values[0] if isinstance(node, Mapping) and len(node.keys_) == 1 else None


def _body(text: str) -> tuple[int, int] | None:
    """(offset, column) of the class body: the lines after `ClassName:`, which follows the `---` header."""
    first = text.find("\n") + 1
    second = text.find("\n", first) + 1
    if not first or not second or text[first : first + 1] in (" ", "\r", "\n", "'", '"', "-", "{", "["):
        return None
    if text[first:second].rstrip("\r\n")[-1:] != ":":
        return None
    col = _line_indent(text, second)
    return (second, col) if col > 0 and text[second + col : second + col + 1] not in ("", "\r", "\n") else None


def _nested(text: str, line_start: int, col: int, key: str) -> tuple[int, int] | None:
    """(start, column) of the block value under a bare `key:` line; None when the value is on the key line."""
    eol = text.find("\n", line_start)
    if eol < 0 or text[line_start:eol].rstrip("\r") != " " * col + key + ":":
        return None
    nxt = eol + 1
    line_end = text.find("\n", nxt)
    if not text[nxt : line_end if line_end >= 0 else len(text)].strip():
        return None  # a blank line (or the end) after a bare key: leave it to the full parse
    inner = _line_indent(text, nxt)
    if inner > col or (inner == col and _is_dash_at(text, nxt + col)):
        return nxt, inner
    return None


def _locate(text: str, keys: tuple[str, ...]) -> tuple[list[int], int, int] | None:
    """(key line starts from the outermost, column of the last, keys used) of the deepest block entry on the
    path `keys` that indentation reaches; the rest of the path is inside that entry's inline value or list.
    Entry ends are found only as far as needed: scanning a long modification list to its end costs more than
    the rest of the lookup."""
    body = _body(text)
    if body is None:
        return None
    start, col = body
    lines: list[int] = []
    parent: tuple[int, int] | None = None  # (key line, column) of the entry whose block is searched
    for depth, key in enumerate(keys):
        line = _key_line(text, start, len(text), col, key)
        if line < 0 or _quoted_key_before(text, start, line, col):
            return None  # absent, or a quoted key before it might be the same key (the full parse decides)
        if parent is not None and _entry_boundary(parent[1]).search(text, parent[0], line):
            return None  # the first such line is past the end of the entry searched
        lines.append(line)
        nested = _nested(text, line, col, key) if depth + 1 < len(keys) else None
        if nested is None or nested[1] == col or _is_dash_at(text, nested[0] + nested[1]):
            return lines, col, depth + 1
        parent = (line, col)
        start, col = nested
    return None


def _descend(node: Node, keys: tuple[str, ...]) -> Node | None:
    for key in keys:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def peek(text: str, keys: tuple[str, ...]) -> Node | None:
    """The node at the key path `keys` of one object's text (its `---` header line first), or None when that is
    not certain without parsing the whole object (the key is absent, or the text needs the full parse)."""
    found = _locate(text, keys)
    if found is None:
        return None
    lines, col, used = found
    if not _outside_spans(text, lines, col):
        return None
    node = _parse_region(text, lines[-1], _entry_end(text, lines[-1], col, len(text)), col, item=False)
    return None if node is None else _descend(node, keys[used:])


def _item_entry(text: str, start: int, end: int, dash_col: int, key: str) -> int:
    """Start of the line holding the list item's own `key:` entry (the dash line or a line at the item's column),
    or -1."""
    col = dash_col + 2
    if text.startswith(key + ":", start + col) and text[start + col + len(key) + 1 : start + col + len(key) + 2] in (
            "", " ", "\r", "\n"):
        return start
    return _key_line(text, start, end, col, key)


def _is_exactly(text: str, line: int, end: int, col: int, key: str, value: str) -> bool | None:
    """Whether the entry `key:` at `line` (key at `col`) holds the plain `value` exactly as the parser reads it:
    one line, nothing after it; None when its value goes on over deeper lines (only the full parse reads that)."""
    eol = text.find("\n", line, end)
    rest = text[line + col + len(key) + 1 : eol if eol >= 0 else end].removesuffix("\r")
    nxt = eol + 1 if eol >= 0 else end
    while nxt < end:
        line_end = text.find("\n", nxt, end)
        if text[nxt : line_end if line_end >= 0 else end].strip():
            if _line_indent(text, nxt) > col:
                return None
            break
        nxt = line_end + 1 if line_end >= 0 else end
    return rest == " " + value


def _item_fields(text: str, start: int, end: int, dash_col: int, fields: tuple[str, ...]) -> dict[str, Node] | None:
    """The one-line entries `fields` of a list item, each read on its own; None when one is absent or longer."""
    found: dict[str, Node] = {}
    col = dash_col + 2
    for field in fields:
        line = _item_entry(text, start, end, dash_col, field)
        if line < 0:
            return None
        node = _one_line_value(text, line, _entry_end(text, line, col, end), col)
        if node is None:
            return None
        found[field] = node
    return found


def peek_item(text: str, keys: tuple[str, ...], key: str, value: str,
              fields: tuple[str, ...] | None = None) -> Mapping | dict[str, Node] | object | None:
    """The first item of the block list at `keys` that is a mapping whose `key` is the plain word `value`: the
    item (or, with `fields`, just those entries of it, each read alone); NO_MATCH when there is certainly none;
    None when the full parse must decide (a flow or quoted item, a value going on over lines, anything else
    uncertain)."""
    if not value or any(c in value for c in " \t'\"{}[],#:"):
        return None
    found = _locate(text, keys)
    if found is None or found[2] != len(keys):
        return None
    lines, col, _ = found
    nested = _nested(text, lines[-1], col, keys[-1])
    if nested is None or not _is_dash_at(text, nested[0] + nested[1]):
        return None
    pos, dash_col = nested
    next_dash = _next_dash(dash_col)
    while True:
        if text[pos + dash_col + 2 : pos + dash_col + 3] in ("{", "[", "'", '"', "-", "", "\r", "\n"):
            return None  # a flow, quoted, nested or bare item: only the full parse reads it right
        item_end = _item_end(text, pos, dash_col, len(text))
        line = _item_entry(text, pos, item_end, dash_col, key)
        exact = _is_exactly(text, line, item_end, dash_col + 2, key, value) if line >= 0 else False
        if exact is None:
            return None
        if exact:
            if not _outside_spans(text, [*lines, pos], dash_col):
                return None
            if fields is not None:
                quick = _item_fields(text, pos, item_end, dash_col, fields)
                if quick is not None:
                    return quick
            item = _parse_region(text, pos, item_end, dash_col, item=True)
            hit = item.get(key) if isinstance(item, Mapping) else None
            if not (isinstance(hit, Scalar) and hit.text == value):
                return None
            return item if fields is None else {f: item[f] for f in (key, *fields) if f in item}
        if item_end >= len(text):
            break
        if not next_dash.match(text, item_end):
            if _line_indent(text, item_end) > col:
                return None  # neither a list item nor the end of the list: the full parse explains
            break
        pos = item_end
    # No item matched: certain only if nothing in the whole list can be hiding inside a spanning value.
    return NO_MATCH if _plain_structure(dash_col).match(text, 0, item_end).end() == item_end else None
