"""The Unity components a ProBuilder shape carries beside its Transform, written as the Editor writes them.

The GameObject and Transform, the fields every component starts with and the MeshFilter's layout are the core's
(`unitycli.scene.templates`); what stays here is what the core has no template for. Field lists are copied from
the fixtures: Unity 2022.3 (chicken-defense `Game.unity`, GameObject "Floor") and Unity 6000.0 (minigolf
`Wall Right.prefab`). Unity 6 adds three MeshRenderer fields (`m_RayTracingAccelStructBuildFlagsOverride`,
`m_RayTracingAccelStructBuildFlags`, `m_SmallMeshCulling`); the other components are the same in both. Values are
a new component's defaults; the MeshFilter gets ProBuilder's `HideInInspector | NotEditable` flags (10), as
`EnsureMeshFilterIsAssigned` sets them (chicken-defense Floor).
"""

from __future__ import annotations

from typing import Any

from unitycli.api import COMPONENTS, Ref, collider_head, component_head

_NULL = Ref(0)


def mono_behaviour(go: int, script: Ref, body: dict[str, Any]) -> dict[str, Any]:
    return {**component_head(go), "m_Enabled": 1, "m_EditorHideFlags": 0, "m_Script": script,
            "m_Name": "", "m_EditorClassIdentifier": "", **body}


def mesh_renderer(go: int, materials: list[Ref], unity_major: int) -> dict[str, Any]:
    fields: dict[str, Any] = {**component_head(go), "m_Enabled": 1, "m_CastShadows": 1,
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
    """The core's "Add Component" MeshFilter with ProBuilder's hide flags (the key keeps its place)."""
    _, build = COMPONENTS["MeshFilter"]
    return {**build(go), "m_ObjectHideFlags": 10}


def mesh_collider(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 5, "m_Convex": 0, "m_CookingOptions": 30, "m_Mesh": _NULL}
