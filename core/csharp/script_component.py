"""What `component.add` writes for a project script: its serialized fields at their defaults, after the checks the
Editor makes when a script is added (a MonoBehaviour, not abstract or generic, `[DisallowMultipleComponent]`,
`[RequireComponent]`).

Where the script's source is not there (a package script known only by GUID) or its layout cannot be proven, the
component is written with its header only, as before, and the answer says why: Unity fills the fields on load.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unitycli.csharp.defaults import default_values
from unitycli.csharp.literals import TypeOf
from unitycli.csharp.model import SerializationModel
from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.scene.components import components_of
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.typetree.table import bases_of

_NO_LAYOUT = ("E_SCRIPT_CLASS_NOT_FOUND", "E_SCRIPT_LAYOUT_UNPROVABLE", "E_SCRIPT_SOURCE_UNPARSEABLE")


@dataclass
class ScriptFields:
    """The fields to write after the header. `source`/`class_name` name the C# they come from; `omitted` maps a
    left-out field path to why; `unavailable` says why no field was written at all."""

    values: dict[str, Any] = field(default_factory=dict)
    source: str | None = None
    class_name: str | None = None
    omitted: dict[str, str] = field(default_factory=dict)
    unavailable: str | None = None


def _refuse(message: str, **details: Any) -> UnityCliError:
    return UnityCliError("E_COMPONENT_UNSUPPORTED", message, details=details)


def script_fields(root: Path, guid: str, model: SceneModel, node: SceneNode,
                  csharp: SerializationModel | None = None) -> ScriptFields:
    """The script's fields at their defaults for a new component on `node`, or E_COMPONENT_UNSUPPORTED where the
    Editor would not add it. `csharp`: the request's C# model, when it already built one."""
    csharp = csharp or SerializationModel(root)
    try:
        decl = csharp.script_class(guid)
        layout = csharp.layout_of(decl)
    except UnityCliError as exc:
        if exc.code not in _NO_LAYOUT:
            raise
        return ScriptFields(unavailable=f"{exc.code}: {exc.message}")
    where = {"script": decl.full_name, "file": decl.file, "line": decl.line}
    if layout.unity_base != "MonoBehaviour":
        raise _refuse(f"{decl.full_name} is a {layout.unity_base or 'plain C# class'}, not a MonoBehaviour: it "
                      "cannot be added to a GameObject", **where)
    if "abstract" in decl.modifiers or decl.type_params:
        raise _refuse(f"{decl.full_name} is {'abstract' if 'abstract' in decl.modifiers else 'generic'}; Unity "
                      "adds only concrete, non-generic MonoBehaviours", **where)
    chain = csharp.base_chain(decl)
    present = components_of(model, node, _script_paths(csharp))
    if any(d.has("DisallowMultipleComponent") for d in chain) and any(c.script_guid == guid for c in present):
        raise _refuse(f"{node.path!r} already has a {decl.name} and the class is [DisallowMultipleComponent]", **where)
    _check_required(csharp, chain, present, where)
    values, omitted = default_values(layout, csharp.project.editor_version)
    return ScriptFields(values, decl.file, decl.full_name, omitted)


def _script_paths(csharp: SerializationModel) -> Any:
    def path(guid: str) -> str | None:
        file = csharp.project.file_of_guid(guid)
        return file.shown if file is not None else None
    return path


def _check_required(csharp: SerializationModel, chain: list[Any], present: list[Any], where: dict[str, Any]) -> None:
    """`[RequireComponent(typeof(X))]`: the Editor adds X first when the GameObject lacks it; unitycli asks the
    caller to add it (its layout is another tool call's evidence)."""
    have = set()
    for component in present:
        if component.missing:
            continue
        have.add(component.class_name)
        have.update(bases_of(component.class_name))
        if component.script_class:
            have.add(component.script_class)
    for decl in chain:
        for attribute in (a for a in decl.attributes if a.name == "RequireComponent"):
            for arg in attribute.args:
                if not isinstance(arg, TypeOf):
                    continue
                needed = arg.name.rsplit(".", 1)[-1]
                if needed not in have:
                    raise UnityCliError(
                        "E_COMPONENT_UNSUPPORTED",
                        f"{decl.full_name} requires a {needed} ([RequireComponent] at {decl.file}:{decl.line}) and "
                        "the GameObject has none; the Editor would add it first",
                        details={**where, "requires": needed},
                        next_actions=[same_call(component=needed, script=None)])  # then the script again
