"""`gameobject.set-tag` and `gameobject.set-layer`, checked against ProjectSettings/TagManager.asset.

A tag must be one of Unity's built-in tags or one the TagManager lists; a layer is named as the TagManager names
it or given by index, and must be a named layer (`E_LAYER_UNKNOWN` otherwise, with project.get-tags-layers to see
them). A prefab instance's tag and layer live in its source prefab and are refused (set them as overrides with
prefab.set-override).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.scenes.common import GameObjectWriteInput, Names, WriteOutput, finish, open_model
from unitycli.plugins.settings.tags_layers import TagsLayersGetInput, get_tags_layers
from unitycli.scene import OBJECT_FILE_SUFFIXES, SceneNode, find_gameobject, instance_unsupported


def _instance_refused(node: SceneNode, file: str, prop: str, value: object) -> UnityCliError:
    error = instance_unsupported(node, f"its {prop} is in its source prefab; write an override instead")
    error.next_actions = [tool_command("prefab.set-override", {"file": file, "gameObject": node.file_id,
                                                               "propertyPath": prop, "value": value})]
    return error


class SetTagInput(GameObjectWriteInput):
    tag: str = Field(min_length=1, description="A built-in tag (Untagged, Respawn, Finish, EditorOnly, MainCamera, "
                     "Player, GameController) or one listed in ProjectSettings/TagManager.asset")


class SetTagOutput(WriteOutput):
    file_id: int = Field(alias="fileID")
    path: str
    previous: str
    tag: str


def gameobject_set_tag(ctx: ToolContext, request: SetTagInput) -> SetTagOutput:
    tags = get_tags_layers(ctx, TagsLayersGetInput())
    known = [*tags.builtin_tags, *tags.tags]
    if request.tag not in known:
        raise UnityCliError("E_TAG_UNKNOWN", f"{request.tag!r} is not a tag of this project",
                            details={"tag": request.tag, "tags": known},
                            next_actions=[tool_command("project.add-tag", {"tag": request.tag}),
                                          tool_command("project.get-tags-layers")])
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    if node.is_instance:
        raise _instance_refused(node, loaded.path, "m_TagString", request.tag)
    doc = model.file.get(node.file_id)
    previous = str(doc.get("m_TagString", ""))
    doc.set("m_TagString", request.tag)
    return SetTagOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=node.file_id, path=node.path,
                        previous=previous, tag=request.tag)


class SetLayerInput(GameObjectWriteInput):
    layer: str | int = Field(description="Layer name as in the TagManager (Default, Water, UI, ...) or its index "
                             "0-31")
    recursive: bool = Field(False, description="Also set every descendant GameObject (prefab instances below are "
                            "skipped and listed)")


class SetLayerOutput(WriteOutput):
    layer: int
    layer_name: str
    changed: list[str] = Field(description="Paths of the GameObjects whose m_Layer changed")
    skipped_instances: list[str] = Field(description="Prefab instances below (their layer is in the source prefab)")


def _layer_index(layers: list[str], wanted: str | int) -> int:
    named = {name: i for i, name in reversed(list(enumerate(layers))) if name}
    if isinstance(wanted, int) or str(wanted).strip().isdigit():
        index = int(wanted)
        if 0 <= index < len(layers) and layers[index]:
            return index
    elif str(wanted) in named:
        return named[str(wanted)]
    raise UnityCliError("E_LAYER_UNKNOWN", f"{wanted!r} is not a named layer of this project",
                        details={"layer": wanted, "layers": {str(i): n for n, i in sorted(named.items(),
                                                                                         key=lambda p: p[1])}},
                        next_actions=[tool_command("project.get-tags-layers")])


def gameobject_set_layer(ctx: ToolContext, request: SetLayerInput) -> SetLayerOutput:
    tags = get_tags_layers(ctx, TagsLayersGetInput())
    names_by_index = [layer.name for layer in tags.layers]
    index = _layer_index(names_by_index, request.layer)
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    if node.is_instance:
        raise _instance_refused(node, loaded.path, "m_Layer", index)
    changed, skipped = [], []
    for item in (node.walk() if request.recursive else [node]):
        if item.is_instance:
            skipped.append(item.path)
            continue
        doc = model.file.get(item.file_id)
        if doc.get("m_Layer", None) != index:
            doc.set("m_Layer", index)
            changed.append(item.path)
    return SetLayerOutput(file=loaded.path, revision=finish(ctx, loaded), layer=index,
                          layer_name=names_by_index[index], changed=changed, skipped_instances=skipped)
