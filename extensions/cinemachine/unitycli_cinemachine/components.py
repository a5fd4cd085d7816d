"""Body / Aim / Noise component types the tools can add, with the fields a new component gets and the typed
settings each one exposes.

A new component is written as Unity writes one the package's inspector adds: the MonoBehaviour header (hide flags
of the GameObject it goes on: 3 on a 2.x `cm` child in a scene, 0 in a prefab), an empty `m_EditorClassIdentifier`
(every Cinemachine component in the fixtures, Unity 2022.3 and 6000.0), then the class's serialized fields in
declaration order with the values of its field initializers and `Reset()`. Key for key these equal the fixtures:
chicken-defense `Game.unity` (Transposer `&578736095` with other values, Composer `&578736094` with exactly these)
and the CM 3.1.8-pre.1 samples (`ClearShot.unity` RotationComposer / Follow, `Cutscene.unity` Perlin,
`ThirdPersonWithAimMode.unity` ThirdPersonFollow / ThirdPersonAim).

Settings are named once for both majors (`damping`, `followOffset`, `targetOffset`, `screenPosition`, …) and
mapped per class onto its own fields; values are written as the component stores them (a 2.x composer's screen
position is centred at 0.5, a 3.x one at 0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from unitycli.api import Flow, Ref
from unitycli_cinemachine import scripts
from unitycli_cinemachine.layout import CM2, CM3

FLOAT_MAX = 3.4028235e38
BINDING_MODES = ("LockToTargetOnAssign", "LockToTargetWithWorldUp", "LockToTargetNoRoll", "LockToTarget",
                 "WorldSpace", "LazyFollow")
BINDING_ALIASES = {"SimpleFollowWithWorldUp": 5}  # the 2.x name of LazyFollow (same int)


def vec3(x: float, y: float, z: float) -> Flow:
    return Flow({"x": x, "y": y, "z": z})


def vec2(x: float, y: float) -> Flow:
    return Flow({"x": x, "y": y})


def _curve() -> dict[str, Any]:
    return {"serializedVersion": 2, "m_Curve": [], "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


def blend(prefix: str, style: int, time: float) -> dict[str, Any]:
    return {f"{prefix}Style": style, f"{prefix}Time": time, f"{prefix}CustomCurve": _curve()}


@dataclass(frozen=True)
class Setting:
    """How one named setting is written on one class.

    kind: "vector" (`axes` numbers: one inline vector field `path`, or separate scalar fields `parts`; a single
    number sets every axis), "float", "binding" (the BindingMode enum), "asset" (a noise profile reference)."""

    kind: str
    path: str | None = None
    parts: tuple[str, ...] = ()
    axes: int = 1
    also: tuple[tuple[str, Any], ...] = ()  # fields set with it (3.x dead zone: Enabled 1)
    minimum: float | None = None

    @property
    def field_path(self) -> str:
        """The one field a "binding", "float" or "asset" setting (or a one-field vector) writes."""
        if self.path is None:
            raise ValueError(f"a {self.kind} setting given as parts names no single field")
        return self.path


def _vector(path: str, axes: int, **kw: Any) -> Setting:
    return Setting("vector", path=path, axes=axes, **kw)


def _parts(*parts: str, **kw: Any) -> Setting:
    return Setting("vector", parts=parts, axes=len(parts), **kw)


def _float(path: str, **kw: Any) -> Setting:
    return Setting("float", path=path, **kw)


DAMPING = 0.0  # Cinemachine clamps damping to >= 0 (OnValidate)


@dataclass(frozen=True)
class ComponentType:
    name: str
    guid: str
    stage: str
    layout: str  # the major whose classes these are: cm2 (on the `cm` child) | cm3 (on the camera)
    fields: Callable[[Any], dict[str, Any]]  # options (physics: bool) -> fields after the header
    settings: dict[str, Setting] = field(default_factory=dict)

    def document(self, game_object: int, hide_flags: int, options: Any, enabled: bool = True) -> dict[str, Any]:
        return {"m_ObjectHideFlags": hide_flags, "m_CorrespondingSourceObject": Ref(0), "m_PrefabInstance": Ref(0),
                "m_PrefabAsset": Ref(0), "m_GameObject": Ref(game_object), "m_Enabled": 1 if enabled else 0,
                "m_EditorHideFlags": 0, "m_Script": Ref(11500000, self.guid, 3), "m_Name": "",
                "m_EditorClassIdentifier": "", **self.fields(options)}


@dataclass(frozen=True)
class Options:
    """What the project decides about a new component's fields."""

    physics: bool = True  # com.unity.modules.physics: 3rdPersonFollow collision fields
    easing: bool = True  # CM 3.1.4+: CinemachineFreeLookModifier.Easing


