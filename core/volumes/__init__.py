"""The volume-profile model of `com.unity.render-pipelines.core`, shared by the URP and HDRP extensions.

`model`: VolumeProfile assets (overrides in `components` order, orphans, missing entries; add, remove, set a
parameter) driven by the pipeline's `OverrideSpec`s. `scene`: Volume components in scenes and prefabs (find, edit);
`set_volume`: the set-volume tool body both pipelines register; `proof`: which fields a new override (or a
parameter a file lacks) may be written with on the project's package version, and what proves it.
Extensions reach these names through `unitycli.api`.
"""

from unitycli.volumes.assets import asset_path, profile_paths
from unitycli.volumes.model import (
    KINDS,
    PARAMETER_KINDS,
    PROFILE_FILE_ID,
    VOLUME_PROFILE_SCRIPT_GUID,
    VOLUME_SCRIPT_GUID,
    OverrideSpec,
    ParameterSpec,
    ParameterValue,
    VolumeModelError,
    VolumeOverride,
    VolumeProfile,
    is_volume_profile,
    raise_as,
    to_json_value,
    to_yaml_value,
)
from unitycli.volumes.proof import (
    ProvenFieldsOutput,
    ProvenOverride,
    packaged_versions,
    prove_new_override,
    prove_parameter,
)
from unitycli.volumes.scene import (
    VOLUME_FIELDS,
    VOLUME_RANGES,
    SceneVolume,
    VolumeEdit,
    edit_volume,
    find_volumes,
    read_volume,
    volume_on,
)
from unitycli.volumes.set_volume import SetVolumeInput, SetVolumeOutput, set_volume

__all__ = [
    "KINDS", "PARAMETER_KINDS", "PROFILE_FILE_ID", "VOLUME_FIELDS", "VOLUME_PROFILE_SCRIPT_GUID", "VOLUME_RANGES",
    "VOLUME_SCRIPT_GUID", "OverrideSpec", "ParameterSpec", "ParameterValue", "SceneVolume", "SetVolumeInput", "SetVolumeOutput", "VolumeEdit",
    "VolumeModelError", "VolumeOverride", "VolumeProfile", "asset_path", "edit_volume", "find_volumes", "set_volume",
    "ProvenFieldsOutput", "ProvenOverride", "packaged_versions", "prove_new_override", "prove_parameter",
    "is_volume_profile", "profile_paths", "raise_as", "read_volume", "to_json_value", "to_yaml_value", "volume_on",
]
