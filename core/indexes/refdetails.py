"""What `asset.references` says about each referring object, computed once when a file is indexed.

For every posting (a file's references to one GUID) the index keeps, per referring document, its class name, the
readable name the tool shows (its `m_Name`, else its GameObject's, else the `m_Name` a PrefabInstance overrides)
and each property path holding a reference (`m_Materials[0]`, `m_Modification.m_Modifications[2].target`) with
the referenced fileID and type. A warm query is then one lookup, where reading and parsing every referring file
cost ~3 ms each (PhysicsSamples' most used material: 101 files, 316 ms against `rg -l`'s 13 ms CPU).

Nothing here parses YAML: one pass over each referring document's lines, the key path kept from indentation, as
Unity writes its block style (a sequence's `- ` items at their key's indent, one flow mapping per reference on
one line). Anything else - a reference wrapped over two lines, a multi-line or escaped string, a flow sequence,
a name the parser would read as a number - makes the posting's details None, and the tool reads that file as it
did before. So the details are either what the parser-based reading gives or absent, never a guess; a test
compares both over every GUID a fixture references (tests/assets/test_references_indexed.py).
"""

from __future__ import annotations

import json
import re

from unitycli.indexes.extract import BOM

_HEADER = re.compile(r"\n--- !u!(\d+) &(-?\d+)([^\n]*)")
_GUID = re.compile(r"[0-9a-f]{32}")
_REF = re.compile(r"\{fileID: (-?\d+), guid: ([0-9a-f]{32}), type: (-?\d+)\}")
_LOCAL = re.compile(r"\{fileID: (-?\d+)\}")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Every plain scalar the parser reads as a number (`unityyaml.scalars.typed_plain`) matches this, and few names do.
_NUMBER_LIKE = re.compile(r"-?[0-9][0-9.e+-]*|-?Infinity|NaN")
_NAME_OVERRIDE = re.compile(r"\n    - target: [^\n]*(?:\n        [^\n]*)?\n      propertyPath: m_Name\n"
                            r"      value: ([^\n]*)\n      objectReference: ")


class Unsure(Exception):
    """A construct the line reading does not handle; the posting keeps no details."""


# A referring document as the tool shows it: (class name, name or None, [(property, fileID or None, type or None)])
Details = list[tuple[str, str | None, list[tuple[str, int | None, int | None]]]]


class _Doc:
    __slots__ = ("class_id", "file_id", "stripped", "start", "end")

    def __init__(self, class_id: int, file_id: int, stripped: bool, start: int, end: int) -> None:
        self.class_id, self.file_id, self.stripped, self.start, self.end = class_id, file_id, stripped, start, end


def _segment(key: str) -> str:
    if _PLAIN_KEY.fullmatch(key):
        return key
    return '["' + key.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _join(prefix: str, segment: str) -> str:
    if not prefix:
        return segment
    return prefix + segment if segment.startswith("[") else f"{prefix}.{segment}"


def _quoted_closed(value: str) -> bool:
    """A quoted scalar that ends on its line; an escape in a double-quoted one is left to the parser."""
    quote = value[0]
    if quote == '"':
        return len(value) > 1 and value.endswith('"') and "\\" not in value
    return len(value) > 1 and value.endswith("'")


def _leaf(path: str, value: str, guids: set[str], out: dict[str, list]) -> None:
    """The references to `guids` in one value on one line."""
    if not any(guid in value for guid in guids):
        if value[0] in "{[" and not value.endswith(("}", "]")):
            raise Unsure("a flow collection continues on the next line")
        if value[0] in "'\"" and not _quoted_closed(value):
            raise Unsure("a quoted string continues on the next line")
        if value[0] in "|>":
            raise Unsure("a block scalar")
        return
    if value[0] == "{":
        ref = _REF.fullmatch(value)
        if ref is None:
            raise Unsure("a reference not in Unity's one-line shape")
        if ref.group(2) in guids:
            out.setdefault(ref.group(2), []).append((path, int(ref.group(1)), int(ref.group(3))))
        return
    if value[0] in "[|>&*!":
        raise Unsure("a flow sequence, block scalar, anchor or tag holding the GUID")
    if value[0] in "'\"" and not _quoted_closed(value):
        raise Unsure("a quoted string continues on the next line")
    for guid in guids:
        if guid in value:  # a scalar holding the GUID (a bare `guid:` line, JSON inside a string)
            out.setdefault(guid, []).append((path, None, None))


