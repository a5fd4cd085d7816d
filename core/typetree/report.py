"""Which Editor versions wrote each document of a file, and what in it no Editor of the project wrote.

Real projects mix Editors (a scene saved in a newer Editor, Asset Store content from older ones), so a document
is held against every layout of its class: the versions of the layouts it matches are its answer. Findings are
raised only for a document no layout matches (reported against the layout of the project's Editor, else the
nearest one) and for one whose every matching layout is newer than the project's Editor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from unitycli.errors import UnityCliError
from unitycli.typetree.check import SCRIPTED_CLASSES, SERIALIZED_VERSION, Finding, check_body, is_optional
from unitycli.typetree.table import Layout, class_id_of, class_name_of, layouts_of, versions
from unitycli.typetree.versions import Picked
from unitycli.unityyaml import Document, Mapping, UnityYamlFile

Status = Literal["matches", "mismatch", "newer-than-project", "stripped", "unknown-class"]


@dataclass
class DocumentReport:
    """One document's answer: the layouts (and so versions) it matches, or its findings against the nearest."""

    file_id: int
    class_id: int
    class_name: str | None
    status: Status
    line: int = 0
    layouts: list[Layout] = field(default_factory=list)  # the matching ones
    findings: list[Finding] = field(default_factory=list)
    checked_against: Layout | None = None  # for a mismatch: the layout the findings are against

    @property
    def ok(self) -> bool:
        return self.status in ("matches", "stripped")

    def version_ranges(self) -> list[dict[str, str]]:
        """The Editor versions whose layout this document has, merged into `{from, to}` runs."""
        indices = sorted({i for layout in self.layouts for first, last in layout.ranges
                          for i in range(first, last + 1)})
        names = versions()
        runs: list[list[int]] = []
        for i in indices:
            if runs and runs[-1][1] == i - 1:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        return [{"from": names[a], "to": names[b]} for a, b in runs]


def check_document(doc: Document, picked: Picked | None) -> DocumentReport:
    """Hold one document against every layout of its class (stripped documents carry no layout: not checked)."""
    name = document_class_name(doc)
    report = DocumentReport(doc.file_id, doc.class_id, name, "stripped", line=doc.line)
    if doc.stripped:
        return report
    layouts = layouts_of(name) if name else ()
    if not layouts:
        report.status = "unknown-class"
        report.findings = [Finding("(document)", "unknown-class",
                                   f"no Editor from {versions()[0]} on has a class with ID {doc.class_id}")]
        return report
    body = doc.root
    own = _project_layout(layouts, picked)
    # the project's own layout first: most documents match it, and then only the others remain to be tried
    ordered = ([own] if own else []) + [layout for layout in layouts if layout is not own]
    keys = _top_keys(body)
    failed: list[tuple[Layout, list[Finding]]] = []
    for layout in ordered:
        if keys is not None and not _may_match(layout, keys):
            continue  # its top-level fields differ: no need to walk the whole document against it
        findings = check_body(layout.root, body, name)  # type: ignore[arg-type]
        if findings:
            failed.append((layout, findings))
        else:
            report.layouts.append(layout)
    if not report.layouts and not failed:  # none came close: walk the one whose top-level fields differ least
        layout = min(ordered, key=lambda candidate: _distance(candidate, keys or ()))
        failed.append((layout, check_body(layout.root, body, name)))  # type: ignore[arg-type]
    if not report.layouts:
        layout, findings = min(failed, key=lambda pair: len(pair[1]))
        report.status, report.checked_against, report.findings = "mismatch", layout, findings
    elif picked is not None and all(layout.oldest > picked.index for layout in report.layouts):
        report.status = "newer-than-project"
        report.findings = [Finding("(document)", "newer-than-project",
                                   f"this {name} layout was first written by Unity "
                                   f"{versions()[min(layout.oldest for layout in report.layouts)]}, newer than "
                                   f"the project's {picked.requested}")]
    else:
        report.status = "matches"
    return report


def document_class_name(doc: Document) -> str | None:
    """The document's class: the name it is written under when the table knows that name for its class ID (a
    renamed class keeps its old name in old files: `PhysicMaterial` before 2023.3), else the newest name of the ID."""
    written = doc.class_name
    if written and class_id_of(written) == doc.class_id:
        return written
    return class_name_of(doc.class_id)


def _top_keys(body: object) -> tuple[str, ...] | None:
    """The document's top-level field names (None when the body is not a mapping: the walk says why)."""
    if not isinstance(body, Mapping):
        return None
    return tuple(key for key in body.keys_ if key != SERIALIZED_VERSION)


def _may_match(layout: Layout, keys: tuple[str, ...]) -> bool:
    """Whether the layout's top-level fields can be the document's (scripted classes: their native prefix)."""
    names = layout.top_names
    if layout.class_name in SCRIPTED_CLASSES:
        return keys[: len(names)] == names
    present = set(keys)
    return tuple(n for n in names if n in present or not is_optional(layout.class_name, n)) == keys


def _distance(layout: Layout, keys: tuple[str, ...]) -> int:
    return len(set(layout.top_names).symmetric_difference(keys))


def _project_layout(layouts: tuple[Layout, ...], picked: Picked | None) -> Layout | None:
    if picked is None:
        return None
    return next((layout for layout in layouts if layout.holds(picked.index)), None)


def check_file(file: UnityYamlFile, picked: Picked | None) -> list[DocumentReport]:
    """Every document of a parsed Unity-YAML file, held against the table."""
    out = []
    for doc in file.documents:
        try:
            out.append(check_document(doc, picked))
        except UnityCliError as exc:  # a document the YAML reader cannot parse: its own finding, not a crash
            report = DocumentReport(doc.file_id, doc.class_id, document_class_name(doc), "mismatch",
                                    line=doc.line)
            report.findings = [Finding("(document)", "unreadable", exc.message)]
            out.append(report)
    return out
