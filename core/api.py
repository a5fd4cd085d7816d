"""The one module extensions import: everything an extension needs, and nothing it should not reach.

`CORE_API_VERSION` versions exactly this surface: a name removed or changed here is a new major version, a name
added is a new minor. Extensions declare the range they support in their manifest (`core_api = ">=2.0,<3"`), and
a test fails when an extension imports `unitycli.*` past this module (or `unitycli.testing` in its tests), or a
third-party package it does not declare: pydantic's `Field` and validators come from here.

A name is here because an extension uses it (`tests/core/test_api_surface.py` fails on one no extension or
built-in plugin imports), so the surface stays what an extension needs.
"""

from __future__ import annotations

from pydantic import AfterValidator, Field, create_model, field_validator, model_validator

from unitycli import CORE_API_VERSION
from unitycli.context import ToolContext
from unitycli.doctor_report import DoctorReport
from unitycli.errors import EXIT_FAILED, EXIT_USAGE, ErrorSpec, UnityCliError, declared_specs
from unitycli.host.hookspecs import hookimpl
from unitycli.indexes import ProjectIndex
from unitycli.knownscripts import KnownScript
from unitycli.next_actions import NextAction, describe_command, same_call, tool_command
from unitycli.safefs import read_bytes as read_regular_bytes
from unitycli.safefs import read_text as read_regular_text
from unitycli.scene import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    PREFAB_SUFFIXES,
    LoadedFile,
    SceneModel,
    SceneNode,
    SkippedFile,
    append_component,
    components_of,
    create_gameobject,
    delete_gameobject,
    find_gameobject,
    find_owner_gameobject,
    list_files,
    open_for_read,
    open_for_write,
    open_path,
    open_scene_file,
    project_editor,
    remove_component,
    resolve_file,
    scan_scene_files,
)
from unitycli.scene.native_components import add_new_component as new_component
from unitycli.scene.remap import duplicate_gameobject, unique_sibling_name
from unitycli.scene.scripts import components_in, files_referencing, script_guid_of
from unitycli.toolspec import Register, ToolInput, ToolOutput, ToolSpec, register_package
from unitycli.typetree import Picked, pick_version
from unitycli.typetree.new_objects import new_script_header
from unitycli.unityclasses import CLASS_IDS, CLASS_NAMES
from unitycli.unityfiles.meta import new_meta, parse_meta
from unitycli.unityyaml import (
    Document,
    Flow,
    Mapping,
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
from unitycli.unityyaml.values import FLOAT32_MAX, to_json
from unitycli.volumes import (
    OverrideSpec,
    ParameterSpec,
    ProvenFieldsOutput,
    SceneVolume,
    SetVolumeInput,
    SetVolumeOutput,
    VolumeModelError,
    VolumeOverride,
    VolumeProfile,
    asset_path,
    find_volumes,
    packaged_versions,
    profile_paths,
    prove_new_override,
    prove_parameter,
    raise_as,
    set_volume,
    to_json_value,
)

__all__ = [
    # the surface's version, registration and declaring a tool
    "CORE_API_VERSION", "Register", "hookimpl", "register_package", "ToolSpec", "ToolInput", "ToolOutput",
    "ToolContext", "Field", "AfterValidator", "field_validator", "model_validator", "create_model",
    # errors, doctor entries and next actions
    "UnityCliError", "ErrorSpec", "declared_specs", "EXIT_FAILED", "EXIT_USAGE", "DoctorReport", "tool_command",
    "describe_command", "same_call", "NextAction", "KnownScript",
    # naming, opening (every core guard on a write) and scanning scenes, prefabs and other project files
    "FILE_DESCRIPTION", "GAMEOBJECT_DESCRIPTION", "OBJECT_FILE_SUFFIXES", "PREFAB_SUFFIXES", "LoadedFile",
    "open_scene_file", "open_path", "open_for_read", "open_for_write", "resolve_file", "list_files",
    "scan_scene_files", "SkippedFile", "read_regular_bytes", "read_regular_text", "ProjectIndex",
    "files_referencing",
    # the GameObject tree, components and edits as Editor commands make them
    "SceneModel", "SceneNode", "find_gameobject", "find_owner_gameobject", "components_of", "components_in",
    "script_guid_of", "create_gameobject", "append_component", "delete_gameobject", "remove_component",
    "duplicate_gameobject", "unique_sibling_name", "to_json", "FLOAT32_MAX",
    # new objects in the type-tree layout of the project's Editor (`project_editor`), values only with evidence
    "project_editor", "Picked", "pick_version", "new_component", "new_script_header", "CLASS_IDS", "CLASS_NAMES",
    # the lossless YAML model and .meta files
    "UnityYamlFile", "Document", "Mapping", "Sequence", "Scalar", "Flow", "Ref", "format_float",
    "decode_int32_le_hex", "decode_int64_le_hex", "encode_int32_le_hex", "encode_int64_le_hex", "new_meta",
    "parse_meta",
    # volume profiles (com.unity.render-pipelines.core), shared by the URP and HDRP extensions
    "VolumeProfile", "VolumeOverride", "OverrideSpec", "ParameterSpec", "VolumeModelError", "SceneVolume",
    "SetVolumeInput", "SetVolumeOutput", "asset_path", "find_volumes", "profile_paths", "raise_as", "set_volume",
    "to_json_value", "ProvenFieldsOutput", "packaged_versions", "prove_new_override",
    "prove_parameter",
]
