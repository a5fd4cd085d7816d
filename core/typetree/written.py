"""Whether what a write leaves in a Unity-YAML file is in a layout an Editor wrote: the check every test write passes.

Held per document of each written file, against where the document came from:
- a document the write made (no document of the same fileID in the file before, none with the same body in any
  file the write read) must match the layout of the project's Editor exactly (`layoutFrom` by the pick rule), up
  to top-level fields left out: a writer leaves out a field it has no evidence for and lists it
  (`component.add`'s `omittedFields`), and Unity loads the object with that field at its constructor default;
- a document the write edited (same fileID before, other text), or copied (the same text as a document it read
  up to object references, `m_Name` and `m_RootOrder`: gameobject.duplicate, asset.duplicate), must still match a
  layout when the document it came from did (a document no Editor wrote stays the caller's business);
- an untouched or byte-copied document is not checked again.
`unitycli.testing` runs it over every transaction commit of the test suite, in-process or in a subprocess
(`record_written`, enabled by `UNITYCLI_CHECK_WRITES`); a project without a readable
ProjectVersion.txt or with a version the table has no dump of has no Editor to hold a new document against, so only
edited documents are checked there.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.typetree.check import SCRIPTED_CLASSES, check_body
from unitycli.typetree.report import check_document, document_class_name
from unitycli.typetree.table import layout_for, layouts_of, pick_version
from unitycli.typetree.versions import Picked
from unitycli.unityyaml import Document, Mapping, UnityYamlFile

_YAML = b"%YAML"
_OK = ("matches", "newer-than-project", "stripped")


@dataclass(frozen=True)
class WrittenProblem:
    """One document a write left in a layout no Editor wrote (or, when new, not the project Editor's)."""

    path: str
    file_id: int
    class_name: str | None
    why: str

    def __str__(self) -> str:
        return f"{self.path} &{self.file_id} ({self.class_name}): {self.why}"


def _parse(data: bytes | None, name: str) -> UnityYamlFile | None:
    if data is None or not data.lstrip(b"\xef\xbb\xbf").startswith(_YAML):
        return None
    try:
        return UnityYamlFile.parse(data, name)
    except UnityCliError:
        return None


def _body(doc: Document) -> str:
    return doc.text[doc.text.find("\n") + 1:]


_REFERENCE = re.compile(r"fileID: -?\d+|guid:\s+[0-9a-fA-F]{32}")
_RENAMED = re.compile(r"^(\s*(?:- )?m_(?:Name|RootOrder): ).*$", re.M)


def _copy_key(doc: Document) -> str:
    """A document's text up to what a copy changes: object references, its name and its sibling index."""
    return "c" + _RENAMED.sub(r"\1", _REFERENCE.sub("ref", _body(doc)))


def project_editor(root: Path, staged_version: bytes | None = None) -> Picked | None:
    """The Editor dump a project's new documents are held against (None: no readable, known version)."""
    from unitycli.unityfiles.project_version import parse_project_version, read_project_version

    try:
        if staged_version is not None:
            version = parse_project_version(staged_version.decode("utf-8-sig", "replace"),
                                            "ProjectSettings/ProjectVersion.txt")
        else:
            version = read_project_version(root)
        return pick_version(version.editor_version)
    except UnityCliError:
        return None


def check_written(changes: list[tuple[str, bytes | None, bytes | None]], read: dict[str, bytes],
                  picked: Picked | None) -> list[WrittenProblem]:
    """The problems of `(path, old, new)` changes; `read` holds the other files the write read (copy sources)."""
    sources: dict[str, Document] = {}
    for name, data in read.items():
        file = _parse(data, name)
        for doc in file.documents if file is not None else ():
            sources.setdefault(_body(doc), doc)
            sources.setdefault(_copy_key(doc), doc)
    problems: list[WrittenProblem] = []
    for path, old, new in changes:
        after = _parse(new, path)
        if after is None:
            continue
        before = _parse(old, path)
        earlier = {doc.file_id: doc for doc in before.documents} if before is not None else {}
        for doc in before.documents if before is not None else ():
            sources.setdefault(_body(doc), doc)
            sources.setdefault(_copy_key(doc), doc)
        for doc in after.documents:
            problems.extend(_check(path, doc, earlier.get(doc.file_id), sources, picked))
    return problems


def _check(path: str, doc: Document, same_id: Document | None, sources: dict[str, Document],
           picked: Picked | None) -> list[WrittenProblem]:
    if same_id is not None and same_id.text == doc.text:
        return []
    source = same_id if same_id is not None else sources.get(_body(doc)) or sources.get(_copy_key(doc))
    if source is not None and _body(source) == _body(doc):
        return []  # a byte copy of a document the write read
    try:
        if source is not None:
            if check_document(source, picked).status not in _OK:
                return []  # it came from a document no Editor wrote: not ours to judge
            report = check_document(doc, picked)
            if report.status in _OK:
                return []
            return [WrittenProblem(path, doc.file_id, report.class_name, "edited out of every Editor layout: " +
                                   "; ".join(f"{f.path}: {f.message}" for f in report.findings[:5]))]
        return _new(path, doc, picked)
    except UnityCliError as exc:
        return [WrittenProblem(path, doc.file_id, document_class_name(doc), f"unreadable: {exc.message}")]


def _new(path: str, doc: Document, picked: Picked | None) -> list[WrittenProblem]:
    """A new document: exactly the project's Editor layout of its class."""
    if doc.stripped or picked is None:
        return []
    name = document_class_name(doc)
    if name is None or not layouts_of(name):
        return [WrittenProblem(path, doc.file_id, name, f"class ID {doc.class_id} is no class of the table")]
    layout = layout_for(name, picked)
    if layout is None:
        return [WrittenProblem(path, doc.file_id, name, f"Unity {picked.layout_from} has no class {name}")]
    body = doc.root
    if not isinstance(body, Mapping):
        return [WrittenProblem(path, doc.file_id, name, "the object has no fields")]
    findings = [f for f in check_body(layout.root, body, name, limit=1000)
                if not (f.problem == "missing-field" and "." not in f.path and "[" not in f.path)]
    if not findings:
        return []
    kind = "script header" if name in SCRIPTED_CLASSES else "layout"
    return [WrittenProblem(path, doc.file_id, name, f"new, not in Unity {picked.layout_from}'s {kind}: " +
                           "; ".join(f"{f.path}: {f.message}" for f in findings[:5]))]


def record_written(root: Path, changes: list[tuple[str, bytes | None, bytes | None]], read: dict[str, bytes],
                   staged_version: bytes | None, report: str) -> None:
    """Append the problems of a commit's changes to the file `report` (one JSON object a line). Never raises into
    the commit it follows: a failure of the check itself is recorded as a problem."""
    try:
        problems = check_written(changes, read, project_editor(root, staged_version))
    except Exception as exc:  # noqa: BLE001 - the commit has happened; the test must still see the failure
        problems = [WrittenProblem(changes[0][0], 0, None, f"the layout check failed: {exc!r}")]
    if not problems:
        return
    with open(report, "a", encoding="utf-8") as handle:
        for problem in problems:
            handle.write(json.dumps({"path": problem.path, "fileID": problem.file_id, "class": problem.class_name,
                                     "why": problem.why}) + "\n")


def recorded(report: Path) -> list[str]:
    """The problems `record_written` appended to `report`, as text."""
    if not report.is_file():
        return []
    out = []
    for line in report.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        out.append(str(WrittenProblem(entry["path"], entry["fileID"], entry["class"], entry["why"])))
    return out
