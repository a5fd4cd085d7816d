"""`hdrp.get-frame-settings`: the default frame settings of each rendering path, decoded."""

from __future__ import annotations

from typing import Literal

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput
from unitycli_hdrp import frames, project

GLOBAL_DESCRIPTION = ("Project-relative path of an HDRenderPipelineGlobalSettings asset; omitted: the one "
                      "GraphicsSettings registers for HDRP, else the project's only one")
RenderType = Literal["camera", "bakedOrCustomReflection", "realtimeReflection"]


class GetFrameSettingsInput(ToolInput):
    global_settings: str | None = Field(None, description=GLOBAL_DESCRIPTION)
    render_type: RenderType | None = Field(None, description="Only this rendering path; omitted: all three")


class OtherBit(ToolOutput):
    bit: int
    name: str | None
    kind: str = Field(description="scalar-field (value lives in a scalar), obsolete, or unnamed; kept as found")


class FrameSettingsBlock(ToolOutput):
    render_type: RenderType
    path: str = Field(description="Property path of the FrameSettings struct in the file")
    data1: str = Field(description="bitDatas.data1 as written (unsigned 64-bit decimal)")
    data2: str = Field(description="bitDatas.data2 as written (unsigned 64-bit decimal)")
    fields: dict[str, bool] = Field(description="Every boolean FrameSettingsField of this HDRP version: set or not")
    enabled: list[str]
    other_set_bits: list[OtherBit] = Field(description="Set bits no boolean field of this version names")
    scalars: dict[str, int | float] = Field(description="lodBias, msaaMode (1 none, 2/4/8, 9 from the asset), …")


class GetFrameSettingsOutput(ToolOutput):
    global_settings: str
    revision: str
    package_version: str | None
    layout: Literal["14", "17"] = Field(description="14 = top-level fields (m_Version 5); 17 = RefIds (m_Version 14)")
    location: str
    blocks: list[FrameSettingsBlock]


def describe(ctx: ToolContext, file: project.HdrpFile, only: str | None = None) -> GetFrameSettingsOutput:
    fam, where, found = frames.blocks(ctx, file)
    out = []
    for render_type, block in found.items():
        if only and render_type != only:
            continue
        d1, d2 = block.raw(file)
        values, extra = frames.decode(frames.combine(d1, d2), fam)
        out.append(FrameSettingsBlock(
            render_type=render_type, path=block.path, data1=str(d1), data2=str(d2), fields=values,
            enabled=[n for n, v in values.items() if v], other_set_bits=[OtherBit(**e) for e in extra],
            scalars=block.scalars(file)))
    return GetFrameSettingsOutput(global_settings=file.path, revision=file.revision,
                                  package_version=project.package_version(ctx), layout=fam, location=where,
                                  blocks=out)


def get_frame_settings(ctx: ToolContext, request: GetFrameSettingsInput) -> GetFrameSettingsOutput:
    file = project.choose_global_settings(ctx, request.global_settings)
    return describe(ctx, file, request.render_type)
