"""Per-class values for a new native component when neither its file nor its project holds one to copy.

Values only: the layout (fields, nesting, order, serializedVersion) always comes from the type tree of the
project's Editor, and a value whose shape differs from the layout's field is not used (`compose._fits`). A value
is listed only with evidence: an Editor-written fixture document (path under `fixtures/unity/` and fileID) of the
class, at a layout the table recognises, that holds exactly that value. It is the first of `cites` holding the
field, or the document `elsewhere` names for it; tests/typetree/test_defaults.py loads each and holds every value
(and its keys, nesting and style) against it. A value no fixture document shows is not listed (a BoxCollider2D's
size, an empty material list): `component.add` leaves it out and lists it in `omittedFields`, and Unity fills it
on load. These are values seen on real components, not a claim about what "Add Component" writes.
`version_after` says where the first cited document writes `serializedVersion` among the fields (the type tree
records the version, not its place). The header (`m_ObjectHideFlags`, prefab links, `m_GameObject`, a Behaviour's
`m_Enabled`) is a fact of the write (`compose`), so it is not listed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unitycli.unityyaml import Flow, Ref

_NULL = Ref(0)
_SV = "serializedVersion"
_MINIGOLF_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
_CHICKEN_GAME = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_SUBSTEPPING_CAPSULE = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/Substepping/Prefabs/Capsule.prefab"
_SNAKE = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
_CHICKEN = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Units/Chicken/Chicken.prefab"
_MIXING = "com.unity.cinemachine/com.unity.cinemachine/Samples~/3D Samples/MixingCamera.unity"
_HOLE_CUBE = "minigolf/Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
_CAMERA_RIG = ("com.unity.cinemachine/com.unity.cinemachine/Samples~/Input System Samples/Split Screen Multiplayer/"
               "PlayerWithCameraRig.prefab")
_EXPLOSION = "com.unity.multiplayer.samples.bitesize/Basic/2DSpaceShooter/Assets/Prefabs/Explosion.prefab"
_HEC_LIGHTS = ("EntityComponentSystemSamples/GraphicsSamples/HDRPSamples/Assets/SampleScenes/3. Hybrid Components/"
               "HybridEntitiesConversion/SceneAssets/HECLightingSetup.prefab")


@dataclass(frozen=True)
class CitedValues:
    cites: tuple[str, ...]  # "<fixture file> &<fileID>" of the Editor-written documents showing the fields
    values: dict[str, Any]
    version_after: str | None  # the field the cited documents write serializedVersion after (None: first)
    elsewhere: dict[str, str] = field(default_factory=dict)  # field -> the document holding its value, where
    # that is not the first cited document holding the field

    @property
    def cite(self) -> str:
        return self.cites[0]

    @property
    def documents(self) -> tuple[str, ...]:
        """Every cited document: those showing the fields, then those holding a value the first do not."""
        return self.cites + tuple(dict.fromkeys(c for c in self.elsewhere.values() if c not in self.cites))


def _vec(x: float, y: float, z: float) -> Flow:
    return Flow({"x": x, "y": y, "z": z})


def _vec2(x: float, y: float) -> Flow:
    return Flow({"x": x, "y": y})


def _mask(bits: int) -> dict[str, int]:
    return {_SV: 2, "m_Bits": bits}


def _curve(*keys: tuple[float, float]) -> dict[str, Any]:
    return {_SV: 2, "m_Curve": [
        {_SV: 3, "time": t, "value": v, "inSlope": 0, "outSlope": 0, "tangentMode": 0, "weightedMode": 0,
         "inWeight": 0.33333334, "outWeight": 0.33333334} for t, v in keys],
        "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


_ALL = 4294967295
# Collider (2022.2+): material, layer overrides, trigger, contacts, enabled; serializedVersion follows m_Enabled
_COLLIDER = {"m_Material": _NULL, "m_IncludeLayers": _mask(0), "m_ExcludeLayers": _mask(0),
             "m_LayerOverridePriority": 0, "m_IsTrigger": 0, "m_ProvidesContacts": 0, "m_Enabled": 1}
_COLLIDER_2D = {"m_Density": 1, "m_Material": _NULL, "m_IncludeLayers": _mask(0),
                "m_ExcludeLayers": _mask(0), "m_LayerOverridePriority": 0, "m_ForceSendLayers": _mask(_ALL),
                "m_ForceReceiveLayers": _mask(_ALL), "m_ContactCaptureLayers": _mask(_ALL),
                "m_CallbackLayers": _mask(_ALL), "m_IsTrigger": 0, "m_UsedByEffector": 0, "m_CompositeOperation": 0,
                "m_CompositeOrder": 0}

DEFAULTS: dict[str, CitedValues] = {
    "BoxCollider": CitedValues((f"{_MIXING} &7265010206914173402",), {
        **_COLLIDER, "m_Size": _vec(1, 1, 1), "m_Center": _vec(0, 0, 0)}, "m_Enabled"),
    "SphereCollider": CitedValues((f"{_MINIGOLF_MENU} &1344773949",), {
        **_COLLIDER, "m_Radius": 0.5, "m_Center": _vec(0, 0, 0)}, "m_Enabled"),
    "CapsuleCollider": CitedValues((f"{_SUBSTEPPING_CAPSULE} &1416456589955341393",), {
        **_COLLIDER, "m_Radius": 0.5, "m_Height": 2, "m_Direction": 1, "m_Center": _vec(0, 0, 0)}, "m_Enabled"),
    "MeshCollider": CitedValues((f"{_HOLE_CUBE} &6151315174960898463",), {
        **_COLLIDER, "m_Convex": 0, "m_CookingOptions": 30, "m_Mesh": _NULL}, "m_Enabled"),
    "Rigidbody": CitedValues((f"{_SUBSTEPPING_CAPSULE} &1587514256475758925",), {
        "m_Mass": 1, "m_Drag": 0, "m_AngularDrag": 0.05, "m_CenterOfMass": _vec(0, 0, 0),
        "m_InertiaTensor": _vec(1, 1, 1), "m_InertiaRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}),
        "m_IncludeLayers": _mask(0), "m_ExcludeLayers": _mask(0), "m_ImplicitCom": 1, "m_ImplicitTensor": 1,
        "m_UseGravity": 1, "m_IsKinematic": 0, "m_Interpolate": 0, "m_Constraints": 0, "m_CollisionDetection": 0},
        "m_GameObject"),
    "MeshFilter": CitedValues((f"{_SNAKE} &2164484116884150455",), {"m_Mesh": _NULL}, None),
    # Unity 6's renderer (the three ray-tracing/culling fields after m_RayTraceProcedural are 6000's)
    "MeshRenderer": CitedValues((f"{_MINIGOLF_MENU} &1344773950",), {
        "m_CastShadows": 1, "m_ReceiveShadows": 1, "m_DynamicOccludee": 1, "m_StaticShadowCaster": 0,
        "m_MotionVectors": 1, "m_LightProbeUsage": 1, "m_ReflectionProbeUsage": 1, "m_RayTracingMode": 2,
        "m_RayTraceProcedural": 0, "m_RayTracingAccelStructBuildFlagsOverride": 0,
        "m_RayTracingAccelStructBuildFlags": 1, "m_SmallMeshCulling": 1, "m_RenderingLayerMask": 1,
        "m_RendererPriority": 0, "m_StaticBatchInfo": {"firstSubMesh": 0, "subMeshCount": 0},
        "m_StaticBatchRoot": _NULL, "m_ProbeAnchor": _NULL, "m_LightProbeVolumeOverride": _NULL,
        "m_ScaleInLightmap": 1, "m_ReceiveGI": 1, "m_PreserveUVs": 0, "m_IgnoreNormalsForChartDetection": 0,
        "m_ImportantGI": 0, "m_StitchLightmapSeams": 1, "m_SelectedEditorRenderState": 3, "m_MinimumChartSize": 4,
        "m_AutoUVMaxDistance": 0.5, "m_AutoUVMaxAngle": 89, "m_LightmapParameters": _NULL, "m_SortingLayerID": 0,
        "m_SortingLayer": 0, "m_SortingOrder": 0, "m_AdditionalVertexStreams": _NULL}, None),
    # A Point light (Realtime, no shadows, 6570 K), its values from two lights of the corpus; m_Shape is 2022.3+
    "Light": CitedValues((f"{_MINIGOLF_MENU} &2020966408",), {
        "m_Type": 2, "m_Shape": 0, "m_Color": Flow({"r": 1, "g": 1, "b": 1, "a": 1}), "m_Intensity": 1,
        "m_Range": 10, "m_SpotAngle": 30, "m_InnerSpotAngle": 21.80208, "m_CookieSize": 10,
        "m_Shadows": {"m_Type": 0, "m_Resolution": -1, "m_CustomResolution": -1, "m_Strength": 1, "m_Bias": 0.05,
                      "m_NormalBias": 0.4, "m_NearPlane": 0.2,
                      "m_CullingMatrixOverride": {f"e{r}{c}": int(r == c) for r in range(4) for c in range(4)},
                      "m_UseCullingMatrixOverride": 0},
        "m_Cookie": _NULL, "m_DrawHalo": 0, "m_Flare": _NULL, "m_RenderMode": 0, "m_CullingMask": _mask(_ALL),
        "m_RenderingLayerMask": 1, "m_Lightmapping": 4, "m_LightShadowCasterMode": 0, "m_AreaSize": _vec2(1, 1),
        "m_BounceIntensity": 1, "m_ColorTemperature": 6570, "m_UseColorTemperature": 0,
        "m_BoundingSphereOverride": Flow({"x": 0, "y": 0, "z": 0, "w": 0}), "m_UseBoundingSphereOverride": 0,
        "m_UseViewFrustumForShadowCasterCull": 1, "m_ForceVisible": 0, "m_ShadowRadius": 0, "m_ShadowAngle": 0,
        "m_LightUnit": 1, "m_LuxAtDistance": 1, "m_EnableSpotReflector": 1}, "m_Enabled",
        {"m_Type": f"{_HEC_LIGHTS} &5257943412185982115", **dict.fromkeys((
            "m_Shape", "m_Color", "m_Shadows", "m_Lightmapping", "m_BoundingSphereOverride", "m_ShadowAngle"),
            f"{_HEC_LIGHTS} &5257943410435046929")}),
    # A perspective camera (skybox clear, 60° FOV, 0.3-1000 clip planes)
    "Camera": CitedValues((f"{_CAMERA_RIG} &7614250291158188761",), {
        "m_ClearFlags": 1, "m_BackGroundColor": Flow({"r": 0.19215687, "g": 0.3019608, "b": 0.4745098, "a": 0}),
        "m_projectionMatrixMode": 1, "m_GateFitMode": 2, "m_FOVAxisMode": 0, "m_Iso": 200, "m_ShutterSpeed": 0.005,
        "m_Aperture": 16, "m_FocusDistance": 10, "m_FocalLength": 50, "m_BladeCount": 5, "m_Curvature": _vec2(2, 11),
        "m_BarrelClipping": 0.25, "m_Anamorphism": 0, "m_SensorSize": _vec2(36, 24), "m_LensShift": _vec2(0, 0),
        "m_NormalizedViewPortRect": {_SV: 2, "x": 0, "y": 0, "width": 1, "height": 1}, "near clip plane": 0.3,
        "far clip plane": 1000, "field of view": 60, "orthographic": 0, "orthographic size": 5, "m_Depth": 0,
        "m_CullingMask": _mask(_ALL), "m_RenderingPath": -1, "m_TargetTexture": _NULL, "m_TargetDisplay": 0,
        "m_TargetEye": 3, "m_HDR": 1, "m_AllowMSAA": 1, "m_AllowDynamicResolution": 0, "m_ForceIntoRT": 0,
        "m_OcclusionCulling": 1, "m_StereoConvergence": 10, "m_StereoSeparation": 0.022}, "m_Enabled"),
    # A 2D AudioSource with no clip, playing on awake, logarithmic rolloff 1..500
    "AudioSource": CitedValues((f"{_EXPLOSION} &8200000",), {
        "OutputAudioMixerGroup": _NULL, "m_audioClip": _NULL, "m_PlayOnAwake": 1, "m_Volume": 1,
        "m_Pitch": 1, "Loop": 0, "Mute": 0, "Spatialize": 0, "SpatializePostEffects": 0, "Priority": 128,
        "DopplerLevel": 1, "MinDistance": 1, "MaxDistance": 500, "Pan2D": 0, "rolloffMode": 0, "BypassEffects": 0,
        "BypassListenerEffects": 0, "BypassReverbZones": 0, "rolloffCustomCurve": _curve((0, 1), (1, 0)),
        "panLevelCustomCurve": _curve((0, 0)), "spreadCustomCurve": _curve((0, 0)),
        "reverbZoneMixCustomCurve": _curve((0, 1))}, "m_Enabled",
        {"panLevelCustomCurve": f"{_CHICKEN_GAME} &1895156710", "m_audioClip": f"{_CHICKEN} &5851247928302058476"}),
    # The body type is left out (the corpus shows only Static bodies); the Editor writes this class's
    # serializedVersion before the header
    "Rigidbody2D": CitedValues((f"{_PLATFORMER} &5106022126906675312",), {
        "m_Simulated": 1, "m_UseFullKinematicContacts": 0, "m_UseAutoMass": 0, "m_Mass": 1,
        "m_LinearDamping": 0, "m_AngularDamping": 0.05, "m_GravityScale": 1, "m_Material": _NULL,
        "m_IncludeLayers": _mask(0), "m_ExcludeLayers": _mask(0), "m_Interpolate": 0, "m_SleepingMode": 1,
        "m_CollisionDetection": 0, "m_Constraints": 0}, None),
    "BoxCollider2D": CitedValues((f"{_PLATFORMER} &689705850396540325",), {
        **_COLLIDER_2D, "m_SpriteTilingProperty": {
            "border": Flow({"x": 0, "y": 0, "z": 0, "w": 0}), "pivot": _vec2(0, 0), "oldSize": _vec2(0, 0),
            "newSize": _vec2(0, 0), "adaptiveTilingThreshold": 0, "drawMode": 0, "adaptiveTiling": 0},
        "m_AutoTiling": 0, "m_EdgeRadius": 0}, "m_Enabled",
        {"m_IsTrigger": f"{_PLATFORMER} &3659873114288369568"}),
    "CapsuleCollider2D": CitedValues((f"{_PLATFORMER} &5978376833059015962",), {
        **_COLLIDER_2D, "m_Direction": 0}, "m_Enabled"),
}


def defaults_of(class_name: str) -> CitedValues | None:
    """The cited default values of a class (None: no Editor-written document shows them)."""
    return DEFAULTS.get(class_name)