def _guid(name: str) -> str:
    return next(s.guid for s in scripts.BY_GUID.values() if name in (s.cm2_name, s.cm3_name))


# --- 2.x ----------------------------------------------------------------------------------------------------

def _transposer(_o: Options) -> dict[str, Any]:
    return {"m_BindingMode": 1, "m_FollowOffset": vec3(0, 0, -10), "m_XDamping": 1, "m_YDamping": 1,
            "m_ZDamping": 1, "m_AngularDampingMode": 0, "m_PitchDamping": 0, "m_YawDamping": 0, "m_RollDamping": 0,
            "m_AngularDamping": 0}


def _recentering(enabled: int) -> dict[str, Any]:
    return {"m_enabled": enabled, "m_WaitTime": 1, "m_RecenteringTime": 2, "m_LegacyHeadingDefinition": -1,
            "m_LegacyVelocityFilterStrength": -1}


def _orbital_transposer(o: Options) -> dict[str, Any]:
    return {**_transposer(o), "m_Heading": {"m_Definition": 2, "m_VelocityFilterStrength": 4, "m_Bias": 0},
            "m_RecenterToTargetHeading": _recentering(1),
            "m_XAxis": {"Value": 0, "m_SpeedMode": 0, "m_MaxSpeed": 300, "m_AccelTime": 0.1, "m_DecelTime": 0.1,
                        "m_InputAxisName": "Mouse X", "m_InputAxisValue": 0, "m_InvertInput": 1, "m_MinValue": -180,
                        "m_MaxValue": 180, "m_Wrap": 1, "m_Recentering": _recentering(0)},
            "m_LegacyRadius": FLOAT_MAX, "m_LegacyHeightOffset": FLOAT_MAX, "m_LegacyHeadingBias": FLOAT_MAX,
            "m_HeadingIsSlave": 0}


def _framing_transposer(_o: Options) -> dict[str, Any]:
    return {"m_TrackedObjectOffset": vec3(0, 0, 0), "m_LookaheadTime": 0, "m_LookaheadSmoothing": 0,
            "m_LookaheadIgnoreY": 0, "m_XDamping": 1, "m_YDamping": 1, "m_ZDamping": 1, "m_TargetMovementOnly": 1,
            "m_ScreenX": 0.5, "m_ScreenY": 0.5, "m_CameraDistance": 10, "m_DeadZoneWidth": 0, "m_DeadZoneHeight": 0,
            "m_DeadZoneDepth": 0, "m_UnlimitedSoftZone": 0, "m_SoftZoneWidth": 0.8, "m_SoftZoneHeight": 0.8,
            "m_BiasX": 0, "m_BiasY": 0, "m_CenterOnActivate": 1, "m_GroupFramingMode": 2, "m_AdjustmentMode": 0,
            "m_GroupFramingSize": 0.8, "m_MaxDollyIn": 5000, "m_MaxDollyOut": 5000, "m_MinimumDistance": 1,
            "m_MaximumDistance": 5000, "m_MinimumFOV": 3, "m_MaximumFOV": 60, "m_MinimumOrthoSize": 1,
            "m_MaximumOrthoSize": 5000}


def _third_person_cm2(o: Options) -> dict[str, Any]:
    out = {"Damping": vec3(0.1, 0.5, 0.3), "ShoulderOffset": vec3(0.5, -0.4, 0), "VerticalArmLength": 0.4,
           "CameraSide": 1, "CameraDistance": 2}
    if o.physics:
        out |= {"CameraCollisionFilter": {"serializedVersion": 2, "m_Bits": 0}, "IgnoreTag": "", "CameraRadius": 0.2,
                "DampingIntoCollision": 0, "DampingFromCollision": 2}
    return out


def _composer(_o: Options) -> dict[str, Any]:
    return {"m_TrackedObjectOffset": vec3(0, 0, 0), "m_LookaheadTime": 0, "m_LookaheadSmoothing": 0,
            "m_LookaheadIgnoreY": 0, "m_HorizontalDamping": 0.5, "m_VerticalDamping": 0.5, "m_ScreenX": 0.5,
            "m_ScreenY": 0.5, "m_DeadZoneWidth": 0, "m_DeadZoneHeight": 0, "m_SoftZoneWidth": 0.8,
            "m_SoftZoneHeight": 0.8, "m_BiasX": 0, "m_BiasY": 0, "m_CenterOnActivate": 1}


