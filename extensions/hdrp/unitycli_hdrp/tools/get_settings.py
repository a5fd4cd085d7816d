"""`hdrp.get-settings`: the documented subset of an HDRP pipeline asset's m_RenderPipelineSettings."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, ToolSpec
from unitycli_hdrp import ids, project, rpsettings

ASSET_DESCRIPTION = ("Project-relative path of an HDRenderPipelineAsset (.asset); omitted: the active one "
                     "(hdrp.get-pipeline), else the project's only one")
SAMPLE_ASSET = "Assets/HDRP/HDRenderPipelineAsset.asset"  # VisualEffectGraph-Samples (HDRP 17.0.3)
EXAMPLE_NOTE = " The example runs on the VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."


class GetSettingsInput(ToolInput):
    asset: str | None = Field(None, description=ASSET_DESCRIPTION)


class GetSettingsOutput(ToolOutput):
    asset: str
    revision: str
    package_version: str | None
    asset_version: int = Field(description="The asset's m_Version (22 = 14.x layout, 25 = 17.0–17.2 layout)")
    settings: rpsettings.SettingsValues
    missing: list[str] = Field(description="Documented keys this file's layout does not have")


def read_settings(ctx: ToolContext, file: project.HdrpFile) -> GetSettingsOutput:
    version = project.check_layout(ctx, file, ids.ASSET_VERSIONS, "HDRenderPipelineAsset")
    values, missing = rpsettings.read_all(file.doc)
    return GetSettingsOutput(asset=file.path, revision=file.revision, package_version=project.package_version(ctx),
                             asset_version=version, settings=rpsettings.SettingsValues(**values), missing=missing)


def get_settings(ctx: ToolContext, request: GetSettingsInput) -> GetSettingsOutput:
    return read_settings(ctx, project.choose_asset(ctx, request.asset))


SPEC = ToolSpec(
    name="hdrp.get-settings", title="Get HDRP pipeline settings",
    summary="Read the documented subset of an HDRP asset's m_RenderPipelineSettings.",
    description=("Reads an HDRenderPipelineAsset's m_RenderPipelineSettings: the support toggles (SSR, SSAO, "
                 "volumetrics, decals, motion vectors, ray tracing, …) as booleans and msaaSampleCount, "
                 "colorBufferFormat, customBufferFormat, supportedLitShaderMode, supportedRayTracingMode and "
                 "lightProbeSystem by name. Keys are found by name (their order differs between HDRP versions); a "
                 "key the file's layout lacks is listed in `missing`. On a verified HDRP version the asset's m_Version "
                 "must be its layout (22 for 14.x, 25 for 17.x), else E_HDRP_LAYOUT_UNSUPPORTED; on any other version "
                 "it is read as the file holds it (profileVerified false). "
                 "Read-only." + EXAMPLE_NOTE),
    input_model=GetSettingsInput, output_model=GetSettingsOutput, handler=get_settings,
    examples=({}, {"asset": SAMPLE_ASSET}),
)
