"""`asset.validate`: GUID and reference health of a project, each problem with a kind and a severity.

Kinds, because they mean different things:
- `duplicate-guid` (error): several metas claim one GUID; Unity re-assigns all but one on import and references
  to the others break.
- `dangling-reference`: a reference to a GUID whose meta is present but whose asset file is not. An error for
  Unity-written text assets; a warning for code and binaries, which a checkout may lack on purpose (LFS not pulled,
  or a copy like the fixtures, which kept the metas of dropped `.cs` and texture files).
- `missing-guid` (warning): a reference to a GUID no meta in the project claims. It may be an asset that was
  deleted, or one in a registry/built-in/git package: those live in `Library/PackageCache`, which is not indexed.
- `meta-without-asset`: a warning for Unity text assets, info for code/binaries (same reason as above).
- `asset-without-meta` (warning): Unity will create a meta with a fresh GUID, so nothing can reference it yet.
- `duplicate-file-id` (error): several objects of one scene, prefab or asset share a fileID; references to it
  are ambiguous, and writers refuse the file (E_FILE_DUPLICATE_FILE_ID) rather than edit one copy blindly.
- `transform-cycle` (error): GameObjects of a scene or prefab whose parent chain loops back on itself; Unity's
  hierarchy hangs from the roots, so readers (and the Editor's Hierarchy) never reach them.
- `duplicate-guid-line` (error): a meta with more than one `guid:` line; tools read the first, and which one Unity
  keeps is not known, so references by the other may break.
- `unscanned`: a YAML-typed file whose references could not be read, so the checks above are incomplete. An error
  for an LFS pointer or an unreadable file (the project cannot be called clean); a warning for a file serialized
  as JSON or binary that may hold GUIDs.
Built-in resources (`0000000000000000e000000000000000`, `...f000...`) are never problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.indexes.extract import scan_yaml
from unitycli.indexes.walk import Kind, list_project
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.assets import access
from unitycli.plugins.assets.dependencies import BUILTIN_PREFIX
from unitycli.plugins.assets.inventory import AssetEntry, list_assets
from unitycli.plugins.assets.kinds import extension, family
from unitycli.plugins.assets.unscanned import MESSAGES, reason_for
from unitycli.scene.cycles import TransformCycle, transform_cycles
from unitycli.scene.files import OBJECT_FILE_SUFFIXES
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import parse_meta
from unitycli.unityyaml import UnityYamlFile
from unitycli.unityyaml.file import describe_duplicates

TOOL = "asset.validate"
IssueKind = Literal["duplicate-guid", "dangling-reference", "missing-guid", "meta-without-asset",
                    "asset-without-meta", "unscanned", "duplicate-file-id", "transform-cycle",
                    "duplicate-guid-line"]
Severity = Literal["error", "warning", "info"]
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
_MAY_BE_ABSENT = {"code", "binary"}


class AssetValidateInput(ToolInput):
    path: str | None = Field(None, description="Only issues about assets (or referrers) below this path")
    kinds: list[IssueKind] | None = Field(None, description="Only these kinds of issue")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class IssueReferrer(ToolOutput):
    path: str
    count: int


class ValidationIssue(ToolOutput):
    kind: IssueKind
    severity: Severity
    path: str | None = Field(description="The asset concerned (null for a GUID no meta claims)")
    guid: str | None
    family: str | None = Field(description="folder, unity-text, code, binary, text or other")
    paths: list[str] | None = Field(None, description="For duplicate-guid: every asset claiming the GUID")
    referrers: list[IssueReferrer] | None = Field(None, description="For reference issues: the referring files")
    message: str


class AssetValidateOutput(ToolOutput):
    clean: bool = Field(description="No issue of severity error (over all pages)")
    counts: dict[str, int] = Field(description="Issues per kind, over all pages")
    severities: dict[str, int] = Field(description="Issues per severity, over all pages")
    total: int
    issues: list[ValidationIssue]
    next_cursor: str | None


def _folder_flag(ctx: ToolContext, index: ProjectIndex, entry: AssetEntry) -> bool:
    if entry.is_folder or extension(entry.path):
        return entry.is_folder
    meta = access.read_meta(ctx, index, entry.path)
    return bool(meta and meta.folder_asset)


@dataclass
class _ObjectProblems:
    """What `_referenced` finds inside Unity YAML files besides references, by file."""

    duplicates: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    cycles: dict[str, list[TransformCycle]] = field(default_factory=dict)

    def check(self, path: str, data: bytes) -> None:
        """Shared fileIDs of any Unity YAML file; Transform cycles of a scene or prefab (one parse for both)."""
        body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        if not body.startswith(b"%YAML"):
            return
        try:
            parsed = UnityYamlFile.parse(data, path)
            if dups := parsed.duplicate_file_ids:
                self.duplicates[path] = dups
            if path.endswith(OBJECT_FILE_SUFFIXES) and (cycles := transform_cycles(parsed)):
                self.cycles[path] = cycles
        except UnityCliError:
            return  # not parseable: format-check reports it; references are still scanned


def _referenced(ctx: ToolContext, index: ProjectIndex, problems: _ObjectProblems | None = None
                ) -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """(guid -> {referring file: count}, {file: why its references are unknown}), scanning every YAML-typed file
    of the project (ProjectSettings included); shared fileIDs and Transform cycles go into `problems`."""
    found: dict[str, dict[str, int]] = {}
    unscanned: dict[str, str] = {}
    listing = list_project(index.root, index.roots)
    for path in sorted(p for p, row in listing.items() if row[3] == Kind.SCAN):
        try:
            data = access.read_bytes(ctx, index, path)
        except UnityCliError as exc:
            if exc.code != "E_PROJECT_FILE_UNREADABLE":
                raise
            unscanned[path] = "unreadable"
            continue
        if data is None:
            continue
        reason = reason_for(data, None)
        if reason is not None:
            unscanned[path] = reason
        elif problems is not None:
            problems.check(path, data)
        for guid, count, _docs in scan_yaml(data, path.startswith("ProjectSettings/"))[1]:
            found.setdefault(guid, {})[path] = count
    return found, unscanned


def _guid_lines(ctx: ToolContext, index: ProjectIndex, entries: list[AssetEntry]) -> list[ValidationIssue]:
    """Metas with more than one `guid:` line (a bad merge, or a hand edit): the first is the one tools read."""
    issues = []
    for entry in entries:
        if not entry.has_meta or entry.external:
            continue
        try:
            data = ctx.transaction.read_bytes(entry.path + ".meta")  # one resolve: the index says it is there
            if data.count(b"guid:") < 2:
                continue
            lines = parse_meta(data, entry.path + ".meta").guid_lines
        except UnityCliError:
            continue  # an unreadable meta is another problem (the index and format-check report it)
        if len(lines) > 1:
            issues.append(ValidationIssue(
                kind="duplicate-guid-line", severity="error", path=entry.path, guid=lines[0],
                family=family(entry.path, entry.is_folder),
                message=f"{entry.path}.meta has {len(lines)} guid lines ({', '.join(lines)}); unitycli reads the "
                        "first, and which one Unity keeps is not known, so references by the others may break: "
                        "keep the one the project's references use and delete the rest"))
    return issues


def _issues(ctx: ToolContext, index: ProjectIndex) -> list[ValidationIssue]:
    entries = list_assets(index, ctx.project.root)
    by_guid = {e.guid: e for e in entries if e.guid is not None}
    issues: list[ValidationIssue] = []
    for duplicate in index.duplicate_guids():
        issues.append(ValidationIssue(
            kind="duplicate-guid", severity="error", path=duplicate.paths[0], guid=duplicate.guid, family=None,
            paths=list(duplicate.paths),
            message=f"{len(duplicate.paths)} metas claim guid {duplicate.guid}; Unity keeps one and re-assigns the rest"))
    case_twins = _case_twins(entries)
    for entry in entries:
        twin = case_twins.get(entry.path)
        if entry.has_meta and not entry.has_file:
            kind = family(entry.path, _folder_flag(ctx, index, entry))
            issues.append(ValidationIssue(
                kind="meta-without-asset", severity="info" if kind in _MAY_BE_ABSENT else "warning",
                path=entry.path, guid=entry.guid, family=kind,
                message=f"{entry.path}.meta has no asset beside it"
                        + (f"; {twin} (only the case of its name differs) is probably its asset: "
                           + _CASE_NOTE if twin else
                           " (code/binary files may be absent from a checkout on purpose)" if kind in _MAY_BE_ABSENT
                           else "; Unity deletes such metas on import")))
        elif entry.has_file and not entry.has_meta and not entry.external:
            issues.append(ValidationIssue(
                kind="asset-without-meta", severity="warning", path=entry.path, guid=None,
                family=family(entry.path, entry.is_folder),
                message=f"{entry.path} has no .meta; "
                        + (f"{twin}.meta (only the case of its name differs) is probably its meta: "
                           + _CASE_NOTE if twin else
                           "Unity will create one with a new GUID")))
    issues.extend(_guid_lines(ctx, index, entries))
    problems = _ObjectProblems()
    referenced, unscanned = _referenced(ctx, index, problems)
    for path, cycles in problems.cycles.items():
        for cycle in cycles:
            issues.append(ValidationIssue(
                kind="transform-cycle", severity="error", path=path, guid=None, family=family(path),
                message=f"{path}: the parents of {' -> '.join(cycle.names)} (fileIDs "
                        f"{', '.join(str(i) for i in cycle.file_ids)}) loop back on themselves, so these "
                        "GameObjects and their children are in no hierarchy (readers and the Editor do not show "
                        "them); give one of them a parent outside the loop"))
    for path, dups in problems.duplicates.items():
        issues.append(ValidationIssue(
            kind="duplicate-file-id", severity="error", path=path, guid=None, family=family(path),
            message=f"{path}: several objects share a fileID ({describe_duplicates(dups)}); references to them are "
                    "ambiguous and writers refuse the file (E_FILE_DUPLICATE_FILE_ID)"))
    for path, reason in unscanned.items():
        issues.append(ValidationIssue(
            kind="unscanned", severity="warning" if reason == "not-yaml" else "error", path=path, guid=None,
            family=family(path), message=f"{path} is {MESSAGES[reason]}; references from it are not checked"))
    for guid, files in referenced.items():
        if guid.startswith(BUILTIN_PREFIX):
            continue
        referrers = [IssueReferrer(path=p, count=n) for p, n in sorted(files.items())]
        entry = by_guid.get(guid)
        if entry is None:
            issues.append(ValidationIssue(
                kind="missing-guid", severity="warning", path=None, guid=guid, family=None, referrers=referrers,
                message=f"guid {guid} is referenced by {len(files)} file(s) but no meta in the project claims it "
                        "(a deleted asset, or an asset of a package outside the project folder)"))
        elif not entry.has_file:
            kind = family(entry.path, _folder_flag(ctx, index, entry))
            if kind == "folder":
                continue
            issues.append(ValidationIssue(
                kind="dangling-reference", severity="warning" if kind in _MAY_BE_ABSENT else "error",
                path=entry.path, guid=guid, family=kind, referrers=referrers,
                message=f"{entry.path} is referenced by {len(files)} file(s) but only its .meta is present"))
    issues.sort(key=lambda i: (_SEVERITY_ORDER[i.severity], i.kind, i.path or "", i.guid or ""))
    return issues


_CASE_NOTE = ("a case-insensitive file system (Windows, macOS) pairs them, a case-sensitive one (Linux) does not and "
              "Unity gives the asset a new GUID there; rename one to match the other")


def _case_twins(entries: list[AssetEntry]) -> dict[str, str]:
    """Asset without meta ↔ meta without asset whose paths differ only in case (BoatAttack 2020.3 has
    `AiController.cs` beside `AIcontroller.cs.meta`): a case-insensitive file system (Windows, macOS) pairs them,
    a case-sensitive one (Linux) does not."""
    orphans: dict[str, list[AssetEntry]] = {}
    for entry in entries:
        if entry.has_meta != entry.has_file and not entry.external:
            orphans.setdefault(entry.path.lower(), []).append(entry)
    twins: dict[str, str] = {}
    for pair in orphans.values():
        if len(pair) == 2 and pair[0].has_meta != pair[1].has_meta:
            twins[pair[0].path], twins[pair[1].path] = pair[1].path, pair[0].path
    return twins


def _concerns(issue: ValidationIssue, prefix: str) -> bool:
    paths = [issue.path or ""] + (issue.paths or []) + [r.path for r in issue.referrers or []]
    return any(p == prefix or p.startswith(prefix + "/") for p in paths)


def asset_validate(ctx: ToolContext, request: AssetValidateInput) -> AssetValidateOutput:
    prefix = access.project_path(ctx, request.path) if request.path else None
    with ProjectIndex.open(ctx.project.root) as index:
        issues = _issues(ctx, index)
    if prefix is not None:
        issues = [i for i in issues if _concerns(i, prefix)]
    if request.kinds:
        issues = [i for i in issues if i.kind in request.kinds]
    counts: dict[str, int] = {}
    severities: dict[str, int] = {}
    for issue in issues:
        counts[issue.kind] = counts.get(issue.kind, 0) + 1
        severities[issue.severity] = severities.get(issue.severity, 0) + 1
    query = request.model_dump(exclude={"limit", "cursor"})
    chunk, next_cursor = page(issues, TOOL, query, request.limit, request.cursor)
    return AssetValidateOutput(clean=not severities.get("error"), counts=counts, severities=severities,
                               total=len(issues), issues=chunk, next_cursor=next_cursor)
