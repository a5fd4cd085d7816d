"""`scriptable.get` and `scriptable.set`: read and edit the fields of a ScriptableObject asset with
the same field names, value forms and list operations component.set uses for a MonoBehaviour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.scenes.common import REVISION_DESCRIPTION, Names
from unitycli.plugins.scripts.fieldedit import write_field
from unitycli.plugins.scripts.scriptable import ScriptableAsset, open_scriptable
from unitycli.plugins.scripts.typed import HEADER_KEYS
from unitycli.plugins.scripts.vocabulary import (
    OPERATION_DESCRIPTION,
    REFERENCE_FORMS,
    FieldWriteOutput,
    Operation,
)
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.transaction import revision_of
from unitycli.unityyaml import parse_path
from unitycli.unityyaml.values import property_node, to_json

FILE_DESCRIPTION = "Project-relative path of the .asset (Assets/Data/Level 1.asset)"
PROPERTY_DESCRIPTION = "Field path as scriptable.get names it: Health, AllLevels[2], Par[0].Strokes"


class ScriptInfo(ToolOutput):
    guid: str = Field(description="The script's GUID (m_Script)")
    path: str | None = Field(description="The script's .cs path, when its .meta is in the project")
    class_name: str | None = Field(alias="class", description="The class name: the .cs file's stem, as Unity "
                                                               "requires for a ScriptableObject")


class ScriptableGetInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    property: str | None = Field(None, description="One field path; every field when omitted")


class ScriptableGetOutput(ToolOutput):
    file: str
    guid: str = Field(description="The asset's GUID")
    name: str = Field(description="m_Name")
    script: ScriptInfo
    fields: dict[str, Any] | None = Field(description="Every field by name, in file order (null with property)")
    property: str | None = None
    value: Any = Field(None, description="The property's value (with property)")
    revision: str = Field(description="The file's revision, for expectedRevision on a later write")


class ScriptableSetInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    property: str = Field(description=PROPERTY_DESCRIPTION)
    value: Any = Field(None, description="JSON value of the field's type: number, string, {x, y, z}, list; for a "
                                         "reference field " + REFERENCE_FORMS + "; for resize the new length")
    operation: Operation = Field("set", description=OPERATION_DESCRIPTION)
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class ScriptableSetOutput(FieldWriteOutput):
    pass


def script_info(names: Names, asset: ScriptableAsset) -> ScriptInfo:
    guid = asset.script.guid or ""
    path = names.path_for_guid(guid)
    stem = path.rsplit("/", 1)[-1][:-3] if path and path.endswith(".cs") else names.class_for_guid(guid)
    return ScriptInfo(guid=guid, path=path, **{"class": stem})


def scriptable_get(ctx: ToolContext, request: ScriptableGetInput) -> ScriptableGetOutput:
    asset = open_scriptable(ctx, request.file)
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        script = script_info(names, asset)
    value = to_json(property_node(asset.doc, request.property).to_python()) if request.property else None
    return ScriptableGetOutput(file=asset.path, guid=asset.guid, name=str(asset.doc.get("m_Name", "")),
                               script=script, fields=None if request.property else to_json(asset.fields()),
                               property=request.property, value=value,
                               revision=revision_of(asset.loaded.yaml.to_bytes()))


def _refuse_header(asset: ScriptableAsset, prop: str) -> None:
    """The object header is Unity's, not the script's: changing m_Script or m_GameObject would make another object."""
    first = parse_path(prop)[:1]
    if first and first[0] in HEADER_KEYS and first[0] != "m_Name":
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{prop} is part of the object header Unity writes, not "
                            f"a field of the script; only m_Name and the script's fields are edited here",
                            details={"file": asset.path, "property": prop, "fields": list(asset.fields())[:40]},
                            next_actions=[tool_command("scriptable.get", {"file": asset.path})])


def scriptable_set(ctx: ToolContext, request: ScriptableSetInput) -> ScriptableSetOutput:
    asset = open_scriptable(ctx, request.file, write=True, expected_revision=request.expected_revision)
    _refuse_header(asset, request.property)
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        written = write_field(ctx, names, asset.loaded, asset.doc, request)
    return ScriptableSetOutput(file=asset.path, property=request.property, **written)
