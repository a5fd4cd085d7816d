"""`asset.dependencies`: what an asset references — each GUID with where it resolves, directly or transitively.

The file is read through the transaction and scanned with the index's own reference extractor, so the answer is
the file's current content (a batch step sees an earlier step's edit) and agrees with `asset.references`.
"""

from __future__ import annotations

from collections import deque

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.indexes.extract import scan_references
from unitycli.indexes.walk import YAML_SUFFIXES
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.assets import access
from unitycli.plugins.assets.access import AssetTarget
from unitycli.plugins.assets.kinds import extension
from unitycli.plugins.assets.unscanned import MESSAGES, SkippedFile, reason_for
from unitycli.toolspec import ToolOutput

TOOL = "asset.dependencies"
# Unity's built-in resources (`Library/unity default resources`, `unity_builtin_extra`) are not files.
BUILTIN_PREFIX = "0000000000000000"


class AssetDependenciesInput(AssetTarget):
    recursive: bool = Field(False, description="Follow dependencies of dependencies (YAML assets only)")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class DependencyTarget(ToolOutput):
    file_id: int | None = Field(alias="fileID")
    type: int | None
    count: int


class DependencyItem(ToolOutput):
    guid: str
    path: str | None = Field(description="Where the GUID resolves; null for built-ins and GUIDs no meta claims")
    builtin: bool
    resolved: bool = Field(description="A meta in the project claims the GUID")
    has_file: bool = Field(description="The resolved asset's main file is present")
    depth: int = Field(description="1 for direct dependencies, more when recursive")
    via: str | None = Field(description="The file that references it (differs from the requested `file` when recursive)")
    count: int
    targets: list[DependencyTarget]


class AssetDependenciesOutput(ToolOutput):
    file: str = Field(description="The asset whose dependencies these are")
    guid: str | None
    revision: str | None
    total: int
    dependencies: list[DependencyItem]
    skipped: list[SkippedFile] = Field(description="Files on the way whose references could not be read (LFS "
                                                   "pointers, unreadable, JSON); empty when the answer is complete")
    next_cursor: str | None


def direct_dependencies(data: bytes, path: str) -> dict[str, dict[tuple[int | None, int | None], int]]:
    """guid -> {(fileID, type): count} in order of first appearance."""
    found: dict[str, dict[tuple[int | None, int | None], int]] = {}
    for _cls, _doc, file_id, guid, kind, count in scan_references(data, path.startswith("ProjectSettings/")):
        per = found.setdefault(guid, {})
        per[(file_id, kind)] = per.get((file_id, kind), 0) + count
    return found


def _load(ctx: ToolContext, index: ProjectIndex, path: str, skipped: list[SkippedFile]) -> bytes | None:
    """A YAML-typed file's bytes when its references can be read; otherwise None, noting why in `skipped`."""
    try:
        data = access.read_bytes(ctx, index, path)
    except UnityCliError as exc:
        if exc.code != "E_PROJECT_FILE_UNREADABLE":
            raise
        skipped.append(SkippedFile(path=path, reason="unreadable", message=MESSAGES["unreadable"]))
        return None
    reason = reason_for(data, None) if data is not None and extension(path) in YAML_SUFFIXES else None
    if reason is not None:
        skipped.append(SkippedFile(path=path, reason=reason, message=MESSAGES[reason]))
        return None
    return data


def asset_dependencies(ctx: ToolContext, request: AssetDependenciesInput) -> AssetDependenciesOutput:
    skipped: list[SkippedFile] = []
    with ProjectIndex.open(ctx.project.root) as index:
        path = access.resolve_target(ctx, index, request)
        meta = access.read_meta(ctx, index, path)
        folder = access.is_folder(ctx, index, path)
        first = _load(ctx, index, path, skipped) if not folder else None
        readable = not folder and not (skipped and skipped[0].reason == "unreadable")
        revision = ctx.transaction.revision(path) if readable and access.external_path(
            ctx, index, path) is None else None
        items: list[DependencyItem] = []
        seen = {meta.guid} if meta else set()
        queue: deque[tuple[str, bytes | None, int]] = deque([(path, first, 1)])
        while queue:
            source, data, depth = queue.popleft()
            if data is None:
                continue
            for guid, targets in direct_dependencies(data, source).items():
                if guid in seen:
                    continue
                seen.add(guid)
                builtin = guid.startswith(BUILTIN_PREFIX)
                resolved = None if builtin else index.path_for_guid(guid)
                present = resolved is not None and access.exists(ctx, index, resolved)
                items.append(DependencyItem(
                    guid=guid, path=resolved, builtin=builtin, resolved=resolved is not None, has_file=present,
                    depth=depth, via=source, count=sum(targets.values()),
                    targets=[DependencyTarget(file_id=f, type=t, count=n) for (f, t), n in targets.items()]))
                if request.recursive and present and extension(resolved) in YAML_SUFFIXES:
                    queue.append((resolved, _load(ctx, index, resolved, skipped), depth + 1))
        query = {"file": path, "recursive": request.recursive}
        chunk, next_cursor = page(items, TOOL, query, request.limit, request.cursor)
    return AssetDependenciesOutput(file=path, guid=meta.guid if meta else None, revision=revision,
                                   total=len(items), dependencies=chunk, skipped=skipped, next_cursor=next_cursor)
