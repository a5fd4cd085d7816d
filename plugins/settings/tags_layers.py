"""`project.get-tags-layers`, `project.add-tag`, `project.set-layer`: ProjectSettings/TagManager.asset.

Layout facts (every TagManager.asset in the fixtures): `tags:` is a list (`[]` when empty), `layers:`
always has 32 entries and an unused one is written `  - ` with a trailing space; TagManager 3 (Unity 6) adds
`m_RenderingLayers`. Layers 0, 1, 2, 4 and 5 (Default, TransparentFX, Ignore Raycast, Water, UI) are Unity's
built-in layers; 3 and 6–31 are user layers (minigolf names layer 6 `Ball`, chicken-defense 6–15).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import NewName
from unitycli.next_actions import tool_command
from unitycli.plugins.settings.settings_file import (
    SettingsFile,
    read_settings,
    read_settings_or_unreadable,
    stage_edit,
)
from unitycli.plugins.settings.versions import TAGS
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile
from unitycli.unityyaml import Mapping, Scalar, Sequence
from unitycli.unityyaml.split import unsupported

LAYER_COUNT = 32
BUILTIN_LAYERS = {0: "Default", 1: "TransparentFX", 2: "Ignore Raycast", 4: "Water", 5: "UI"}
FIRST_FREE_SEARCH = range(8, LAYER_COUNT)  # where the Tags & Layers window's first "User Layer" slots are
BUILTIN_TAGS = ("Untagged", "Respawn", "Finish", "EditorOnly", "MainCamera", "Player", "GameController")
_NAME = r"^\S(?:[^\x00-\x1f]*\S)?$"  # one line, no leading or trailing blanks


class Layer(ToolOutput):
    index: int
    name: str = Field(description="Empty for an unused layer.")
    builtin: bool = Field(description="Unity's built-in layers 0, 1, 2, 4, 5 cannot be renamed.")


class SortingLayer(ToolOutput):
    name: str
    unique_id: int = Field(alias="uniqueID")
    locked: bool


class TagsLayersGetInput(ToolInput):
    pass


class TagsLayersGetOutput(ToolOutput):
    file: str = TAGS.path
    revision: str | None = Field(description="null when the file is unreadable")
    serialized_version: int | None
    layout_verified: bool
    tags: list[str] = Field(description="The project's own tags, in file order.")
    builtin_tags: list[str] = Field(description="Tags every Unity project has; they are not stored in the file.")
    layers: list[Layer] = Field(description="All 32 layers; only the built-in ones when the file is unreadable.")
    sorting_layers: list[SortingLayer]
    rendering_layers: list[str] | None = Field(description="TagManager 3 (Unity 6) only; None before.")
    warnings: list[str]
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


class TagAddInput(ToolInput):
    tag: NewName = Field(min_length=1, max_length=256, pattern=_NAME, description="The new tag, e.g. Enemy.")
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")


class TagAddOutput(ToolOutput):
    file: str = TAGS.path
    tag: str
    changed: bool = Field(description="False when the tag already existed (built-in or in the file).")
    existing: Literal["builtin", "project"] | None
    tags: list[str]
    revision: str
    verified: bool


class LayerSetInput(ToolInput):
    index: int | None = Field(None, ge=0, le=LAYER_COUNT - 1,
                              description="User layer: 3 or 6–31. Omitted: the layer already named `name`, else the "
                                          "first unnamed layer of 8–31 (E_PROJECT_LAYER_NONE_FREE when none is).")
    name: NewName = Field(max_length=256, pattern=rf"{_NAME}|^$",
                      description="New name; \"\" clears the layer (then index is required).")
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")

    @model_validator(mode="after")
    def _clearing_needs_an_index(self) -> LayerSetInput:
        if self.index is None and not self.name:
            raise ValueError("clearing a layer (name \"\") needs its index")
        return self


class LayerSetOutput(ToolOutput):
    file: str = TAGS.path
    index: int = Field(description="The layer named: the given index, or the one chosen when none was given.")
    name: str
    previous: str
    changed: bool
    revision: str
    verified: bool


def _strings(node: Any, settings: SettingsFile, key: str) -> list[str]:
    if not isinstance(node, Sequence) or not all(isinstance(item, Scalar) for item in node.items):
        raise unsupported(f"`{key}` is not a list of names", settings.path)
    return [item.text for item in node.items]  # type: ignore[union-attr]


def tag_list(settings: SettingsFile) -> list[str]:
    return _strings(settings.root.get("tags"), settings, "tags")


def _layers(settings: SettingsFile) -> list[str]:
    names = _strings(settings.root.get("layers"), settings, "layers")
    if len(names) != LAYER_COUNT:
        raise unsupported(f"`layers` has {len(names)} entries; Unity always writes {LAYER_COUNT}", settings.path)
    return names


def _sorting_layers(settings: SettingsFile) -> list[SortingLayer]:
    node = settings.root.get("m_SortingLayers")
    out = []
    for item in node.items if isinstance(node, Sequence) else []:
        if isinstance(item, Mapping):
            value = item.to_python()
            out.append(SortingLayer(name=str(value.get("name", "")), unique_id=int(value.get("uniqueID", 0)),
                                    locked=bool(value.get("locked", 0))))
    return out


def get_tags_layers(ctx: ToolContext, request: TagsLayersGetInput) -> TagsLayersGetOutput:
    settings, unreadable = read_settings_or_unreadable(ctx, TAGS)
    if settings is None:
        return TagsLayersGetOutput(
            revision=None, serialized_version=None, layout_verified=False, tags=[], builtin_tags=list(BUILTIN_TAGS),
            layers=[Layer(index=i, name=n, builtin=True) for i, n in BUILTIN_LAYERS.items()], sorting_layers=[],
            rendering_layers=None, warnings=[], unreadable=unreadable)
    rendering = settings.root.get("m_RenderingLayers")
    return TagsLayersGetOutput(
        revision=settings.revision, serialized_version=settings.serialized_version,
        layout_verified=settings.verified, tags=tag_list(settings), builtin_tags=list(BUILTIN_TAGS),
        layers=[Layer(index=i, name=n, builtin=i in BUILTIN_LAYERS) for i, n in enumerate(_layers(settings))],
        sorting_layers=_sorting_layers(settings),
        rendering_layers=_strings(rendering, settings, "m_RenderingLayers") if rendering is not None else None,
        warnings=settings.warnings)


def add_tag(ctx: ToolContext, request: TagAddInput) -> TagAddOutput:
    settings = read_settings(ctx, TAGS, expected_revision=request.expected_revision, for_write=True)
    tags = tag_list(settings)
    existing: Literal["builtin", "project"] | None = (
        "builtin" if request.tag in BUILTIN_TAGS else "project" if request.tag in tags else None)
    if existing:
        return TagAddOutput(tag=request.tag, changed=False, existing=existing, tags=tags,
                            revision=settings.revision, verified=True)
    old_items = list(settings.root["tags"].items)  # type: ignore[union-attr]
    settings.doc.append_item("tags", request.tag)
    revision = stage_edit(ctx, settings, {"tags": [*old_items, request.tag]})
    return TagAddOutput(tag=request.tag, changed=True, existing=None, tags=[*tags, request.tag],
                        revision=revision or settings.revision, verified=True)


def _layer_for(names: list[str], name: str) -> int:
    """The layer already named `name`, else the first unnamed one of 8–31."""
    if name in names:
        return names.index(name)
    free = [i for i in FIRST_FREE_SEARCH if not names[i]]
    if not free:
        raise UnityCliError(
            "E_PROJECT_LAYER_NONE_FREE", f"every user layer {FIRST_FREE_SEARCH.start}–{LAYER_COUNT - 1} is named",
            details={"name": name, "searched": f"{FIRST_FREE_SEARCH.start}-{LAYER_COUNT - 1}",
                     "unnamedUserLayers": [i for i in (3, 6, 7) if not names[i]]},
            next_actions=[tool_command("project.get-tags-layers")])  # give an index, or clear a layer first
    return free[0]


def set_layer(ctx: ToolContext, request: LayerSetInput) -> LayerSetOutput:
    settings = read_settings(ctx, TAGS, expected_revision=request.expected_revision, for_write=True)
    names = _layers(settings)
    name = request.name
    index = request.index if request.index is not None else _layer_for(names, name)
    if request.index is None and names[index] == name:  # already there (a built-in name too): nothing to do
        return LayerSetOutput(index=index, name=name, previous=name, changed=False, revision=settings.revision,
                              verified=True)
    if index in BUILTIN_LAYERS:
        raise UnityCliError(
            "E_PROJECT_LAYER_RESERVED",
            f"layer {index} is Unity's built-in layer {BUILTIN_LAYERS[index]!r} and cannot be renamed",
            details={"index": index, "builtin": BUILTIN_LAYERS[index], "userLayers": "3, 6-31"},
            next_actions=[tool_command("project.get-tags-layers")])  # the user layers are 3 and 6-31
    taken = [i for i, n in enumerate(names) if name and n == name and i != index]
    if taken:
        raise UnityCliError(
            "E_PROJECT_LAYER_NAME_TAKEN", f"layer {taken[0]} is already named {name!r}",
            details={"name": name, "index": taken[0]},
            next_actions=[tool_command("project.set-layer", {"index": taken[0], "name": ""})])  # or another name
    previous = names[index]
    revision = None
    if previous != name:
        old_items = list(settings.root["layers"].items)  # type: ignore[union-attr]
        settings.doc.set(f"layers[{index}]", name)
        revision = stage_edit(ctx, settings, {"layers": [*old_items[:index], name, *old_items[index + 1:]]})
    return LayerSetOutput(index=index, name=name, previous=previous, changed=previous != name,
                          revision=revision or settings.revision, verified=True)
