"""`hdrp.list-volumes`: the Volume components of the project's scenes and prefabs and the profiles they use."""

from __future__ import annotations

from unitycli.api import (
    FILE_DESCRIPTION,
    Field,
    SceneVolume,
    ToolContext,
    ToolInput,
    ToolOutput,
    find_volumes,
    resolve_file,
)
from unitycli_hdrp import project


class ListVolumesInput(ToolInput):
    file: str | None = Field(None, description="Only this scene or prefab; " + FILE_DESCRIPTION)


class ProfileOut(ToolOutput):
    guid: str | None
    path: str | None


class VolumeOut(ToolOutput):
    file: str
    game_object: str
    game_object_file_id: int
    file_id: int
    enabled: bool
    is_global: bool
    priority: float
    blend_distance: float
    weight: float
    profile: ProfileOut | None = Field(description="sharedProfile; None when the Volume has none")


class UnreadableOut(ToolOutput):
    path: str
    reason: str


class ListVolumesOutput(ToolOutput):
    volumes: list[VolumeOut]
    unreadable: list[UnreadableOut]


def volume_out(v: SceneVolume, paths: dict[str, str | None]) -> VolumeOut:
    guid = v.profile.guid if v.profile is not None else None
    return VolumeOut(file=v.file, game_object=v.game_object, game_object_file_id=v.game_object_file_id,
                     file_id=v.file_id, enabled=v.enabled, is_global=v.is_global, priority=v.priority,
                     blend_distance=v.blend_distance, weight=v.weight,
                     profile=ProfileOut(guid=guid, path=paths.get(guid or "")) if v.profile is not None else None)


def list_volumes(ctx: ToolContext, request: ListVolumesInput) -> ListVolumesOutput:
    files = [resolve_file(ctx, request.file)] if request.file else None
    volumes, unreadable = find_volumes(ctx, files)
    paths = project.guid_paths(ctx, [v.profile.guid for v in volumes if v.profile is not None and v.profile.guid])
    return ListVolumesOutput(volumes=[volume_out(v, paths) for v in volumes],
                             unreadable=[UnreadableOut(path=u.path, reason=u.reason) for u in unreadable])
