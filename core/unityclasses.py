"""Unity's class IDs (the `!u!<id>` of every YAML document), written down once and used everywhere.

The numbers are Unity's own (the "YAML Class ID Reference" of the Unity manual); the ones listed are those the
fixtures show in document headers or in `mainObjectFileID = classID * 100000` of `.meta` files, plus the
components the tools create. A name here is the first key Unity writes in a document of that class.
"""

from __future__ import annotations

CLASS_IDS: dict[str, int] = {
    "GameObject": 1, "Transform": 4, "Camera": 20, "Material": 21, "MeshRenderer": 23, "Texture2D": 28,
    "OcclusionCullingSettings": 29, "MeshFilter": 33, "Mesh": 43, "Shader": 48, "TextAsset": 49, "Rigidbody2D": 50,
    "BoxCollider2D": 61, "CapsuleCollider2D": 70,
    "Rigidbody": 54, "MeshCollider": 64, "BoxCollider": 65, "AnimationClip": 74, "AudioSource": 82,
    "RenderTexture": 84, "Cubemap": 89, "AnimatorController": 91, "TrailRenderer": 96, "RenderSettings": 104,
    "Light": 108, "MonoBehaviour": 114, "MonoScript": 115, "Texture3D": 117, "LineRenderer": 120, "Font": 128,
    "PhysicMaterial": 134, "SphereCollider": 135, "CapsuleCollider": 136, "SkinnedMeshRenderer": 137,
    "CharacterController": 143, "TerrainData": 156, "LightmapSettings": 157, "NavMeshSettings": 196,
    "ParticleSystem": 198, "ParticleSystemRenderer": 199, "AnimatorOverrideController": 221, "RectTransform": 224,
    "NavMeshData": 238, "AudioMixerController": 241, "AvatarMask": 319, "PrefabInstance": 1001,
    "SceneAsset": 1032, "Preset": 181963792, "SpriteAtlas": 687078895, "LightingSettings": 850595691,
    "SceneRoots": 1660057539, "VisualEffectResource": 2058629511, "VisualEffect": 2083052967,
}
CLASS_NAMES: dict[int, str] = {class_id: name for name, class_id in CLASS_IDS.items()}

GAMEOBJECT = CLASS_IDS["GameObject"]
TRANSFORM = CLASS_IDS["Transform"]
RECT_TRANSFORM = CLASS_IDS["RectTransform"]
TRANSFORM_CLASSES = (TRANSFORM, RECT_TRANSFORM)
MONOBEHAVIOUR = CLASS_IDS["MonoBehaviour"]
PREFAB_INSTANCE = CLASS_IDS["PrefabInstance"]
SCENE_ROOTS = CLASS_IDS["SceneRoots"]
# The settings objects every scene file starts with (and prefabs never have), in Unity's own order.
SCENE_SETTINGS_CLASSES = frozenset(CLASS_IDS[n] for n in (
    "OcclusionCullingSettings", "RenderSettings", "LightmapSettings", "NavMeshSettings", "SceneRoots"))
