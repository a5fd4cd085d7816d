"""`asset.find`: assets by name glob, type, folder or GUID — what an agent asks before anything else."""

from __future__ import annotations

import fnmatch

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.indexes import ProjectIndex
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.assets import access
from unitycli.plugins.assets.inventory import AssetEntry, list_assets
from unitycli.plugins.assets.kinds import type_from_extension, type_names
from unitycli.plugins.assets.mainobject import main_object
from unitycli.toolspec import ToolInput, ToolOutput

TOOL = "asset.find"


class AssetFindInput(ToolInput):
    name: str | None = Field(None, description="Glob on the file name, case-insensitive (`*.prefab`, `Ball*`)")
    type: str | None = Field(None, description="Unity type or alias: Material, Prefab, Scene, MonoScript, Folder, ...")
    folder: str | None = Field(None, description="Only assets below this folder, e.g. Assets/Prefabs")
    guid: str | None = Field(None, pattern=r"^[0-9a-fA-F]{32}$", description="The asset with this GUID")
    include_missing: bool = Field(True, description="Also list metas whose asset file is absent (hasFile: false)")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class FoundAsset(ToolOutput):
    path: str
    guid: str | None = Field(description="From the .meta; null when the asset has no meta yet")
    type: str | None = Field(description="Unity type of the main object; null when it cannot be told offline")
    is_folder: bool
    has_file: bool = Field(description="False when only the .meta is present (main file absent from the checkout)")
    has_meta: bool
    external: bool = Field(description="In a local file: package outside the project folder (read-only)")


class AssetFindOutput(ToolOutput):
    total: int = Field(description="Matches over all pages")
    assets: list[FoundAsset]
    next_cursor: str | None


def _type_of(ctx: ToolContext, index: ProjectIndex, entry: AssetEntry) -> str | None:
    quick = type_from_extension(entry.path, entry.is_folder)
    if quick is not None or not entry.has_meta:
        return quick
    meta = access.read_meta(ctx, index, entry.path)
    data = access.read_bytes(ctx, index, entry.path) if entry.has_file else None
    return main_object(entry.path, entry.is_folder, meta, data).type


def _matches(entry: AssetEntry, request: AssetFindInput, folder: str | None) -> bool:
    if request.guid is not None and entry.guid != request.guid.lower():
        return False
    if folder is not None and not entry.path.startswith(folder + "/"):
        return False
    if not request.include_missing and not entry.has_file:
        return False
    name = entry.path.rsplit("/", 1)[-1]
    return request.name is None or fnmatch.fnmatchcase(name.lower(), request.name.lower())


def asset_find(ctx: ToolContext, request: AssetFindInput) -> AssetFindOutput:
    folder = access.project_path(ctx, request.folder) if request.folder else None
    with ProjectIndex.open(ctx.project.root) as index:
        candidates = [e for e in list_assets(index, ctx.project.root) if _matches(e, request, folder)]
        types: dict[str, str | None] = {}
        if request.type is not None:
            wanted = request.type.lower()
            kept = []
            for entry in candidates:
                types[entry.path] = _type_of(ctx, index, entry)
                if wanted in type_names(types[entry.path], entry.path, entry.is_folder):
                    kept.append(entry)
            candidates = kept
        query = request.model_dump(exclude={"limit", "cursor"})
        chunk, next_cursor = page(candidates, TOOL, query, request.limit, request.cursor)
        assets = [FoundAsset(path=e.path, guid=e.guid,
                             type=types[e.path] if e.path in types else _type_of(ctx, index, e),
                             is_folder=e.is_folder, has_file=e.has_file, has_meta=e.has_meta, external=e.external)
                  for e in chunk]
    return AssetFindOutput(total=len(candidates), assets=assets, next_cursor=next_cursor)
