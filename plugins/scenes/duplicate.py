"""`gameobject.duplicate`: copy a GameObject or prefab instance with its whole subtree, as Edit > Duplicate does.

Every copied object gets a fresh fileID; references between copied objects point to the copies, references to
anything else stay (`unitycli.scene.remap`). The copy is named like the Editor names it (`Name (1)`, or the next
free number), and placed right after the original among its siblings.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import NewName
from unitycli.next_actions import same_call
from unitycli.plugins.scenes.common import GameObjectWriteInput, Names, WriteOutput, finish, open_model
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import OBJECT_FILE_SUFFIXES, SceneModel, SceneNode, find_gameobject, instance_unsupported
from unitycli.scene.edits import renumber
from unitycli.scene.links import attach, detach
from unitycli.scene.overrides import overrides, set_override
from unitycli.scene.remap import copy_subtree, unique_sibling_name
from unitycli.unityyaml import Ref


class DuplicateInput(GameObjectWriteInput):
    name: NewName | None = Field(None, min_length=1, description="Name of the copy; `Name (1)` (the next free number "
                             "among its siblings) when omitted")


class DuplicateOutput(WriteOutput):
    file_id: int = Field(alias="fileID", description="The copy's fileID (GameObject or PrefabInstance)")
    path: str
    sibling_index: int
    copied_objects: int = Field(description="How many objects (GameObjects, components, instances) were copied")


def _rename(model: SceneModel, node: SceneNode, name: str, sources: SourcePrefabs) -> None:
    doc = model.file.get(node.file_id)
    if not node.is_instance:
        doc.set("m_Name", name)
        return
    root = sources.root_of(node)
    named = [o for o in overrides(doc) if o.property_path == "m_Name"]
    if root is not None and node.source_prefab_guid:
        target = Ref(root.game_object, node.source_prefab_guid, 3)
    elif named:
        target = named[0].target
    else:
        raise instance_unsupported(node, "its source prefab is not in the project, so the copy's name override "
                                   "has no known target; give the copy no new name in the Editor")
    set_override(doc, target, "m_Name", name)


def gameobject_duplicate(ctx: ToolContext, request: DuplicateInput) -> DuplicateOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = find_gameobject(model, request.game_object)
        if loaded.path.endswith(".prefab") and node.parent is None:
            raise UnityCliError("E_SCHEMA_INVALID", "a prefab has exactly one root; duplicate a child of it",
                                details={"errors": [{"path": "gameObject", "message": "the prefab's root"}]},
                                next_actions=[same_call(gameObject=child.file_id) for child in node.children[:5]])
        if node.parent is not None and node.parent.is_instance:
            raise instance_unsupported(node.parent, f"{node.path!r} is a child added to it (m_AddedGameObjects), "
                                       "which this tool does not write")
        siblings = node.parent.children if node.parent is not None else model.roots
        index = siblings.index(node) + 1
        name = request.name or unique_sibling_name(node.name, [s.name for s in siblings])
        copied = copy_subtree(model, node)
        sources = SourcePrefabs(ctx, names)
        fresh = SceneModel(model.file)
        copy = fresh.nodes[copied.root]
        parent = fresh.nodes[node.parent.file_id] if node.parent is not None else None
        _rename(fresh, copy, name, sources)
        detach(fresh, copy)
        attach(fresh, copy, parent, index)
        renumber(fresh, parent.children if parent is not None else fresh.roots)
    copy.name = name
    return DuplicateOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=copy.file_id, path=copy.path,
                           sibling_index=index, copied_objects=len(copied.mapping))
