"""The error codes this extension owns; declared to the core's catalog (`docs errors` names the owner).

Volume-model failures (`unitycli.api.VolumeModelError`) map to the E_URP_PROFILE/OVERRIDE/PARAMETER codes here.
"""

from __future__ import annotations

from unitycli.api import (
    EXIT_FAILED,
    EXIT_USAGE,
    ErrorSpec,
    UnityCliError,
    VolumeModelError,
    declared_specs,
    describe_command,
    raise_as,
    tool_command,
)

E_URP_PIPELINE_NOT_FOUND = ErrorSpec(
    "E_URP_PIPELINE_NOT_FOUND",
    "No URP asset is assigned there (GraphicsSettings or the quality level), or the file is not one.",
    EXIT_FAILED, next_actions=(tool_command("urp.get-pipeline"),))
E_URP_QUALITY_LEVEL_NOT_FOUND = ErrorSpec(
    "E_URP_QUALITY_LEVEL_NOT_FOUND", "The project has no quality level of that name or index.",
    EXIT_USAGE, next_actions=(tool_command("urp.get-pipeline"),))
E_URP_SETTING_UNSUPPORTED = ErrorSpec(
    "E_URP_SETTING_UNSUPPORTED",
    "The URP asset's package version (or the file, saved by an older one) has no such field.", EXIT_FAILED,
    next_actions=(tool_command("urp.get-settings"),))
E_URP_SETTING_INVALID = ErrorSpec(
    "E_URP_SETTING_INVALID", "The value is outside what URP accepts for that setting.", EXIT_USAGE,
    next_actions=(describe_command("urp.set-settings"),))
E_URP_RENDERER_NOT_FOUND = ErrorSpec(
    "E_URP_RENDERER_NOT_FOUND",
    "The file is not a Universal Renderer asset, or the pipeline asset has no renderer at that index.",
    EXIT_FAILED, next_actions=(tool_command("urp.get-pipeline"),))
E_URP_FEATURE_NOT_FOUND = ErrorSpec(
    "E_URP_FEATURE_NOT_FOUND", "The renderer has no feature of that name, fileID or index.", EXIT_FAILED,
    next_actions=(tool_command("urp.list-features"),))
E_URP_FEATURE_AMBIGUOUS = ErrorSpec(
    "E_URP_FEATURE_AMBIGUOUS",
    "Several renderer features match (the same name or type), or the name is blank; name one by fileID or "
    "index.", EXIT_FAILED, next_actions=(tool_command("urp.list-features"),))
E_URP_FEATURE_TYPE_UNSUPPORTED = ErrorSpec(
    "E_URP_FEATURE_TYPE_UNSUPPORTED",
    "That renderer feature type has no verified default layout for this URP version.", EXIT_USAGE,
    next_actions=(describe_command("urp.add-feature"),))
E_URP_FEATURE_EXISTS = ErrorSpec(
    "E_URP_FEATURE_EXISTS",
    "The feature type allows one instance per renderer (DisallowMultipleRendererFeature).", EXIT_FAILED,
    next_actions=(tool_command("urp.list-features"),))
E_URP_PROFILE_NOT_FOUND = ErrorSpec(
    "E_URP_PROFILE_NOT_FOUND", "The asset is not a VolumeProfile.", EXIT_FAILED,
    next_actions=(tool_command("urp.list-profiles"),))
E_URP_OVERRIDE_UNKNOWN = ErrorSpec(
    "E_URP_OVERRIDE_UNKNOWN", "That volume override class is not one URP defines for this version.",
    EXIT_USAGE, next_actions=(describe_command("urp.add-override"),))
E_URP_OVERRIDE_EXISTS = ErrorSpec(
    "E_URP_OVERRIDE_EXISTS", "The profile already lists an override of that class.", EXIT_FAILED,
    next_actions=(tool_command("urp.get-profile"),))
E_URP_OVERRIDE_NOT_FOUND = ErrorSpec(
    "E_URP_OVERRIDE_NOT_FOUND",
    "The profile's components list no override of that class or fileID (orphans are never matched).",
    EXIT_FAILED, next_actions=(tool_command("urp.get-profile"),))
E_URP_PARAMETER_NOT_FOUND = ErrorSpec(
    "E_URP_PARAMETER_NOT_FOUND", "The override has no parameter of that name.", EXIT_FAILED,
    next_actions=(tool_command("urp.get-profile"),))
E_URP_PARAMETER_INVALID = ErrorSpec(
    "E_URP_PARAMETER_INVALID",
    "The value does not fit the parameter (type, enum, or the clamp URP applies in code).", EXIT_USAGE)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook

VOLUME_CODES = {
    "not-a-profile": "E_URP_PROFILE_NOT_FOUND",
    "override-unknown": "E_URP_OVERRIDE_UNKNOWN",
    "override-exists": "E_URP_OVERRIDE_EXISTS",
    "override-not-found": "E_URP_OVERRIDE_NOT_FOUND",
    "parameter-not-found": "E_URP_PARAMETER_NOT_FOUND",
    "parameter-invalid": "E_URP_PARAMETER_INVALID",
}


def volume_error(exc: VolumeModelError) -> UnityCliError:
    """The URP error for a volume-model failure (raise the result)."""
    return raise_as(exc, VOLUME_CODES)
