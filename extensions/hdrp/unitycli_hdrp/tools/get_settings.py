"""`hdrp.get-settings`: the documented subset of an HDRP pipeline asset's m_RenderPipelineSettings."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput
from unitycli_hdrp import ids, project, rpsettings

ASSET_DESCRIPTION = ("Project-relative path of an HDRenderPipelineAsset (.asset); omitted: the active one "
                     "(hdrp.get-pipeline), else the project's only one")


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
