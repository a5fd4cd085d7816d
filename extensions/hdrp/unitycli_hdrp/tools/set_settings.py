"""`hdrp.set-settings`: change documented keys of an HDRP pipeline asset's m_RenderPipelineSettings in place."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError, tool_command
from unitycli_hdrp import ids, project, rpsettings
from unitycli_hdrp.tools.get_settings import ASSET_DESCRIPTION


class SetSettingsInput(ToolInput):
    asset: str | None = Field(None, description=ASSET_DESCRIPTION)
    settings: rpsettings.SettingsPatch = Field(
        description="The keys to change and their new values (only documented keys; unknown keys are refused)")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the asset is at this revision.")


class SettingChange(ToolOutput):
    key: str
    old: Any
    new: Any


class SetSettingsOutput(ToolOutput):
    asset: str
    changed: list[SettingChange] = Field(description="Keys whose value changed (a key already at its value is not)")
    settings: rpsettings.SettingsValues


def set_settings(ctx: ToolContext, request: SetSettingsInput) -> SetSettingsOutput:
    patch = {k: v for k, v in request.settings.model_dump(by_alias=True).items() if v is not None}
    if not patch:
        raise UnityCliError("E_SCHEMA_INVALID", "settings names no key to change",
                            details={"path": "settings", "allowed": rpsettings.KEYS})
    file = project.choose_asset(ctx, request.asset, for_write=True, expected_revision=request.expected_revision)
    project.check_layout(ctx, file, ids.ASSET_VERSIONS, "HDRenderPipelineAsset")
    absent = [k for k in patch if not file.doc.has(f"m_RenderPipelineSettings.{k}")]
    if absent:
        raise UnityCliError(
            "E_HDRP_SETTING_UNAVAILABLE",
            f"{file.path} has no m_RenderPipelineSettings.{absent[0]} in its layout; nothing was written",
            details={"asset": file.path, "keys": absent, "packageVersion": project.package_version(ctx)},
            next_actions=[tool_command("hdrp.get-settings", {"asset": file.path})])
    changed = []
    for key, value in patch.items():
        path = f"m_RenderPipelineSettings.{key}"
        old = file.doc.get(path)
        new = rpsettings.encode(key, value)
        if old != new:
            file.doc.set(path, new)
            changed.append(SettingChange(key=key, old=rpsettings.decode(key, old), new=value))
    if changed:
        file.save(ctx)
    values, _ = rpsettings.read_all(file.doc)
    return SetSettingsOutput(asset=file.path, changed=changed, settings=rpsettings.SettingsValues(**values))
