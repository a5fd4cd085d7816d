"""AnimatorController tools: read parameters, layers, states and transitions; add and remove parameters, add
states, transitions and layers, set the default state.

Every edit goes through the transaction (dry-run shows the diff). New objects (states, transitions, layers' state
machines) get fresh fileIDs in the file's own ordering and the layout of the project's Unity version
(`layoutFrom`); they hold the values the request gives and the facts of a new object (`model.header`), and every
other field of the layout is left out and listed (`omittedFields`): no fixture holds an Editor-written state,
transition or layer in its just-created form, so their other values are unproven, and Unity keeps a missing field
at its constructor default on load.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.enumnames import enum_name
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.animator.model import (
    CONDITION_MODES,
    CONTROLLER_ID,
    MODES_FOR_TYPE,
    NULL,
    PARAMETER_TYPES,
    STATE_ID,
    STATE_MACHINE_ID,
    TRANSITION_ID,
    Controller,
    header,
    new_object,
    open_controller,
)
from unitycli.plugins.scenes.common import REVISION_DESCRIPTION, finish
from unitycli.scene import open_for_read, open_for_write, resolve_file
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.typetree import PICK_RULE, Layout, pick_version, require_layout
from unitycli.typetree.table import class_name_of
from unitycli.typetree.typed import typed_value
from unitycli.unityyaml import Document, Ref
from unitycli.unityyaml.values import to_json

SUFFIX = (".controller",)
FILE_DESCRIPTION = "The .controller file: project path or unique asset name"
LAYER_DESCRIPTION = "Layer name or index; the first layer (Base Layer) when omitted"


def _layout(ctx: ToolContext, class_id: int) -> tuple[Layout, str]:
    picked = pick_version(ctx.unity_version.editor_version)
    return require_layout(class_name_of(class_id), picked), picked.layout_from


def _open(ctx: ToolContext, file: str, expected_revision: str | None = None, *, write: bool = True) -> Controller:
    path = resolve_file(ctx, file, SUFFIX)
    loaded = open_for_write(ctx, path, expected_revision) if write else open_for_read(ctx, path)
    return open_controller(loaded)


def _name_taken(kind: str, name: str, names: list[Any]) -> UnityCliError:
    return UnityCliError("E_ANIMATOR_NAME_TAKEN", f"a {kind} named {name!r} already exists",
                         details={kind: name, "existing": names}, next_actions=[])


# --- read -----------------------------------------------------------------------------------------------------
class AnimatorGetInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)


class Condition(ToolOutput):
    parameter: str
    mode: str | int = Field(description="if, ifNot, greater, less, equals, notEqual")
    threshold: float


class Transition(ToolOutput):
    file_id: int = Field(alias="fileID")
    to: str | None = Field(description="Destination state name (null: exit or a state machine)")
    conditions: list[Condition]
    values: dict[str, Any] = Field(description="Its other fields as written (exit time, duration, …)")


class State(ToolOutput):
    name: str
    file_id: int = Field(alias="fileID")
    motion: dict[str, Any] | None = Field(description="The clip or blend tree reference; null when none")
    speed: float | None
    transitions: list[Transition]


class Layer(ToolOutput):
    index: int
    name: str
    state_machine_file_id: int = Field(alias="stateMachineFileID")
    default_state: str | None
    states: list[State]
    any_state_transitions: list[Transition]
    values: dict[str, Any] = Field(description="The layer's other fields as written (weight, blending, mask, …)")


class Parameter(ToolOutput):
    name: str
    type: str | int = Field(description="float, int, bool or trigger")
    default: float | int | bool


class AnimatorGetOutput(ToolOutput):
    file: str
    revision: str
    layout_from: str
    parameters: list[Parameter]
    layers: list[Layer]


def _transitions(controller: Controller, refs: list[Any], names: dict[int, str]) -> list[Transition]:
    out = []
    for ref in refs:
        doc = controller.file.find(ref.file_id) if isinstance(ref, Ref) else None
        if doc is None or doc.class_id != TRANSITION_ID:
            continue
        body = doc.to_python()
        dst = body.get("m_DstState")
        conditions = [Condition(parameter=c.get("m_ConditionEvent", ""), mode=enum_name(CONDITION_MODES,
                                c.get("m_ConditionMode")), threshold=c.get("m_EventTreshold", 0))
                      for c in body.get("m_Conditions") or []]
        rest = {k: to_json(v) for k, v in body.items() if k.startswith("m_") and k not in (
            "m_Conditions", "m_DstState", "m_ObjectHideFlags", "m_CorrespondingSourceObject", "m_PrefabInstance",
            "m_PrefabAsset")}
        out.append(Transition(fileID=doc.file_id, to=names.get(dst.file_id) if isinstance(dst, Ref) else None,
                              conditions=conditions, values=rest))
    return out


def _parameter_default(parameter: dict[str, Any]) -> float | int | bool:
    kind = parameter.get("m_Type")
    if kind == PARAMETER_TYPES["float"]:
        return parameter.get("m_DefaultFloat", 0)
    if kind == PARAMETER_TYPES["int"]:
        return parameter.get("m_DefaultInt", 0)
    return bool(parameter.get("m_DefaultBool", 0))


def animator_get(ctx: ToolContext, request: AnimatorGetInput) -> AnimatorGetOutput:
    controller = _open(ctx, request.file, write=False)
    _, layout_from = _layout(ctx, CONTROLLER_ID)
    parameters = [Parameter(name=p.get("m_Name", ""), type=enum_name(PARAMETER_TYPES, p.get("m_Type")),
                            default=_parameter_default(p)) for p in controller.parameters()]
    layers = []
    for index, layer in enumerate(controller.doc.get("m_AnimatorLayers") or []):
        machine = controller.machine(index)
        states = controller.states(machine)
        names = {s.file_id: s.get("m_Name") for s in states}
        default = machine.get("m_DefaultState", None)
        layers.append(Layer(
            index=index, name=layer.get("m_Name", ""), stateMachineFileID=machine.file_id,
            default_state=names.get(default.file_id) if isinstance(default, Ref) else None,
            states=[State(name=s.get("m_Name"), fileID=s.file_id,
                          motion=to_json(m) if isinstance(m := s.get("m_Motion", None), Ref) and m.file_id else None,
                          speed=s.get("m_Speed", None),
                          transitions=_transitions(controller, s.get("m_Transitions") or [], names))
                    for s in states],
            any_state_transitions=_transitions(controller, machine.get("m_AnyStateTransitions") or [], names),
            values={k: to_json(v) for k, v in layer.items() if k not in ("serializedVersion", "m_Name",
                                                                         "m_StateMachine")}))
    return AnimatorGetOutput(file=controller.loaded.path, revision=controller.loaded.revision,
                             layout_from=layout_from, parameters=parameters, layers=layers)


# --- parameters -----------------------------------------------------------------------------------------------
class WriteInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class WriteOutput(ToolOutput):
    file: str
    revision: str = Field(description="The file's revision after the edit")
    layout_from: str
    rule: str = PICK_RULE


class ParameterAddInput(WriteInput):
    name: str = Field(min_length=1, description="The new parameter's name")
    type: Literal["float", "int", "bool", "trigger"]
    default: float | int | bool | None = Field(None, description="Its default value (0 / false when omitted)")


def animator_add_parameter(ctx: ToolContext, request: ParameterAddInput) -> WriteOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    layout, layout_from = _layout(ctx, CONTROLLER_ID)
    names = [p.get("m_Name") for p in controller.parameters()]
    if request.name in names:
        raise _name_taken("parameter", request.name, names)
    kind = PARAMETER_TYPES[request.type]
    default = request.default if request.default is not None else 0
    # AnimatorControllerParameter's three defaults are plain C# fields (0 / false) and AddParameter sets only
    # name and type; every Editor-written parameter of the fixtures shows the unused two at 0
    item = {"m_Name": request.name, "m_Type": kind,
            "m_DefaultFloat": float(default) if request.type == "float" else 0,
            "m_DefaultInt": int(default) if request.type == "int" else 0,
            "m_DefaultBool": int(bool(default)) if request.type in ("bool", "trigger") else 0,
            "m_Controller": NULL}
    element = layout.root.fields["m_AnimatorParameters"].element
    model = _item(element, item, f"m_AnimatorParameters[{len(names)}]", controller)
    controller.doc.insert_item("m_AnimatorParameters", len(names), model)
    return WriteOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded), layout_from=layout_from)


class ParameterRemoveInput(WriteInput):
    name: str = Field(description="The parameter to remove")


def _conditions_using(controller: Controller, parameter: str) -> list[int]:
    return [doc.file_id for doc in controller.file.of_class(TRANSITION_ID)
            if any(c.get("m_ConditionEvent") == parameter for c in doc.get("m_Conditions", None) or [])]


def animator_remove_parameter(ctx: ToolContext, request: ParameterRemoveInput) -> WriteOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    _, layout_from = _layout(ctx, CONTROLLER_ID)
    names = [p.get("m_Name") for p in controller.parameters()]
    controller.parameter_type(request.name)  # E_PROPERTY_NOT_FOUND when absent
    users = _conditions_using(controller, request.name)
    if users:
        raise UnityCliError("E_ANIMATOR_PARAMETER_IN_USE", f"parameter {request.name!r} is used by the conditions "
                            f"of {len(users)} transition(s); remove or change those conditions first", details={"parameter": request.name,
                                                                       "transitions": users},
                            next_actions=[tool_command("animator.get", {"file": request.file})])
    controller.doc.remove_item("m_AnimatorParameters", names.index(request.name))
    return WriteOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded), layout_from=layout_from)


# --- states ---------------------------------------------------------------------------------------------------
class Vector3(ToolInput):
    x: float = 0
    y: float = 0
    z: float = 0


class MotionRef(ToolInput):
    file_id: int = Field(alias="fileID")
    guid: str = Field(pattern=r"^[0-9a-fA-F]{32}$")
    type: int = Field(2, description="2 for a native .anim clip, 3 for a clip inside a model")


class StateAddInput(WriteInput):
    name: str = Field(min_length=1)
    layer: str | int | None = Field(None, description=LAYER_DESCRIPTION)
    motion: MotionRef | None = Field(None, description="The clip: {fileID, guid, type} as animator.get shows "
                                                       "motions (7400000 and type 2 for a .anim file)")
    speed: float | None = None
    position: Vector3 = Field(description="Where the Animator window shows it (an item of the state machine's "
                                          "m_ChildStates, which holds every field: no default is proven)")


class NewObjectOutput(WriteOutput):
    file_id: int = Field(alias="fileID", description="The new object's fileID")
    omitted_fields: list[str] = Field(description="Layout fields without evidence, left out (Unity keeps its "
                                                  "constructor defaults on load)")


def _item(element: Any, values: dict[str, Any], where: str, controller: Controller) -> dict[str, Any]:
    """A list item of an existing document: every field of its layout element, typed, in the element's order
    (E_PROPERTY_NOT_FOUND when the project's layout has a field the tool has no value for)."""
    missing = [child.name for child in element.children if child.name not in values]
    if missing:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{where} of this Unity version has fields this tool has no "
                            f"proven value for: {', '.join(missing)}", details={"item": where, "fields": missing})
    return {child.name: typed_value(child, values[child.name], f"{where}.{child.name}", controller.file)
            for child in element.children}


