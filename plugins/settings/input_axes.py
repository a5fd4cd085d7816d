"""`project.get-input-settings` / `project.set-input-axis`: the legacy Input Manager axes (InputManager.asset).

Each axis is a `- serializedVersion: 3` entry of `m_Axes` with `m_Name`, descriptive names, four buttons, then
gravity, dead, sensitivity, snap, invert, type, axis and joyNum (every InputManager.asset in the
fixtures). Unity's defaults repeat names on purpose (`Horizontal` for keys and for a joystick), so an axis is
named exactly and, when the name repeats, also by its index.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import new_name
from unitycli.next_actions import tool_command
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, page
from unitycli.plugins.settings.settings_file import (
    SettingsFile,
    read_settings,
    read_settings_or_unreadable,
    stage_edit,
    version_unavailable,
)
from unitycli.plugins.settings.versions import INPUT
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile
from unitycli.unityyaml import Mapping, Scalar, Sequence
from unitycli.unityyaml.split import unsupported

MAX_AXES = 4096
AXIS_TYPES = {"KeyOrMouseButton": 0, "MouseMovement": 1, "JoystickAxis": 2}
AxisType = Literal["KeyOrMouseButton", "MouseMovement", "JoystickAxis"]
TEXT_KEYS = ("descriptiveName", "descriptiveNegativeName", "negativeButton", "positiveButton", "altNegativeButton",
             "altPositiveButton")
KEYS = ("serializedVersion", "m_Name", *TEXT_KEYS, "gravity", "dead", "sensitivity", "snap", "invert", "type",
        "axis", "joyNum")
_LINE = r"^[^\x00-\x1f]*$"
_DescriptiveName = new_name(max_length=256, pattern=_LINE)  # shown in the Input Manager: a new name


class Axis(ToolOutput):
    index: int = Field(description="Position in m_Axes; pass it to project.set-input-axis when names repeat.")
    name: str
    descriptive_name: str
    descriptive_negative_name: str
    negative_button: str
    positive_button: str
    alt_negative_button: str
    alt_positive_button: str
    gravity: float
    dead: float
    sensitivity: float
    snap: bool
    invert: bool
    type: str = Field(description="KeyOrMouseButton, MouseMovement or JoystickAxis")
    axis: int = Field(description="0-based: 0 is the X axis, 1 the Y axis, 2 the 3rd axis …")
    joy_num: int = Field(description="0: all joysticks, else the joystick number")


class InputSettingsGetInput(ToolInput):
    name: str | None = Field(None, description="Only axes with exactly this name.")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class InputSettingsGetOutput(ToolOutput):
    file: str = INPUT.path
    revision: str | None = Field(description="null when the file is unreadable")
    serialized_version: int | None
    layout_verified: bool
    total: int = Field(description="Axes matching the query (all pages).")
    axes: list[Axis]
    next_cursor: str | None
    warnings: list[str]
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


class AxisFields(ToolInput):
    """The values to change; only those given are written."""

    descriptive_name: _DescriptiveName | None = None
    descriptive_negative_name: _DescriptiveName | None = None
    negative_button: str | None = Field(None, max_length=64, pattern=_LINE, description="e.g. left, a, joystick button 0")
    positive_button: str | None = Field(None, max_length=64, pattern=_LINE)
    alt_negative_button: str | None = Field(None, max_length=64, pattern=_LINE)
    alt_positive_button: str | None = Field(None, max_length=64, pattern=_LINE)
    gravity: float | None = Field(None, ge=0, le=1e6)
    dead: float | None = Field(None, ge=0, le=1e6)
    sensitivity: float | None = Field(None, ge=0, le=1e6)
    snap: bool | None = None
    invert: bool | None = None
    type: AxisType | None = None
    axis: int | None = Field(None, ge=0, le=27)
    joy_num: int | None = Field(None, ge=0, le=16)


class InputAxisSetInput(ToolInput):
    name: str = Field(min_length=1, description="The axis name, exactly (m_Name).")
    index: int | None = Field(None, ge=0, description="The axis index from project.get-input-settings; needed "
                                                      "when several axes share the name.")
    fields: AxisFields
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")

    @model_validator(mode="after")
    def _something_to_set(self) -> InputAxisSetInput:
        if not self.fields.model_dump(exclude_none=True):
            raise ValueError("fields: give at least one value to set")
        return self


class InputAxisSetOutput(ToolOutput):
    file: str = INPUT.path
    changed: list[str]
    previous: Axis
    axis: Axis
    revision: str
    verified: bool


def _axis_nodes(settings: SettingsFile) -> list[Mapping]:
    node = settings.root.get("m_Axes")
    if not isinstance(node, Sequence) or not all(isinstance(item, Mapping) for item in node.items):
        raise unsupported("`m_Axes` is not a list of axes", settings.path)
    if len(node.items) > MAX_AXES:
        raise limit_exceeded(len(node.items))
    return node.items  # type: ignore[return-value]


def limit_exceeded(count: int) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_SETTINGS_LIMIT_EXCEEDED",
        f"{INPUT.path} holds {count} axes, more than the {MAX_AXES} unitycli reads",
        details={"file": INPUT.path, "axes": count, "limit": MAX_AXES},
        next_actions=[],
        manual_steps=["Remove unused axes in the Unity Editor (Project Settings > Input Manager)"])


def _axis(index: int, node: Mapping) -> Axis:
    if [k for k in node if k in KEYS] != list(KEYS) or not all(isinstance(v, Scalar) for v in node.values):
        raise unsupported(f"input axis {index} does not have the InputManager axis layout", INPUT.path)
    text = {k: v.text for k, v in node.items()}  # type: ignore[union-attr]
    value = {k: v.value for k, v in node.items()}  # type: ignore[union-attr]
    types = {number: label for label, number in AXIS_TYPES.items()}
    return Axis(index=index, name=text["m_Name"], **{k: text[k] for k in TEXT_KEYS},
                gravity=float(value["gravity"]), dead=float(value["dead"]), sensitivity=float(value["sensitivity"]),
                snap=value["snap"] == 1, invert=value["invert"] == 1, type=types.get(value["type"], str(value["type"])),
                axis=int(value["axis"]), joy_num=int(value["joyNum"]))


def _precheck(ctx: ToolContext) -> None:
    """Refuse an oversized file from a cheap line count before the whole file is parsed."""
    data = ctx.transaction.read_bytes(INPUT.path)
    count = data.count(b"\n  - ")
    if count > MAX_AXES:
        raise limit_exceeded(count)


def get_input_settings(ctx: ToolContext, request: InputSettingsGetInput) -> InputSettingsGetOutput:
    _precheck(ctx)
    settings, unreadable = read_settings_or_unreadable(ctx, INPUT)
    if settings is None:
        return InputSettingsGetOutput(revision=None, serialized_version=None, layout_verified=False, total=0,
                                      axes=[], next_cursor=None, warnings=[], unreadable=unreadable)
    axes = [_axis(i, node) for i, node in enumerate(_axis_nodes(settings))]
    if request.name is not None:
        axes = [a for a in axes if a.name == request.name]
    chunk, next_cursor = page(axes, "project.get-input-settings", {"name": request.name}, request.limit,
                              request.cursor)
    return InputSettingsGetOutput(revision=settings.revision, serialized_version=settings.serialized_version,
                                  layout_verified=settings.verified, total=len(axes), axes=chunk,
                                  next_cursor=next_cursor, warnings=settings.warnings)


def _find(nodes: list[Mapping], name: str, index: int | None) -> int:
    matches = [i for i, node in enumerate(nodes) if isinstance(node.get("m_Name"), Scalar)
               and node["m_Name"].text == name]  # type: ignore[union-attr]
    if index is not None and index in matches:
        return index
    if not matches or index is not None:
        known = sorted({n["m_Name"].text for n in nodes if isinstance(n.get("m_Name"), Scalar)})  # type: ignore[union-attr]
        where = f" at index {index}" if index is not None and matches else ""
        raise UnityCliError(
            "E_PROJECT_INPUT_AXIS_NOT_FOUND", f"no input axis named {name!r}{where}",
            details={"name": name, "index": index, "indexesWithName": matches, "axes": known},
            next_actions=[tool_command("project.get-input-settings", {"name": name})])
    if len(matches) > 1:
        raise UnityCliError(
            "E_PROJECT_INPUT_AXIS_AMBIGUOUS", f"{len(matches)} input axes are named {name!r}; give the index too",
            details={"name": name, "indexes": matches},
            next_actions=[tool_command("project.get-input-settings", {"name": name})])
    return matches[0]


def _file_values(fields: AxisFields) -> dict[str, Any]:
    """The given fields keyed by YAML key, with Unity's numbers for bools and the axis type."""
    given = fields.model_dump(by_alias=True, exclude_none=True)  # aliases are the YAML keys (joyNum, …)
    return {key: AXIS_TYPES[value] if key == "type" else (1 if value else 0) if isinstance(value, bool) else value
            for key, value in given.items()}


def set_input_axis(ctx: ToolContext, request: InputAxisSetInput) -> InputAxisSetOutput:
    _precheck(ctx)
    settings = read_settings(ctx, INPUT, expected_revision=request.expected_revision, for_write=True)
    nodes = _axis_nodes(settings)
    i = _find(nodes, request.name, request.index)
    version = nodes[i]["serializedVersion"].to_python()
    if version not in INPUT.item_versions:
        raise version_unavailable(INPUT, version, f"axis {i} serializedVersion", INPUT.item_versions)
    previous = _axis(i, nodes[i])
    wanted = _file_values(request.fields)
    expected_axis: dict[str, Any] = dict(nodes[i].items())
    for key, value in wanted.items():
        settings.doc.set(f"m_Axes[{i}].{key}", value)
        expected_axis[key] = value
    revision = stage_edit(ctx, settings, {"m_Axes": [*nodes[:i], expected_axis, *nodes[i + 1:]]})
    current = _axis(i, _axis_nodes(settings)[i])
    before, after = previous.model_dump(by_alias=True), current.model_dump(by_alias=True)
    changed = [k for k in after if after[k] != before[k]]
    return InputAxisSetOutput(changed=changed, previous=previous, axis=current,
                              revision=revision or settings.revision, verified=True)
