"""`project.add-build-scene` / `project.remove-build-scene`: one entry of Build Settings, the rest untouched.

Unlike `project.set-build-scenes` (the whole list), these insert or remove one `- enabled/path/guid` item of
`m_Scenes`, so the other entries' lines, moved or missing scenes included, stay exactly as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.next_actions import NextAction, describe_command, tool_command
from unitycli.plugins.settings.build_scenes import (
    BuildScene,
    BuildSceneEntry,
    describe_scenes,
    entries_of,
    resolve_scene,
)
from unitycli.plugins.settings.settings_file import read_settings, stage_edit
from unitycli.plugins.settings.versions import BUILD
from unitycli.scene.files import resolve_file
from unitycli.toolspec import ToolInput, ToolOutput

_PATH = Field(min_length=1, description="Project-relative scene path, e.g. Assets/Scenes/Main.unity.")
_ADD_PATH = Field(min_length=1, description="Project-relative scene path (Assets/Scenes/Main.unity) or the unique "
                  "asset name of a scene (Main); E_SCENE_AMBIGUOUS lists the candidates when several share it.")
_REVISION = Field(None, description="Refuse unless the file is still at this revision.")


class BuildSceneAddInput(ToolInput):
    path: str = _ADD_PATH
    enabled: bool = Field(True, description="Ticked in Build Settings (included in builds).")
    index: int | None = Field(None, ge=0, le=4096, description="Position in the list (0 = first); default: last.")
    expected_revision: str | None = _REVISION


class BuildSceneRemoveInput(ToolInput):
    path: str = _PATH
    expected_revision: str | None = _REVISION


class BuildSceneEditOutput(ToolOutput):
    file: str = BUILD.path
    scene: BuildScene = Field(description="The entry added or removed (index: its position in the list then).")
    scenes: list[BuildScene] = Field(description="The whole list after the change.")
    revision: str
    verified: bool


def _listed(ctx: ToolContext, entries: list[dict[str, Any]]) -> list[NextAction]:
    return [tool_command("project.get-build-scenes", project=ctx.project.root)] + (
        [describe_command("project.set-build-scenes")] if entries else [])  # it needs the whole list


def add_build_scene(ctx: ToolContext, request: BuildSceneAddInput) -> BuildSceneEditOutput:
    settings = read_settings(ctx, BUILD, expected_revision=request.expected_revision, for_write=True)
    entries = entries_of(settings)
    # A bare name is looked up as the scene tools do (the scene was often just made by scene.create).
    path = request.path if "/" in request.path or "\\" in request.path else resolve_file(ctx, request.path, (".unity",))
    entry = resolve_scene(ctx, BuildSceneEntry(path=path, enabled=request.enabled))
    same = [i for i, e in enumerate(entries) if e["path"] == entry["path"] or e["guid"] == entry["guid"]]
    if same:
        raise UnityCliError(
            "E_PROJECT_BUILD_SCENE_DUPLICATE",
            f"{entry['path']} is already in Build Settings (entry {same[0]}: {entries[same[0]]['path']})",
            details={"path": entry["path"], "guid": entry["guid"], "index": same[0]}, next_actions=_listed(ctx, entries))
    index = len(entries) if request.index is None else request.index
    if index > len(entries):
        raise UnityCliError("E_SCHEMA_INVALID", f"index {index} is past the end of Build Settings "
                            f"({len(entries)} scene(s); use 0–{len(entries)})",
                            details={"errors": [{"path": "index", "message": f"at most {len(entries)}"}]},
                            next_actions=_listed(ctx, entries))
    settings.doc.insert_item("m_Scenes", index, entry)
    after = [*entries[:index], entry, *entries[index:]]
    revision = stage_edit(ctx, settings, {"m_Scenes": after})
    scenes = describe_scenes(ctx, after)
    return BuildSceneEditOutput(scene=scenes[index], scenes=scenes, revision=revision or settings.revision,
                                verified=True)


def remove_build_scene(ctx: ToolContext, request: BuildSceneRemoveInput) -> BuildSceneEditOutput:
    settings = read_settings(ctx, BUILD, expected_revision=request.expected_revision, for_write=True)
    entries = entries_of(settings)
    path = exact_path(Path(ctx.project.root), request.path)
    matches = [i for i, e in enumerate(entries) if e["path"] == path]
    if not matches:
        raise UnityCliError("E_PROJECT_BUILD_SCENE_NOT_LISTED", f"Build Settings has no entry {path!r} "
                            f"(it lists: {', '.join(e['path'] for e in entries) or 'no scenes'})",
                            details={"path": path, "listed": [e["path"] for e in entries]},
                            next_actions=_listed(ctx, entries))
    index = matches[0]
    removed = describe_scenes(ctx, entries)[index]
    settings.doc.remove_item("m_Scenes", index)
    after = [*entries[:index], *entries[index + 1:]]
    revision = stage_edit(ctx, settings, {"m_Scenes": after})
    return BuildSceneEditOutput(scene=removed, scenes=describe_scenes(ctx, after), revision=revision or settings.revision,
                                verified=True)
