"""`urp.assign-pipeline`: make a URP asset the default pipeline (GraphicsSettings) or a quality level's."""

from __future__ import annotations

from unitycli.api import (
    Field,
    Ref,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    open_for_write,
    parse_meta,
)
from unitycli_urp import ids, pipeline


class AssignPipelineInput(ToolInput):
    asset: str | None = Field(description=("Project path of the URP asset to assign; null clears the slot (a quality "
                                           "level then uses the default; no default means the built-in pipeline)"))
    quality_level: str | int | None = Field(None, description=("Quality level name or index to assign it to; "
                                                               "default GraphicsSettings m_CustomRenderPipeline"))
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the settings file is "
                                                            "at this revision.")


class AssignPipelineOutput(ToolOutput):
    file: str
    slot: str = Field(description="m_CustomRenderPipeline or m_QualitySettings[i].customRenderPipeline")
    previous: str | None
    asset: str | None
    changed: bool


def assign_pipeline(ctx: ToolContext, request: AssignPipelineInput) -> AssignPipelineOutput:
    ref = Ref(0)
    if request.asset is not None:
        path = pipeline.resolve_asset(ctx, pipeline.PipelineTarget(asset=request.asset))
        meta = parse_meta(ctx.transaction.read_bytes(path + ".meta"), path + ".meta")
        ref = Ref(ids.MAIN_FILE_ID, meta.guid, 2)
    if request.quality_level is None:
        file, slot = pipeline.GRAPHICS, "m_CustomRenderPipeline"
    else:
        level = pipeline.find_level(ctx, request.quality_level)
        file, slot = pipeline.QUALITY, f"m_QualitySettings[{level.index}].customRenderPipeline"
    loaded = open_for_write(ctx, file, request.expected_revision)
    doc = loaded.yaml.documents[0]
    if not doc.has(slot):
        raise UnityCliError("E_URP_PIPELINE_NOT_FOUND", f"{file} has no {slot} to assign",
                            details={"file": file, "slot": slot})
    old = doc.get(slot)
    previous = pipeline.ref_path(ctx, old) if isinstance(old, Ref) and not old.is_null else None
    changed = not (isinstance(old, Ref) and (old.is_null and ref.is_null or
                                             (old.guid == ref.guid and old.file_id == ref.file_id)))
    if changed:
        doc.set(slot, ref)
        loaded.save(ctx)
    return AssignPipelineOutput(file=file, slot=slot, previous=previous, asset=request.asset and
                                pipeline.resolve_asset(ctx, pipeline.PipelineTarget(asset=request.asset)),
                                changed=changed)