def _unwrapped(value: str, lines: list[str], i: int, indent: int) -> tuple[str, int]:
    """A flow mapping Unity wrapped after a comma (`guid: G,` / `        type: 3}`) joined back into one line, with
    the index of its last line; the parser reads the line break as a space."""
    if not value.startswith("{") or value.endswith("}"):
        return value, i
    while not value.endswith("}") and i + 1 < len(lines):
        following = lines[i + 1]
        rest = following.lstrip(" ")
        if len(following) - len(rest) <= indent or not rest or "{" in rest:
            break
        value = f"{value} {rest}"
        i += 1
    return value, i


def _modification(frames: list[list], lines: list[str], i: int, n: int, guids: set[str],
                  out: dict[str, list]) -> bool:
    """Read `- target: {…}` / `propertyPath:` / `value:` / `objectReference: {…}` (lines i to i+3, the item at
    indent n) as the line-by-line reading would, and push its frames; False, with nothing changed, for any item
    not in exactly that shape (the general reading then takes it)."""
    if i + 3 >= len(lines):
        return False
    inner = " " * (n + 2)
    target, path_line, value_line, reference = lines[i][n + 10:], lines[i + 1], lines[i + 2], lines[i + 3]
    if not (path_line.startswith(inner + "propertyPath: ") and value_line.startswith(inner + "value:")
            and reference.startswith(inner + "objectReference: {") and target.endswith("}")
            and reference.endswith("}")):
        return False
    if i + 4 < len(lines) and lines[i + 4].startswith(inner + " "):
        return False  # something continues below the item
    property_path, value = path_line[n + 16:], value_line[n + 9:]
    reference = reference[n + 19:]
    plain = (property_path, value)
    if any(text and (text[0] in _SPECIAL or text[-1] == " ") for text in plain) or value_line[n + 8:n + 9] not in (
            "", " "):
        return False
    parent = frames[-1]
    index = parent[3]
    hits = [(key, text) for key, text in (("target", target), ("propertyPath", property_path),
                                          ("value", value), ("objectReference", reference))
            if any(guid in text for guid in guids)]
    found: dict[str, list] = {}
    if hits:
        item = f"{_path(frames)}[{index}]"
        try:
            for key, text in hits:
                _leaf(f"{item}.{key}", text, guids, found)
        except Unsure:
            return False
    parent[3] += 1
    frames.append([n, f"[{index}]", True, 0, False])
    frames.append([n + 2, "objectReference", False, 0, True])
    for guid, refs in found.items():
        out.setdefault(guid, []).extend(refs)
    return True


def _path(frames: list[list]) -> str:
    """The property path of the innermost frame: keys joined by dots, `["key"]` for a key that is not plain."""
    path = ""
    for frame in frames:
        segment = frame[1] if frame[2] else _segment(frame[1])
        path = _join(path, segment)
    return path


_SPECIAL = frozenset("{['\"|>&*!")


