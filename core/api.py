"""The one module extensions import: everything an extension needs, and nothing it should not reach.

`CORE_API_VERSION` versions exactly this surface: a name removed or changed here is a new major version, a name
added is a new minor. Extensions declare the range they support in their manifest (`core_api = ">=1.0,<2"`), and
a test fails when an extension imports `unitycli.*` past this module (or `unitycli.testing` in its tests).
"""

from __future__ import annotations

from unitycli import CORE_API_VERSION
from unitycli.context import Cancelled, ToolContext
from unitycli.doctor_report import DoctorReport
from unitycli.errors import EXIT_FAILED, EXIT_INCOMPLETE, EXIT_USAGE, ErrorSpec, UnityCliError
from unitycli.host.hookspecs import hookimpl
from unitycli.indexes import ProjectIndex
from unitycli.knownscripts import KnownScript
from unitycli.next_actions import tool_command
from unitycli.scene import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    PREFAB_SUFFIXES,
    SCENE_SUFFIXES,
    LoadedFile,
    SceneModel,
    SceneNode,
    TemplateSource,
    add_component,
    add_script,
    append_component,
    components_of,
    convert_value,
    create_gameobject,
    find_gameobject,
    list_files,
    open_for_read,
    open_for_write,
    resolve_file,
    to_json,
)
from unitycli.scene.scripts import (
    ScriptComponent,
    ScriptSearch,
    UnreadableFile,
    components_in,
    files_referencing,
    find_script_components,
    script_guid_of,
)
from unitycli.scene.templates import COMPONENTS, LAYOUTS, Layout, collider_head, component_head, layouts_of
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec
from unitycli.unityclasses import CLASS_IDS, CLASS_NAMES
from unitycli.unityfiles.meta import new_meta, parse_meta
from unitycli.unityyaml import (
    Document,
    Flow,
    Mapping,
    Node,
    Ref,
    Scalar,
    Sequence,
    UnityYamlFile,
    decode_int32_le_hex,
    decode_int64_le_hex,
    encode_int32_le_hex,
    encode_int64_le_hex,
    format_float,
)

__all__ = [
    "CLASS_IDS", "CLASS_NAMES", "COMPONENTS", "CORE_API_VERSION", "EXIT_FAILED", "EXIT_INCOMPLETE",
    "EXIT_USAGE", "FILE_DESCRIPTION", "GAMEOBJECT_DESCRIPTION", "OBJECT_FILE_SUFFIXES", "PREFAB_SUFFIXES",
    "SCENE_SUFFIXES", "Cancelled", "DoctorReport", "Document", "ErrorSpec", "Flow", "KnownScript",
    "LoadedFile", "Mapping", "Node", "ProjectIndex", "Ref", "Scalar", "SceneModel", "SceneNode",
    "ScriptComponent", "ScriptSearch", "Sequence", "ToolContext", "ToolInput", "ToolOutput", "ToolSpec",
    "UnityCliError", "UnityYamlFile", "UnreadableFile", "append_component", "collider_head", "component_head",
    "components_in", "components_of", "convert_value", "create_gameobject", "decode_int32_le_hex",
    "decode_int64_le_hex", "encode_int32_le_hex", "encode_int64_le_hex", "files_referencing",
    "find_gameobject", "find_script_components", "format_float", "hookimpl", "list_files", "open_for_read",
    "new_meta", "open_for_write", "parse_meta", "resolve_file", "script_guid_of", "to_json", "tool_command",
]

# --- reading a project file without blocking on a FIFO, socket or device (issue 29: hostile repositories) -------
from unitycli.safefs import read_bytes as read_regular_bytes  # noqa: E402
from unitycli.safefs import read_text as read_regular_text  # noqa: E402

__all__ += ["read_regular_bytes", "read_regular_text"]

# --- the float32 limit of Unity's float fields (a writer refuses numbers beyond it) ------------------------------
from unitycli.scene.values import FLOAT32_MAX  # noqa: E402

__all__ += ["FLOAT32_MAX"]

# --- volume profiles (com.unity.render-pipelines.core), shared by the URP and HDRP extensions -----------------
from unitycli.volumes import (  # noqa: E402
    VOLUME_PROFILE_SCRIPT_GUID,
    VOLUME_SCRIPT_GUID,
    OverrideSpec,
    ParameterSpec,
    ParameterValue,
    ProvenFieldsOutput,
    ProvenOverride,
    SceneVolume,
    SetVolumeInput,
    SetVolumeOutput,
    VolumeEdit,
    VolumeModelError,
    VolumeOverride,
    VolumeProfile,
    asset_path,
    edit_volume,
    find_volumes,
    is_volume_profile,
    packaged_versions,
    profile_paths,
    prove_new_override,
    prove_parameter,
    raise_as,
    set_volume,
    to_json_value,
    to_yaml_value,
    volume_on,
)

# --- layouts of new objects: which serialization a created object may use (E_TEMPLATE_UNVERIFIABLE otherwise) ----
__all__ += ["LAYOUTS", "Layout", "TemplateSource", "add_component", "add_script", "layouts_of"]

# --- copying a GameObject and removing a component, as Editor commands do (ProBuilder's detach and entity tools) --
from unitycli.scene.edits import delete_gameobject, remove_component  # noqa: E402
from unitycli.scene.remap import Duplicated, duplicate_gameobject, unique_sibling_name  # noqa: E402

__all__ += ["Duplicated", "delete_gameobject", "duplicate_gameobject", "remove_component", "unique_sibling_name"]

__all__ += [
    "VOLUME_PROFILE_SCRIPT_GUID", "VOLUME_SCRIPT_GUID", "OverrideSpec", "ParameterSpec", "ParameterValue",
    "SceneVolume", "SetVolumeInput", "SetVolumeOutput", "VolumeEdit", "VolumeModelError", "VolumeOverride",
    "VolumeProfile", "asset_path", "edit_volume", "find_volumes", "is_volume_profile", "profile_paths", "raise_as",
    "set_volume", "to_json_value", "to_yaml_value", "volume_on", "ProvenFieldsOutput", "ProvenOverride", "packaged_versions",
    "prove_new_override", "prove_parameter",
]

# --- Unity's own layouts: the Editor dump standing for a version, and typed reads and edits of native objects ------
from unitycli.typetree import Picked, layout_for, pick_version  # noqa: E402
from unitycli.typetree.typed import describe, field_node, set_field, typed_read, typed_value  # noqa: E402

__all__ += ["Picked", "describe", "field_node", "layout_for", "pick_version", "set_field", "typed_read",
            "typed_value"]
