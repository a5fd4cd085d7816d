"""UnityEvent persistent listeners: `m_PersistentCalls.m_Calls` entries read and written as the Editor writes them.

An entry (identical in 2022.3, Cinemachine sample `ThirdPersonWithAimMode.unity`, and 6000.0,
`VisualEffectSamples.unity` line 2641):
```
      - m_Target: {fileID: 2786911513590003854}
        m_TargetAssemblyTypeName: Unity.Cinemachine.Samples.CursorLockManager, Assembly-CSharp
        m_MethodName: LockCursor
        m_Mode: 1
        m_Arguments:
          m_ObjectArgument: {fileID: 0}
          m_ObjectArgumentAssemblyTypeName: UnityEngine.Object, UnityEngine
          m_IntArgument: 0
          m_FloatArgument: 0
          m_StringArgument:
          m_BoolArgument: 0
        m_CallState: 2
```
`m_TargetAssemblyTypeName` names the class that declares the method (`UnityEngine.Behaviour, UnityEngine` for
`set_enabled`), `m_CallState` is UnityEventCallState (0 Off, 1 EditorAndRuntime, 2 RuntimeOnly: what the Editor
gives a new listener, and every listener in the 2022.3 and 6000.0 fixtures).
"""

from __future__ import annotations

from typing import Any

from unitycli.enumnames import enum_name
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command
from unitycli.plugins.scripts.methods import MODE_NAMES
from unitycli.unityyaml import Document, Mapping, Ref, Sequence
from unitycli.unityyaml.values import to_json

CALLS = "m_PersistentCalls.m_Calls"
CALL_STATES = {"Off": 0, "EditorAndRuntime": 1, "RuntimeOnly": 2}
_ARGUMENT_KEYS = {3: "m_IntArgument", 4: "m_FloatArgument", 5: "m_StringArgument", 6: "m_BoolArgument"}


def calls_path(event: str) -> str:
    return f"{event}.{CALLS}"


def require_event(doc: Document, event: str) -> Sequence:
    """The `m_Calls` list of the UnityEvent at `event`, or E_EVENT_NOT_FOUND naming the events the object has."""
    try:
        node = doc.node(calls_path(event))
    except UnityCliError:
        node = None
    if isinstance(node, Sequence):
        return node
    raise UnityCliError("E_EVENT_NOT_FOUND", f"{doc.class_name} &{doc.file_id} has no UnityEvent at {event!r}",
                        details={"property": event, "events": events_of(doc)},
                        next_actions=[describe_command("component.list-listeners")])


def events_of(doc: Document) -> list[str]:
    """The top-level and nested property paths that hold a UnityEvent."""
    found: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, Mapping) and node.as_ref() is None:
            calls = node.get("m_PersistentCalls")
            if isinstance(calls, Mapping) and isinstance(calls.get("m_Calls"), Sequence):
                found.append(path)
                return
            for key, child in zip(node.keys_, node.values, strict=True):
                walk(child, f"{path}.{key}" if path else key)

    walk(doc.root, "")
    return found[:40]


def entry(target: int, type_name: str, method: str, mode: int, argument: Any, call_state: int) -> dict[str, Any]:
    """A new `m_Calls` entry in the Editor's key order."""
    arguments: dict[str, Any] = {"m_ObjectArgument": Ref(0),
                                 "m_ObjectArgumentAssemblyTypeName": "UnityEngine.Object, UnityEngine",
                                 "m_IntArgument": 0, "m_FloatArgument": 0, "m_StringArgument": "",
                                 "m_BoolArgument": 0}
    if mode in _ARGUMENT_KEYS:
        arguments[_ARGUMENT_KEYS[mode]] = int(argument) if isinstance(argument, bool) else argument
    return {"m_Target": Ref(target), "m_TargetAssemblyTypeName": type_name, "m_MethodName": method, "m_Mode": mode,
            "m_Arguments": arguments, "m_CallState": call_state}


def describe(calls: Sequence) -> list[dict[str, Any]]:
    """The listeners as JSON, with the argument the mode passes."""
    out: list[dict[str, Any]] = []
    for i, item in enumerate(calls.items):
        value = to_json(item.to_python())
        if not isinstance(value, dict):
            continue
        mode = value.get("m_Mode")
        args = value.get("m_Arguments") if isinstance(value.get("m_Arguments"), dict) else {}
        argument: Any = None
        if mode in _ARGUMENT_KEYS:
            argument = args.get(_ARGUMENT_KEYS[mode])
            argument = bool(argument) if mode == 6 else argument
        elif mode == 2:
            argument = args.get("m_ObjectArgument")
        state = value.get("m_CallState")
        out.append({"index": i, "target": value.get("m_Target"), "type": value.get("m_TargetAssemblyTypeName"),
                    "method": value.get("m_MethodName"), "mode": MODE_NAMES.get(mode, mode), "argument": argument,
                    "callState": enum_name(CALL_STATES, state)})
    return out
