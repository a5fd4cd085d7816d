"""`component.add` and `component.remove` for built-in components with a verified default layout.

Adding writes the document the Editor writes for "Add Component" (layouts in `unitycli.scene.templates`, copied
from real 2022.3 and Unity 6 files) and appends it to the GameObject's `m_Component`. Removing drops both, and
refuses while other objects reference the component unless `force`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.plugins.scenes.common import (
    COMPONENT_DESCRIPTION,
    GameObjectWriteInput,
    Names,
    WriteOutput,
    find_named_component,
    finish,
    open_model,
)
from unitycli.scene import (
    OBJECT_FILE_SUFFIXES,
    add_component,
    find_gameobject,
    remove_component,
)
from unitycli.scene.edits import ref_dict
from unitycli.scene.templates import COMPONENTS
from unitycli.unityfiles import read_project_version


class ComponentAddInput(GameObjectWriteInput):
    component: str = Field(description="Built-in class to add: " + ", ".join(sorted(COMPONENTS)))


class ComponentAddOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The new component's fileID")
    class_name: str = Field(alias="class")


def component_add(ctx: Any, request: ComponentAddInput) -> ComponentAddOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    version = read_project_version(Path(ctx.project.root)).editor_version
    file_id = add_component(model, node, request.component.strip(), version)
    return ComponentAddOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                              fileID=file_id, **{"class": request.component.strip()})


class ComponentRemoveInput(GameObjectWriteInput):
    component: str = Field(description=COMPONENT_DESCRIPTION)
    force: bool = Field(False, description="Remove even when other objects reference it; they get {fileID: 0}")


class ComponentRemoveOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The removed component's fileID")
    class_name: str = Field(alias="class")
    cleared_references: list[dict[str, Any]]


def component_remove(ctx: Any, request: ComponentRemoveInput) -> ComponentRemoveOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = find_gameobject(model, request.game_object)
        comp = find_named_component(ctx, "component.remove", request, model, node, names)
    cleared = remove_component(model, node, comp.file_id, force=request.force)
    return ComponentRemoveOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                                 fileID=comp.file_id, **{"class": comp.display_name},
                                 cleared_references=[ref_dict(r) for r in cleared])
