"""`component.list-listeners`, `component.add-listener`, `component.remove-listener`: a UnityEvent's persistent
listeners on a component of a scene or prefab.

A new listener's method is checked against the target's C# (`methods`): it must be a public instance method of the
target's class or a base class the project declares, with no parameter or one int, float, string or bool that
`argument` fills; the mode follows from that parameter. A removal that would leave the list as it was is an
error, never a quiet success.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.csharp import SerializationModel
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, same_call
from unitycli.plugins.scenes.common import (
    COMPONENT_DESCRIPTION,
    ComponentName,
    ComponentSummary,
    GameObjectInput,
    GameObjectWriteInput,
    Names,
    component_summary,
    find_named_component,
    open_model,
)
from unitycli.plugins.scripts.assemblies import assembly_of
from unitycli.plugins.scripts.events import CALL_STATES, calls_path, describe, entry, require_event
from unitycli.plugins.scripts.methods import MODE_NAMES, MODE_VOID, ListenerMethod, listener_methods
from unitycli.plugins.scripts.objectrefs import ReferenceResolver
from unitycli.scene import OBJECT_FILE_SUFFIXES, ComponentRef, SceneModel, find_gameobject
from unitycli.suggest import closest
from unitycli.toolspec import ToolOutput
from unitycli.transaction import revision_of
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Ref

EVENT_DESCRIPTION = "Property path of the UnityEvent on the component (OnClick, m_CameraActivatedEvent, Events.OnHit)"
_ARGUMENT_KINDS = {3: (int,), 4: (int, float), 5: (str,), 6: (bool,)}


class ListenersInput(GameObjectInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    property: str = Field(description=EVENT_DESCRIPTION)


class Listener(ToolOutput):
    index: int
    target: Any = Field(description="m_Target as {fileID, guid?, type?}")
    type: Any = Field(description="m_TargetAssemblyTypeName: the declaring class and its assembly")
    method: Any
    mode: Any = Field(description="Void, Int, Float, String, Bool, Object or EventDefined (m_Mode)")
    argument: Any = Field(None, description="The value the mode passes (null for Void and EventDefined)")
    call_state: Any = Field(description="RuntimeOnly, EditorAndRuntime or Off (m_CallState)")


class ListenersOutput(ToolOutput):
    file: str
    game_object: str
    component: ComponentSummary
    property: str
    listeners: list[Listener]
    revision: str


class AddListenerInput(GameObjectWriteInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    property: str = Field(description=EVENT_DESCRIPTION)
    target: str = Field(description="The object whose method is called: `Path/To/Object:ScriptClass` (or the "
                                    "component's fileID) in the same file")
    method: str = Field(description="A public method of the target's class: no parameter, or one int, float, "
                                    "string or bool (a property setter is set_<Name>)")
    argument: bool | int | float | str | None = Field(None, description="The value passed to a method with one "
                                                                        "parameter (omit for none)")
    call_state: Literal["RuntimeOnly", "EditorAndRuntime", "Off"] = Field(
        "RuntimeOnly", description="When the listener runs; RuntimeOnly is what the Editor gives a new one")


class RemoveListenerInput(GameObjectWriteInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    property: str = Field(description=EVENT_DESCRIPTION)
    index: int = Field(ge=0, description="The listener's index, as component.list-listeners shows it")


class ListenerWriteOutput(ListenersOutput):
    changed: bool


def _component(ctx: ToolContext, tool: str, request: Any, names: Names, write: bool
               ) -> tuple[Any, SceneModel, Any, ComponentRef]:
    loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=write,
                               expected_revision=getattr(request, "expected_revision", None))
    node = find_gameobject(model, request.game_object)
    comp = find_named_component(ctx, tool, request, model, node, names)
    return loaded, model, node, comp


def _answer(cls: type, loaded: Any, node: Any, comp: ComponentRef, event: str, doc: Any, **extra: Any) -> Any:
    listeners = [Listener(**{k: v for k, v in item.items() if k != "callState"}, call_state=item["callState"])
                 for item in describe(require_event(doc, event))]
    return cls(file=loaded.path, game_object=node.path, component=component_summary(comp), property=event,
               listeners=listeners, revision=revision_of(loaded.yaml.to_bytes()), **extra)


def list_listeners(ctx: ToolContext, request: ListenersInput) -> ListenersOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model, node, comp = _component(ctx, "component.list-listeners", request, names, write=False)
    return _answer(ListenersOutput, loaded, node, comp, request.property, model.file.get(comp.file_id))


def _method_error(target: str, method: str, why: str, methods: list[ListenerMethod], engine: str | None,
                  **details: Any) -> UnityCliError:
    names = sorted({m.name for m in methods})
    meant = closest(method, names)[:3] or names[:5]
    return UnityCliError("E_LISTENER_METHOD_NOT_FOUND", f"{target}: {why}",  # details.engineBase: not checkable
                         details={"target": target, "method": method, "didYouMean": closest(method, names)[:3],
                                  "methods": [{"name": m.name, "mode": MODE_NAMES[m.mode], "parameter": m.parameter}
                                              for m in methods][:30], "engineBase": engine, **details},
                         next_actions=[same_call(method=name) for name in meant])


def _pick(methods: list[ListenerMethod], target: str, method: str, argument: Any, engine: str | None) -> ListenerMethod:
    named = [m for m in methods if m.name == method]
    if not named:
        raise _method_error(target, method, f"its class has no public instance method {method!r} a listener can "
                            "call", methods, engine)
    fits = [m for m in named if (m.mode == MODE_VOID and argument is None)
            or (m.mode in _ARGUMENT_KINDS and argument is not None and isinstance(argument, _ARGUMENT_KINDS[m.mode])
                and (m.mode == 6 or not isinstance(argument, bool)))]
    if len(fits) != 1:
        wanted = ", ".join(f"{m.name}({m.parameter or ''})" for m in named)
        raise _method_error(target, method, f"{method} takes {wanted}; the argument given "
                            f"({type(argument).__name__ if argument is not None else 'none'}) does not fit "
                            f"{'exactly one' if fits else 'any'} of them", named, engine)
    return fits[0]


def add_listener(ctx: ToolContext, request: AddListenerInput) -> ListenerWriteOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model, node, comp = _component(ctx, "component.add-listener", request, names, write=True)
        doc = model.file.get(comp.file_id)
        calls = require_event(doc, request.property)
        resolver = ReferenceResolver(ctx, names, model.file, model)
        try:
            target = resolver.resolve(request.target)
        finally:
            resolver.close()
    target_doc = model.file.get(target.ref.file_id)
    script = target_doc.get("m_Script", None) if target_doc.class_id == MONOBEHAVIOUR and not target_doc.stripped \
        else None
    if not isinstance(script, Ref) or script.guid is None:
        raise _method_error(request.target, request.method, f"the target is {target.target}, not a component of a "
                            "project script, so its methods cannot be read from C#", [], target_doc.class_name)
    csharp = SerializationModel(Path(ctx.project.root))
    decl = csharp.script_class(script.guid)
    methods, engine = listener_methods(csharp, decl)
    chosen = _pick(methods, request.target, request.method, request.argument, engine)
    source = csharp.project.file_named(chosen.file)
    assert source is not None
    type_name = f"{chosen.declared_in}, {assembly_of(source.disk, source.shown, Path(ctx.project.root))}"
    doc.insert_item(calls_path(request.property), len(calls.items),
                    entry(target.ref.file_id, type_name, chosen.name, chosen.mode, request.argument,
                          CALL_STATES[request.call_state]))
    loaded.save(ctx)
    return _answer(ListenerWriteOutput, loaded, node, comp, request.property, doc, changed=True)


def remove_listener(ctx: ToolContext, request: RemoveListenerInput) -> ListenerWriteOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model, node, comp = _component(ctx, "component.remove-listener", request, names, write=True)
    doc = model.file.get(comp.file_id)
    calls = require_event(doc, request.property)
    if request.index >= len(calls.items):
        raise UnityCliError("E_LISTENER_NOT_FOUND", f"{request.property} has {len(calls.items)} listener(s); no "
                            f"index {request.index}", details={"property": request.property, "index": request.index,
                                                              "listeners": describe(calls)[:20]},
                            next_actions=[describe_command("component.list-listeners")])
    doc.remove_item(calls_path(request.property), request.index)
    loaded.save(ctx)
    return _answer(ListenerWriteOutput, loaded, node, comp, request.property, doc, changed=True)