def _properties(text: str, start: int, end: int, guids: set[str]) -> dict[str, list]:
    """guid -> [(property path, fileID, type)] for one document body `text[start:end]` (after its header line).

    Every line is followed for the sequence indices; the path is only spelled out on a line holding a GUID."""
    out: dict[str, list] = {}
    # frames: [indent, key (or "[i]" for an item), is item, items so far, holds a value on its line]
    frames: list[list] = []
    lines = text[start:end].split("\n")
    if not lines or not lines[0].endswith(":") or lines[0].startswith(" "):
        raise Unsure("no class key")
    count = len(lines)
    i = 0
    while i + 1 < count:
        i += 1
        line = lines[i]
        if not line:
            continue
        content = line.lstrip(" ")
        n = len(line) - len(content)
        if content[:2] == "- " or content == "-":
            while frames and (frames[-1][0] > n or (frames[-1][0] == n and frames[-1][2])):
                frames.pop()
            if not frames or frames[-1][4] or frames[-1][2]:
                raise Unsure("a sequence item where no key opened one")
            parent = frames[-1]
            if parent[1] == "m_Modifications" and content.startswith("- target: {") and _modification(
                    frames, lines, i, n, guids, out):
                i += 3  # a PrefabInstance's modification in Unity's four lines, read at once
                continue
            index = parent[3]
            parent[3] += 1
            content = content[2:]
            if not content:
                raise Unsure("an item whose value is on the next lines")
            key_end = content.find(": ")
            if key_end < 0 and content[-1] == ":" and content[0] not in _SPECIAL:
                key_end = len(content) - 1
            if key_end < 0 or content[0] in _SPECIAL:  # the item is one value
                frames.append([n, f"[{index}]", True, 0, True])
                if content[0] in _SPECIAL or any(guid in content for guid in guids):
                    content, i = _unwrapped(content, lines, i, n)
                    _leaf(_path(frames), content, guids, out)
                continue
            frames.append([n, f"[{index}]", True, 0, False])
            n += 2
        else:
            while frames and frames[-1][0] >= n:
                frames.pop()
            if frames and frames[-1][4]:
                raise Unsure("a value continues on the next line")
            if content[0] in "'\"{[&*!|>?%@`#":
                raise Unsure("a key that is not plain")
            key_end = content.find(": ")
            if key_end < 0:
                if content[-1] != ":":
                    raise Unsure("a line that is neither a key nor an item")
                key_end = len(content) - 1
        key = content[:key_end]
        if key == "fileID" or not key or key[-1] == " ":
            raise Unsure("a block-style reference or an unusual key")
        value = content[key_end + 2:]
        frames.append([n, key, False, 0, bool(value)])
        if value and (value[0] in _SPECIAL or any(guid in value for guid in guids)):
            value, i = _unwrapped(value, lines, i, n)
            _leaf(_path(frames), value, guids, out)
    return out


def _scalar_text(value: str) -> str | None:
    """The parser's value of a one-line scalar if it is a string; Unsure where it would be a number or needs more
    than this reading."""
    if not value:
        return ""
    if value[0] == "'":
        if not _quoted_closed(value):
            raise Unsure("a quoted name continues on the next line")
        return value[1:-1].replace("''", "'")
    if value[0] == '"':
        if not _quoted_closed(value):
            raise Unsure("an escaped or continued name")
        return value[1:-1]
    if _NUMBER_LIKE.fullmatch(value) or value.endswith(" ") or value[0] in "{[&*!|>%@`#?" or " #" in value:
        raise Unsure("a name the parser may read as a number")
    return value


