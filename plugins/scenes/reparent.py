"""`gameobject.reparent`: move a GameObject or prefab instance under another parent or to the roots.

The links Unity keeps are rewritten (both parents' `m_Children`, `m_Father` or `m_TransformParent`,
`SceneRoots`, `m_RootOrder` where the file has it); with `keepWorldPose` (the default, as in the Hierarchy
window) the local position, rotation and scale are recomputed so the object stays where it is in the world, or
the call is refused with `E_WORLD_POSE_INEXACT` when no Transform could hold that exactly.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.plugins.scenes.common import (
    GAMEOBJECT_DESCRIPTION,
    GameObjectWriteInput,
    Names,
    WriteOutput,
    finish,
    open_model,
)
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import OBJECT_FILE_SUFFIXES, find_gameobject
from unitycli.scene.reparent import reparent
from unitycli.toolspec import ToolOutput
from unitycli.unityyaml import format_float


class ReparentInput(GameObjectWriteInput):
    parent: str | int | None = Field(None, description="New parent (" + GAMEOBJECT_DESCRIPTION + "); the scene "
                                     "root when omitted or null")
    sibling_index: int | None = Field(None, ge=0, description="Position among the new siblings; last when omitted")
    keep_world_pose: bool = Field(True, description="Recompute the local position, rotation and scale so the "
                                  "world pose stays (false keeps the local values)")


class LocalPose(ToolOutput):
    position: dict[str, float]
    rotation: dict[str, float]
    scale: dict[str, float]


class ReparentOutput(WriteOutput):
    file_id: int = Field(alias="fileID")
    path: str = Field(description="The new hierarchy path")
    previous_parent: str | None = Field(description="Path of the previous parent; null for a root")
    sibling_index: int
    local_pose: LocalPose | None = Field(None, description="The new local values when keepWorldPose changed them")


def _written(values: tuple[float, ...], keys: str) -> dict[str, float]:
    return {k: float(format_float(v)) for k, v in zip(keys, values, strict=True)}


def gameobject_reparent(ctx: ToolContext, request: ReparentInput) -> ReparentOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = find_gameobject(model, request.game_object)
        parent = find_gameobject(model, request.parent) if request.parent is not None else None
        in_prefab = loaded.path.endswith(".prefab")
        if in_prefab and (parent is None or node.parent is None):
            what = "the prefab's root cannot be moved" if node.parent is None else "a prefab has exactly one root"
            raise UnityCliError("E_SCHEMA_INVALID", f"{what}; give `parent` inside the prefab",
                                details={"errors": [{"path": "parent", "message": what}]},
                                next_actions=[same_call(parent=root.file_id) for root in model.roots[:1]
                                              if node.parent is not None and root is not node])
        sources = SourcePrefabs(ctx, names)
        moved = reparent(model, node, parent, request.sibling_index, keep_world_pose=request.keep_world_pose,
                         source_root=sources.root_of)
    pose = None
    if moved.pose is not None:  # reported as written: float32, as Unity stores it
        pose = LocalPose(position=_written(moved.pose.position, "xyz"), rotation=_written(moved.pose.rotation, "xyzw"),
                         scale=_written(moved.pose.scale, "xyz"))
    return ReparentOutput(file=loaded.path, revision=finish(ctx, loaded), fileID=node.file_id, path=node.path,
                          previous_parent=moved.previous_parent, sibling_index=moved.index, local_pose=pose)
