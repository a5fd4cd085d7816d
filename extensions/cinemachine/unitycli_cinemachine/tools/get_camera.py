"""`cinemachine.get-camera`: one camera's priority, targets, lens and Body/Aim/Noise components with settings."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_cinemachine import locate, read, scripts
from unitycli_cinemachine.inputs import (
    CameraTarget,
    TargetRef,
)
from unitycli_cinemachine.values import settings


class ComponentInfo(ToolOutput):
    class_name: str = Field(alias="class")
    stage: str = Field(description="body | aim | noise | other")
    file_id: int
    game_object: str = Field(description="Where it sits: the hidden `cm` child in 2.x, the camera's GameObject in 3.x")
    enabled: bool
    settings: dict[str, Any] = Field(description="The component's serialized fields as written")


class GetCameraOutput(ToolOutput):
    file: str
    game_object: str
    game_object_file_id: int
    file_id: int = Field(description="fileID of the camera component")
    class_name: str = Field(alias="class")
    layout: str = Field(description="cm2 | cm3, read from the fields")
    enabled: bool
    active_in_hierarchy: bool
    priority: read.PriorityInfo
    follow: TargetRef | None = Field(description="Follow (2.x m_Follow) / Tracking target (3.x)")
    look_at: TargetRef | None = Field(description="The effective LookAt target")
    custom_look_at: bool | None = Field(description="3.x Target.CustomLookAtTarget (else LookAt = Tracking target)")
    lens: read.Lens | None = Field(description="None for cameras without a lens (managers)")
    pipeline_game_object: str | None = Field(description="2.x: the hidden child holding the CinemachinePipeline")
    body: ComponentInfo | None
    aim: ComponentInfo | None
    noise: ComponentInfo | None
    other_components: list[ComponentInfo] = Field(
        description="Further Cinemachine components beside the camera (input controller, extensions, a second "
                    "component of a stage, which Cinemachine ignores)")
    revision: str


def component_info(site: locate.CameraSite, part: locate.Part, stage: str) -> ComponentInfo:
    return ComponentInfo(class_name=part.script.name(site.layout.layout), stage=stage, file_id=part.doc.file_id,
                         game_object=part.node.path, enabled=read.enabled(part.doc), settings=settings(part.doc))


def get_camera(ctx: ToolContext, request: CameraTarget) -> GetCameraOutput:
    loaded, site = locate.find_camera(ctx, request.file, request.game_object)
    follow, look_at, custom = read.targets(site)
    stages: dict[str, ComponentInfo] = {}
    others: list[ComponentInfo] = []
    for part in site.parts():
        kind = part.script.kind
        if kind in scripts.STAGES and kind not in stages:
            stages[kind] = component_info(site, part, kind)
        else:
            others.append(component_info(site, part, kind if kind in scripts.STAGES else scripts.OTHER))
    pipeline = site.pipeline_node()
    return GetCameraOutput(
        file=loaded.path, game_object=site.path, game_object_file_id=site.node.file_id, file_id=site.doc.file_id,
        class_name=site.class_name, layout=site.layout.layout, enabled=read.enabled(site.doc),
        active_in_hierarchy=read.active_in_hierarchy(site.node), priority=read.priority(site),
        follow=TargetRef.of(site.model, follow), look_at=TargetRef.of(site.model, look_at), custom_look_at=custom,
        lens=read.lens(site), pipeline_game_object=pipeline.path if pipeline is not None else None,
        body=stages.get(scripts.BODY), aim=stages.get(scripts.AIM), noise=stages.get(scripts.NOISE),
        other_components=others, revision=loaded.revision)