def _add(controller: Controller, class_id: int, layout: Layout, values: dict[str, Any]) -> tuple[int, list[str]]:
    built = new_object(layout, values, controller.file)
    doc = controller.file.add_document(class_id, layout.class_name, built.fields)
    return doc.file_id, built.omitted


def animator_add_state(ctx: ToolContext, request: StateAddInput) -> NewObjectOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    layout, layout_from = _layout(ctx, STATE_ID)
    machine = controller.machine(controller.layer_index(request.layer))
    names = [s.get("m_Name") for s in controller.states(machine)]
    if request.name in names:
        raise _name_taken("state", request.name, names)
    values: dict[str, Any] = {**header(request.name), "m_Transitions": [], "m_StateMachineBehaviours": []}
    if request.speed is not None:
        values["m_Speed"] = request.speed
    if request.motion is not None:
        values["m_Motion"] = request.motion.model_dump(by_alias=True)
    file_id, omitted = _add(controller, STATE_ID, layout, values)
    machine_layout, _ = _layout(ctx, STATE_MACHINE_ID)
    element = machine_layout.root.fields["m_ChildStates"].element
    given = {"m_State": {"fileID": file_id}, "m_Position": request.position.model_dump()}
    child: dict[str, Any] = {"serializedVersion": element.version}  # written even at 1 (every fixture child state)
    child.update(_item(element, given, "m_ChildStates[]", controller))
    machine.insert_item("m_ChildStates", len(machine.get("m_ChildStates") or []), child)
    return NewObjectOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded),
                           layout_from=layout_from, fileID=file_id, omitted_fields=omitted)


