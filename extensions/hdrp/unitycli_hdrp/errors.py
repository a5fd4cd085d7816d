"""The error codes this extension owns; declared to the core's catalog (`docs errors` names the owner)."""

from __future__ import annotations

from unitycli.api import EXIT_FAILED, EXIT_USAGE, ErrorSpec, declared_specs, describe_command, tool_command

E_HDRP_ASSET_NOT_FOUND = ErrorSpec(
    "E_HDRP_ASSET_NOT_FOUND",
    "No HDRenderPipelineAsset could be chosen: the file is not one, or the project has none, or several "
    "and none is active; give `asset`.", EXIT_FAILED,
    next_actions=(tool_command("hdrp.get-pipeline"),))
E_HDRP_GLOBAL_SETTINGS_NOT_FOUND = ErrorSpec(
    "E_HDRP_GLOBAL_SETTINGS_NOT_FOUND",
    "No HDRenderPipelineGlobalSettings could be chosen: none is registered in GraphicsSettings and the "
    "project has none, or several; give `globalSettings`.", EXIT_FAILED,
    next_actions=(tool_command("hdrp.get-pipeline"),))
E_HDRP_LAYOUT_UNSUPPORTED = ErrorSpec(
    "E_HDRP_LAYOUT_UNSUPPORTED",
    "The HDRP file's m_Version is not the layout verified for the project's listed HDRP version (pipeline "
    "asset 22 for 14.x, 25 for 17.x; global settings 5 for 14.x, 14 for 17.x), or it has none; nothing is read "
    "or written. On a version the manifest does not list, files are read as they are.",
    EXIT_FAILED, next_actions=("unitycli extensions doctor",))
E_HDRP_SETTING_UNAVAILABLE = ErrorSpec(
    "E_HDRP_SETTING_UNAVAILABLE",
    "The pipeline asset's m_RenderPipelineSettings has no such key in this file's layout; keys are never "
    "added, so nothing was written.", EXIT_FAILED,
    next_actions=(tool_command("hdrp.get-settings"),))
E_HDRP_FRAME_SETTING_UNKNOWN = ErrorSpec(
    "E_HDRP_FRAME_SETTING_UNKNOWN",
    "A frame setting name is not a boolean FrameSettingsField of the project's HDRP version; nothing was "
    "written.", EXIT_USAGE, next_actions=(tool_command("hdrp.get-frame-settings"),))
E_HDRP_PROFILE_NOT_FOUND = ErrorSpec(
    "E_HDRP_PROFILE_NOT_FOUND",
    "The path or name does not give exactly one VolumeProfile asset (main object with the VolumeProfile "
    "script); the candidates are listed.", EXIT_FAILED,
    next_actions=(tool_command("hdrp.list-profiles"),))
E_HDRP_OVERRIDE_UNSUPPORTED = ErrorSpec(
    "E_HDRP_OVERRIDE_UNSUPPORTED",
    "The override class has no layout verified for the project's HDRP version (14.x: Exposure, Bloom, "
    "Tonemapping, VisualEnvironment, HDRISky; 17.x also Fog, ColorAdjustments, Vignette), so it is not "
    "created or its values written.", EXIT_FAILED,
    next_actions=(describe_command("hdrp.add-override"),))
E_HDRP_OVERRIDE_EXISTS = ErrorSpec(
    "E_HDRP_OVERRIDE_EXISTS", "The profile already lists an override of that class; edit it with "
    "hdrp.set-override.", EXIT_FAILED)
E_HDRP_OVERRIDE_NOT_FOUND = ErrorSpec(
    "E_HDRP_OVERRIDE_NOT_FOUND", "The profile's components list no override of that class, name or "
    "fileID (orphaned sub-assets are never matched).", EXIT_FAILED,
    next_actions=(tool_command("hdrp.get-profile"),))
E_HDRP_PARAMETER_NOT_FOUND = ErrorSpec(
    "E_HDRP_PARAMETER_NOT_FOUND", "The override has no parameter of that name.", EXIT_USAGE)
E_HDRP_VALUE_INVALID = ErrorSpec(
    "E_HDRP_VALUE_INVALID",
    "The value does not fit the parameter: wrong type, unknown enum name, or outside the range the package "
    "source declares (YAML min/max keys are legacy and never used); nothing was written.", EXIT_USAGE)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
