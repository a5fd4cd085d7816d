"""The layouts of the objects we create, each copied key for key from a document the Unity Editor wrote.

A class has one `Layout` per serialization Unity has used for it (Transform: with `m_RootOrder` and no
`serializedVersion` before 2022.2, the other way round since). Each names the real document it was copied from
(`evidence`, checked by `tests/scene/test_templates.py`: same keys at every level, same `serializedVersion`s)
and the Unity streams whose fixture projects show it as the newest layout of its class (`versions`). Which one
a write uses is decided in `unitycli.scene.layouts`: the file's or project's own documents first, then that
table. Values are the Editor's defaults for "Add Component" (a BoxCollider added headlessly is 1x1x1, since there
is no mesh bounds to fit it to); the evidence documents' own values are edits made after adding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from unitycli.unityclasses import CLASS_IDS
from unitycli.unityyaml import Flow, Ref

_ZERO = Ref(0)
_LAYER_MASK = {"serializedVersion": 2, "m_Bits": 0}
_ALL_LAYERS = {"serializedVersion": 2, "m_Bits": 4294967295}
UNITY_6 = ("6000.0", "6000.2")  # the Unity 6 streams the fixtures hold projects of
_MINIGOLF_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
_CHICKEN_GAME = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
_CHICKEN_SAMPLE = "chicken-defense/Assets/Scenes/SampleScene.unity"
_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_HYBRID = ("EntityComponentSystemSamples/GraphicsSamples/HDRPSamples/Assets/SampleScenes/3. Hybrid Components/"
           "TriggerParticles/Subscenes/TriggerParticles_Subscene.unity")
_TOP_KEY = re.compile(r"^  ([^ \n-][^:\n]*):(.*)$", re.M)

Builder = Callable[..., dict[str, Any]]


@dataclass(frozen=True)
class Layout:
    """One serialization of a class: how to build its fields, the real document it copies, where it is current.

    `header_only` layouts (a script's MonoBehaviour) fix only their leading keys: the script's own fields follow
    and are left for Unity to fill with their defaults.
    """

    class_name: str
    build: Builder = field(compare=False)  # (GameObject fileID, **options) -> fields
    evidence: str  # "<fixture file> &<fileID>"
    # Unity streams ("2022.3") whose fixture projects show it as the newest; a stream between two of them has it too
    # (a class's serializedVersion only ever grows, so a layout Unity wrote in 2022.3 and 6000.2 is 6000.0's too)
    versions: tuple[str, ...] = ()
    header_only: bool = False

    @property
    def class_id(self) -> int:
        return CLASS_IDS[self.class_name]

    @cached_property
    def fingerprint(self) -> tuple[tuple[str, ...], str | None]:
        """Top-level keys and `serializedVersion`: what a document of the class must show to be this layout."""
        fields = self.build(0)
        version = fields.get("serializedVersion")
        return tuple(fields), None if version is None else str(version)

    def matches(self, fingerprint: tuple[tuple[str, ...], str | None]) -> bool:
        keys, version = self.fingerprint
        if self.header_only:
            return fingerprint[0][: len(keys)] == keys
        return fingerprint == (keys, version)

    @property
    def serialized_version(self) -> str | None:
        return self.fingerprint[1]


def fingerprint_of(body: str) -> tuple[tuple[str, ...], str | None]:
    """A document's top-level keys and `serializedVersion`, read from its text (no parse: scans stay cheap)."""
    keys, version = [], None
    for match in _TOP_KEY.finditer(body):
        keys.append(match.group(1))
        if match.group(1) == "serializedVersion" and version is None:
            version = match.group(2).strip()
    return tuple(keys), version


def component_head(game_object: int) -> dict[str, Any]:
    """The fields every new component starts with, up to its `m_GameObject` (extensions build on it too)."""
    return {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _ZERO, "m_PrefabInstance": _ZERO,
            "m_PrefabAsset": _ZERO, "m_GameObject": Ref(game_object)}


def collider_head(game_object: int) -> dict[str, Any]:
    """The fields every new Collider starts with (2022.2+); each kind then adds its `serializedVersion` and shape."""
    return {**component_head(game_object), "m_Material": _ZERO, "m_IncludeLayers": dict(_LAYER_MASK),
            "m_ExcludeLayers": dict(_LAYER_MASK), "m_LayerOverridePriority": 0, "m_IsTrigger": 0,
            "m_ProvidesContacts": 0, "m_Enabled": 1}


def _old_collider_head(game_object: int) -> dict[str, Any]:
    """A Collider as Unity wrote it before layer overrides (2022.2): material, trigger, enabled."""
    return {**component_head(game_object), "m_Material": _ZERO, "m_IsTrigger": 0, "m_Enabled": 1}


def _vec(x: float, y: float, z: float) -> Flow:
    return Flow({"x": x, "y": y, "z": z})


def _vec2(x: float, y: float) -> Flow:
    return Flow({"x": x, "y": y})


def _matrix_identity() -> dict[str, int]:
    return {f"e{r}{c}": int(r == c) for r in range(4) for c in range(4)}


# --- GameObject and Transform ------------------------------------------------------------------------------------
def _game_object(_: int, *, name: str = "GameObject", transform: int = 0, layer: int = 0, tag: str = "Untagged",
                 active: bool = True) -> dict[str, Any]:
    return {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _ZERO, "m_PrefabInstance": _ZERO,
            "m_PrefabAsset": _ZERO, "serializedVersion": 6,
            "m_Component": [{"component": Ref(transform)}], "m_Layer": layer, "m_Name": name,
            "m_TagString": tag, "m_Icon": _ZERO, "m_NavMeshLayer": 0, "m_StaticEditorFlags": 0,
            "m_IsActive": 1 if active else 0}


def _transform(*, version: bool, constrain: bool, root_order: bool) -> Builder:
    def build(go: int, *, father: int = 0, position: tuple[float, float, float] = (0, 0, 0),
              sibling_index: int = 0) -> dict[str, Any]:
        fields = {**component_head(go)}
        if version:
            fields["serializedVersion"] = 2
        fields.update({"m_LocalRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}), "m_LocalPosition": _vec(*position),
                       "m_LocalScale": _vec(1, 1, 1)})
        if constrain:
            fields["m_ConstrainProportionsScale"] = 0
        fields.update({"m_Children": [], "m_Father": Ref(father)})
        if root_order:
            fields["m_RootOrder"] = sibling_index
        fields["m_LocalEulerAnglesHint"] = _vec(0, 0, 0)
        return fields
    return build


# --- components --------------------------------------------------------------------------------------------------
def _box(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 3, "m_Size": _vec(1, 1, 1), "m_Center": _vec(0, 0, 0)}


def _box_v2(go: int) -> dict[str, Any]:
    return {**_old_collider_head(go), "serializedVersion": 2, "m_Size": _vec(1, 1, 1), "m_Center": _vec(0, 0, 0)}


def _sphere(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 3, "m_Radius": 0.5, "m_Center": _vec(0, 0, 0)}


def _sphere_v2(go: int) -> dict[str, Any]:
    return {**_old_collider_head(go), "serializedVersion": 2, "m_Radius": 0.5, "m_Center": _vec(0, 0, 0)}


def _capsule(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 2, "m_Radius": 0.5, "m_Height": 2, "m_Direction": 1,
            "m_Center": _vec(0, 0, 0)}


def _mesh_collider(go: int) -> dict[str, Any]:
    return {**collider_head(go), "serializedVersion": 5, "m_Convex": 0, "m_CookingOptions": 30, "m_Mesh": _ZERO}


def _mesh_collider_v4(go: int) -> dict[str, Any]:
    return {**_old_collider_head(go), "serializedVersion": 4, "m_Convex": 0, "m_CookingOptions": 30,
            "m_Mesh": _ZERO}


def _rigidbody(go: int) -> dict[str, Any]:
    return {**component_head(go), "serializedVersion": 4, "m_Mass": 1, "m_Drag": 0, "m_AngularDrag": 0.05,
            "m_CenterOfMass": _vec(0, 0, 0), "m_InertiaTensor": _vec(1, 1, 1),
            "m_InertiaRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}), "m_IncludeLayers": dict(_LAYER_MASK),
            "m_ExcludeLayers": dict(_LAYER_MASK), "m_ImplicitCom": 1, "m_ImplicitTensor": 1, "m_UseGravity": 1,
            "m_IsKinematic": 0, "m_Interpolate": 0, "m_Constraints": 0, "m_CollisionDetection": 0}


def _mesh_filter(go: int) -> dict[str, Any]:
    return {**component_head(go), "m_Mesh": _ZERO}


def _mesh_renderer(*, static_shadow_caster: bool, unity6: bool) -> Builder:
    def build(go: int) -> dict[str, Any]:
        fields: dict[str, Any] = {**component_head(go), "m_Enabled": 1, "m_CastShadows": 1, "m_ReceiveShadows": 1,
                                  "m_DynamicOccludee": 1}
        if static_shadow_caster:
            fields["m_StaticShadowCaster"] = 0
        fields.update({"m_MotionVectors": 1, "m_LightProbeUsage": 1, "m_ReflectionProbeUsage": 1,
                       "m_RayTracingMode": 2, "m_RayTraceProcedural": 0})
        if unity6:
            fields.update({"m_RayTracingAccelStructBuildFlagsOverride": 0, "m_RayTracingAccelStructBuildFlags": 1,
                           "m_SmallMeshCulling": 1})
        fields.update({
            "m_RenderingLayerMask": 1, "m_RendererPriority": 0, "m_Materials": [],
            "m_StaticBatchInfo": {"firstSubMesh": 0, "subMeshCount": 0}, "m_StaticBatchRoot": _ZERO,
            "m_ProbeAnchor": _ZERO, "m_LightProbeVolumeOverride": _ZERO, "m_ScaleInLightmap": 1, "m_ReceiveGI": 1,
            "m_PreserveUVs": 0, "m_IgnoreNormalsForChartDetection": 0, "m_ImportantGI": 0,
            "m_StitchLightmapSeams": 1, "m_SelectedEditorRenderState": 3, "m_MinimumChartSize": 4,
            "m_AutoUVMaxDistance": 0.5, "m_AutoUVMaxAngle": 89, "m_LightmapParameters": _ZERO,
            "m_SortingLayerID": 0, "m_SortingLayer": 0, "m_SortingOrder": 0, "m_AdditionalVertexStreams": _ZERO})
        return fields
    return build


def _light(*, version: int) -> Builder:
    """A Point light, as "Add Component > Light" makes it (Realtime, no shadows, 6570 K)."""
    def build(go: int) -> dict[str, Any]:
        fields: dict[str, Any] = {**component_head(go), "m_Enabled": 1, "serializedVersion": version, "m_Type": 2}
        if version == 10:
            fields["m_Shape"] = 0
        fields.update({
            "m_Color": Flow({"r": 1, "g": 1, "b": 1, "a": 1}), "m_Intensity": 1, "m_Range": 10, "m_SpotAngle": 30,
            "m_InnerSpotAngle": 21.80208, "m_CookieSize": 10,
            "m_Shadows": {"m_Type": 0, "m_Resolution": -1, "m_CustomResolution": -1, "m_Strength": 1,
                          "m_Bias": 0.05, "m_NormalBias": 0.4, "m_NearPlane": 0.2,
                          "m_CullingMatrixOverride": _matrix_identity(), "m_UseCullingMatrixOverride": 0},
            "m_Cookie": _ZERO, "m_DrawHalo": 0, "m_Flare": _ZERO, "m_RenderMode": 0,
            "m_CullingMask": dict(_ALL_LAYERS), "m_RenderingLayerMask": 1, "m_Lightmapping": 4,
            "m_LightShadowCasterMode": 0, "m_AreaSize": _vec2(1, 1), "m_BounceIntensity": 1,
            "m_ColorTemperature": 6570, "m_UseColorTemperature": 0,
            "m_BoundingSphereOverride": Flow({"x": 0, "y": 0, "z": 0, "w": 0}), "m_UseBoundingSphereOverride": 0,
            "m_UseViewFrustumForShadowCasterCull": 1})
        if version >= 11:
            fields["m_ForceVisible"] = 0
        fields.update({"m_ShadowRadius": 0, "m_ShadowAngle": 0})
        if version >= 11:
            fields.update({"m_LightUnit": 1, "m_LuxAtDistance": 1, "m_EnableSpotReflector": 1})
        return fields
    return build


def _camera(go: int) -> dict[str, Any]:
    """A perspective camera with the Editor's defaults (skybox clear, 60° FOV, 0.3-1000 clip planes)."""
    return {**component_head(go), "m_Enabled": 1, "serializedVersion": 2, "m_ClearFlags": 1,
            "m_BackGroundColor": Flow({"r": 0.19215687, "g": 0.3019608, "b": 0.4745098, "a": 0}),
            "m_projectionMatrixMode": 1, "m_GateFitMode": 2, "m_FOVAxisMode": 0, "m_Iso": 200,
            "m_ShutterSpeed": 0.005, "m_Aperture": 16, "m_FocusDistance": 10, "m_FocalLength": 50,
            "m_BladeCount": 5, "m_Curvature": _vec2(2, 11), "m_BarrelClipping": 0.25, "m_Anamorphism": 0,
            "m_SensorSize": _vec2(36, 24), "m_LensShift": _vec2(0, 0),
            "m_NormalizedViewPortRect": {"serializedVersion": 2, "x": 0, "y": 0, "width": 1, "height": 1},
            "near clip plane": 0.3, "far clip plane": 1000, "field of view": 60, "orthographic": 0,
            "orthographic size": 5, "m_Depth": 0, "m_CullingMask": dict(_ALL_LAYERS), "m_RenderingPath": -1,
            "m_TargetTexture": _ZERO, "m_TargetDisplay": 0, "m_TargetEye": 3, "m_HDR": 1, "m_AllowMSAA": 1,
            "m_AllowDynamicResolution": 0, "m_ForceIntoRT": 0, "m_OcclusionCulling": 1, "m_StereoConvergence": 10,
            "m_StereoSeparation": 0.022}


def _curve(*keys: tuple[float, float]) -> dict[str, Any]:
    return {"serializedVersion": 2, "m_Curve": [
        {"serializedVersion": 3, "time": t, "value": v, "inSlope": 0, "outSlope": 0, "tangentMode": 0,
         "weightedMode": 0, "inWeight": 0.33333334, "outWeight": 0.33333334} for t, v in keys],
        "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


def _audio_source(go: int) -> dict[str, Any]:
    """A 2D AudioSource with no clip, playing on awake, logarithmic rolloff 1..500."""
    return {**component_head(go), "m_Enabled": 1, "serializedVersion": 4, "OutputAudioMixerGroup": _ZERO,
            "m_audioClip": _ZERO, "m_PlayOnAwake": 1, "m_Volume": 1, "m_Pitch": 1, "Loop": 0, "Mute": 0,
            "Spatialize": 0, "SpatializePostEffects": 0, "Priority": 128, "DopplerLevel": 1, "MinDistance": 1,
            "MaxDistance": 500, "Pan2D": 0, "rolloffMode": 0, "BypassEffects": 0, "BypassListenerEffects": 0,
            "BypassReverbZones": 0, "rolloffCustomCurve": _curve((0, 1), (1, 0)),
            "panLevelCustomCurve": _curve((0, 0)), "spreadCustomCurve": _curve((0, 0)),
            "reverbZoneMixCustomCurve": _curve((0, 1))}


def _rigidbody2d(go: int) -> dict[str, Any]:
    """A Dynamic body (Unity writes `serializedVersion` before the common header for this class)."""
    return {"serializedVersion": 5, **component_head(go), "m_BodyType": 0, "m_Simulated": 1,
            "m_UseFullKinematicContacts": 0, "m_UseAutoMass": 0, "m_Mass": 1, "m_LinearDamping": 0,
            "m_AngularDamping": 0.05, "m_GravityScale": 1, "m_Material": _ZERO, "m_IncludeLayers": dict(_LAYER_MASK),
            "m_ExcludeLayers": dict(_LAYER_MASK), "m_Interpolate": 0, "m_SleepingMode": 1,
            "m_CollisionDetection": 0, "m_Constraints": 0}


def _collider2d_head(go: int) -> dict[str, Any]:
    return {**component_head(go), "m_Enabled": 1, "serializedVersion": 3, "m_Density": 1, "m_Material": _ZERO,
            "m_IncludeLayers": dict(_LAYER_MASK), "m_ExcludeLayers": dict(_LAYER_MASK), "m_LayerOverridePriority": 0,
            "m_ForceSendLayers": dict(_ALL_LAYERS), "m_ForceReceiveLayers": dict(_ALL_LAYERS),
            "m_ContactCaptureLayers": dict(_ALL_LAYERS), "m_CallbackLayers": dict(_ALL_LAYERS), "m_IsTrigger": 0,
            "m_UsedByEffector": 0, "m_CompositeOperation": 0, "m_CompositeOrder": 0, "m_Offset": _vec2(0, 0)}


def _box2d(go: int) -> dict[str, Any]:
    return {**_collider2d_head(go), "m_SpriteTilingProperty": {
        "border": Flow({"x": 0, "y": 0, "z": 0, "w": 0}), "pivot": _vec2(0, 0), "oldSize": _vec2(0, 0),
        "newSize": _vec2(0, 0), "adaptiveTilingThreshold": 0, "drawMode": 0, "adaptiveTiling": 0},
        "m_AutoTiling": 0, "m_Size": _vec2(1, 1), "m_EdgeRadius": 0}


def _capsule2d(go: int) -> dict[str, Any]:
    return {**_collider2d_head(go), "m_Size": _vec2(0.5, 1), "m_Direction": 0}


def _script(go: int, *, guid: str = "0" * 32) -> dict[str, Any]:
    """A script's MonoBehaviour header; the script's serialized fields are left for Unity to fill on load."""
    return {**component_head(go), "m_Enabled": 1, "m_EditorHideFlags": 0,
            "m_Script": Ref(11500000, guid, 3), "m_Name": "", "m_EditorClassIdentifier": ""}


_ALL_STREAMS = ("2022.3", *UNITY_6)
# Newest first within a class. `versions` lists fixture evidence only: a layout seen only in files an older Editor
# saved (2D Platformer is a package sample with no ProjectVersion) is used where a project's own files show it.
LAYOUTS: tuple[Layout, ...] = (
    Layout("GameObject", _game_object, f"{_MINIGOLF_MENU} &19897471", _ALL_STREAMS),
    Layout("Transform", _transform(version=True, constrain=True, root_order=False), f"{_MINIGOLF_MENU} &19897477",
           _ALL_STREAMS),
    Layout("Transform", _transform(version=False, constrain=True, root_order=True), f"{_CHICKEN_SAMPLE} &330585546"),
    Layout("Transform", _transform(version=False, constrain=False, root_order=True),
           "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StreamingStressTest/StreamingStressTest.unity "
           "&178295172"),
    Layout("BoxCollider", _box, f"{_CHICKEN_GAME} &533465040", _ALL_STREAMS),
    Layout("BoxCollider", _box_v2, "com.unity.cinemachine/Projects/URP/Assets/Scenes/SampleScene.unity &661943123"),
    Layout("SphereCollider", _sphere, f"{_MINIGOLF_MENU} &1344773949", _ALL_STREAMS),
    Layout("SphereCollider", _sphere_v2, f"{_HYBRID} &1502842832"),
    Layout("CapsuleCollider", _capsule, "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/Scale/Mirrored/"
           "MirroredSubScene.unity &987710009", ("2022.3", "6000.2")),
    Layout("MeshCollider", _mesh_collider, f"{_MINIGOLF_MENU} &19897472", _ALL_STREAMS),
    Layout("MeshCollider", _mesh_collider_v4, f"{_HYBRID} &2056762528"),
    Layout("Rigidbody", _rigidbody, f"{_MINIGOLF_MENU} &1344773948", _ALL_STREAMS),
    Layout("MeshFilter", _mesh_filter, f"{_MINIGOLF_MENU} &19897473", _ALL_STREAMS),
    Layout("MeshRenderer", _mesh_renderer(static_shadow_caster=True, unity6=True), f"{_MINIGOLF_MENU} &19897474",
           UNITY_6),
    Layout("MeshRenderer", _mesh_renderer(static_shadow_caster=True, unity6=False), f"{_CHICKEN_GAME} &147494738",
           ("2022.3",)),
    Layout("MeshRenderer", _mesh_renderer(static_shadow_caster=False, unity6=False), f"{_HYBRID} &1502842833"),
    Layout("Light", _light(version=11), f"{_MINIGOLF_MENU} &2020966408", UNITY_6),
    Layout("Light", _light(version=10), f"{_CHICKEN_SAMPLE} &410087040", ("2022.3",)),
    Layout("Camera", _camera, f"{_MINIGOLF_MENU} &1104732597", _ALL_STREAMS),
    Layout("AudioSource", _audio_source, f"{_CHICKEN_GAME} &1895156710", ("2022.3", "6000.0")),
    Layout("Rigidbody2D", _rigidbody2d, f"{_PLATFORMER} &5106022126906675312"),
    Layout("BoxCollider2D", _box2d, f"{_PLATFORMER} &689705850396540325"),
    Layout("CapsuleCollider2D", _capsule2d, f"{_PLATFORMER} &5978376833059015962"),
    Layout("MonoBehaviour", _script, f"{_MINIGOLF_MENU} &2020966407", _ALL_STREAMS, header_only=True),
)


def layouts_of(class_name: str) -> tuple[Layout, ...]:
    """The known layouts of a class, newest first (empty when none is known)."""
    return tuple(layout for layout in LAYOUTS if layout.class_name == class_name)


# Classes `component.add` writes (GameObject, Transform and MonoBehaviour have their own paths).
ADDABLE = tuple(dict.fromkeys(layout.class_name for layout in LAYOUTS
                              if layout.class_name not in ("GameObject", "Transform", "MonoBehaviour")))
# class name -> (class ID, builder of the newest layout); kept for extensions that build on it (`unitycli.api`).
COMPONENTS: dict[str, tuple[int, Any]] = {name: (CLASS_IDS[name], layouts_of(name)[0].build) for name in ADDABLE}


def game_object_fields(name: str, transform_id: int, *, layer: int = 0, tag: str = "Untagged",
                       active: bool = True, serialized_version: int = 6) -> dict[str, Any]:
    """A new GameObject (`--- !u!1`) with one component, its Transform."""
    fields = _game_object(0, name=name, transform=transform_id, layer=layer, tag=tag, active=active)
    fields["serializedVersion"] = serialized_version
    return fields


def transform_fields(game_object: int, father: int, position: tuple[float, float, float] = (0, 0, 0),
                     root_order: int | None = None) -> dict[str, Any]:
    """A new Transform in the 2022.2+ layout, or (with `root_order`) the 2021 layout with `m_RootOrder`."""
    layout = layouts_of("Transform")[0 if root_order is None else 1]
    return layout.build(game_object, father=father, position=position, sibling_index=root_order or 0)
