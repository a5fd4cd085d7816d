"""`urp.list-volumes`: Volume components in scenes and prefabs, with their profiles."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    OBJECT_FILE_SUFFIXES,
    Field,
    ToolContext,
    ToolInput,
    ToolOutput,
    asset_path,
    find_volumes,
    resolve_file,
    to_json_value,
)


class ListVolumesInput(ToolInput):
    file: str | None = Field(None, description="Scene or prefab (path or unique name); default every one under "
                                               "Assets/ that has a Volume")


class VolumeInfo(ToolOutput):
    file: str
    game_object: str
    game_object_file_id: int
    file_id: int
    enabled: bool
    is_global: bool
    priority: float
    blend_distance: float
    weight: float
    profile: str | None = Field(description="sharedProfile asset path; None when unset or not found")
    profile_ref: Any = Field(description="sharedProfile as {fileID, guid, type}, or None")


class Unreadable(ToolOutput):
    path: str
    reason: str
    code: str | None


class ListVolumesOutput(ToolOutput):
    volumes: list[VolumeInfo]
    unreadable: list[Unreadable]


def list_volumes(ctx: ToolContext, request: ListVolumesInput) -> ListVolumesOutput:
    files = [resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES)] if request.file else None
    volumes, unreadable = find_volumes(ctx, files)
    return ListVolumesOutput(
        volumes=[VolumeInfo(file=v.file, game_object=v.game_object, game_object_file_id=v.game_object_file_id,
                            file_id=v.file_id, enabled=v.enabled, is_global=v.is_global, priority=v.priority,
                            blend_distance=v.blend_distance, weight=v.weight,
                            profile=asset_path(ctx, v.profile.guid) if v.profile else None,
                            profile_ref=to_json_value(v.profile) if v.profile else None) for v in volumes],
        unreadable=[Unreadable(path=u.path, reason=u.reason, code=u.code) for u in unreadable])
