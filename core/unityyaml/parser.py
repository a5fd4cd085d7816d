"""A line-based parser for the YAML subset Unity writes, producing a node tree with exact source spans.

Unity's subset is small and regular: block mappings indented by two, block sequences whose `- ` sits at the
parent key's column, flow mappings for small structs and references (sometimes wrapped onto the next line),
`[]` for empty lists, and plain or quoted scalars that may be folded over several lines. A specialised parser
walks it line by line with a few regexes, which is far faster than a general YAML library and keeps every span.
"""

from __future__ import annotations

import re
from itertools import accumulate

from unitycli.unityyaml.nodes import DOUBLE, PLAIN, SINGLE, Mapping, Node, Scalar, Sequence
from unitycli.unityyaml.scalars import ScalarError

_WS = re.compile(r"[ \t\r\n]*")
# A plain key in flow context: anything up to `:` + blank/indicator; `::` inside a key is allowed.
_FLOW_KEY = re.compile(r"(?:[^:,{}\[\]\r\n'\"]|:(?=[^ \t\r\n,{}\[\]]))*")
_FLOW_PLAIN = re.compile(r"[^,{}\[\]]*")
_DOUBLE = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
# Fast path: a flow mapping of plain `key: value` pairs, e.g. `{x: 0, y: 1.5, z: 0}` or a reference, possibly
# wrapped after a comma (`{fileID: 1, guid: …,\n        type: 3}`).
_PAIR_TEXT = r"[^\s{}\[\]'\":,][^{}\[\]'\"\n\r:,]*: [^{}\[\]'\"\n\r:,]*"
_SIMPLE_FLOW = re.compile(rf"\{{{_PAIR_TEXT}(?:,(?: |\r?\n +){_PAIR_TEXT})*\}}")
_PAIR = re.compile(r"([^\s{}\[\]'\":,][^{}\[\]'\"\n\r:,]*): ([^{}\[\]'\"\n\r:,]*)")


def simple_flow(text: str, match: re.Match[str]) -> Mapping:
    """The mapping of a `_SIMPLE_FLOW` match (plain `key: value` pairs only), built without the general parser."""
    start = match.start()
    m = Mapping(True, -1, start)
    keys, values, spans = m.keys_, m.values, m.key_spans
    for pair in _PAIR.finditer(text, start + 1, match.end() - 1):
        key_end = pair.end(1)
        keys.append(pair.group(1))
        spans.append((pair.start(), key_end + 1))
        raw = pair.group(2)
        vstart = pair.start(2)
        values.append(Scalar(raw, PLAIN, vstart, vstart + len(raw)))
    m.end = match.end()
    return m


def simple_flow_match(text: str, pos: int) -> re.Match[str] | None:
    """A flow mapping of plain pairs at `pos` (`{x: 0, y: 1}`, a reference), as the parser's fast path reads it."""
    return _SIMPLE_FLOW.match(text, pos)


