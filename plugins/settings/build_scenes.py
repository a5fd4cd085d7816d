"""`project.get-build-scenes` / `project.set-build-scenes`: the scene list of ProjectSettings/EditorBuildSettings.asset.

Each entry is `- enabled: 1 / path: … / guid: …` in that key order; an empty list is `m_Scenes: []`
(com.unity.cinemachine/Projects/URP). Unity finds a build scene by its GUID and rewrites the path when the scene
moves, so `get` checks both against the scene's `.meta` and names the current path of a moved scene.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.next_actions import describe_command, tool_command
from unitycli.plugins.settings.settings_file import (
    SettingsFile,
    read_settings,
    read_settings_or_unreadable,
    stage_edit,
)
from unitycli.plugins.settings.versions import BUILD
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.meta import parse_meta
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile
from unitycli.unityyaml import Mapping, Scalar, Sequence
from unitycli.unityyaml.split import unsupported

Status = Literal["ok", "missing", "moved", "guid-mismatch"]


class BuildScene(ToolOutput):
    index: int = Field(description="Position in the Build Settings list.")
    build_index: int | None = Field(description="SceneManager build index (enabled scenes only), None if disabled.")
    path: str
    guid: str
    enabled: bool
    status: Status = Field(description="ok; missing (no such scene); moved (the GUID is now at currentPath); "
                                       "guid-mismatch (the scene at path has another GUID)")
    current_path: str | None = None


class BuildScenesGetInput(ToolInput):
    pass


class BuildScenesGetOutput(ToolOutput):
    file: str = BUILD.path
    revision: str | None = Field(description="null when the file is unreadable")
    serialized_version: int | None
    layout_verified: bool
    scenes: list[BuildScene]
    warnings: list[str]
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


class BuildSceneEntry(ToolInput):
    path: str = Field(min_length=1, description="Project-relative scene path, e.g. Assets/Scenes/Main.unity.")
    enabled: bool = True


class BuildScenesSetInput(ToolInput):
    scenes: list[BuildSceneEntry] = Field(max_length=4096, description="The whole list, in build order.")
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")


class BuildScenesSetOutput(ToolOutput):
    file: str = BUILD.path
    changed: bool
    previous: list[BuildScene]
    scenes: list[BuildScene]
    revision: str
    verified: bool


def entries_of(settings: SettingsFile) -> list[dict[str, Any]]:
    node = settings.root.get("m_Scenes")
    if not isinstance(node, Sequence) or not all(isinstance(i, Mapping) for i in node.items):
        raise unsupported("`m_Scenes` is not a list of scenes", settings.path)
    out = []
    for item in node.items:
        assert isinstance(item, Mapping)
        if item.keys() != ["enabled", "path", "guid"] or not all(isinstance(v, Scalar) for v in item.values):
            raise unsupported(f"a build scene entry has keys {item.keys()}, not enabled/path/guid", settings.path)
        enabled, path, guid = (v.text for v in item.values)  # type: ignore[union-attr]
        out.append({"enabled": 0 if enabled == "0" else 1, "path": path, "guid": guid})
    return out


def _meta_guid(ctx: ToolContext, path: str) -> str | None:
    """The GUID in `path`.meta as this transaction sees it, or None when the scene or its meta is absent."""
    if not ctx.transaction.exists(path) or not ctx.transaction.exists(path + ".meta"):
        return None
    return parse_meta(ctx.transaction.read_bytes(path + ".meta"), path + ".meta").guid


def describe_scenes(ctx: ToolContext, entries: list[dict[str, Any]]) -> list[BuildScene]:
    index = None
    scenes: list[BuildScene] = []
    build_index = 0
    for i, entry in enumerate(entries):
        enabled = entry["enabled"] == 1
        guid = _meta_guid(ctx, entry["path"])
        status: Status = "ok" if guid == entry["guid"] else "missing" if guid is None else "guid-mismatch"
        current = None
        if status != "ok":
            if index is None:
                from unitycli.indexes import ProjectIndex  # only when a scene is not where the file says

                index = ProjectIndex.open(ctx.project.root)
            current = index.path_for_guid(entry["guid"])
            if current is not None and current != entry["path"]:
                status = "moved"
        scenes.append(BuildScene(index=i, build_index=build_index if enabled else None, path=entry["path"],
                                 guid=entry["guid"], enabled=enabled, status=status, current_path=current))
        build_index += enabled
    if index is not None:
        index.close()
    return scenes


def get_build_scenes(ctx: ToolContext, request: BuildScenesGetInput) -> BuildScenesGetOutput:
    settings, unreadable = read_settings_or_unreadable(ctx, BUILD)
    if settings is None:
        return BuildScenesGetOutput(revision=None, serialized_version=None, layout_verified=False, scenes=[],
                                    warnings=[], unreadable=unreadable)
    return BuildScenesGetOutput(revision=settings.revision, serialized_version=settings.serialized_version,
                                layout_verified=settings.verified, scenes=describe_scenes(ctx, entries_of(settings)),
                                warnings=settings.warnings)


def resolve_scene(ctx: ToolContext, entry: BuildSceneEntry) -> dict[str, Any]:
    """The `m_Scenes` item for `entry`, its path exactly as given (relative, or absolute inside the project)."""
    path = exact_path(Path(ctx.project.root), entry.path)
    if not path.endswith(".unity") or not path.startswith(("Assets/", "Packages/")):
        raise UnityCliError("E_ASSET_PATH_INVALID", f"{path!r} is not a scene path (Assets/…/Name.unity)",
                            details={"path": path},
                            next_actions=[tool_command("asset.find", {"type": "Scene"})])
    if not ctx.transaction.exists(path):
        raise UnityCliError("E_SCENE_NOT_FOUND", f"no scene at {path}", details={"path": path},
                            next_actions=[tool_command("asset.find", {"type": "Scene"})])
    if not ctx.transaction.exists(path + ".meta"):
        raise UnityCliError("E_ASSET_NOT_FOUND", f"{path}.meta does not exist: the scene has no GUID until Unity "
                            "imports it", details={"path": path + ".meta"},
                            next_actions=[],
                            manual_steps=["Open the project in the Unity Editor once so it writes the .meta"])
    guid = parse_meta(ctx.transaction.read_bytes(path + ".meta"), path + ".meta").guid
    return {"enabled": 1 if entry.enabled else 0, "path": path, "guid": guid}


def set_build_scenes(ctx: ToolContext, request: BuildScenesSetInput) -> BuildScenesSetOutput:
    settings = read_settings(ctx, BUILD, expected_revision=request.expected_revision, for_write=True)
    paths = [exact_path(Path(ctx.project.root), s.path) for s in request.scenes]
    duplicates = sorted({p for p in paths if paths.count(p) > 1})
    if duplicates:
        raise UnityCliError("E_SCHEMA_INVALID", f"scenes lists {duplicates[0]} more than once",
                            details={"errors": [{"path": "scenes", "message": f"duplicate scene {p}"}
                                                for p in duplicates]},
                            next_actions=[describe_command("project.set-build-scenes")])
    before = entries_of(settings)
    wanted = [resolve_scene(ctx, entry) for entry in request.scenes]
    revision = None
    if wanted != before:
        settings.doc.set("m_Scenes", wanted)
        revision = stage_edit(ctx, settings, {"m_Scenes": wanted})
    return BuildScenesSetOutput(changed=revision is not None, previous=describe_scenes(ctx, before),
                                scenes=describe_scenes(ctx, wanted), revision=revision or settings.revision, verified=True)
