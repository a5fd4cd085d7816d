"""`cinemachine.list-cameras`: the Cinemachine cameras and brains of a scene, a prefab or the whole project.

Across the project a file that cannot be read (a Git LFS pointer, a format we do not parse) is listed in `skipped`
with its error, as `probuilder.list-meshes` does, so a short list says so.
"""

from __future__ import annotations

from unitycli.api import (
    Field,
    LoadedFile,
    SceneModel,
    SkippedFile,
    ToolContext,
    ToolInput,
    ToolOutput,
    scan_scene_files,
)
from unitycli_cinemachine import locate, read
from unitycli_cinemachine.values import target_path


class ListCamerasInput(ToolInput):
    file: str | None = Field(None, description=("Scene or prefab to list (path or unique name); omitted: every scene "
                                                "and prefab under Assets/ that references a Cinemachine script"))


class CameraSummary(ToolOutput):
    file: str
    game_object: str = Field(description="Hierarchy path of the camera's GameObject")
    game_object_file_id: int
    file_id: int = Field(description="fileID of the camera component")
    class_name: str = Field(alias="class", description="CinemachineVirtualCamera, CinemachineCamera, …")
    layout: str = Field(description="cm2 | cm3, read from the fields (m_Priority/m_Lens vs Priority/Lens/Target)")
    priority: int = Field(description="Effective priority (see cinemachine.get-camera for the stored fields)")
    follow: str | None = Field(description="GameObject path of the Follow / Tracking target")
    look_at: str | None = Field(description="GameObject path of the effective LookAt target")
    enabled: bool = Field(description="The camera component's m_Enabled")
    active_in_hierarchy: bool = Field(description="Its GameObject and every parent are active")


class BrainSummary(ToolOutput):
    file: str
    game_object: str
    game_object_file_id: int
    file_id: int
    layout: str
    enabled: bool


class ListCamerasOutput(ToolOutput):
    cameras: list[CameraSummary]
    brains: list[BrainSummary]
    revisions: dict[str, str] = Field(description="Revision of each file read, for expectedRevision")
    skipped: list[SkippedFile] = Field(description="Files that may hold cameras but could not be read; project-wide only")


def summarize(site: locate.CameraSite) -> CameraSummary:
    follow, look_at, _custom = read.targets(site)
    return CameraSummary(
        file=site.file, game_object=site.path, game_object_file_id=site.node.file_id, file_id=site.doc.file_id,
        class_name=site.class_name, layout=site.layout.layout, priority=read.priority(site).value,
        follow=target_path(site.model, follow), look_at=target_path(site.model, look_at),
        enabled=read.enabled(site.doc), active_in_hierarchy=read.active_in_hierarchy(site.node))


def list_cameras(ctx: ToolContext, request: ListCamerasInput) -> ListCamerasOutput:
    files = [request.file] if request.file else locate.project_files(ctx)

    def read_file(loaded: LoadedFile, model: SceneModel) -> tuple[list[CameraSummary], list[BrainSummary]]:
        brains = [BrainSummary(file=b.file, game_object=b.node.path, game_object_file_id=b.node.file_id,
                               file_id=b.doc.file_id, layout=b.layout.layout, enabled=read.enabled(b.doc))
                  for b in locate.brains_in(loaded.path, loaded.yaml, model)]
        return [summarize(s) for s in locate.cameras_in(loaded.path, loaded.yaml, model)], brains

    scanned = scan_scene_files(ctx, files, read_file, strict=bool(request.file))
    return ListCamerasOutput(cameras=[c for cameras, _ in scanned.found for c in cameras],
                             brains=[b for _, brains in scanned.found for b in brains],
                             revisions=scanned.revisions, skipped=scanned.skipped)
