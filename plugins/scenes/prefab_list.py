"""`prefab.list`: every prefab in the project, telling regular prefabs from variants and naming each root.

Only the requested page is parsed, so listing a project with thousands of prefabs stays cheap; a variant is a
prefab whose root is itself a prefab instance (minigolf's `Wall Left Long Variant.prefab` is one PrefabInstance).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import Names, SourcePrefab, meta_guid, open_model
from unitycli.scene import PREFAB_SUFFIXES, list_files
from unitycli.toolspec import ToolInput, ToolOutput


class PrefabListInput(ToolInput):
    folder: str | None = Field(None, description="Only prefabs under this project-relative folder (Assets/Prefabs)")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class PrefabEntry(ToolOutput):
    path: str
    guid: str | None = Field(description="From the prefab's .meta")
    root: str | None = Field(description="Name of the root GameObject (or of the root prefab instance)")
    variant: bool = Field(description="The root is a prefab instance: a prefab variant")
    base_prefab: SourcePrefab | None = Field(None, description="The prefab a variant is based on")
    game_objects: int = Field(description="GameObjects and prefab instances in the file")
    error: str | None = Field(None, description="Why the file could not be read, when it could not")


class PrefabListOutput(ToolOutput):
    total: int
    prefabs: list[PrefabEntry]
    next_cursor: str | None


def _entry(ctx: ToolContext, path: str, names: Names) -> PrefabEntry:
    guid = meta_guid(ctx, path)
    try:
        _loaded, model = open_model(ctx, path, PREFAB_SUFFIXES, names)
    except UnityCliError as exc:
        return PrefabEntry(path=path, guid=guid, root=None, variant=False, game_objects=0,
                           error=f"{exc.code}: {exc.message}")
    root = model.roots[0] if model.roots else None
    variant = bool(root and root.is_instance)
    base = None
    if variant and root.source_prefab_guid:
        base = SourcePrefab(guid=root.source_prefab_guid, path=names.path_for_guid(root.source_prefab_guid))
    return PrefabEntry(path=path, guid=guid, root=root.name if root else None, variant=variant, base_prefab=base,
                       game_objects=len(model.nodes))


def prefab_list(ctx: ToolContext, request: PrefabListInput) -> PrefabListOutput:
    files = list_files(Path(ctx.project.root), PREFAB_SUFFIXES)
    if request.folder:
        folder = exact_path(Path(ctx.project.root), request.folder)  # as given: no trimming, no `\`
        files = [f for f in files if not folder or f.startswith(folder + "/")]
    chunk, cursor = page(files, "prefab.list", {"folder": request.folder}, request.limit, request.cursor)
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        entries = [_entry(ctx, path, names) for path in chunk]
    return PrefabListOutput(total=len(files), prefabs=entries, next_cursor=cursor)
