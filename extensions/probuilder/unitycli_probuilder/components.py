"""The Unity components a ProBuilder shape carries beside its Transform, written as the Editor writes them.

Every layout is the core's: the type tree of the project's Editor (`unitycli.api.new_component`,
`new_script_header`), with the cited "Add Component" defaults for the values ProBuilder does not set and any field
neither shows left out. What ProBuilder itself sets is given here: the renderer's material, the MeshFilter's
`HideInInspector | NotEditable` flags (10, as `EnsureMeshFilterIsAssigned` sets them: chicken-defense Game.unity,
GameObject "Floor") and a MeshCollider's mesh.
"""

from __future__ import annotations

from typing import Any

from unitycli.api import Picked, Ref, SceneModel, new_component, new_script_header

_NULL = Ref(0)
MESH_FILTER_HIDE_FLAGS = 10  # HideFlags.HideInInspector | NotEditable


def mono_behaviour(picked: Picked, go: int, script: Ref, body: dict[str, Any]) -> dict[str, Any]:
    """A ProBuilder script component: the Editor's MonoBehaviour header, then the script's own fields."""
    return {**new_script_header(picked, game_object=go, script=script).fields, **body}


def add_mesh_renderer(model: SceneModel, go: int, picked: Picked, materials: list[Ref]) -> int:
    return new_component(model, go, "MeshRenderer", picked, {"m_Materials": list(materials)}).file_id


def add_mesh_filter(model: SceneModel, go: int, picked: Picked) -> int:
    return new_component(model, go, "MeshFilter", picked, {"m_ObjectHideFlags": MESH_FILTER_HIDE_FLAGS}).file_id


def add_mesh_collider(model: SceneModel, go: int, picked: Picked, mesh: Ref = _NULL) -> int:
    return new_component(model, go, "MeshCollider", picked, {"m_Mesh": mesh}).file_id
