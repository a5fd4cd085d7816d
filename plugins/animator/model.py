"""An AnimatorController file (`.controller`) as its documents: the controller, each layer's state machine, its states
and their transitions, and the builder of new documents in the Editor's layout.

Facts used (every one seen in the fixtures' Editor-written controllers: chicken-defense Chicken.controller, Llama
Animator.controller, Fox/Snake.controller (2022.3.17f1), minigolf Rotation Base.controller (6000.0.25f1)):
the controller is `--- !u!91 &9100000`; a layer's `m_StateMachine` is a local AnimatorStateMachine (1107) whose
`m_ChildStates` items are `{serializedVersion: 1, m_State, m_Position}`; states (1102) and state machines carry
`m_ObjectHideFlags: 1` (HideFlags.HideInHierarchy, what UnityCsReference's AnimatorStateMachine.AddState and
AnimatorState.AddTransition set on the objects they create) and write `serializedVersion` first (transitions
after `m_IsExit`, see VERSION_AFTER); every parameter's
`m_Controller` is `{fileID: 0}`. Enum numbers are UnityEngine's: AnimatorControllerParameterType Float 1, Int 3,
Bool 4, Trigger 9; UnityEditor.Animations.AnimatorConditionMode If 1, IfNot 2, Greater 3, Less 4, Equals 6,
NotEqual 7. Layouts come from the type tree of the project's Editor (`unitycli.typetree`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, tool_command
from unitycli.scene import LoadedFile
from unitycli.typetree.new_objects import NewObject, build_new
from unitycli.typetree.table import Layout
from unitycli.typetree.typed import typed_value
from unitycli.unityyaml import Document, Ref, UnityYamlFile

CONTROLLER_ID, STATE_MACHINE_ID, STATE_ID, TRANSITION_ID = 91, 1107, 1102, 1101
PARAMETER_TYPES = {"float": 1, "int": 3, "bool": 4, "trigger": 9}
CONDITION_MODES = {"if": 1, "ifNot": 2, "greater": 3, "less": 4, "equals": 6, "notEqual": 7}
# Which condition modes the Animator window offers per parameter type.
MODES_FOR_TYPE = {1: ("greater", "less"), 3: ("greater", "less", "equals", "notEqual"), 4: ("if", "ifNot"),
                  9: ("if",)}
HIDE_IN_HIERARCHY = 1
NULL = {"fileID": 0}


@dataclass
class Controller:
    """The controller document of an opened `.controller` file and lookups over its documents."""

    loaded: LoadedFile
    doc: Document

    @property
    def file(self) -> UnityYamlFile:
        return self.loaded.yaml

    def layer_index(self, wanted: str | int | None) -> int:
        layers = self.doc.get("m_AnimatorLayers") or []
        names = [layer.get("m_Name") for layer in layers]
        if wanted is None and layers:
            return 0
        if isinstance(wanted, int) and 0 <= wanted < len(layers):
            return wanted
        if isinstance(wanted, str) and wanted in names:
            return names.index(wanted)
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{self.loaded.path} has no layer {wanted!r}; layers: "
                            f"{', '.join(map(str, names))}", details={"layer": wanted, "layers": names})

    def machine(self, layer: int) -> Document:
        ref = self.doc.get(f"m_AnimatorLayers[{layer}].m_StateMachine")
        doc = self.file.find(ref.file_id) if isinstance(ref, Ref) else None
        if doc is None or doc.class_id != STATE_MACHINE_ID:
            raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{self.loaded.path}: layer {layer}'s state machine "
                                "is not in the file", details={"file": self.loaded.path, "layer": layer})
        return doc

    def states(self, machine: Document) -> list[Document]:
        out = []
        for child in machine.get("m_ChildStates") or []:
            ref = child.get("m_State")
            doc = self.file.find(ref.file_id) if isinstance(ref, Ref) else None
            if doc is not None and doc.class_id == STATE_ID:
                out.append(doc)
        return out

    def state(self, machine: Document, name: str) -> Document:
        states = self.states(machine)
        found = [s for s in states if s.get("m_Name") == name]
        if len(found) != 1:
            names = [s.get("m_Name") for s in states]
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"state machine {machine.get('m_Name')!r} has "
                                f"{'no' if not found else len(found)} state named {name!r}; states: "
                                f"{', '.join(map(str, names))}", details={"state": name, "states": names})
        return found[0]

    def parameters(self) -> list[dict[str, Any]]:
        return list(self.doc.get("m_AnimatorParameters") or [])

    def parameter_type(self, name: str) -> int:
        for parameter in self.parameters():
            if parameter.get("m_Name") == name:
                return parameter.get("m_Type")
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{self.loaded.path} has no parameter {name!r}; add it first with "
                            "animator.add-parameter",
                            details={"parameter": name, "parameters": [p.get("m_Name") for p in self.parameters()]},
                            next_actions=[tool_command("animator.get", {"file": self.loaded.path}),
                                          describe_command("animator.add-parameter")])


def open_controller(loaded: LoadedFile) -> Controller:
    docs = loaded.yaml.of_class(CONTROLLER_ID)
    if len(docs) != 1:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{loaded.path} holds {len(docs)} AnimatorController "
                            "objects; a .controller holds one", details={"file": loaded.path})
    return Controller(loaded, docs[0])


# Where a class writes its `serializedVersion`: first (every Editor-written AnimatorState and AnimatorStateMachine),
# except AnimatorStateTransition, which writes it after its base AnimatorTransitionBase's fields, right after
# `m_IsExit` (Editor-written controllers on GitHub, e.g. `m_IsExit: 0` / `serializedVersion: 3` /
# `m_TransitionDuration`; the type tree does not record the position).
VERSION_AFTER = {"AnimatorStateTransition": "m_IsExit"}


def new_object(layout: Layout, values: dict[str, Any], file: UnityYamlFile) -> NewObject:
    """The given values, typed by the layout, as a new document (`unitycli.typetree.new_objects.build_new`)."""
    unknown = set(values) - set(layout.top_names)
    assert not unknown, unknown  # callers build values from the layout's own names
    typed: dict[str, Any] = {}
    for name, value in values.items():
        node = layout.root.fields[name]
        # an empty map is written `{}` (m_StateMachineTransitions of every fixture machine)
        typed[name] = {} if value == {} and node.type == "map" else typed_value(node, value, name, file)
    return build_new(layout, typed, VERSION_AFTER.get(layout.class_name))


def header(name: str) -> dict[str, Any]:
    """The fields every new state-machine object starts with (see the module docstring)."""
    return {"m_ObjectHideFlags": HIDE_IN_HIERARCHY, "m_CorrespondingSourceObject": NULL, "m_PrefabInstance": NULL,
            "m_PrefabAsset": NULL, "m_Name": name}
