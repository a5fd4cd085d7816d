"""`scene.list`: which scenes exist, and where each stands in Build Settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.scenes.common import meta_guid
from unitycli.scene import SCENE_SUFFIXES, list_files
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile, unreadable_if_pointer
from unitycli.unityyaml import UnityYamlFile

BUILD_SETTINGS = "ProjectSettings/EditorBuildSettings.asset"


class SceneListInput(ToolInput):
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class SceneEntry(ToolOutput):
    path: str
    guid: str | None = Field(description="From the scene's .meta")
    in_build: bool | None = Field(description="Listed in Build Settings (EditorBuildSettings m_Scenes); null when "
                                              "EditorBuildSettings.asset is unreadable")
    enabled: bool | None = Field(description="Ticked in Build Settings; null when not listed")
    build_order: int | None = Field(description="Position in the Build Settings list")
    build_index: int | None = Field(description="SceneManager build index: position among enabled scenes")
    exists: bool = Field(description="False for a Build Settings entry whose file is missing")


class SceneListOutput(ToolOutput):
    total: int
    scenes: list[SceneEntry]
    next_cursor: str | None
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


def _build_scenes(ctx: ToolContext) -> list[dict[str, Any]] | UnreadableFile:
    """The Build Settings entries, or the unreadable entry when the file is a Git LFS pointer."""
    if not ctx.transaction.exists(BUILD_SETTINGS):
        return []
    data = ctx.transaction.read_bytes(BUILD_SETTINGS)
    pointer = unreadable_if_pointer(BUILD_SETTINGS, data)
    if pointer is not None:
        return pointer
    doc = next(iter(UnityYamlFile.parse(data, BUILD_SETTINGS)), None)
    scenes = doc.get("m_Scenes", []) if doc is not None else []
    return [s for s in scenes if isinstance(s, dict)] if isinstance(scenes, list) else []


def scene_list(ctx: ToolContext, request: SceneListInput) -> SceneListOutput:
    files = list_files(Path(ctx.project.root), SCENE_SUFFIXES)
    build = _build_scenes(ctx)
    unreadable = [build] if isinstance(build, UnreadableFile) else []
    if unreadable:
        return _without_build_settings(ctx, files, request, unreadable)
    by_path: dict[str, tuple[int, dict[str, Any], int | None]] = {}
    enabled_index = 0
    for order, entry in enumerate(build):
        enabled = bool(entry.get("enabled", 0))
        by_path.setdefault(str(entry.get("path", "")), (order, entry, enabled_index if enabled else None))
        enabled_index += 1 if enabled else 0
    entries = []
    for path in files + [p for p in by_path if p not in set(files)]:
        order, entry, index = by_path.get(path, (None, None, None))
        entries.append(SceneEntry(
            path=path, guid=meta_guid(ctx, path) if path in files else str(entry.get("guid")) if entry else None,
            in_build=entry is not None, enabled=bool(entry.get("enabled", 0)) if entry is not None else None,
            build_order=order, build_index=index, exists=path in files))
    entries.sort(key=lambda e: (e.build_order is None, e.build_order or 0, e.path))
    chunk, cursor = page(entries, "scene.list", {}, request.limit, request.cursor)
    return SceneListOutput(total=len(entries), scenes=chunk, next_cursor=cursor)


def _without_build_settings(ctx: ToolContext, files: list[str], request: SceneListInput,
                            unreadable: list[UnreadableFile]) -> SceneListOutput:
    """The scenes on disk when Build Settings cannot be read: whether each is in the build is unknown (null)."""
    entries = [SceneEntry(path=path, guid=meta_guid(ctx, path), in_build=None, enabled=None, build_order=None,
                          build_index=None, exists=True) for path in sorted(files)]
    chunk, cursor = page(entries, "scene.list", {}, request.limit, request.cursor)
    return SceneListOutput(total=len(entries), scenes=chunk, next_cursor=cursor, unreadable=unreadable)
