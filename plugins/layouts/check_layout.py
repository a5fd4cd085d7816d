"""`asset.check-layout`: which Editor versions wrote each object of a Unity-YAML file, and what no Editor wrote.

The project's Unity version picks the Editor dump (`unitycli.typetree.versions.PICK_RULE`, reported as
`layoutFrom`); each document is held against every layout of its class (`unitycli.typetree.report`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.typetree import PICK_RULE, pick_version
from unitycli.typetree.check import QUIRKS
from unitycli.typetree.report import DocumentReport, check_file
from unitycli.unityfiles import ensure_not_lfs
from unitycli.unityyaml import UnityYamlFile

Status = Literal["matches", "mismatch", "newer-than-project", "stripped", "unknown-class"]


class CheckLayoutInput(ToolInput):
    file: str = Field(description="Project-relative path of a Unity-YAML file (.unity, .prefab, .asset, .mat, "
                                  ".controller, ProjectSettings/*.asset, …)")
    problems_only: bool = Field(False, description="List only the documents with findings (counts cover all)")
    unity_version: str | None = Field(None, description="Check against this Editor version instead of the "
                                                        "project's (e.g. 2022.3.17f1: would that Editor read it?)")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class LayoutFinding(ToolOutput):
    path: str = Field(description="Property path in the document ('(document)' for the whole object)")
    problem: str = Field(description="unknown-field, missing-field, order, kind, serialized-version, "
                                     "newer-than-project, unknown-class or unreadable")
    message: str


class VersionRange(ToolOutput):
    from_: str = Field(alias="from")
    to: str


class CheckedDocument(ToolOutput):
    file_id: int = Field(alias="fileID")
    class_id: int = Field(alias="classID")
    class_name: str | None = Field(alias="class", description="Unity's class name (null: no Editor of the table "
                                                               "has that class ID)")
    line: int = Field(description="Line of the document's header")
    status: Status = Field(description="matches (a layout some Editor wrote), mismatch (none), newer-than-project "
                                       "(only Editors newer than the project's wrote it), stripped (a prefab "
                                       "instance's placeholder: no fields to check), unknown-class")
    versions: list[VersionRange] = Field(description="The Editor versions whose layout the document has")
    serialized_versions: list[int] = Field(description="serializedVersion of each matching layout")
    findings: list[LayoutFinding] = Field(description="Empty unless status is mismatch, newer-than-project or "
                                                      "unknown-class")
    checked_against: list[VersionRange] | None = Field(None, description="For a mismatch: the versions of the "
                                                                         "nearest layout the findings are against")


class CheckLayoutOutput(ToolOutput):
    file: str
    revision: str
    unity_version: str = Field(description="The Editor checked against: the project's (ProjectVersion.txt) "
                                           "unless the input named one")
    layout_from: str = Field(description="The Editor dump that stands for it")
    exact: bool = Field(description="Whether layoutFrom is the project's own version")
    rule: str = Field(description="How layoutFrom was picked")
    clean: bool = Field(description="No document has a finding")
    counts: dict[str, int] = Field(description="Documents per status")
    total: int = Field(description="Documents listed over all pages")
    documents: list[CheckedDocument]
    next_cursor: str | None
    quirks: dict[str, str] = Field(description="Where Editor-written text differs from the Editor's own tree, by "
                                               "name: accepted, never reported")


def _ranges(pairs: list[dict[str, str]]) -> list[VersionRange]:
    return [VersionRange(**{"from": pair["from"], "to": pair["to"]}) for pair in pairs]


def _document(report: DocumentReport) -> CheckedDocument:
    against = report.checked_against
    return CheckedDocument(
        fileID=report.file_id, classID=report.class_id, **{"class": report.class_name}, line=report.line,
        status=report.status, versions=_ranges(report.version_ranges()),
        serialized_versions=sorted({layout.serialized_version for layout in report.layouts}),
        findings=[LayoutFinding(**finding.as_dict()) for finding in report.findings],
        checked_against=_ranges(against.version_ranges()) if against is not None else None)


def check_layout(ctx: ToolContext, request: CheckLayoutInput) -> CheckLayoutOutput:
    path = exact_path(Path(ctx.project.root), request.file)  # as given: E_PATH_NOT_EXACT, E_PATH_OUTSIDE_PROJECT
    if not ctx.transaction.exists(path):
        raise UnityCliError("E_ASSET_NOT_FOUND", f"no file {request.file!r} in the project",
                            details={"path": request.file})
    data = ctx.transaction.read_bytes(path)
    ensure_not_lfs(path, data)
    if not data.lstrip(b"\xef\xbb\xbf").startswith(b"%YAML"):
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{path} is not a Unity-YAML file (no %YAML header)",
                            details={"file": path})
    version = request.unity_version.strip() if request.unity_version else ctx.unity_version.editor_version
    picked = pick_version(version)
    reports = check_file(UnityYamlFile.parse(data, path), picked)
    counts: dict[str, Any] = dict(Counter(report.status for report in reports))
    shown = [r for r in reports if r.findings] if request.problems_only else reports
    chunk, next_cursor = page(shown, "asset.check-layout", request.model_dump(exclude={"limit", "cursor"}),
                              request.limit, request.cursor)
    return CheckLayoutOutput(
        file=path, revision=ctx.transaction.revision(path) or "", unity_version=version,
        layout_from=picked.layout_from, exact=picked.exact, rule=PICK_RULE,
        clean=not any(r.findings for r in reports), counts=counts, total=len(shown),
        documents=[_document(r) for r in chunk], next_cursor=next_cursor, quirks=QUIRKS)
