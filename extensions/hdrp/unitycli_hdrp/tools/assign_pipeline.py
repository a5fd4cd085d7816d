"""`hdrp.assign-pipeline`: make an HDRP asset the default pipeline and/or a quality level's pipeline."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    Ref,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    open_for_write,
    tool_command,
)
from unitycli_hdrp import ids, project
from unitycli_hdrp.tools.get_settings import ASSET_DESCRIPTION


class AssignPipelineInput(ToolInput):
    asset: str | None = Field(None, description=ASSET_DESCRIPTION.replace("the active one (hdrp.get-pipeline), else ",
                                                                          ""))
    default: bool | None = Field(None, description=("Set GraphicsSettings.m_CustomRenderPipeline (the default "
                                                    "pipeline); omitted: true when no quality level is named"))
    quality_levels: list[str | int] = Field(default_factory=list,
                                            description="Quality levels (name or index) whose customRenderPipeline to set")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless GraphicsSettings is at this "
                                                            "revision.")


class Assignment(ToolOutput):
    file: str
    field: str
    old_guid: str | None
    changed: bool


class AssignPipelineOutput(ToolOutput):
    asset: str
    guid: str
    assignments: list[Assignment]


def _level_index(levels: list[Any], spec: str | int) -> int:
    names = [lv.get("name") if isinstance(lv, dict) else None for lv in levels]
    if isinstance(spec, int) or str(spec).isdigit():
        index = int(spec)
        if 0 <= index < len(levels):
            return index
    elif spec in names:
        return names.index(spec)
    raise UnityCliError("E_SCHEMA_INVALID", f"no quality level {spec!r}; the project has {names}",
                        details={"path": "qualityLevels", "levels": names})


def assign_pipeline(ctx: ToolContext, request: AssignPipelineInput) -> AssignPipelineOutput:
    file = project.choose_asset(ctx, request.asset)
    project.check_layout(ctx, file, ids.ASSET_VERSIONS, "HDRenderPipelineAsset")
    guid = project.guid_of_path(ctx, file.path)
    if not guid:
        raise UnityCliError("E_ASSET_NOT_FOUND", f"{file.path} has no .meta GUID, so nothing can reference it",
                            details={"asset": file.path})
    ref = Ref(ids.MAIN_FILE_ID, guid, 2)
    default = request.default if request.default is not None else not request.quality_levels
    out: list[Assignment] = []
    for path, wanted in ((project.GRAPHICS_SETTINGS, default), (project.QUALITY_SETTINGS, bool(request.quality_levels))):
        if not wanted:
            continue
        if not project.exists(ctx, path):
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{path} is missing: open the project in Unity once so it "
                                "writes its settings, then assign the pipeline", details={"file": path},
                                next_actions=[tool_command("hdrp.get-pipeline")])
        loaded = open_for_write(ctx, path, request.expected_revision if path == project.GRAPHICS_SETTINGS else None)
        doc = loaded.yaml.documents[0]
        if path == project.GRAPHICS_SETTINGS:
            fields = ["m_CustomRenderPipeline"]
        else:
            levels = doc.get("m_QualitySettings", None) or []
            fields = [f"m_QualitySettings[{i}].customRenderPipeline"
                      for i in dict.fromkeys(_level_index(levels, s) for s in request.quality_levels)]
        dirty = False
        for field in fields:
            if not doc.has(field):
                raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{path} has no {field}", details={"file": path})
            old = doc.get(field)
            changed = not (isinstance(old, Ref) and old.guid == guid and old.file_id == ids.MAIN_FILE_ID)
            if changed:
                doc.set(field, ref)
                dirty = True
            out.append(Assignment(file=path, field=field, old_guid=project.ref_guid(old), changed=changed))
        if dirty:
            loaded.save(ctx)
    return AssignPipelineOutput(asset=file.path, guid=guid, assignments=out)
