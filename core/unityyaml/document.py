"""One Unity object (`--- !u!<classID> &<fileID>` and its body), parsed only when something looks inside it.

Scenes hold thousands of objects and most tools touch a few, so the text of each object is kept as is and the
node tree is built on first access. Every edit rewrites the text and drops the tree, so spans never go stale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.unityyaml import edit
from unitycli.unityyaml.emit import EmitStyle
from unitycli.unityyaml.nodes import Mapping, Node, Scalar
from unitycli.unityyaml.parser import ParseError, parse_document
from unitycli.unityyaml.paths import resolve
from unitycli.unityyaml.scalars import ScalarError

_MISSING: Any = object()
_DEFAULT_STYLE = EmitStyle()


class Document:
    """A Unity object: identity from its header line, values by property path, edits in Unity's style."""

    __slots__ = ("class_id", "file_id", "stripped", "line", "_text", "_tree", "_owner", "dirty")

    def __init__(self, class_id: int, file_id: int, stripped: bool, text: str, line: int = 0,
                 owner: Any = None) -> None:
        self.class_id = class_id
        self.file_id = file_id
        self.stripped = stripped
        self.line = line  # 1-based line of the header in the file as read (0 for a new document)
        self._text = text
        self._tree: Mapping | None = None
        self._owner = owner  # the UnityYamlFile: supplies the emit style and the round-trip guard
        self.dirty = False

    def __repr__(self) -> str:
        return f"<Document !u!{self.class_id} &{self.file_id}{' stripped' if self.stripped else ''}>"

    @property
    def file_name(self) -> str | None:
        """The name of the file this document belongs to (for error details), when it belongs to one."""
        return getattr(self._owner, "name", None)

    @property
    def text(self) -> str:
        """The document's exact text, header line included."""
        return self._text

    @property
    def class_name(self) -> str:
        """The first key of the body (`GameObject`, `MonoBehaviour`, …), read without parsing the document."""
        start = self._text.find("\n") + 1
        end = self._text.find(":", start)
        return self._text[start:end] if start and end > start else ""

    @property
    def tree(self) -> Mapping:
        """The parsed top mapping `{ClassName: body}` (parsed on first use)."""
        tree = self._tree
        if tree is None:
            try:
                tree = self._tree = parse_document(self._text)
            except ParseError as exc:
                line = self._text.count("\n", 0, exc.offset)
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

    def get(self, path: str, default: Any = _MISSING) -> Any:
        """The Python value at `path`: int/float/str, `Ref`, dict or list; `default` (if given) when absent."""
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
        text = change(self._text, self.tree, style)
        if text != self._text:
            self._text = text
            self._tree = None
            self.dirty = True

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
        self._edit(lambda text, top, style: edit.remove_key(text, top, path))

    def set_text(self, text: str) -> None:
        """Replace the whole document text (header line included); used when adding objects."""
        self._text = text
        self._tree = None
        self.dirty = True
