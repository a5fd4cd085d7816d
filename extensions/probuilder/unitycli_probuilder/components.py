"""New GameObjects and the Unity components a ProBuilder shape carries, written as the Editor writes them.

Field lists are copied from the fixtures: Unity 2022.3 (chicken-defense `Game.unity`, GameObject "Floor") and
Unity 6000.0 (minigolf `Wall Right.prefab`). Unity 6 adds three MeshRenderer fields
(`m_RayTracingAccelStructBuildFlagsOverride`, `m_RayTracingAccelStructBuildFlags`, `m_SmallMeshCulling`); the
other components are the same in both. Values are a new component's defaults; the MeshFilter gets ProBuilder's
`HideInInspector | NotEditable` flags (10), as `EnsureMeshFilterIsAssigned` sets them (chicken-defense Floor).
"""

from __future__ import annotations

from typing import Any

from unitycli.unityyaml import Document, Flow, Ref, UnityYamlFile
from unitycli_probuilder import ids, scenegraph

_NULL = Ref(0)
_HEADER: dict[str, Any] = {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _NULL, "m_PrefabInstance": _NULL,
                           "m_PrefabAsset": _NULL}


def _flow(*pairs: tuple[str, float]) -> Flow:
    return Flow(pairs)


def game_object(name: str, component_ids: list[int], layer: int = 0) -> dict[str, Any]:
    return {**_HEADER, "serializedVersion": 6,
            "m_Component": [{"component": Ref(c)} for c in component_ids],
            "m_Layer": layer, "m_Name": name, "m_TagString": "Untagged", "m_Icon": _NULL, "m_NavMeshLayer": 0,
            "m_StaticEditorFlags": 0, "m_IsActive": 1}


def transform(go: int, position: tuple[float, float, float], father: int) -> dict[str, Any]:
    return {**_HEADER, "m_GameObject": Ref(go), "serializedVersion": 2,
            "m_LocalRotation": _flow(("x", 0), ("y", 0), ("z", 0), ("w", 1)),
            "m_LocalPosition": _flow(*zip("xyz", position, strict=True)),
            "m_LocalScale": _flow(("x", 1), ("y", 1), ("z", 1)),
            "m_ConstrainProportionsScale": 0, "m_Children": [], "m_Father": Ref(father),
            "m_LocalEulerAnglesHint": _flow(("x", 0), ("y", 0), ("z", 0))}


def mono_behaviour(go: int, script: Ref, body: dict[str, Any]) -> dict[str, Any]:
    return {**_HEADER, "m_GameObject": Ref(go), "m_Enabled": 1, "m_EditorHideFlags": 0, "m_Script": script,
            "m_Name": "", "m_EditorClassIdentifier": "", **body}


def mesh_renderer(go: int, materials: list[Ref], unity_major: int) -> dict[str, Any]:
    fields: dict[str, Any] = {**_HEADER, "m_GameObject": Ref(go), "m_Enabled": 1, "m_CastShadows": 1,
                              "m_ReceiveShadows": 1, "m_DynamicOccludee": 1, "m_StaticShadowCaster": 0,
                              "m_MotionVectors": 1, "m_LightProbeUsage": 1, "m_ReflectionProbeUsage": 1,
                              "m_RayTracingMode": 2, "m_RayTraceProcedural": 0}
    if unity_major >= 6000:
        fields |= {"m_RayTracingAccelStructBuildFlagsOverride": 0, "m_RayTracingAccelStructBuildFlags": 1,
                   "m_SmallMeshCulling": 1}
    fields |= {"m_RenderingLayerMask": 1, "m_RendererPriority": 0, "m_Materials": list(materials),
               "m_StaticBatchInfo": {"firstSubMesh": 0, "subMeshCount": 0}, "m_StaticBatchRoot": _NULL,
               "m_ProbeAnchor": _NULL, "m_LightProbeVolumeOverride": _NULL, "m_ScaleInLightmap": 1,
               "m_ReceiveGI": 1, "m_PreserveUVs": 0, "m_IgnoreNormalsForChartDetection": 0, "m_ImportantGI": 0,
               "m_StitchLightmapSeams": 1, "m_SelectedEditorRenderState": 3, "m_MinimumChartSize": 4,
               "m_AutoUVMaxDistance": 0.5, "m_AutoUVMaxAngle": 89, "m_LightmapParameters": _NULL,
               "m_SortingLayerID": 0, "m_SortingLayer": 0, "m_SortingOrder": 0, "m_AdditionalVertexStreams": _NULL}
    return fields


def mesh_filter(go: int) -> dict[str, Any]:
    return {**_HEADER, "m_ObjectHideFlags": 10, "m_GameObject": Ref(go), "m_Mesh": _NULL}


def mesh_collider(go: int) -> dict[str, Any]:
    layers = {"serializedVersion": 2, "m_Bits": 0}
    return {**_HEADER, "m_GameObject": Ref(go), "m_Material": _NULL, "m_IncludeLayers": dict(layers),
            "m_ExcludeLayers": dict(layers), "m_LayerOverridePriority": 0, "m_IsTrigger": 0,
            "m_ProvidesContacts": 0, "m_Enabled": 1, "serializedVersion": 5, "m_Convex": 0, "m_CookingOptions": 30,
            "m_Mesh": _NULL}


def unique_sibling_name(yaml: UnityYamlFile, parent_transform: Document | None, name: str) -> str:
    """GameObjectUtility.EnsureUniqueNameForSibling: `Cube`, then `Cube (1)`, `Cube (2)`, …"""
    if parent_transform is not None:
        children = [scenegraph.ref_id(c) for c in parent_transform.get("m_Children", [])]
    else:
        children = [t.file_id for t in yaml.of_class(ids.TRANSFORM) + yaml.of_class(ids.RECT_TRANSFORM)
                    if not t.stripped and scenegraph.ref_id(t.get("m_Father", None)) == 0]
    taken = set()
    for child in children:
        doc = yaml.find(child)
        if doc is not None and not doc.stripped:
            taken.add(scenegraph.name_of(yaml, scenegraph.owner_of(doc)))
    if name not in taken:
        return name
    n = 1
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"


def attach(yaml: UnityYamlFile, transform_id: int, parent_transform: Document | None) -> None:
    """Hook a new Transform into the tree: the parent's `m_Children`, or the scene's SceneRoots `m_Roots`."""
    if parent_transform is not None:
        parent_transform.append_item("m_Children", Ref(transform_id))
        return
    for roots in yaml.of_class(ids.SCENE_ROOTS):
        roots.append_item("m_Roots", Ref(transform_id))