class _File:
    """One file's documents, with the lookups that naming an object needs."""

    def __init__(self, text: str) -> None:
        self.text = text
        heads = list(_HEADER.finditer(text))
        self.docs: dict[int, _Doc] = {}
        for i, head in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            doc = _Doc(int(head.group(1)), int(head.group(2)), head.group(3).endswith(" stripped"), head.end() + 1,
                       end)
            self.docs.setdefault(doc.file_id, doc)

    def _top(self, doc: _Doc, key: str) -> str | None:
        """The one-line value of a top-level key (two spaces in) of `doc`, or None when it has no such key."""
        text, needle = self.text, f"\n  {key}:"
        at = text.find(needle, doc.start - 1, doc.end)
        if at < 0:
            return None
        line_end = text.find("\n", at + 1, doc.end)
        line_end = doc.end if line_end < 0 else line_end
        rest = text[at + len(needle):line_end]
        if rest and not rest.startswith(" "):
            return None  # a longer key (`m_NameX:`)
        following = text[line_end + 1:line_end + 4] if line_end < doc.end else ""
        if following.startswith("   "):
            raise Unsure(f"{key} continues on the next line")
        return rest[1:] if rest else ""

    def _own_name(self, doc: _Doc) -> str | None:
        value = self._top(doc, "m_Name")
        name = _scalar_text(value) if value is not None else None
        return name or None

    def _local(self, doc: _Doc, key: str) -> int | None:
        """The fileID of a local reference `key: {fileID: N}`, None when it is absent, null or not local."""
        value = self._top(doc, key)
        if value is None:
            return None
        local = _LOCAL.fullmatch(value)
        if local is None:
            if _REF.fullmatch(value) is None:
                raise Unsure(f"{key} is not a one-line reference")
            return None
        return int(local.group(1)) or None

    def name(self, doc: _Doc) -> str | None:
        """As `refpaths.object_name`: own m_Name, else the GameObject's, else the PrefabInstance's override."""
        own = self._own_name(doc)
        if own is not None:
            return own
        owner = self._local(doc, "m_GameObject")
        if owner is not None:
            target = self.docs.get(owner)
            return self._own_name(target) if target is not None else None
        instance = self._local(doc, "m_PrefabInstance") if doc.stripped else None
        if instance is not None:
            target = self.docs.get(instance)
            return self.name(target) if target is not None and target.class_id == 1001 else None
        if doc.class_id == 1001:
            first = self.text.find("\n      propertyPath: m_Name\n", doc.start - 1, doc.end)
            if first < 0:
                return None
            found = _NAME_OVERRIDE.search(self.text, doc.start - 1, doc.end)
            if found is None or self.text.find("\n      propertyPath: m_Name\n", found.start(), doc.end) != first:
                raise Unsure("an m_Name override not in the usual shape")
            return _scalar_text(found.group(1))
        return None

    def class_name(self, doc: _Doc) -> str:
        line_end = self.text.find("\n", doc.start, doc.end)
        first = self.text[doc.start:line_end if line_end >= 0 else doc.end]
        colon = first.find(":")
        return first[:colon] if colon > 0 else ""


def posting_details(data: bytes, postings: list[tuple[str, int, str]]) -> list[str | None]:
    """For each posting of `data` (as `extract.scan_yaml` made them), its details as JSON, or None where the line
    reading is unsure (see the module docstring)."""
    try:
        text = data[3:].decode("utf-8") if data.startswith(BOM) else data.decode("utf-8")
    except UnicodeDecodeError:
        return [None] * len(postings)
    if "\r" in text:
        return [None] * len(postings)
    file = _File(text)
    wanted: dict[int, set[str]] = {}
    for guid, _count, docs in postings:
        for doc in docs.split(" "):
            wanted.setdefault(int(doc.partition(":")[2]), set()).add(guid)
    found: dict[int, dict[str, list] | None] = {}
    for file_id, guids in wanted.items():
        doc = file.docs.get(file_id)
        try:
            found[file_id] = _properties(text, doc.start, doc.end, guids) if doc is not None else None
        except Unsure:
            found[file_id] = None
    out: list[str | None] = []
    for guid, _count, docs in postings:
        rows: Details = []
        try:
            for entry in docs.split(" "):
                file_id = int(entry.partition(":")[2])
                doc, props = file.docs.get(file_id), found.get(file_id)
                if doc is None or props is None:
                    raise Unsure("a document the line reading could not follow")
                rows.append((file.class_name(doc), file.name(doc), props.get(guid, [])))
        except Unsure:
            out.append(None)
            continue
        out.append(json.dumps(rows, ensure_ascii=False, separators=(",", ":")))
    return out
