"""`component.add` and `component.remove`.

A native component is written in the layout Unity's own type tree gives the project's Editor version
(`unitycli.typetree`): structure and serializedVersion from the table, each value from an Editor-written document
of that exact layout (the file's, then the project's) or the cited per-class defaults, and a field with no such
evidence left out and listed (`omittedFields`). A script is added as its MonoBehaviour header (the type tree's
layout too, `unitycli.typetree.new_objects`) and its serialized fields at their defaults, read from its C# (`unitycli.csharp`); a
field whose default the source does not prove is left out and listed (Unity fills it on load). Removing drops both,
and refuses while other objects reference the component unless `force`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.csharp.script_lookup import resolve_script
from unitycli.errors import UnityCliError
from unitycli.plugins.scenes.common import (
    COMPONENT_DESCRIPTION,
    ComponentName,
    GameObjectWriteInput,
    Names,
    WriteOutput,
    find_named_component,
    finish,
    open_model,
)
from unitycli.scene import (
    OBJECT_FILE_SUFFIXES,
    find_gameobject,
    remove_component,
)
from unitycli.scene.edits import add_script, editor_for, project_editor, ref_dict
from unitycli.scene.native_components import add_native_component
from unitycli.toolspec import ToolOutput
from unitycli.typetree import PICK_RULE, pick_version


class ComponentAddInput(GameObjectWriteInput):
    component: str | None = Field(None, description="Native component class to add, as Unity names it (Light, "
                                                    "AudioListener, CharacterController, BoxCollider2D, LODGroup, "
                                                    "…): any Component class of the project's Unity version")
    script: str | None = Field(None, description="Or a script to add: its class name (the .cs file stem, GUID "
                                                 "from its .cs.meta) or its GUID")


class LayoutSummary(ToolOutput):
    serialized_version: str | None = Field(description="The layout's serializedVersion (null: the class has none)")
    verified_by: str = Field(description="typeTree: the Editor's type tree of layoutFrom (a script: its "
                                         "MonoBehaviour header's)")
    evidence: str = Field(description="Where the layout comes from")
    layout_from: str | None = Field(None, description="The Editor dump standing for the project's version")
    rule: str | None = Field(None, description="How layoutFrom was picked")
    value_sources: dict[str, str] | None = Field(None, description="Native class: where each written field's "
                                                                   "value came from (file:…, project:…, "
                                                                   "defaults:…, target, new object)")
    omitted_fields: list[str] | None = Field(None, description="Native class: fields with no evidence, left out "
                                                               "(Unity keeps their defaults on load)")


class OmittedField(ToolOutput):
    field: str = Field(description="The field's path (`a.b` inside a nested class)")
    reason: str


class ScriptFieldsSummary(ToolOutput):
    source: str | None = Field(None, description="The .cs the fields come from (Unity's path)")
    class_name: str | None = Field(None, alias="class", description="The script's full class name")
    fields: list[str] = Field(description="Serialized fields written at their defaults, in Unity's order")
    omitted_fields: list[OmittedField] = Field(description="Fields left out because their default is not "
                                                           "proven; Unity fills them on load")
    unavailable: str | None = Field(None, description="Why no field was written (no .cs for the GUID, or a "
                                                      "layout the sources cannot prove); Unity fills them on load")


class ComponentAddOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The new component's fileID")
    class_name: str = Field(alias="class")
    script_guid: str | None = None
    layout: LayoutSummary
    script_fields: ScriptFieldsSummary | None = Field(None, description="For a script: its serialized fields, "
                                                                         "from its C# (unitycli.csharp)")


def component_add(ctx: ToolContext, request: ComponentAddInput) -> ComponentAddOutput:
    if (request.component is None) == (request.script is None):
        raise UnityCliError("E_SCHEMA_INVALID", "give exactly one of `component` (a built-in class) and `script`",
                            details={"errors": [{"path": "component", "message": "exactly one of component, script"}]})
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    if request.script is not None:
        picked = editor_for(model.file, project_editor(ctx), "MonoBehaviour")
        from unitycli.csharp import SerializationModel  # the C# model loads only for a script
        from unitycli.csharp.script_component import script_fields

        csharp = SerializationModel(Path(ctx.project.root))  # one per request: the lookup and the fields share it
        script = resolve_script(Path(ctx.project.root), request.script, ctx.known_scripts, csharp.project)
        fields = script_fields(Path(ctx.project.root), script.guid, model, node, csharp)
        file_id = add_script(model, node, script.guid, picked, fields.values)
        summary = ScriptFieldsSummary(source=fields.source, **{"class": fields.class_name},
                                      fields=list(fields.values), unavailable=fields.unavailable,
                                      omitted_fields=[OmittedField(field=k, reason=v) for k, v in fields.omitted.items()])
        return ComponentAddOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                                  fileID=file_id, **{"class": "MonoBehaviour"}, script_guid=script.guid,
                                  layout=LayoutSummary(serialized_version=None, verified_by="typeTree",
                                                       evidence=f"Unity {picked.layout_from} type tree of "
                                                                "MonoBehaviour", layout_from=picked.layout_from,
                                                       rule=PICK_RULE),
                                  script_fields=summary)
    class_name = request.component.strip()  # type: ignore[union-attr]
    picked = pick_version(ctx.unity_version.editor_version)
    added = add_native_component(model, node, class_name, picked, Path(ctx.project.root))
    layout = added.composed.layout
    version = layout.serialized_version
    summary = LayoutSummary(serialized_version=str(version) if version > 1 else None, verified_by="typeTree",
                            evidence=f"Unity {picked.layout_from} type tree of {layout.class_name}",
                            layout_from=picked.layout_from, rule=PICK_RULE,
                            value_sources=added.composed.sources, omitted_fields=added.composed.omitted)
    return ComponentAddOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                              fileID=added.file_id, **{"class": class_name}, script_guid=None, layout=summary)


class ComponentRemoveInput(GameObjectWriteInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    force: bool = Field(False, description="Remove even when other objects reference it; they get {fileID: 0}")


class ComponentRemoveOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The removed component's fileID")
    class_name: str = Field(alias="class")
    cleared_references: list[dict[str, Any]]


def component_remove(ctx: ToolContext, request: ComponentRemoveInput) -> ComponentRemoveOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = find_gameobject(model, request.game_object)
        comp = find_named_component(ctx, "component.remove", request, model, node, names)
    cleared = remove_component(model, node, comp.file_id, force=request.force)
    return ComponentRemoveOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                                 fileID=comp.file_id, **{"class": comp.display_name},
                                 cleared_references=[ref_dict(r) for r in cleared])
