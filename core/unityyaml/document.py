"""One Unity object (`--- !u!<classID> &<fileID>` and its body), parsed only when something looks inside it.

Scenes hold thousands of objects and most tools touch a few, so the text of each object is kept as is and the
node tree is built on first access. A read of a few values of a large object (`get`, `first_item_with`) parses
only their lines (peek.py) until something needs the tree; edits always work on the whole tree. Every edit
rewrites the text and drops the tree, so spans never go stale.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.unityyaml import edit
from unitycli.unityyaml.emit import EmitStyle
from unitycli.unityyaml.nodes import Mapping, Node, Scalar, Sequence
from unitycli.unityyaml.parser import ParseError, parse_document
from unitycli.unityyaml.paths import parse_path, resolve
from unitycli.unityyaml.peek import NO_MATCH, peek, peek_item
from unitycli.unityyaml.scalars import ScalarError
from unitycli.unityyaml.style import EVERY, looked_past, style_evidence

_MISSING: Any = object()
_NO_VALUES: dict[str, Any] = {}
_STYLE_BITS = EVERY.bit_length()


class _Absent:
    """A scanned path the object does not have (one value, kept in tables of scanned values)."""

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"  # pickled as this module's one ABSENT (scene/filecache.py saves tables of scanned values)


ABSENT: Any = _Absent()
_DEFAULT_STYLE = EmitStyle()
# Objects at least this long answer `get` by reading only the value's lines (see peek.py) until something parses
# them whole; smaller ones parse at once, which costs less than peeking at several of their values. Stripped
# objects (a prefab instance's stand-ins, hundreds in a big scene) always peek: only one or two values of each
# are ever read.
PEEK_MIN_CHARS = 2048


# (object text, path) -> value read by `get(scan=True)`, newest last, for objects whose file keeps no table of
# scanned values (see `_scanned`). One owner (Document.get), one rule: the key is the object's exact text, so an
# edit (ours or anyone's) is a new key and an entry never goes stale; the oldest go beyond the bound.
_SCAN_CACHE: OrderedDict[tuple[str, str], Any] = OrderedDict()
_SCAN_CACHE_MAX = 200_000


def _remembered(key: tuple[str, str], compute: Callable[[], Any]) -> Any:
    """The cached value of `key`, else `compute()` cached under it."""
    value = _SCAN_CACHE.get(key, _MISSING)
    if value is _MISSING:
        value = _SCAN_CACHE[key] = compute()
        if len(_SCAN_CACHE) > _SCAN_CACHE_MAX:
            _SCAN_CACHE.popitem(last=False)
    else:
        _SCAN_CACHE.move_to_end(key)
    return value


def item_scan_key(path: str, key: str, value: str, fields: tuple[str, ...] | None) -> str:
    """The key under which `Document.first_item_with(path, key, value, fields, scan=True)` keeps its answer in
    the file's table of scanned values."""
    return f"{path}\0{key}\0{value}\0{fields}"


def _scanned_value(doc: Document, key: str, compute: Callable[[], Any]) -> Any:
    """A scanned value of `doc`, from its file's table of scanned values when the file keeps one (a table belongs to
    one revision of the file, so it answers for objects as read, never for one edited since), else from the cache
    keyed by the object's text."""
    table = getattr(doc._owner, "scans", None)
    if table is None or doc.dirty or doc.span is None:
        return _remembered((doc.text, key), compute)
    values = table.get(doc.file_id)
    if values is None:
        values = table[doc.file_id] = {}
    value = values.get(key, _MISSING)
    if value is _MISSING:
        value = values[key] = compute()
        doc._owner.scans_added += 1
    return value


def _scanned(doc: Document, path: str, default: Any) -> Any:
    table = getattr(doc._owner, "scans", None)  # the common case first: a value the table holds
    if table is not None and not doc.dirty and doc.span is not None:
        value = table.get(doc.file_id, _NO_VALUES).get(path, _MISSING)
        if value is not _MISSING:
            return default if value is ABSENT else value

    def read() -> Any:
        keys = doc._plain_keys(path) if path else None
        found = peek(doc.text, keys) if keys else None
        return doc._decoded(found, path) if found is not None else doc.get(path, ABSENT)

    value = _scanned_value(doc, path, read)
    return default if value is ABSENT else value