def _perlin_cm2(_o: Options) -> dict[str, Any]:
    return {"m_NoiseProfile": Ref(0), "m_PivotOffset": vec3(0, 0, 0), "m_AmplitudeGain": 1, "m_FrequencyGain": 1,
            "mNoiseOffsets": vec3(0, 0, 0)}


_CM2_TRANSPOSER = {"bindingMode": Setting("binding", path="m_BindingMode"),
                   "followOffset": _vector("m_FollowOffset", 3),
                   "damping": _parts("m_XDamping", "m_YDamping", "m_ZDamping", minimum=DAMPING)}
_CM2_COMPOSING = {"screenPosition": _parts("m_ScreenX", "m_ScreenY"),
                  "deadZone": _parts("m_DeadZoneWidth", "m_DeadZoneHeight", minimum=0),
                  "softZone": _parts("m_SoftZoneWidth", "m_SoftZoneHeight", minimum=0),
                  "targetOffset": _vector("m_TrackedObjectOffset", 3)}
_THIRD_PERSON = {"damping": _vector("Damping", 3, minimum=DAMPING), "shoulderOffset": _vector("ShoulderOffset", 3),
                 "verticalArmLength": _float("VerticalArmLength"), "cameraSide": _float("CameraSide"),
                 "cameraDistance": _float("CameraDistance", minimum=0)}

_CM2_TYPES = (
    ComponentType("CinemachineTransposer", _guid("CinemachineTransposer"), scripts.BODY, CM2, _transposer,
                  _CM2_TRANSPOSER),
    ComponentType("CinemachineOrbitalTransposer", _guid("CinemachineOrbitalTransposer"), scripts.BODY, CM2,
                  _orbital_transposer, _CM2_TRANSPOSER),
    ComponentType("CinemachineFramingTransposer", _guid("CinemachineFramingTransposer"), scripts.BODY, CM2,
                  _framing_transposer,
                  {**_CM2_COMPOSING, "damping": _parts("m_XDamping", "m_YDamping", "m_ZDamping", minimum=DAMPING),
                   "cameraDistance": _float("m_CameraDistance", minimum=0)}),
    ComponentType("CinemachineHardLockToTarget", _guid("CinemachineHardLockToTarget"), scripts.BODY, CM2,
                  lambda _o: {"m_Damping": 0}, {"damping": _parts("m_Damping", minimum=DAMPING)}),
    ComponentType("Cinemachine3rdPersonFollow", _guid("Cinemachine3rdPersonFollow"), scripts.BODY, CM2,
                  _third_person_cm2, _THIRD_PERSON),
    ComponentType("CinemachineComposer", _guid("CinemachineComposer"), scripts.AIM, CM2, _composer,
                  {**_CM2_COMPOSING,
                   "damping": _parts("m_HorizontalDamping", "m_VerticalDamping", minimum=DAMPING)}),
    ComponentType("CinemachineHardLookAt", _guid("CinemachineHardLookAt"), scripts.AIM, CM2, lambda _o: {}, {}),
    ComponentType("CinemachineSameAsFollowTarget", _guid("CinemachineSameAsFollowTarget"), scripts.AIM, CM2,
                  lambda _o: {"m_Damping": 0}, {"damping": _parts("m_Damping", minimum=DAMPING)}),
    ComponentType("CinemachineBasicMultiChannelPerlin", _guid("CinemachineBasicMultiChannelPerlin"), scripts.NOISE,
                  CM2, _perlin_cm2,
                  {"noiseProfile": Setting("asset", path="m_NoiseProfile"),
                   "amplitudeGain": _float("m_AmplitudeGain"), "frequencyGain": _float("m_FrequencyGain"),
                   "pivotOffset": _vector("m_PivotOffset", 3)}),
)


# --- 3.x ----------------------------------------------------------------------------------------------------

def _tracker(binding: int = 4) -> dict[str, Any]:
    return {"BindingMode": binding, "PositionDamping": vec3(1, 1, 1), "AngularDampingMode": 0,
            "RotationDamping": vec3(1, 1, 1), "QuaternionDamping": 1}


