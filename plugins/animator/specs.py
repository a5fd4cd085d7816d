"""Descriptors of the AnimatorController tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_FILE = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/Chicken.controller"  # chicken-defense
_WRITER = (" Checks expectedRevision (E_STALE_WRITE); --dry-run shows the diff and writes nothing.")
_NEW = (" The new object gets a fresh fileID and the layout of the project's Unity version (layoutFrom); fields "
        "without evidence are left out and listed in omittedFields (Unity keeps their defaults on load).")

ANIMATOR_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="animator.get", title="Read an AnimatorController",
        summary="Parameters, layers, states and transitions (with conditions) of a .controller.",
        description=("Reads a .controller: parameters (name, type float/int/bool/trigger, default), and per layer "
                     "its default state, states (motion reference, speed) with their transitions (destination, "
                     "conditions as parameter/mode/threshold, exit time and duration fields) and the Any State "
                     "transitions. Names here are the ones the edit tools take."),
        input_model="unitycli.plugins.animator.tools:AnimatorGetInput",
        output_model="unitycli.plugins.animator.tools:AnimatorGetOutput",
        handler="unitycli.plugins.animator.tools:animator_get",
        read_only=True, permissions=("reads_project",), examples=({"file": _FILE},),
    ),
    ToolSpec(
        name="animator.add-parameter", title="Add an Animator parameter",
        summary="Add a float, int, bool or trigger parameter to a .controller.",
        description=("Appends a parameter with its default (0 / false unless given). A name already used is "
                     "E_ANIMATOR_NAME_TAKEN." + _WRITER),
        input_model="unitycli.plugins.animator.tools:ParameterAddInput",
        output_model="unitycli.plugins.animator.tools:WriteOutput",
        handler="unitycli.plugins.animator.tools:animator_add_parameter",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _FILE, "name": "Hungry", "type": "bool", "default": True},
                  {"file": _FILE, "name": "Jump", "type": "trigger"}),
    ),
    ToolSpec(
        name="animator.remove-parameter", title="Remove an Animator parameter",
        summary="Remove a parameter no transition condition uses from a .controller.",
        description=("Removes the parameter; refused with E_ANIMATOR_PARAMETER_IN_USE (listing the transitions) "
                     "while a condition uses it." + _WRITER),
        input_model="unitycli.plugins.animator.tools:ParameterRemoveInput",
        output_model="unitycli.plugins.animator.tools:WriteOutput",
        handler="unitycli.plugins.animator.tools:animator_remove_parameter",
        read_only=False, destructive=True, permissions=WRITES, examples=({"file": _FILE, "name": "Speed"},),
    ),
    ToolSpec(
        name="animator.add-state", title="Add an Animator state",
        summary="Add a state (optionally with its clip, speed and position) to a layer.",
        description=("Adds an AnimatorState to the layer's state machine with the given name, motion (the clip "
                     "reference {fileID, guid, type}), speed and graph position." + _NEW + _WRITER),
        input_model="unitycli.plugins.animator.tools:StateAddInput",
        output_model="unitycli.plugins.animator.tools:NewObjectOutput",
        handler="unitycli.plugins.animator.tools:animator_add_state",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _FILE, "name": "Sleep", "speed": 0.5, "position": {"x": 300, "y": 100},
                   "motion": {"fileID": 2789604289822619476, "guid": "7c7fcdc443e34af43abbf52812704a6b", "type": 3}},),
    ),
    ToolSpec(
        name="animator.add-transition", title="Add an Animator transition",
        summary="Add a transition between states (or from Any State) with conditions.",
        description=("Adds an AnimatorStateTransition from `fromState` (or \"Any State\") to `toState` in a layer, "
                     "with conditions (parameter, mode if/ifNot for bool and trigger, greater/less for float, "
                     "greater/less/equals/notEqual for int, threshold) and, when given, hasExitTime, exitTime, "
                     "duration and fixedDuration. An unknown parameter is E_PROPERTY_NOT_FOUND, a mode its type "
                     "lacks E_VALUE_OUT_OF_RANGE." + _NEW + _WRITER),
        input_model="unitycli.plugins.animator.tools:TransitionAddInput",
        output_model="unitycli.plugins.animator.tools:NewObjectOutput",
        handler="unitycli.plugins.animator.tools:animator_add_transition",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _FILE, "fromState": "Idle", "toState": "Walk", "conditions": [
            {"parameter": "Speed", "mode": "greater", "threshold": 0.1}], "hasExitTime": False},),
    ),
    ToolSpec(
        name="animator.set-default-state", title="Set a layer's default state",
        summary="Make a state the default (entry) state of its layer.",
        description="Points the layer's state machine m_DefaultState at the named state." + _WRITER,
        input_model="unitycli.plugins.animator.tools:DefaultStateInput",
        output_model="unitycli.plugins.animator.tools:WriteOutput",
        handler="unitycli.plugins.animator.tools:animator_set_default_state",
        read_only=False, destructive=True, permissions=WRITES, examples=({"file": _FILE, "state": "Idle"},),
    ),
    ToolSpec(
        name="animator.add-layer", title="Add an Animator layer",
        summary="Add a layer with its own empty state machine to a .controller.",
        description=("Appends a layer (not synced, no mask) and its new AnimatorStateMachine, with the given "
                     "default weight, blending (override/additive) and IK pass." + _NEW + _WRITER),
        input_model="unitycli.plugins.animator.tools:LayerAddInput",
        output_model="unitycli.plugins.animator.tools:NewObjectOutput",
        handler="unitycli.plugins.animator.tools:animator_add_layer",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _FILE, "name": "Upper Body", "weight": 1, "blending": "override"},),
    ),
)
