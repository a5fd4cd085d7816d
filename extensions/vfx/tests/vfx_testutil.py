"""Constants and helpers of the VFX extension's tests (a unique module name: pytest puts every test folder on
sys.path, so a plain `helpers` would collide with another extension's)."""

from __future__ import annotations

import json
from pathlib import Path

BONFIRE = "Assets/Samples/BonFire/BonFire.unity"
BUTTERFLIES = "Assets/Samples/Butterflies/Butterflies.unity"
HOLE_CUBE = "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def write_resolved_lock(root: Path, vfx_version: str = "17.0.3") -> None:
    """The packages-lock.json Unity writes for this manifest: HDRP depends on the VFX Graph of its own version."""
    manifest = json.loads((root / "Packages" / "manifest.json").read_text(encoding="utf-8"))
    deps = {}
    for name, version in manifest["dependencies"].items():
        builtin = name.startswith(("com.unity.modules.", "com.unity.render-pipelines.")) or name in (
            "com.unity.ugui", "com.unity.multiplayer.center")
        entry = {"version": version, "depth": 0, "source": "builtin" if builtin else "registry", "dependencies": {}}
        if not builtin:
            entry["url"] = "https://packages.unity.com"
        deps[name] = entry
    deps["com.unity.render-pipelines.high-definition"]["dependencies"] = {"com.unity.visualeffectgraph": vfx_version}
    deps["com.unity.visualeffectgraph"] = {"version": vfx_version, "depth": 1, "source": "builtin",
                                           "dependencies": {}}
    text = json.dumps({"dependencies": dict(sorted(deps.items()))}, indent=2) + "\n"
    (root / "Packages" / "packages-lock.json").write_text(text, encoding="utf-8")


def text(root: Path, path: str) -> str:
    return (root / path).read_text(encoding="utf-8")


TRAIL_PREFAB = "Assets/Bullet.prefab"
# No fixture has a TrailRenderer. This one is Bitesize 2DSpaceShooter's Bullet.prefab TrailRenderer (Unity
# 2022.3.14f1, commit faac280b), field for field, on a GameObject + Transform
# in the 2022.3 layout of chicken-defense's prefabs.
TRAIL_PREFAB_TEXT = """%YAML 1.1
%TAG !u! tag:unity3d.com,2011:
--- !u!1 &1734169577680067239
GameObject:
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {fileID: 0}
  m_PrefabInstance: {fileID: 0}
  m_PrefabAsset: {fileID: 0}
  serializedVersion: 6
  m_Component:
  - component: {fileID: 5528143916466870346}
  - component: {fileID: 8001524962857443883}
  m_Layer: 0
  m_Name: Bullet
  m_TagString: Untagged
  m_Icon: {fileID: 0}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
--- !u!4 &5528143916466870346
Transform:
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {fileID: 0}
  m_PrefabInstance: {fileID: 0}
  m_PrefabAsset: {fileID: 0}
  m_GameObject: {fileID: 1734169577680067239}
  serializedVersion: 2
  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}
  m_LocalPosition: {x: 0, y: 0, z: 0}
  m_LocalScale: {x: 1, y: 1, z: 1}
  m_ConstrainProportionsScale: 0
  m_Children: []
  m_Father: {fileID: 0}
  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}
--- !u!96 &8001524962857443883
TrailRenderer:
  serializedVersion: 3
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {fileID: 0}
  m_PrefabInstance: {fileID: 0}
  m_PrefabAsset: {fileID: 0}
  m_GameObject: {fileID: 1734169577680067239}
  m_Enabled: 1
  m_CastShadows: 0
  m_ReceiveShadows: 1
  m_DynamicOccludee: 1
  m_StaticShadowCaster: 0
  m_MotionVectors: 0
  m_LightProbeUsage: 0
  m_ReflectionProbeUsage: 0
  m_RayTracingMode: 0
  m_RayTraceProcedural: 0
  m_RenderingLayerMask: 1
  m_RendererPriority: 0
  m_Materials:
  - {fileID: 2100000, guid: ba31aaff84d0b1c4181ea25b45cf538d, type: 2}
  m_StaticBatchInfo:
    firstSubMesh: 0
    subMeshCount: 0
  m_StaticBatchRoot: {fileID: 0}
  m_ProbeAnchor: {fileID: 0}
  m_LightProbeVolumeOverride: {fileID: 0}
  m_ScaleInLightmap: 1
  m_ReceiveGI: 1
  m_PreserveUVs: 0
  m_IgnoreNormalsForChartDetection: 0
  m_ImportantGI: 0
  m_StitchLightmapSeams: 1
  m_SelectedEditorRenderState: 3
  m_MinimumChartSize: 4
  m_AutoUVMaxDistance: 0.5
  m_AutoUVMaxAngle: 89
  m_LightmapParameters: {fileID: 0}
  m_SortingLayerID: 1115722359
  m_SortingLayer: 7
  m_SortingOrder: 0
  m_Time: 0.1
  m_PreviewTimeScale: 1
  m_Parameters:
    serializedVersion: 3
    widthMultiplier: 1
    widthCurve:
      serializedVersion: 2
      m_Curve:
      - serializedVersion: 3
        time: 0
        value: 0.26875114
        inSlope: 0
        outSlope: 0
        tangentMode: 0
        weightedMode: 0
        inWeight: 0.33333334
        outWeight: 0.33333334
      - serializedVersion: 3
        time: 1
        value: 0
        inSlope: 0
        outSlope: 0
        tangentMode: 0
        weightedMode: 0
        inWeight: 0
        outWeight: 0
      m_PreInfinity: 2
      m_PostInfinity: 2
      m_RotationOrder: 4
    colorGradient:
      serializedVersion: 2
      key0: {r: 1, g: 1, b: 1, a: 1}
      key1: {r: 1, g: 1, b: 1, a: 0}
      key2: {r: 0, g: 0, b: 0, a: 0}
      key3: {r: 0, g: 0, b: 0, a: 0}
      key4: {r: 0, g: 0, b: 0, a: 0}
      key5: {r: 0, g: 0, b: 0, a: 0}
      key6: {r: 0, g: 0, b: 0, a: 0}
      key7: {r: 0, g: 0, b: 0, a: 0}
      ctime0: 0
      ctime1: 65535
      ctime2: 0
      ctime3: 0
      ctime4: 0
      ctime5: 0
      ctime6: 0
      ctime7: 0
      atime0: 0
      atime1: 65535
      atime2: 0
      atime3: 0
      atime4: 0
      atime5: 0
      atime6: 0
      atime7: 0
      m_Mode: 0
      m_ColorSpace: -1
      m_NumColorKeys: 2
      m_NumAlphaKeys: 2
    numCornerVertices: 0
    numCapVertices: 0
    alignment: 0
    textureMode: 0
    textureScale: {x: 1, y: 1}
    shadowBias: 0.5
    generateLightingData: 0
  m_MinVertexDistance: 0.2
  m_MaskInteraction: 0
  m_Autodestruct: 0
  m_Emitting: 1
  m_ApplyActiveColorSpace: 0
"""
TRAIL_META = "fileFormatVersion: 2\nguid: 6d1c0b8f3e2a4b5c9d7e8f0a1b2c3d4e\nPrefabImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"


def add_trail_prefab(root: Path) -> str:
    (root / TRAIL_PREFAB).write_text(TRAIL_PREFAB_TEXT, encoding="utf-8")
    (root / (TRAIL_PREFAB + ".meta")).write_text(TRAIL_META, encoding="utf-8")
    return TRAIL_PREFAB