class DefaultStateInput(WriteInput):
    state: str = Field(description="The state's name")
    layer: str | int | None = Field(None, description=LAYER_DESCRIPTION)


def animator_set_default_state(ctx: ToolContext, request: DefaultStateInput) -> WriteOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    _, layout_from = _layout(ctx, STATE_MACHINE_ID)
    machine = controller.machine(controller.layer_index(request.layer))
    state = controller.state(machine, request.state)
    machine.set("m_DefaultState", Ref(state.file_id))
    return WriteOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded), layout_from=layout_from)


# --- transitions ----------------------------------------------------------------------------------------------
class ConditionInput(ToolInput):
    parameter: str
    mode: Literal["if", "ifNot", "greater", "less", "equals", "notEqual"]
    threshold: float = Field(0, description="For greater, less, equals, notEqual")


class TransitionAddInput(WriteInput):
    from_state: str = Field(description="Source state name, or \"Any State\"")
    to_state: str = Field(description="Destination state name")
    layer: str | int | None = Field(None, description=LAYER_DESCRIPTION)
    conditions: list[ConditionInput] = Field(default_factory=list)
    has_exit_time: bool | None = None
    exit_time: float | None = Field(None, ge=0)
    duration: float | None = Field(None, ge=0, description="Transition duration")
    fixed_duration: bool | None = Field(None, description="Duration in seconds (true) or normalized time (false)")


