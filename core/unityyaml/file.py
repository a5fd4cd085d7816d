"""A whole Unity YAML file (scene, prefab, asset, ...) as header text plus documents, written back losslessly.

Untouched documents are joined back exactly as read, so loading and writing without edits gives the same bytes.
Added objects get a fresh fileID in the file's style and keep its ordering rule: sorted by signed fileID when
the file is sorted (all scenes and assets in the fixtures), appended otherwise (most prefabs).
"""

from __future__ import annotations

import bisect
import hashlib
import random
from array import array
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from unitycli import safefs
from unitycli.errors import UnityCliError
from unitycli.spliced import Content, as_bytes, same_bytes
from unitycli.unityclasses import SCENE_SETTINGS_CLASSES
from unitycli.unityyaml.document import Document
from unitycli.unityyaml.emit import EmitStyle, emit_body
from unitycli.unityyaml.fileids import fresh_file_id, uses_large_ids
from unitycli.unityyaml.splice import spliced, verify_changed
from unitycli.unityyaml.split import RawDocument, split, unsupported
from unitycli.unityyaml.style import detect_style, file_evidence, style_of


def duplicate_file_ids(documents: Any) -> dict[int, list[int]]:
    """fileID -> header lines, for every fileID that more than one document of the file uses (lines are asked
    for only when there is one)."""
    counts = Counter(doc.file_id for doc in documents)
    if len(counts) == len(documents):
        return {}
    lines: dict[int, list[int]] = {}
    for doc in documents:
        if counts[doc.file_id] > 1:
            lines.setdefault(doc.file_id, []).append(doc.line)
    return lines


def describe_duplicates(duplicates: Mapping[int, list[int]]) -> str:
    """`&123 (lines 4, 40), &456 (lines 9, 77)`, the first few."""
    shown = [f"&{fid} (lines {', '.join(map(str, where))})" for fid, where in list(duplicates.items())[:5]]
    more = len(duplicates) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def duplicate_file_id_error(name: str | None, duplicates: Mapping[int, list[int]]) -> UnityCliError:
    where = f"{name}: " if name else ""
    return UnityCliError(
        "E_FILE_DUPLICATE_FILE_ID",
        f"{where}several objects share a fileID ({describe_duplicates(duplicates)}); the file is not edited, "
        "since an edit by fileID would reach only one of them",
        details={"file": name, "duplicates": [{"fileID": fid, "lines": list(where_)}
                                              for fid, where_ in duplicates.items()]},
        next_actions=[],  # no unitycli command repairs it: the runner offers the tool's describe
        manual_steps=["Open the file in the Unity Editor and re-save it (Unity reassigns clashing fileIDs), or remove "
                      "the duplicated document by hand, then retry"],
    )


# (header length, class IDs, fileIDs, stripped flags, end offsets): `UnityYamlFile.layout`
Layout = tuple[int, bytes, bytes, bytes, bytes]


def _from_layout(data: bytes, layout: Layout) -> tuple[str, list[RawDocument]]:
    """What `split(data)` gave for the bytes whose layout this is."""
    header_end, class_ids, file_ids, stripped, ends = layout
    classes, ids, stops = array("q"), array("q"), array("q")
    classes.frombytes(class_ids)
    ids.frombytes(file_ids)
    stops.frombytes(ends)
    if not len(classes) == len(ids) == len(stripped) == len(stops) or (stops and stops[-1] != len(data)):
        raise ValueError("the layout is not that of these bytes")
    starts = [header_end, *stops[:-1]] if stops else []
    return data[:header_end].decode("utf-8"), [
        RawDocument(c, f, bool(x), a, b) for c, f, x, a, b in zip(classes, ids, stripped, starts, stops, strict=True)]


