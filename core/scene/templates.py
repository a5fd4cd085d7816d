"""Default layouts of the objects we create: what the Unity Editor writes for a new GameObject, its Transform and
a freshly added built-in component, copied key for key from real files.

Verified against Unity 2022.3 (`chicken-defense`, 2022.3.17f1) and Unity 6 (`minigolf` 6000.0.25f1 and the
sample project): the layouts below are identical in both, e.g. BoxCollider in `chicken-defense/.../Game.unity`
(`--- !u!65 &533465040`) and `minigolf/.../Tiles/Hole Cube.prefab`. Values are the Editor's defaults for "Add
Component" (a BoxCollider added headlessly is 1x1x1, since there is no mesh bounds to fit it to). Other Unity
versions are refused (`E_COMPONENT_UNSUPPORTED`) until their layouts are checked.
"""

from __future__ import annotations

from typing import Any

from unitycli.unityclasses import CLASS_IDS
from unitycli.unityyaml import Flow, Ref

VERIFIED_VERSIONS = ("2022.3.", "6000.0.")
_ZERO = Ref(0)
_LAYER_MASK = {"serializedVersion": 2, "m_Bits": 0}


def component_head(game_object: int) -> dict[str, Any]:
    """The fields every new component starts with, up to its `m_GameObject` (extensions build on it too)."""
    return {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _ZERO, "m_PrefabInstance": _ZERO,
            "m_PrefabAsset": _ZERO, "m_GameObject": Ref(game_object)}


def collider_head(game_object: int) -> dict[str, Any]:
    """The fields every new Collider starts with; each kind then adds its `serializedVersion` and shape."""
    return {**component_head(game_object), "m_Material": _ZERO, "m_IncludeLayers": dict(_LAYER_MASK),
            "m_ExcludeLayers": dict(_LAYER_MASK), "m_LayerOverridePriority": 0, "m_IsTrigger": 0,
            "m_ProvidesContacts": 0, "m_Enabled": 1}


def _vec(x: float, y: float, z: float) -> Flow:
    return Flow({"x": x, "y": y, "z": z})


def _box(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 3, "m_Size": _vec(1, 1, 1), "m_Center": _vec(0, 0, 0)}


def _sphere(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 3, "m_Radius": 0.5, "m_Center": _vec(0, 0, 0)}


def _capsule(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 2, "m_Radius": 0.5, "m_Height": 2, "m_Direction": 1,
            "m_Center": _vec(0, 0, 0)}


def _rigidbody(go: int) -> dict[str, Any]:
    return {**component_head(go), "serializedVersion": 4, "m_Mass": 1, "m_Drag": 0, "m_AngularDrag": 0.05,
            "m_CenterOfMass": _vec(0, 0, 0), "m_InertiaTensor": _vec(1, 1, 1),
            "m_InertiaRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}), "m_IncludeLayers": dict(_LAYER_MASK),
            "m_ExcludeLayers": dict(_LAYER_MASK), "m_ImplicitCom": 1, "m_ImplicitTensor": 1, "m_UseGravity": 1,
            "m_IsKinematic": 0, "m_Interpolate": 0, "m_Constraints": 0, "m_CollisionDetection": 0}


def _mesh_filter(go: int) -> dict[str, Any]:
    return {**component_head(go), "m_Mesh": _ZERO}


# class name -> (class ID, body builder taking the GameObject fileID)
COMPONENTS: dict[str, tuple[int, Any]] = {
    name: (CLASS_IDS[name], body) for name, body in (
        ("BoxCollider", _box), ("SphereCollider", _sphere), ("CapsuleCollider", _capsule),
        ("Rigidbody", _rigidbody), ("MeshFilter", _mesh_filter))
}
# Unity allows one of these per GameObject ([DisallowMultipleComponent] in the engine).
SINGLE_PER_GAMEOBJECT = {"Rigidbody", "MeshFilter"}


def game_object_fields(name: str, transform_id: int, *, layer: int = 0, tag: str = "Untagged",
                       active: bool = True, serialized_version: int = 6) -> dict[str, Any]:
    """A new GameObject (`--- !u!1`) with one component, its Transform."""
    return {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _ZERO, "m_PrefabInstance": _ZERO,
            "m_PrefabAsset": _ZERO, "serializedVersion": serialized_version,
            "m_Component": [{"component": Ref(transform_id)}], "m_Layer": layer, "m_Name": name,
            "m_TagString": tag, "m_Icon": _ZERO, "m_NavMeshLayer": 0, "m_StaticEditorFlags": 0,
            "m_IsActive": 1 if active else 0}


def transform_fields(game_object: int, father: int, position: tuple[float, float, float] = (0, 0, 0),
                     root_order: int | None = None) -> dict[str, Any]:
    """A new Transform (`--- !u!4`); `root_order` only for files that still write `m_RootOrder` (pre-2022.2)."""
    fields = {**component_head(game_object), "serializedVersion": 2,
              "m_LocalRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}), "m_LocalPosition": _vec(*position),
              "m_LocalScale": _vec(1, 1, 1), "m_ConstrainProportionsScale": 0, "m_Children": [],
              "m_Father": Ref(father)}
    if root_order is not None:
        fields["m_RootOrder"] = root_order
    fields["m_LocalEulerAnglesHint"] = _vec(0, 0, 0)
    return fields
