"""`component.add` and `component.remove`.

Adding writes the document the Editor writes for "Add Component" (layouts in `unitycli.scene.templates`, each
copied from a real file; which one is verified for this project is decided by `unitycli.scene.layouts`) and
appends it to the GameObject's `m_Component`. A script is added as its MonoBehaviour header only: Unity fills its
serialized fields with their defaults on load. Removing drops both, and refuses while other objects reference
the component unless `force`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
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
from unitycli.scene.edits import add_script, ref_dict
from unitycli.scene.layouts import TemplateSource
from unitycli.scene.script_lookup import resolve_script
from unitycli.scene.templates import ADDABLE
from unitycli.toolspec import ToolOutput

ALLOW_UNVERIFIED_DESCRIPTION = ("Write the known layout closest to this Unity version when neither the project's "
                                "files nor a verified version table show the class's layout (E_TEMPLATE_UNVERIFIABLE)")


class ComponentAddInput(GameObjectWriteInput):
    component: str | None = Field(None, description="Built-in class to add: " + ", ".join(sorted(ADDABLE)))
    script: str | None = Field(None, description="Or a script to add: its class name (the .cs file stem, GUID "
                                                 "from its .cs.meta) or its GUID")
    allow_unverified: bool = Field(False, description=ALLOW_UNVERIFIED_DESCRIPTION)


class LayoutSummary(ToolOutput):
    serialized_version: str | None = Field(description="The layout's serializedVersion (null: the class has none)")
    verified_by: str = Field(description="file (its own documents), unityVersion (the version table), project "
                                         "(another file of the project) or allowUnverified")
    evidence: str = Field(description="The document the layout was verified by")


class ComponentAddOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The new component's fileID")
    class_name: str = Field(alias="class")
    script_guid: str | None = None
    layout: LayoutSummary


def template_source(ctx: Any, allow_unverified: bool) -> TemplateSource:
    """What may verify a new object's layout in this project (its files and its ProjectVersion.txt)."""
    return TemplateSource.for_project(ctx.project.root, allow_unverified=allow_unverified)


def component_add(ctx: ToolContext, request: ComponentAddInput) -> ComponentAddOutput:
    if (request.component is None) == (request.script is None):
        raise UnityCliError("E_SCHEMA_INVALID", "give exactly one of `component` (a built-in class) and `script`",
                            details={"errors": [{"path": "component", "message": "exactly one of component, script"}]})
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    source = template_source(ctx, request.allow_unverified)
    guid = None
    if request.script is not None:
        script = resolve_script(Path(ctx.project.root), request.script, ctx.known_scripts)
        guid, class_name = script.guid, "MonoBehaviour"
        file_id = add_script(model, node, guid, source)
    else:
        class_name = request.component.strip()  # type: ignore[union-attr]
        file_id = add_component(model, node, class_name, source)
    chosen = source.chosen[class_name]
    return ComponentAddOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                              fileID=file_id, **{"class": class_name}, script_guid=guid,
                              layout=LayoutSummary(serialized_version=chosen.layout.serialized_version,
                                                   verified_by=chosen.verified_by, evidence=chosen.evidence))


class ComponentRemoveInput(GameObjectWriteInput):
    component: str = Field(description=COMPONENT_DESCRIPTION)
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
