"""The error codes this extension owns; the core merges them into its catalog (`docs errors` names the owner).

Volume-model failures (`unitycli.api.VolumeModelError`) map to the E_URP_PROFILE/OVERRIDE/PARAMETER codes here.
"""

from __future__ import annotations

from unitycli.api import EXIT_FAILED, EXIT_USAGE, ErrorSpec, UnityCliError, VolumeModelError, raise_as

ERROR_CODES = [
    ErrorSpec("E_URP_PIPELINE_NOT_FOUND",
              "No URP asset is assigned there (GraphicsSettings or the quality level), or the file is not one.",
              EXIT_FAILED, next_actions=("unitycli tools run urp.get-pipeline",)),
    ErrorSpec("E_URP_QUALITY_LEVEL_NOT_FOUND", "The project has no quality level of that name or index.",
              EXIT_USAGE, next_actions=("unitycli tools run urp.get-pipeline",)),
    ErrorSpec("E_URP_SETTING_UNSUPPORTED",
              "The URP asset's package version (or the file, saved by an older one) has no such field.", EXIT_FAILED,
              next_actions=("unitycli tools run urp.get-settings",)),
    ErrorSpec("E_URP_SETTING_INVALID", "The value is outside what URP accepts for that setting.", EXIT_USAGE,
              next_actions=("unitycli tools describe urp.set-settings",)),
    ErrorSpec("E_URP_RENDERER_NOT_FOUND",
              "The file is not a Universal Renderer asset, or the pipeline asset has no renderer at that index.",
              EXIT_FAILED, next_actions=("unitycli tools run urp.get-pipeline",)),
    ErrorSpec("E_URP_FEATURE_NOT_FOUND", "The renderer has no feature of that name, fileID or index.", EXIT_FAILED,
              next_actions=("unitycli tools run urp.list-features",)),
    ErrorSpec("E_URP_FEATURE_AMBIGUOUS",
              "Several renderer features match (the same name or type), or the name is blank; name one by fileID or "
              "index.", EXIT_FAILED, next_actions=("unitycli tools run urp.list-features",)),
    ErrorSpec("E_URP_FEATURE_TYPE_UNSUPPORTED",
              "That renderer feature type has no verified default layout for this URP version.", EXIT_USAGE,
              next_actions=("unitycli tools describe urp.add-feature",)),
    ErrorSpec("E_URP_FEATURE_EXISTS",
              "The feature type allows one instance per renderer (DisallowMultipleRendererFeature).", EXIT_FAILED,
              next_actions=("unitycli tools run urp.list-features",)),
    ErrorSpec("E_URP_PROFILE_NOT_FOUND", "The asset is not a VolumeProfile.", EXIT_FAILED,
              next_actions=("unitycli tools run urp.list-profiles",)),
    ErrorSpec("E_URP_OVERRIDE_UNKNOWN", "That volume override class is not one URP defines for this version.",
              EXIT_USAGE, next_actions=("unitycli tools describe urp.add-override",)),
    ErrorSpec("E_URP_OVERRIDE_EXISTS", "The profile already lists an override of that class.", EXIT_FAILED,
              next_actions=("unitycli tools run urp.get-profile",)),
    ErrorSpec("E_URP_OVERRIDE_NOT_FOUND",
              "The profile's components list no override of that class or fileID (orphans are never matched).",
              EXIT_FAILED, next_actions=("unitycli tools run urp.get-profile",)),
    ErrorSpec("E_URP_PARAMETER_NOT_FOUND", "The override has no parameter of that name.", EXIT_FAILED,
              next_actions=("unitycli tools run urp.get-profile",)),
    ErrorSpec("E_URP_PARAMETER_INVALID",
              "The value does not fit the parameter (type, enum, or the clamp URP applies in code).", EXIT_USAGE),
]

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
