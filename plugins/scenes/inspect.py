"""`gameobject.get` and `component.get`: a GameObject with all its components' fields, or one component value.

Values come back as JSON exactly as the file holds them (numbers as numbers, references as `{fileID, guid?,
type?}`), so what `component.get` returns can be edited and passed back to `component.set`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.plugins.scenes.common import (
    COMPONENT_DESCRIPTION,
    ComponentName,
    ComponentSummary,
    GameObjectInput,
    GameObjectSummary,
    Names,
    component_summary,
    find_named_component,
    open_model,
    summarize,
)
from unitycli.scene import OBJECT_FILE_SUFFIXES, components_of, find_gameobject, instance_modifications
from unitycli.toolspec import ToolOutput
from unitycli.unityyaml.values import property_node, to_json


class GameObjectGetInput(GameObjectInput):
    include_fields: bool = Field(True, description="Include every component's fields (false: names only)")


class ComponentDetail(ComponentSummary):
    fields: dict[str, Any] | None = Field(None, description="The component's serialized fields as JSON")


class GameObjectGetOutput(ToolOutput):
    file: str
    revision: str
    game_object: GameObjectSummary
    fields: dict[str, Any] | None = Field(description="The GameObject's own fields (m_Name, m_Layer, ...)")
    components: list[ComponentDetail]
    modifications: list[dict[str, Any]] | None = Field(
        None, description="A prefab instance's overrides (target, propertyPath, value, objectReference)")


def gameobject_get(ctx: ToolContext, request: GameObjectGetInput) -> GameObjectGetOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names)
        node = find_gameobject(model, request.game_object)
        details = []
        for comp in components_of(model, node, names):
            fields = None
            if request.include_fields and not comp.missing:
                fields = to_json(model.file.get(comp.file_id).to_python())
            details.append(ComponentDetail(**component_summary(comp).model_dump(by_alias=True), fields=fields))
        summary = summarize(model, node, names, components=False)
    doc = model.file.get(node.file_id)
    own = to_json(doc.to_python()) if request.include_fields else None
    mods = to_json(instance_modifications(doc)) if node.is_instance else None
    return GameObjectGetOutput(file=loaded.path, revision=loaded.revision, game_object=summary, fields=own,
                               components=details, modifications=mods)


class ComponentGetInput(GameObjectInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    property: str | None = Field(None, description="Property path (m_LocalPosition.x, m_Materials[0]); all when omitted")


class ComponentGetOutput(ToolOutput):
    file: str
    revision: str
    game_object: str = Field(description="Hierarchy path of the GameObject")
    component: ComponentSummary
    property: str | None
    value: Any = Field(description="The property's value (or every field of the component) as JSON")


def component_get(ctx: ToolContext, request: ComponentGetInput) -> ComponentGetOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names)
        node = find_gameobject(model, request.game_object)
        comp = find_named_component(ctx, "component.get", request, model, node, names)
    doc = model.file.get(comp.file_id)
    value = property_node(doc, request.property).to_python() if request.property else doc.to_python()
    return ComponentGetOutput(file=loaded.path, revision=loaded.revision, game_object=node.path,
                              component=component_summary(comp), property=request.property, value=to_json(value))