class UnityYamlFile:
    """Header + documents. `parse(bytes)` / `to_bytes()`; look objects up by fileID; add and remove objects."""

    def __init__(self, header: str, documents: list[Document], *, name: str | None = None,
                 original: bytes | None = None, style: EmitStyle | None = None) -> None:
        self.header = header
        self.documents = documents
        self.name = name
        self._original = original
        self._style = style
        self._by_id: dict[int, Document] | None = None
        self._header_end: int | None = None  # byte length of the header when the documents know their spans
        self._editable = original is None
        self._id_rng: random.Random | None = None
        self._content: Content | None = None  # to_content() until something changes
        self.sorted = self._detect_sorted()
        # fileID -> 1-based header lines of every document using it, for fileIDs used more than once (as read)
        self.duplicate_file_ids: dict[int, list[int]] = {}
        # fileID -> {scan key -> value}: values scanned from this revision's objects (Document.get(scan=True)),
        # shared by every copy of the file as read and kept with it between calls (scene/filecache.py); None
        # where fileIDs are not unique, so a fileID names one object
        self.scans: dict[int, dict[str, Any]] | None = None
        # fileID -> the formatting evidence of that object (`Document.style_evidence`), kept as the scans are
        self.evidence: dict[int, int] | None = None
        self.scans_added = 0  # values scanned (or evidence found) that the tables did not have
        self.revision: str | None = None  # of the bytes read, when the reader knows it (scene/filecache.py)

    @classmethod
    def parse(cls, data: bytes, name: str | None = None, *, style: EmitStyle | None = None,
              layout: Layout | None = None) -> UnityYamlFile:
        """Split `data` into documents, each decoded and parsed when first read. E_FILE_FORMAT_UNSUPPORTED /
        E_ASSET_LFS_POINTER. `layout`: the split of these very bytes, kept from an earlier one (`layout`)."""
        header, raws = split(data, name) if layout is None else _from_layout(data, layout)
        file = cls(header, [], name=name, original=data, style=style)
        docs = file.documents
        for r in raws:
            doc = Document(r.class_id, r.file_id, r.stripped, None, None, file)
            doc.span = (r.start, r.end)
            docs.append(doc)
        file._header_end = len(data) - sum(r.end - r.start for r in raws)
        file.sorted = file._detect_sorted()
        file.duplicate_file_ids = duplicate_file_ids(docs)
        if not file.duplicate_file_ids:
            file.scans, file.evidence = {}, {}
        return file

    def copy(self) -> UnityYamlFile:
        """Another model of the same file as read, to edit without touching this one: objects share their text,
        parsed trees (never changed in place: an edit writes new text) and the table of scanned values."""
        if self._original is None or self._header_end is None or any(doc.dirty for doc in self.documents):
            raise ValueError("only a file as read can be copied")
        twin = UnityYamlFile(self.header, [], name=self.name, original=self._original, style=self._style)
        for doc in self.documents:
            other = Document(doc.class_id, doc.file_id, doc.stripped, doc._text, doc._line, twin)
            other._tree, other.span = doc._tree, doc.span
            twin.documents.append(other)
        twin._header_end, twin.sorted = self._header_end, self.sorted
        twin.duplicate_file_ids, twin.scans, twin._editable = self.duplicate_file_ids, self.scans, self._editable
        twin.evidence = self.evidence
        twin.revision = self.revision
        return twin

    def as_written(self, data: bytes) -> UnityYamlFile:
        """This edited file as the file read from `data` (its `to_bytes()`): the objects keep their text and trees
        and get their new byte ranges, and the scanned values of the untouched ones carry over. Its style is
        decided again (an edit may have changed the only object showing a habit), from the evidence kept with the
        untouched objects' values and that of the changed ones."""
        twin = UnityYamlFile(self.header, [], name=self.name, original=data)
        pos = self._header_end if self._header_end is not None else len(self.header.encode("utf-8"))
        for doc in self.documents:
            size = doc.span[1] - doc.span[0] if doc.span is not None and not doc.dirty else len(
                doc.text.encode("utf-8"))
            other = Document(doc.class_id, doc.file_id, doc.stripped, doc._text, None, twin)
            other._tree, other.span = doc._tree, (pos, pos + size)
            twin.documents.append(other)
            pos += size
        if pos != len(data):
            raise ValueError("the bytes are not this file's")
        twin._header_end = self._header_end if self._header_end is not None else len(self.header.encode("utf-8"))
        twin.sorted = twin._detect_sorted()
        twin.duplicate_file_ids = duplicate_file_ids(twin.documents)
        if not twin.duplicate_file_ids:
            twin.scans, twin.evidence = self.tables_as_written()
        twin._editable = self._editable
        return twin

    def tables_as_written(self) -> tuple[dict[int, dict[str, Any]] | None, dict[int, int] | None]:
        """The scanned values and formatting evidence that hold for this file as written: its untouched objects'."""
        untouched = [doc.file_id for doc in self.documents if not doc.dirty and doc.span is not None]
        scans, evidence = self.scans, self.evidence
        return (None if scans is None else {fid: scans[fid] for fid in untouched if fid in scans},
                None if evidence is None else {fid: evidence[fid] for fid in untouched if fid in evidence})

    def unchanged(self) -> bool:
        """Whether this is the file as read: no object changed, added or removed."""
        original = self._original
        return original is not None and self._header_end is not None and not any(
            doc.dirty for doc in self.documents) and len(original) == self._header_end + sum(
            doc.span[1] - doc.span[0] for doc in self.documents if doc.span is not None)

    def layout(self) -> Layout | None:
        """The split of this file as `to_bytes()` writes it, compactly, for `parse` of those bytes to skip the
        split: header length, then per object its class ID, fileID, `stripped` and end offset."""
        if self._header_end is None:
            return None
        pos, ends = self._header_end, array("q")
        for doc in self.documents:
            pos += doc.span[1] - doc.span[0] if doc.span is not None and not doc.dirty else len(
                doc.text.encode("utf-8"))
            ends.append(pos)
        return (self._header_end, array("q", [d.class_id for d in self.documents]).tobytes(),
                array("q", [d.file_id for d in self.documents]).tobytes(),
                bytes(d.stripped for d in self.documents), ends.tobytes())

    def written_as(self, content: Content) -> bool:
        """Whether `content` is the file's `to_content()` and nothing changed since."""
        return self._content is content

    @classmethod
    def read(cls, path: str | Path, *, style: EmitStyle | None = None) -> UnityYamlFile:
        path = Path(path)
        try:
            data = safefs.read_bytes(path)
        except FileNotFoundError:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{path.as_posix()} does not exist",
                                details={"file": path.as_posix()}) from None
        except OSError as exc:  # a folder, FIFO or device where a file is expected; EIO
            raise UnityCliError("E_PROJECT_FILE_UNREADABLE", f"{path.as_posix()} cannot be read: {exc.strerror}",
                                details={"file": path.as_posix(), "problem": exc.strerror or str(exc)}) from exc
        return cls.parse(data, path.as_posix(), style=style)

    @property
    def original(self) -> bytes | None:
        """The bytes this file was read from (None for a file made in memory)."""
        return self._original

    def number_lines(self) -> None:
        """Give each object read from the bytes the line of its header (one pass; lines only serve messages)."""
        data = self._original
        if data is None or self._header_end is None:
            return
        line, pos = self.header.count("\n") + 1, self._header_end
        for doc in sorted((d for d in self.documents if d.span is not None), key=lambda d: d.span[0]):  # type: ignore[index]
            start = doc.span[0]  # type: ignore[index]
            line += data.count(b"\n", pos, start)
            pos = start
            if doc._line is None:
                doc._line = line

    def changed(self) -> None:
        """An object changed (its document calls this): what was written before is out of date."""
        self._content = None

    def to_text(self) -> str:
        return self.header + "".join(doc.text for doc in self.documents)

    def to_content(self) -> Content:
        """The file's content: the bytes read when nothing changed, else untouched objects as ranges of those
        bytes around the changed ones encoded (splice.py), or the whole text encoded for a file made in memory."""
        content = self._content
        if content is None:
            if self._original is not None and self._header_end is not None:
                if self.unchanged():
                    content = self._original
                else:
                    content = spliced(self._original, self._header_end, self.documents)
            else:
                content = self.to_text().encode("utf-8")
            self._content = content
        return content

    def to_bytes(self) -> bytes:
        """The file's bytes in one buffer (`to_content()` joined)."""
        return as_bytes(self.to_content())

    def verified_content(self) -> Content:
        """`to_content()` once every changed object is shown to read back as itself (E_FILE_FORMAT_UNSUPPORTED
        otherwise): the write-side round-trip check at the cost of what changed."""
        verify_changed(self.documents, self.name, self.header,
                       len(self._original) if self._original is not None and self._header_end is not None else None)
        return self.to_content()

    @property
    def dirty(self) -> bool:
        return self._original is None or any(doc.dirty for doc in self.documents) or not same_bytes(self._original, self.to_content())

    # --- style and guard -------------------------------------------------------------------------------------
    @property
    def style(self) -> EmitStyle:
        """How this file's writer formats values (detected from the file unless given)."""
        if self._style is None:
            if self._original is not None and self._header_end is not None:
                head = self._original[:4096].decode("utf-8", "ignore")
                self._style = style_of(file_evidence(doc.style_evidence for doc in self.documents), head)
            else:
                self._style = detect_style(self.to_text())
        return self._style

    def ensure_unique_file_ids(self) -> None:
        """Refuse (E_FILE_DUPLICATE_FILE_ID) a file in which several documents share a fileID: a lookup by fileID
        would see only one of them, so an edit would miss or change one copy silently."""
        if self.duplicate_file_ids:
            raise duplicate_file_id_error(self.name, self.duplicate_file_ids)

    def ensure_editable(self) -> None:
        """Refuse (E_FILE_FORMAT_UNSUPPORTED) to edit a file whose untouched text would not come back identical,
        and (E_FILE_DUPLICATE_FILE_ID) one whose documents do not have distinct fileIDs."""
        if self._editable:
            return
        self.ensure_unique_file_ids()
        # Spliced output (see to_bytes) copies every untouched object from the bytes read: nothing to compare.
        if self._header_end is None and self.to_bytes() != self._original:
            raise unsupported("the file does not round-trip byte-identically, so it is not edited", self.name)
        self._editable = True

    def _detect_sorted(self) -> bool:
        ids = [doc.file_id for doc in self.documents]
        if len(ids) < 2:
            return not (self.name or "").endswith(".prefab")
        return all(a < b for a, b in zip(ids, ids[1:], strict=False))

    # --- lookup ----------------------------------------------------------------------------------------------
    def __iter__(self) -> Iterator[Document]:
        return iter(self.documents)

    def __len__(self) -> int:
        return len(self.documents)

    def _index(self) -> dict[int, Document]:
        if self._by_id is None:
            by_id: dict[int, Document] = {}
            for doc in self.documents:
                by_id.setdefault(doc.file_id, doc)
            self._by_id = by_id
        return self._by_id

    def find(self, file_id: int) -> Document | None:
        return self._index().get(file_id)

    def get(self, file_id: int) -> Document:
        """The object with `file_id` (E_OBJECT_NOT_FOUND when there is none)."""
        doc = self.find(file_id)
        if doc is None:
            raise UnityCliError("E_OBJECT_NOT_FOUND", f"{self.name or 'the file'} has no object &{file_id}",
                                details={"file": self.name, "fileID": file_id})
        return doc

    def of_class(self, cls: int | str) -> list[Document]:
        """Objects by class ID (`4`) or class name (`"Transform"`)."""
        if isinstance(cls, int):
            return [doc for doc in self.documents if doc.class_id == cls]
        return [doc for doc in self.documents if doc.class_name == cls]

    # --- adding and removing objects -------------------------------------------------------------------------
    @property
    def id_rng(self) -> random.Random:
        """Random numbers for new IDs, seeded by the file's content: the same edit of the same file gets the same
        IDs, so a `--dry-run` diff shows exactly the IDs the real run will write."""
        if self._id_rng is None:
            content = self._original if self._original is not None else self.to_bytes()
            self._id_rng = random.Random(int.from_bytes(hashlib.sha256(content).digest()[:16], "big"))
        return self._id_rng

    def new_file_id(self) -> int:
        """A fileID unused in this file, small for scenes and random 64-bit for prefabs and assets."""
        ids = self._index().keys()
        is_scene = (self.name or "").endswith(".unity") or any(
            d.class_id in SCENE_SETTINGS_CLASSES for d in self.documents[:4])
        return fresh_file_id(set(ids), large=uses_large_ids(ids, is_scene=is_scene), rng=self.id_rng)

    def add_document(self, class_id: int, class_name: str, fields: Mapping[str, Any], *,
                     file_id: int | None = None, stripped: bool = False) -> Document:
        """Add an object written in Unity's style; it goes where the file's ordering rule puts it."""
        self.ensure_editable()
        if file_id is None:
            file_id = self.new_file_id()
        elif file_id in self._index():
            raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"fileID {file_id} is already used in the file",
                                details={"file": self.name, "fileID": file_id})
        style = self.style
        header = f"--- !u!{class_id} &{file_id}{' stripped' if stripped else ''}{style.newline}"
        doc = Document(class_id, file_id, stripped, header + emit_body(class_name, fields, style=style), 0, self)
        doc.dirty = True
        if self.sorted:
            pos = bisect.bisect_right([d.file_id for d in self.documents], file_id)
        else:
            pos = len(self.documents)
        if pos == len(self.documents) and self.documents and not self.documents[-1].text.endswith("\n"):
            last = self.documents[-1]
            last.set_text(last.text + style.newline)
        self.documents.insert(pos, doc)
        self._by_id = None
        self.changed()
        return doc

    def remove_document(self, file_id: int) -> Document:
        """Remove an object (references to it are the caller's business: see `references_to`)."""
        self.ensure_editable()
        doc = self.get(file_id)
        self.documents.remove(doc)
        self._by_id = None
        self.changed()
        return doc

    def references_to(self, file_id: int) -> list[Document]:
        """Objects whose text holds a local reference `{fileID: file_id}` (a fast text scan, then a check)."""
        needle = f"fileID: {file_id}"
        hits = []
        for doc in self.documents:
            text = doc.text
            pos = text.find(needle)
            while pos >= 0:
                after = text[pos + len(needle) : pos + len(needle) + 1]
                if after in ("}", ""):
                    hits.append(doc)
                    break
                pos = text.find(needle, pos + 1)
        return hits
