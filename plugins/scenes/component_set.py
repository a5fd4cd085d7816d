"""`component.set`: set one property of one component of one GameObject, changing only the characters of that value.

The value is type-checked against the current one (`unitycli.unityyaml.values`), the file must round-trip
byte-identically before it is touched, and `expectedRevision` guards against editing a file that changed since
the caller read it. With `--dry-run` the result carries the unified diff and nothing is written.

`m_LocalEulerAnglesHint` is only the Inspector's display of the rotation: Unity rotates by `m_LocalRotation`
and rewrites the hint from it, so setting the hint alone succeeds with a warning (gameobject.set-transform
writes both).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.plugins.prefabs.suggest import instance_child_error, instance_override_error
from unitycli.plugins.scenes.common import (
    COMPONENT_DESCRIPTION,
    ComponentName,
    ComponentSummary,
    GameObjectWriteInput,
    Names,
    component_summary,
    find_named_component,
    open_model,
)
from unitycli.plugins.scripts.vocabulary import (
    OPERATION_DESCRIPTION,
    REFERENCE_FORMS,
    FieldWriteOutput,
    Operation,
)
from unitycli.scene import OBJECT_FILE_SUFFIXES, find_gameobject
from unitycli.unityyaml import parse_path


class ComponentSetInput(GameObjectWriteInput):
    component: ComponentName = Field(description=COMPONENT_DESCRIPTION)
    property: str = Field(description="Property path: m_LocalPosition, m_LocalPosition.x, m_Materials[0], m_Lens.FieldOfView")
    value: Any = Field(None, description="JSON value of the same type as the current one: number, string, "
                                         "{x, y, z} with the same keys, list; for a reference field "
                                         + REFERENCE_FORMS + "; for resize the new length")
    operation: Operation = Field("set", description=OPERATION_DESCRIPTION)


class ComponentSetOutput(FieldWriteOutput):
    game_object: str = Field(description="Hierarchy path of the GameObject")
    component: ComponentSummary


def component_set(ctx: ToolContext, request: ComponentSetInput) -> ComponentSetOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        try:
            node = find_gameobject(model, request.game_object)
        except UnityCliError as exc:
            inside = instance_child_error(ctx, names, loaded.path, model, request.game_object, request.component,
                                          request.property, request.value) if exc.code == "E_GAMEOBJECT_NOT_FOUND" else None
            raise inside or exc from None
        if node.is_instance:
            raise instance_override_error(ctx, names, loaded.path, node, request.component, request.property,
                                          request.value)
        comp = find_named_component(ctx, "component.set", request, model, node, names)
        doc = model.file.get(comp.file_id)
        # the typed-edit machinery (and with it the C# model and tree-sitter) loads only when a field is set
        from unitycli.plugins.scripts.fieldedit import write_field

        written = write_field(ctx, names, loaded, doc, request, model)
    written["warnings"] = _warnings(comp.class_name, request.property) + written["warnings"]
    return ComponentSetOutput(file=loaded.path, game_object=node.path, component=component_summary(comp),
                              property=request.property, **written)


def _warnings(class_name: str, prop: str) -> list[str]:
    if class_name in ("Transform", "RectTransform") and parse_path(prop)[:1] == ("m_LocalEulerAnglesHint",):
        return ["m_LocalEulerAnglesHint is only the Inspector's display of the rotation: Unity rotates by "
                "m_LocalRotation and rewrites the hint from it, so this changes nothing Unity uses. Use "
                "gameobject.set-transform with `rotation` to rotate (it writes both)."]
    return []