def _axis(value: float, center: float, low: float, high: float, wrap: int) -> dict[str, Any]:
    return {"Value": value, "Center": center, "Range": vec2(low, high), "Wrap": wrap,
            "Recentering": {"Enabled": 0, "Wait": 1, "Time": 2}, "Restrictions": 0}


def _orbital_follow(_o: Options) -> dict[str, Any]:
    return {"TargetOffset": vec3(0, 0, 0), "TrackerSettings": _tracker(), "OrbitStyle": 0, "Radius": 10,
            "Orbits": {"Top": {"Radius": 2, "Height": 5}, "Center": {"Radius": 4, "Height": 2.25},
                       "Bottom": {"Radius": 2.5, "Height": 0.1}, "SplineCurvature": 0.5},
            "RecenteringTarget": 2, "HorizontalAxis": _axis(0, 0, -180, 180, 1),
            "VerticalAxis": _axis(17.5, 17.5, -10, 45, 0), "RadialAxis": _axis(1, 1, 1, 1, 0)}


def _composition() -> dict[str, Any]:
    return {"ScreenPosition": vec2(0, 0), "DeadZone": {"Enabled": 0, "Size": vec2(0.2, 0.2)},
            "HardLimits": {"Enabled": 0, "Size": vec2(0.8, 0.8), "Offset": vec2(0, 0)}}


def _lookahead() -> dict[str, Any]:
    return {"Enabled": 0, "Time": 0, "Smoothing": 0, "IgnoreY": 0}


def _position_composer(_o: Options) -> dict[str, Any]:
    return {"CameraDistance": 10, "DeadZoneDepth": 0, "Composition": _composition(), "CenterOnActivate": 1,
            "TargetOffset": vec3(0, 0, 0), "Damping": vec3(1, 1, 1), "Lookahead": _lookahead()}


def _rotation_composer(_o: Options) -> dict[str, Any]:
    return {"Composition": _composition(), "CenterOnActivate": 1, "TargetOffset": vec3(0, 0, 0),
            "Damping": vec2(0.5, 0.5), "Lookahead": _lookahead()}


def _third_person_cm3(o: Options) -> dict[str, Any]:
    out: dict[str, Any] = {"Damping": vec3(0.1, 0.5, 0.3), "ShoulderOffset": vec3(0.5, -0.4, 0),
                           "VerticalArmLength": 0.4, "CameraSide": 1, "CameraDistance": 2}
    if o.physics:
        out["AvoidObstacles"] = {"Enabled": 0, "CollisionFilter": {"serializedVersion": 2, "m_Bits": 1},
                                 "IgnoreTag": "", "CameraRadius": 0.2, "DampingIntoCollision": 0,
                                 "DampingFromCollision": 0.5}
    return out


def _pan_tilt(_o: Options) -> dict[str, Any]:
    return {"ReferenceFrame": 0, "RecenterTarget": 0, "PanAxis": _axis(0, 0, -180, 180, 1),
            "TiltAxis": _axis(0, 0, -70, 70, 0)}


def _perlin_cm3(_o: Options) -> dict[str, Any]:
    return {"NoiseProfile": Ref(0), "PivotOffset": vec3(0, 0, 0), "AmplitudeGain": 1, "FrequencyGain": 1,
            "m_NoiseOffsets": vec3(0, 0, 0)}


_CM3_COMPOSING = {"screenPosition": _vector("Composition.ScreenPosition", 2),
                  "deadZone": _vector("Composition.DeadZone.Size", 2, also=(("Composition.DeadZone.Enabled", 1),),
                                      minimum=0),
                  "targetOffset": _vector("TargetOffset", 3)}