class Document:
    """A Unity object: identity from its header line, values by property path, edits in Unity's style."""

    __slots__ = ("class_id", "file_id", "stripped", "_line", "_text", "_tree", "_owner", "dirty", "span")

    def __init__(self, class_id: int, file_id: int, stripped: bool, text: str | None, line: int | None = 0,
                 owner: Any = None) -> None:
        self.class_id = class_id
        self.file_id = file_id
        self.stripped = stripped
        self._line = line  # see `line`; None until asked (the owner numbers every object read in one pass)
        self._text = text  # None until read: then decoded from the owner's bytes at `span`
        self._tree: Mapping | None = None
        self._owner = owner  # the UnityYamlFile: supplies the emit style and the round-trip guard
        self.dirty = False
        self.span: tuple[int, int] | None = None  # its byte range in the file as read (see splice.py)

    def __repr__(self) -> str:
        return f"<Document !u!{self.class_id} &{self.file_id}{' stripped' if self.stripped else ''}>"

    @property
    def line(self) -> int:
        """1-based line of the header in the file as read (0 for a new document)."""
        if self._line is None:
            number = getattr(self._owner, "number_lines", None)
            if number is not None:
                number()
            if self._line is None:
                self._line = 0
        return self._line

    @property
    def file_name(self) -> str | None:
        """The name of the file this document belongs to (for error details), when it belongs to one."""
        return getattr(self._owner, "name", None)

    @property
    def text(self) -> str:
        """The document's exact text, header line included (decoded from the file's bytes on first use)."""
        text = self._text
        if text is None:
            start, end = self.span  # type: ignore[misc]  # a document without text always has its range
            text = self._text = str(memoryview(self._owner.original)[start:end], "utf-8")
        return text

    def _transient_text(self) -> str:
        """The text, decoded for the moment only when it was not read yet (a walk over every object of a big file
        must not keep the whole file decoded)."""
        if self._text is not None or self.span is None:
            return self.text
        return str(memoryview(self._owner.original)[self.span[0] : self.span[1]], "utf-8")

    def style_evidence(self, wanted: int) -> int:
        """The formatting habits among `wanted` this object's text shows (style.py bits). Kept in its file's table
        of evidence as (habits looked for, habits found), so a file's style is decided again from the objects an
        edit changed only, and a habit is looked for once per object."""
        table = getattr(self._owner, "evidence", None)
        if table is None or self.dirty or self.span is None:
            return style_evidence(self._transient_text(), wanted)
        kept = table.get(self.file_id, 0)
        looked, found = kept >> _STYLE_BITS, kept & EVERY
        missing = wanted & ~looked
        if missing:
            shown = style_evidence(self._transient_text(), missing)
            found |= shown
            table[self.file_id] = ((looked | (missing & ~looked_past(shown))) << _STYLE_BITS) | found
            self._owner.scans_added += 1
        return found & wanted

    @property
    def class_name(self) -> str:
        """The first key of the body (`GameObject`, `MonoBehaviour`, …), read without parsing the document."""
        text = self._text
        if text is None:  # read the second line from the bytes, without decoding the whole object
            start, end = self.span  # type: ignore[misc]
            data = self._owner.original
            second = data.find(b"\n", start, end) + 1
            colon = data.find(b":", second, end)
            line_end = data.find(b"\n", second, end)
            if colon >= 0 and (line_end < 0 or colon < line_end):
                return data[second:colon].decode("utf-8") if second and colon > second else ""
            text = self.text
        start = text.find("\n") + 1
        end = text.find(":", start)
        return text[start:end] if start and end > start else ""

    @property
    def tree(self) -> Mapping:
        """The parsed top mapping `{ClassName: body}` (parsed on first use)."""
        tree = self._tree
        if tree is None:
            try:
                tree = self._tree = parse_document(self.text)
            except ParseError as exc:
                line = self.text.count("\n", 0, exc.offset)
                name = getattr(self._owner, "name", None)
                where = f"{name}: " if name else ""
                raise UnityCliError(
                    "E_FILE_FORMAT_UNSUPPORTED",
                    f"{where}line {self.line + line if self.line else line + 1}: {exc.message} "
                    f"(object &{self.file_id})",
                    details={"file": name, "fileID": self.file_id, "line": self.line + line if self.line else None},
                ) from None
        return tree

    @property
    def root(self) -> Node:
        """The body: the mapping under the class name, dict-like (`doc.root["m_Name"]`)."""
        return self.tree.values[0]

    # --- reading ---------------------------------------------------------------------------------------------
    def node(self, path: str) -> Node:
        """The node at `path` (E_PROPERTY_NOT_FOUND if absent)."""
        return resolve(self.tree, path)[-1].child

    def get(self, path: str, default: Any = _MISSING, *, scan: bool = False) -> Any:
        """The Python value at `path`: int/float/str, `Ref`, dict or list; `default` (if given) when absent.

        A large object not yet parsed answers from the value's own lines, so a read of a few values of a 4 MB
        scene does not parse it all; anything uncertain falls back to the full parse, so an object that parses
        gives the same answer either way. `scan` does the same for a small object, and remembers the answer by
        the object's exact text: for a walk over every object of a file (the hierarchy), which reads a few values
        of each, again at every step of a batch or MCP session. Scanned values are shared: read them, never
        change them.
        """
        if scan and self._tree is None:
            return _scanned(self, path, default)
        if self._tree is None and path and (self.stripped or len(self.text) >= PEEK_MIN_CHARS):
            keys = self._plain_keys(path)
            found = peek(self.text, keys) if keys else None
            if found is not None:
                return self._decoded(found, path)
        try:
            node = self.node(path)
        except UnityCliError as exc:
            if default is _MISSING or exc.code != "E_PROPERTY_NOT_FOUND":
                raise
            return default
        return self._decoded(node, path)

    def _decoded(self, node: Node, path: str) -> Any:
        """Scalars decode lazily; a malformed one (a bad escape) is a format error, not a crash."""
        try:
            return node.to_python()
        except ScalarError as exc:
            name = getattr(self._owner, "name", None)
            raise UnityCliError(
                "E_FILE_FORMAT_UNSUPPORTED",
                f"{name + ': ' if name else ''}{exc} at {path or 'the object'} (object &{self.file_id})",
                details={"file": name, "fileID": self.file_id, "path": path},
            ) from None

    @staticmethod
    def _plain_keys(path: str) -> tuple[str, ...] | None:
        try:
            segments = parse_path(path)
        except UnityCliError:
            return None
        return segments if all(isinstance(s, str) for s in segments) else None  # type: ignore[return-value]

    def first_item_with(self, path: str, key: str, value: str, fields: tuple[str, ...] | None = None, *,
                        scan: bool = False) -> dict[str, Any] | None:
        """The first mapping in the list at `path` whose `key` is the word `value` as written (e.g. the `m_Name`
        entry of a PrefabInstance's modifications), as Python values, limited to `key` and `fields` when given;
        None when there is none or no such list. A large object not yet parsed reads only that item's lines
        (only the `fields` entries, when they are one line each). `scan` remembers the answer as `get` does."""
        if scan and self._tree is None:
            return _scanned_value(self, item_scan_key(path, key, value, fields),
                                  lambda: self.first_item_with(path, key, value, fields))
        keys = self._plain_keys(path)
        if self._tree is None and keys and len(self.text) >= PEEK_MIN_CHARS:
            found = peek_item(self.text, keys, key, value, fields)
            if found is NO_MATCH:
                return None
            if isinstance(found, Mapping):
                decoded = self._decoded(found, path)
                return decoded if isinstance(decoded, dict) else None
            if isinstance(found, dict):
                return {key: value, **{k: self._decoded(node, path) for k, node in found.items()}}
        try:
            items = self.node(path)
        except UnityCliError as exc:
            if exc.code != "E_PROPERTY_NOT_FOUND":
                raise
            return None
        if not isinstance(items, Sequence):
            return None
        for item in items.items:
            hit = item.get(key) if isinstance(item, Mapping) else None
            if isinstance(hit, Scalar) and hit.text == value:
                decoded = self._decoded(item, path)
                if not isinstance(decoded, dict):
                    return None
                return decoded if fields is None else {k: decoded[k] for k in (key, *fields) if k in decoded}
        return None

    def get_text(self, path: str) -> str:
        """A scalar's string exactly as written (no number conversion: GUIDs, hex blobs, `0001` stay text)."""
        node = self.node(path)
        if not isinstance(node, Scalar):
            raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{path!r} is not a single value",
                                details={"path": path})
        return node.text

    def has(self, path: str) -> bool:
        try:
            self.node(path)
        except UnityCliError as exc:
            if exc.code != "E_PROPERTY_NOT_FOUND":
                raise
            return False
        return True

    def to_python(self) -> dict[str, Any]:
        """The whole body as plain Python values."""
        value = self._decoded(self.root, "")
        return value if isinstance(value, dict) else {}

    # --- editing ---------------------------------------------------------------------------------------------
    def _edit(self, change: Callable[[str, Mapping, EmitStyle], str]) -> None:
        owner = self._owner
        if owner is not None:
            owner.ensure_editable()
        style = owner.style if owner is not None else _DEFAULT_STYLE
        text = change(self.text, self.tree, style)
        if text != self._text:
            self._text = text
            self._tree = None
            self.dirty = True
            if owner is not None:
                owner.changed()

    def set(self, path: str, value: Any) -> None:
        """Set the value at `path` (number, string, `Ref`, dict for a mapping, list for a list)."""
        self._edit(lambda text, top, style: edit.set_value(text, top, path, value, style))

    def insert_item(self, path: str, index: int, value: Any) -> None:
        """Insert `value` into the list at `path` before item `index` (`index == len` appends)."""
        self._edit(lambda text, top, style: edit.insert_item(text, top, path, index, value, style))

    def append_item(self, path: str, value: Any) -> None:
        self.insert_item(path, -1, value)

    def remove_item(self, path: str, index: int) -> None:
        """Remove item `index` from the list at `path`; removing the last one leaves `[]`."""
        self._edit(lambda text, top, style: edit.remove_item(text, top, path, index, style))

    def insert_key(self, path: str, key: str, value: Any, after: str | None = None) -> None:
        """Add `key: value` to the block mapping at `path` (`""` for the body), after `after` or at the end."""
        self._edit(lambda text, top, style: edit.insert_key(text, top, path, key, value, after, style))

    def remove_key(self, path: str) -> None:
        """Remove the mapping entry at `path` (its key and its whole value)."""
        self._edit(lambda text, top, style: edit.remove_key(text, top, path, style))

    def set_text(self, text: str) -> None:
        """Replace the whole document text (header line included); used when adding objects."""
        self._text = text
        self._tree = None
        self.dirty = True
        if self._owner is not None:
            self._owner.changed()