ANY_STATE = "Any State"


def animator_add_transition(ctx: ToolContext, request: TransitionAddInput) -> NewObjectOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    layout, layout_from = _layout(ctx, TRANSITION_ID)
    machine = controller.machine(controller.layer_index(request.layer))
    target = controller.state(machine, request.to_state)
    source: Document | None = None if request.from_state == ANY_STATE else controller.state(machine,
                                                                                            request.from_state)
    conditions = []
    for condition in request.conditions:
        kind = controller.parameter_type(condition.parameter)
        if condition.mode not in MODES_FOR_TYPE.get(kind, ()):
            raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"a {enum_name(PARAMETER_TYPES, kind)} parameter takes "
                                f"{', '.join(MODES_FOR_TYPE.get(kind, ()))}, not {condition.mode}",
                                details={"parameter": condition.parameter, "mode": condition.mode,
                                         "allowed": list(MODES_FOR_TYPE.get(kind, ()))})
        conditions.append({"m_ConditionMode": CONDITION_MODES[condition.mode],
                           "m_ConditionEvent": condition.parameter, "m_EventTreshold": condition.threshold})
    values: dict[str, Any] = {**header(""), "m_Conditions": conditions, "m_DstStateMachine": NULL,
                              "m_DstState": {"fileID": target.file_id}}
    for field_name, given in (("m_HasExitTime", request.has_exit_time), ("m_ExitTime", request.exit_time),
                              ("m_TransitionDuration", request.duration),
                              ("m_HasFixedDuration", request.fixed_duration)):
        if given is not None:
            values[field_name] = int(given) if isinstance(given, bool) else given
    file_id, omitted = _add(controller, TRANSITION_ID, layout, values)
    owner, key = (machine, "m_AnyStateTransitions") if source is None else (source, "m_Transitions")
    owner.insert_item(key, len(owner.get(key) or []), Ref(file_id))
    return NewObjectOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded),
                           layout_from=layout_from, fileID=file_id, omitted_fields=omitted)


# --- layers ---------------------------------------------------------------------------------------------------
class LayerAddInput(WriteInput):
    name: str = Field(min_length=1)
    weight: float = Field(ge=0, le=1, description="The layer's default weight (0 leaves the layer without effect)")
    blending: Literal["override", "additive"] = "override"
    ik_pass: bool = Field(False, description="Run an IK pass (OnAnimatorIK) for this layer")


BLENDING = {"override": 0, "additive": 1}  # UnityEditor.Animations.AnimatorLayerBlendingMode


def animator_add_layer(ctx: ToolContext, request: LayerAddInput) -> NewObjectOutput:
    controller = _open(ctx, request.file, request.expected_revision)
    machine_layout, layout_from = _layout(ctx, STATE_MACHINE_ID)
    controller_layout, _ = _layout(ctx, CONTROLLER_ID)
    layers = controller.doc.get("m_AnimatorLayers") or []
    names = [layer.get("m_Name") for layer in layers]
    if request.name in names:
        raise _name_taken("layer", request.name, names)
    file_id, omitted = _add(controller, STATE_MACHINE_ID, machine_layout, {
        **header(request.name), "m_ChildStates": [], "m_ChildStateMachines": [], "m_AnyStateTransitions": [],
        "m_EntryTransitions": [], "m_StateMachineTransitions": {}, "m_StateMachineBehaviours": [],
        "m_DefaultState": NULL})
    # A layer item of the controller holds every field (the write check holds edited documents to a whole layout):
    # the request's weight, blending and IK pass; an unsynced layer's facts (-1, no mask, no synced motions or
    # behaviours, timing not taken from a synced layer); the controller it belongs to.
    layer: dict[str, Any] = {"m_Name": request.name, "m_StateMachine": {"fileID": file_id}, "m_Mask": NULL,
                             "m_Motions": [], "m_Behaviours": [], "m_BlendingMode": BLENDING[request.blending],
                             "m_SyncedLayerIndex": -1, "m_DefaultWeight": request.weight,
                             "m_IKPass": int(request.ik_pass), "m_SyncedLayerAffectsTiming": 0,
                             "m_Controller": {"fileID": controller.doc.file_id}}
    element = controller_layout.root.fields["m_AnimatorLayers"].element
    model = {"serializedVersion": element.version, **_item(element, layer, "m_AnimatorLayers[]", controller)}
    controller.doc.insert_item("m_AnimatorLayers", len(layers), model)
    return NewObjectOutput(file=controller.loaded.path, revision=finish(ctx, controller.loaded),
                           layout_from=layout_from, fileID=file_id, omitted_fields=omitted)