_CM3_TYPES = (
    ComponentType("CinemachineFollow", _guid("CinemachineFollow"), scripts.BODY, CM3,
                  lambda _o: {"TrackerSettings": _tracker(), "FollowOffset": vec3(0, 0, -10)},
                  {"bindingMode": Setting("binding", path="TrackerSettings.BindingMode"),
                   "followOffset": _vector("FollowOffset", 3),
                   "damping": _vector("TrackerSettings.PositionDamping", 3, minimum=DAMPING)}),
    ComponentType("CinemachineOrbitalFollow", _guid("CinemachineOrbitalFollow"), scripts.BODY, CM3, _orbital_follow,
                  {"bindingMode": Setting("binding", path="TrackerSettings.BindingMode"),
                   "targetOffset": _vector("TargetOffset", 3),
                   "damping": _vector("TrackerSettings.PositionDamping", 3, minimum=DAMPING),
                   "radius": _float("Radius", minimum=0)}),
    ComponentType("CinemachinePositionComposer", _guid("CinemachinePositionComposer"), scripts.BODY, CM3,
                  _position_composer,
                  {**_CM3_COMPOSING, "damping": _vector("Damping", 3, minimum=DAMPING),
                   "cameraDistance": _float("CameraDistance", minimum=0)}),
    ComponentType("CinemachineHardLockToTarget", _guid("CinemachineHardLockToTarget"), scripts.BODY, CM3,
                  lambda _o: {"Damping": 0}, {"damping": _parts("Damping", minimum=DAMPING)}),
    ComponentType("CinemachineThirdPersonFollow", _guid("CinemachineThirdPersonFollow"), scripts.BODY, CM3,
                  _third_person_cm3, _THIRD_PERSON),
    ComponentType("CinemachineRotationComposer", _guid("CinemachineRotationComposer"), scripts.AIM, CM3,
                  _rotation_composer, {**_CM3_COMPOSING, "damping": _vector("Damping", 2, minimum=DAMPING)}),
    ComponentType("CinemachineHardLookAt", _guid("CinemachineHardLookAt"), scripts.AIM, CM3,
                  lambda _o: {"LookAtOffset": vec3(0, 0, 0)}, {"targetOffset": _vector("LookAtOffset", 3)}),
    ComponentType("CinemachinePanTilt", _guid("CinemachinePanTilt"), scripts.AIM, CM3, _pan_tilt, {}),
    ComponentType("CinemachineRotateWithFollowTarget", _guid("CinemachineRotateWithFollowTarget"), scripts.AIM, CM3,
                  lambda _o: {"Damping": 0}, {"damping": _parts("Damping", minimum=DAMPING)}),
    ComponentType("CinemachineBasicMultiChannelPerlin", _guid("CinemachineBasicMultiChannelPerlin"), scripts.NOISE,
                  CM3, _perlin_cm3,
                  {"noiseProfile": Setting("asset", path="NoiseProfile"), "amplitudeGain": _float("AmplitudeGain"),
                   "frequencyGain": _float("FrequencyGain"), "pivotOffset": _vector("PivotOffset", 3)}),
)

TYPES: dict[tuple[str, str], dict[str, ComponentType]] = {}
for _t in (*_CM2_TYPES, *_CM3_TYPES):
    TYPES.setdefault((_t.layout, _t.stage), {})[_t.name] = _t


def types_for(layout: str, stage: str) -> dict[str, ComponentType]:
    return TYPES.get((layout, stage), {})


def type_of(layout: str, stage: str, guid: str | None) -> ComponentType | None:
    return next((t for t in types_for(layout, stage).values() if t.guid == (guid or "").lower()), None)


# --- camera-level components used by create-camera -------------------------------------------------------------

def third_person_aim(_o: Options) -> dict[str, Any]:
    return {"AimCollisionFilter": {"serializedVersion": 2, "m_Bits": 1}, "IgnoreTag": "", "AimDistance": 200,
            "NoiseCancellation": 1}


def free_look_modifier(o: Options) -> dict[str, Any]:
    return {"Easing": 0, "Modifiers": []} if o.easing else {"Modifiers": []}


def pipeline(_o: Options) -> dict[str, Any]:
    return {}


# The package's own noise profiles (Presets/Noise/*.asset; same GUIDs in 2.9.0 … 3.1.8-pre.1).
NOISE_PRESETS = {
    "6D Shake": "69ce8388f6785dd4c8c39915efece2f4", "6D Wobble": "e9ce97b7a206dc64d90931ea044e0c72",
    "Handheld_normal_extreme": "20a705aea2d80e0478fb89b6f43d8530",
    "Handheld_normal_mild": "46965f9cbaf525742a6da4c2172a99cd",
    "Handheld_normal_strong": "b241f91b9ccf8ff489abf204b30d3112",
    "Handheld_tele_mild": "a3dacaec0287d7444b4bd276816e1666",
    "Handheld_tele_strong": "554b0ed52734c154eab51f6cedd3a7d7",
    "Handheld_wideangle_mild": "8608ec81ee27a15488d33f9dad239e91",
    "Handheld_wideangle_strong": "20e46be82478fa24b90f748044c06b4b",
}
NOISE_SETTINGS_GUID = "b7f59e54f2bfd184b9dd451a678d089b"