class ParseError(ValueError):
    """The document text is outside the subset we can edit safely; `offset` is where it went wrong."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def parse_document(text: str) -> Mapping:
    """Parse one document (its `--- !u!` header line first) into the top mapping `{ClassName: body}`."""
    parser = _Parser(text)
    try:
        return parser.document()
    except ParseError:
        raise
    except ScalarError as exc:
        raise ParseError(str(exc), parser.last_offset) from None
    except (IndexError, RecursionError) as exc:
        raise ParseError(f"unexpected end of a value ({type(exc).__name__})", parser.last_offset) from None


class _Parser:
    __slots__ = ("text", "lines", "starts", "indents", "n", "last_offset")

    def __init__(self, text: str) -> None:
        self.text = text
        raw_lines = text.split("\n")
        self.starts = [0, *accumulate(len(line) + 1 for line in raw_lines)]
        lines = [line[:-1] if line.endswith("\r") else line for line in raw_lines] if "\r" in text else raw_lines
        self.lines = lines
        # Indent of each line; -1 marks a blank line (only multi-line scalars contain those).
        self.indents = [len(line) - len(s) if (s := line.lstrip(" ")) else -1 for line in lines]
        self.n = len(lines)
        self.last_offset = 0

    # --- block structure -------------------------------------------------------------------------------------
    def document(self) -> Mapping:
        if self.n < 2 or self.indents[1] != 0:
            raise ParseError("a document must start with its class name at column 0", self.starts[min(1, self.n - 1)])
        root, i = self.block_map(1, 0)
        for j in range(i, self.n):
            if self.indents[j] != -1:
                raise ParseError("unexpected text after the end of the document's mapping", self.starts[j])
        return root

    def _fail(self, message: str, i: int, col: int = 0) -> ParseError:
        return ParseError(message, self.starts[i] + col)

    def block_map(self, i: int, col: int) -> tuple[Mapping, int]:
        lines, starts, indents, n = self.lines, self.starts, self.indents, self.n
        m = Mapping(False, col, starts[i] + col)
        keys, values, spans = m.keys_, m.values, m.key_spans
        value: Node
        while True:
            line = lines[i]
            base = starts[i]
            self.last_offset = base
            c = line[col]
            if c == "'" or c == '"':
                key_node, end = self.quoted(base + col)
                colon = end - base
                if "\n" in key_node.raw or line[colon : colon + 1] != ":":
                    raise self._fail("a quoted key must be followed by ':' on the same line", i, col)
                key = key_node.text
            else:
                colon = line.find(": ", col)
                if colon < 0:
                    if line[-1] != ":":
                        raise self._fail("expected `key: value`", i, col)
                    colon = len(line) - 1
                key = line[col:colon]
            after = colon + 1
            keys.append(key)
            spans.append((base + col, base + after))
            length = len(line)
            if after == length:
                value, i = self.after_bare_key(i, col, base + after)
            elif line[after] != " ":
                raise self._fail("expected a space after ':'", i, after)
            elif after + 1 == length:
                value = Scalar("", PLAIN, base + length, base + length)
                i += 1
            else:
                vstart = after + 1
                c = line[vstart]
                if c in "{['\"":
                    value, i = self.inline_special(i, vstart)
                else:
                    j = i + 1
                    if j < n and (indents[j] > col or indents[j] == -1):
                        value, i = self.plain(i, vstart, col)
                    else:
                        value = Scalar(line[vstart:], PLAIN, base + vstart, base + length)
                        i = j
            values.append(value)
            if i < n and indents[i] == col:
                line = lines[i]
                if line[col] != "-" or (len(line) > col + 1 and line[col + 1] != " "):
                    continue
            break
        m.end = value.end
        return m, i

    def after_bare_key(self, i: int, col: int, offset: int) -> tuple[Node, int]:
        """The value of `key:` at line end: a nested block, an indentless `- ` list at the same column, or null."""
        j = i + 1
        if j < self.n:
            ind = self.indents[j]
            if ind > col:
                return self.block_node(j, ind)
            if ind == col and self._is_dash(self.lines[j], col):
                return self.block_seq(j, col)
        return Scalar("", PLAIN, offset, offset), j

    @staticmethod
    def _is_dash(line: str, col: int) -> bool:
        return line[col] == "-" and (len(line) == col + 1 or line[col + 1] == " ")

    def block_node(self, i: int, col: int) -> tuple[Node, int]:
        if self._is_dash(self.lines[i], col):
            return self.block_seq(i, col)
        return self.block_map(i, col)

    def block_seq(self, i: int, col: int) -> tuple[Sequence, int]:
        lines, starts, indents, n = self.lines, self.starts, self.indents, self.n
        s = Sequence(False, col, starts[i] + col)
        items, dashes = s.items, s.dashes
        item: Node
        while True:
            line = lines[i]
            base = starts[i]
            self.last_offset = base
            dashes.append(base + col)
            after = col + 1
            length = len(line)
            if after == length:
                item, i = self.after_bare_dash(i, col, base + after)
            elif after + 1 == length:
                item = Scalar("", PLAIN, base + length, base + length)
                i += 1
            else:
                vstart = after + 1
                c = line[vstart]
                if self._is_dash(line, vstart):
                    item, i = self.block_seq(i, vstart)
                elif self._starts_mapping(line, vstart, base):
                    item, i = self.block_map(i, vstart)
                elif c in "{['\"":
                    item, i = self.inline_special(i, vstart)
                else:
                    item, i = self.plain(i, vstart, col)
            items.append(item)
            if i < n and indents[i] == col and self._is_dash(lines[i], col):
                continue
            break
        s.end = item.end
        return s, i

    def after_bare_dash(self, i: int, col: int, offset: int) -> tuple[Node, int]:
        j = i + 1
        if j < self.n and self.indents[j] > col:
            return self.block_node(j, self.indents[j])
        return Scalar("", PLAIN, offset, offset), j

    def _starts_mapping(self, line: str, col: int, base: int) -> bool:
        """Whether a sequence item's inline content is `key: value` (Unity quotes any scalar holding `: `)."""
        c = line[col]
        if c == "{" or c == "[":
            return False
        if c == "'" or c == '"':
            node, end = self.quoted(base + col)
            colon = end - base
            return "\n" not in node.raw and line[colon : colon + 1] == ":" and line[colon + 1 : colon + 2] in ("", " ")
        return line.find(": ", col) >= 0 or line[-1] == ":"

    # --- inline values ---------------------------------------------------------------------------------------
    def plain(self, i: int, col: int, parent_col: int) -> tuple[Scalar, int]:
        """A plain scalar; it continues on following lines indented deeper than its parent (Unity wraps text)."""
        indents, n = self.indents, self.n
        last = i
        j = i + 1
        while j < n:
            ind = indents[j]
            if ind > parent_col:
                last = j
                j += 1
            elif ind == -1:
                k = j
                while k < n and indents[k] == -1:
                    k += 1
                if k < n and indents[k] > parent_col:
                    last = k
                    j = k + 1
                else:
                    break
            else:
                break
        start = self.starts[i] + col
        if last == i:
            raw = self.lines[i][col:].rstrip(" \t")
        else:
            raw = self.text[start : self.starts[last] + len(self.lines[last])].rstrip(" \t")
        return Scalar(raw, PLAIN, start, start + len(raw)), last + 1

    def inline_special(self, i: int, col: int) -> tuple[Node, int]:
        """A flow collection or quoted scalar after `key: ` / `- `; it may span lines, then the line must end."""
        start = self.starts[i] + col
        c = self.lines[i][col]
        node: Node
        if c == "{" or c == "[":
            node, end = self.flow(start)
        else:
            node, end = self.quoted(start)
        last = i + self.text.count("\n", start, end)
        rest = self.text[end : self.starts[last] + len(self.lines[last])]
        if rest.strip(" \t"):
            raise ParseError(f"unexpected text after a value: {rest.strip()[:40]!r}", end)
        return node, last + 1

    def quoted(self, p: int) -> tuple[Scalar, int]:
        text = self.text
        if text[p] == "'":
            j = p + 1
            while True:
                k = text.find("'", j)
                if k < 0:
                    raise ParseError("a single-quoted string is not closed", p)
                if text[k + 1 : k + 2] == "'":
                    j = k + 2
                    continue
                end = k + 1
                return Scalar(text[p:end], SINGLE, p, end), end
        m = _DOUBLE.match(text, p)
        if m is None:
            raise ParseError("a double-quoted string is not closed", p)
        end = m.end()
        return Scalar(m.group(), DOUBLE, p, end), end

    # --- flow collections ------------------------------------------------------------------------------------
    def flow(self, p: int) -> tuple[Node, int]:
        text = self.text
        self.last_offset = p
        if text[p] == "{":
            m = _SIMPLE_FLOW.match(text, p)
            if m is not None:
                return self._simple_flow(m), m.end()
            return self.flow_map(p)
        if text[p] == "[":
            return self.flow_seq(p)
        raise ParseError("expected '{' or '['", p)

    def _simple_flow(self, match: re.Match[str]) -> Mapping:
        return simple_flow(self.text, match)

    def _flow_value(self, p: int) -> tuple[Node, int]:
        c = self.text[p]
        if c == "{" or c == "[":
            return self.flow(p)
        if c == "'" or c == '"':
            return self.quoted(p)
        m = _FLOW_PLAIN.match(self.text, p)
        raw = m.group().rstrip(" \t\r\n") if m else ""
        if not raw:
            raise ParseError("expected a value in a flow collection", p)
        return Scalar(raw, PLAIN, p, p + len(raw)), p + len(raw)

    def flow_map(self, p: int) -> tuple[Mapping, int]:
        text = self.text
        m = Mapping(True, -1, p)
        p = _WS.match(text, p + 1).end()
        if text[p] == "}":
            m.end = p + 1
            return m, p + 1
        while True:
            kstart = p
            if text[p] in "'\"":
                key_node, p = self.quoted(p)
                key = key_node.text
            else:
                km = _FLOW_KEY.match(text, p)
                key = km.group().rstrip(" \t")
                p = km.end()
            if text[p] != ":":
                raise ParseError("expected ':' after a key in a flow mapping", p)
            p += 1
            m.keys_.append(key)
            m.key_spans.append((kstart, p))
            q = _WS.match(text, p).end()
            value: Node
            if text[q] in ",}":
                value = Scalar("", PLAIN, q, q)
            else:
                if q == p:
                    raise ParseError("expected a space after ':' in a flow mapping", p)
                value, q = self._flow_value(q)
            m.values.append(value)
            p = _WS.match(text, q).end()
            c = text[p]
            if c == ",":
                p = _WS.match(text, p + 1).end()
                continue
            if c == "}":
                m.end = p + 1
                return m, p + 1
            raise ParseError("expected ',' or '}' in a flow mapping", p)

    def flow_seq(self, p: int) -> tuple[Sequence, int]:
        text = self.text
        s = Sequence(True, -1, p)
        p = _WS.match(text, p + 1).end()
        if text[p] == "]":
            s.end = p + 1
            return s, p + 1
        while True:
            s.dashes.append(p)
            item, p = self._flow_value(p)
            s.items.append(item)
            p = _WS.match(text, p).end()
            c = text[p]
            if c == ",":
                p = _WS.match(text, p + 1).end()
                continue
            if c == "]":
                s.end = p + 1
                return s, p + 1
            raise ParseError("expected ',' or ']' in a flow sequence", p)
