"""`prefab.instantiate`: add an instance of a prefab to a scene or to another prefab, as dropping it does.

The PrefabInstance and its stripped root Transform are written in the layout the project's Editor writes
(`unitycli.scene.prefab_instances`); other Unity versions are refused with `E_PREFAB_LAYOUT_UNVERIFIED` unless
a scene or prefab of the project already holds a PrefabInstance of that exact layout. A prefab cannot contain an instance of itself, at
any depth (`E_PREFAB_CYCLE`).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import NewName
from unitycli.plugins.scenes.common import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    REVISION_DESCRIPTION,
    Names,
    SourcePrefab,
    WriteOutput,
    finish,
    meta_guid,
    open_model,
)
from unitycli.plugins.scenes.gameobjects import Vector3
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import (
    OBJECT_FILE_SUFFIXES,
    PREFAB_SUFFIXES,
    find_gameobject,
    instance_unsupported,
    resolve_file,
)
from unitycli.scene.prefab_instances import check_layout, instantiate
from unitycli.scene.prefab_source import prefab_root
from unitycli.toolspec import ToolInput
from unitycli.unityclasses import PREFAB_INSTANCE
from unitycli.unityyaml import Ref, UnityYamlFile

_MAX_NESTING = 32


class InstantiateInput(ToolInput):
    file: str = Field(description="The scene or prefab to add the instance to. " + FILE_DESCRIPTION)
    prefab: str = Field(description="The prefab to instantiate: project-relative path or unique asset name")
    parent: str | int | None = Field(None, description="Parent (" + GAMEOBJECT_DESCRIPTION + "); a root of a "
                                     "scene, or the root of a prefab, when omitted")
    position: Vector3 | None = Field(None, description="Local position; the prefab root's own when omitted")
    name: NewName | None = Field(None, min_length=1, description="The instance's name; the prefab root's when omitted")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class InstantiateOutput(WriteOutput):
    file_id: int = Field(alias="fileID", description="The new PrefabInstance's fileID")
    transform_file_id: int = Field(alias="transformFileID", description="Its stripped root Transform's fileID")
    path: str
    source_prefab: SourcePrefab


def _nested_guids(file: UnityYamlFile) -> set[str]:
    guids = set()
    for doc in file.of_class(PREFAB_INSTANCE):
        source = doc.get("m_SourcePrefab", None)
        if isinstance(source, Ref) and source.guid:
            guids.add(source.guid.lower())
    return guids


def _check_cycle(sources: SourcePrefabs, into_guid: str | None, guid: str, prefab_path: str) -> None:
    """Refuse when the prefab being added is the target prefab or contains it at any depth."""
    if into_guid is None:
        return
    seen: set[str] = set()
    todo = [guid.lower()]
    while todo and len(seen) < _MAX_NESTING * 8:
        current = todo.pop()
        if current == into_guid.lower():
            raise UnityCliError("E_PREFAB_CYCLE", f"{prefab_path} is, or contains, the prefab it would be added to",
                                details={"prefab": prefab_path, "guid": guid})
        if current in seen:
            continue
        seen.add(current)
        nested = sources.file(current)
        todo.extend(_nested_guids(nested) if nested is not None else ())


def prefab_instantiate(ctx: ToolContext, request: InstantiateInput) -> InstantiateOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        prefab_path = resolve_file(ctx, request.prefab, PREFAB_SUFFIXES)
        guid = meta_guid(ctx, prefab_path)
        if guid is None:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{prefab_path} has no readable .meta, so it has no GUID to "
                                "reference", details={"file": prefab_path + ".meta"},
                                next_actions=[],
                                manual_steps=["Open the project in the Unity Editor once so it writes the .meta"])
        version = ctx.unity_version
        check_layout(model.file, version.editor_version, version.stream, Path(ctx.project.root))
        sources = SourcePrefabs(ctx, names)
        in_prefab = loaded.path.endswith(".prefab")
        _check_cycle(sources, meta_guid(ctx, loaded.path) if in_prefab else None, guid, prefab_path)
        source = sources.file(guid)
        if source is None:
            raise UnityCliError("E_PREFAB_NOT_FOUND", f"{prefab_path} cannot be read",
                                details={"file": prefab_path})
        root = prefab_root(source, sources.file)
        if request.parent is not None:
            parent = find_gameobject(model, request.parent)
        else:
            parent = model.roots[0] if in_prefab and model.roots else None
        if parent is not None and parent.is_instance:
            raise instance_unsupported(parent, "a child added to a prefab instance is an override "
                                       "(m_AddedGameObjects), which this tool does not write")
        position = (request.position.x, request.position.y, request.position.z) if request.position else None
        name = request.name or root.name
        made = instantiate(model, root, guid, parent, name=name, position=position)
    path = f"{parent.path}/{name}" if parent is not None else name
    return InstantiateOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=made.instance,
                             transformFileID=made.transform, path=path,
                             source_prefab=SourcePrefab(guid=guid, path=prefab_path))
