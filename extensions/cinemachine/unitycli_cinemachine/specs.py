"""The descriptors of the Cinemachine tools, kept apart from the handlers: each names its handler and models by
import path, so registering the extension imports none of its tool modules and running a tool imports only its own.

The Body and Aim descriptions name the classes each major's `type` takes, read from the component tables
(`components`, plain data) so the text cannot drift from what the tools write.
"""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_cinemachine.components import types_for
from unitycli_cinemachine.layout import CM2, CM3
from unitycli_cinemachine.scripts import AIM, BODY

# Examples run on the fixture projects (shared/fixtures/unity): chicken-defense has Cinemachine 2.9.7, minigolf 3.1.2.
CM2_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CM2_CAMERA = "Virtual Camera"
CM3_SCENE = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
CM3_CAMERA = "Virtual Camera"
EXAMPLE_NOTE = (" The examples run on the fixture projects chicken-defense (Cinemachine 2.9.7) and minigolf (3.1.2).")

# The risk hints of every tool that rewrites values in place: a write that overwrites, the same result when repeated.
EDIT_HINTS: dict[str, Any] = {"read_only": False, "destructive": True, "idempotent": True,
                              "permissions": ("reads_project", "writes_project")}


def types_note(stage: str) -> str:
    """The sentence of a stage tool's description naming the classes `type` takes in each major."""
    names = {family: ", ".join(sorted(types_for(family, stage))) for family in (CM2, CM3)}
    return f"2.x types: {names[CM2]}. 3.x types: {names[CM3]}. "


def _stage_tool(**spec: Any) -> ToolSpec[Any, Any]:
    """A set-body / set-aim / set-noise spec: every stage tool applies its request the same way (`stages.apply`),
    with the same result and risk hints."""
    return ToolSpec(output_model="unitycli_cinemachine.stages:StageResult", **EDIT_HINTS, **spec)


SPECS: tuple[ToolSpec[Any, Any], ...] = (
    ToolSpec(
        name="cinemachine.list-cameras", title="List Cinemachine cameras",
        summary="Cinemachine cameras and brains in a scene, prefab or the project.",
        description=("Lists every Cinemachine camera (2.x CinemachineVirtualCamera, FreeLook, ClearShot…; 3.x "
                     "CinemachineCamera, managers) in one scene or prefab (`file`), or in every scene and prefab under "
                     "Assets/ that references a Cinemachine camera or brain script. For each: GameObject path and "
                     "fileID, the camera component's fileID and class, the layout (cm2 | cm3, read from the fields, "
                     "not the script GUID), the effective priority, Follow/LookAt targets as GameObject paths (a "
                     "target inside a prefab instance is the instance's path), whether it is enabled and active. "
                     "Also every CinemachineBrain with its GameObject. Cameras inside prefab instances live in their "
                     "source prefab and are listed there. Read-only; reports each file's revision." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.list_cameras:ListCamerasInput",
        output_model="unitycli_cinemachine.tools.list_cameras:ListCamerasOutput",
        handler="unitycli_cinemachine.tools.list_cameras:list_cameras",
        examples=({"file": CM2_SCENE}, {"file": CM3_SCENE}, {}),
    ),
    ToolSpec(
        name="cinemachine.get-camera", title="Get a Cinemachine camera",
        summary="One Cinemachine camera: priority, targets, lens, Body/Aim/Noise settings.",
        description=("Reads one Cinemachine camera (2.x or 3.x; the layout is read from its fields). Priority: the "
                     "stored value and the effective one (3.x: Priority.m_Value counts only when Priority.Enabled is 1, "
                     "and a file older than streaming version 20220601 with a non-zero m_LegacyPriority gets that value "
                     "on load). Targets as references with GameObject paths (3.x LookAt is the Tracking target unless "
                     "CustomLookAtTarget is 1). The lens: field of view, ortho size, clip planes, dutch, mode override "
                     "and the remaining fields as written. Body, Aim and Noise with all their settings: in 2.x they sit "
                     "on the hidden `cm` child (the GameObject with the CinemachinePipeline that m_ComponentOwner "
                     "names), in 3.x on the camera's GameObject. Read-only; reports the file's revision." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.inputs:CameraTarget",
        output_model="unitycli_cinemachine.tools.get_camera:GetCameraOutput",
        handler="unitycli_cinemachine.tools.get_camera:get_camera",
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA}, {"file": CM3_SCENE, "gameObject": CM3_CAMERA}),
    ),
    ToolSpec(
        name="cinemachine.set-priority", title="Set a Cinemachine camera's priority",
        summary="Set the priority of a Cinemachine camera (2.x m_Priority, 3.x Priority).",
        description=("Writes the priority in the layout the camera's fields show: 2.x `m_Priority`; 3.x "
                     "`Priority.m_Value` with `Priority.Enabled: 1` (a disabled priority counts as 0). In 3.x a non-zero "
                     "`m_LegacyPriority` is set to 0, since Unity would copy it over the new priority when it loads a "
                     "file older than streaming version 20220601; `m_StreamingVersion` is left as is (other legacy "
                     "upgrades depend on it). Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_priority:SetPriorityInput",
        output_model="unitycli_cinemachine.inputs:EditResult",
        handler="unitycli_cinemachine.tools.set_priority:set_priority",
        **EDIT_HINTS,
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "priority": 20},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "priority": 20}),
    ),
    ToolSpec(
        name="cinemachine.set-lens", title="Set a Cinemachine camera's lens",
        summary="Set lens fields of a Cinemachine camera: FOV, ortho size, clip planes, dutch.",
        description=("Writes the given lens fields of a camera (2.x `m_Lens.*`, 3.x `Lens.*`, chosen from the fields "
                     "the camera has); fields not given keep their value. Values Cinemachine would clamp are refused: "
                     "fieldOfView outside [0.01, 179] and dutch outside [-180, 180] (schema), a far clip plane not at "
                     "least near + 0.001 (E_CINEMACHINE_VALUE_INVALID). A field missing from an old file is inserted "
                     "in Cinemachine's order. Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_lens:SetLensInput",
        output_model="unitycli_cinemachine.inputs:EditResult",
        handler="unitycli_cinemachine.tools.set_lens:set_lens",
        **EDIT_HINTS,
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "fieldOfView": 60, "farClipPlane": 1000},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "fieldOfView": 40, "nearClipPlane": 0.3, "dutch": 5}),
    ),
    ToolSpec(
        name="cinemachine.set-targets", title="Set a Cinemachine camera's targets",
        summary="Point a Cinemachine camera's Follow / LookAt at GameObjects, or clear them.",
        description=("Sets the Follow and/or LookAt target of a camera to a GameObject of the same scene or prefab "
                     "(hierarchy path or fileID; Cinemachine stores its Transform), or clears it with null; an omitted "
                     "target is left as is. 2.x writes m_Follow / m_LookAt; 3.x writes Target.TrackingTarget / "
                     "Target.LookAtTarget, and sets CustomLookAtTarget: 1 when the LookAt target is not the Tracking "
                     "target (without it a 3.x camera looks at its Tracking target); 3.x managers write "
                     "DefaultTarget.Target.* with DefaultTarget.Enabled: 1. A prefab instance as target needs its "
                     "Transform in the file (one stripped Transform, or name it by fileID). Only the changed lines are "
                     "rewritten. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_targets:SetTargetsInput",
        output_model="unitycli_cinemachine.tools.set_targets:SetTargetsOutput",
        handler="unitycli_cinemachine.tools.set_targets:set_targets",
        **EDIT_HINTS,
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "lookAt": "Main Camera"},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "lookAt": "MainCamera"}),
    ),
    ToolSpec(
        name="cinemachine.get-brain", title="Get a CinemachineBrain",
        summary="A CinemachineBrain's update methods, default blend and custom blends asset.",
        description=("Reads the CinemachineBrain of a scene or prefab (the only one, or the one on `gameObject`): update "
                     "method, blend update method, the default blend (style and time; the custom curve's key count), "
                     "the custom blends asset with its path, debug/frustum/time-scale flags, the world-up override, "
                     "and in 3.x the channel mask and lens mode override. The layout (cm2 | cm3) is read from the "
                     "fields (m_UpdateMethod vs UpdateMethod): the brain has the same script GUID in both majors. "
                     "Read-only; reports the file's revision." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.get_brain:BrainTarget",
        output_model="unitycli_cinemachine.tools.get_brain:GetBrainOutput",
        handler="unitycli_cinemachine.tools.get_brain:get_brain",
        examples=({"file": CM2_SCENE}, {"file": CM3_SCENE, "gameObject": "MainCamera"}),
    ),
    ToolSpec(
        name="cinemachine.set-brain", title="Set CinemachineBrain settings",
        summary="Set a CinemachineBrain's update methods and default blend style and time.",
        description=("Writes the given settings of the CinemachineBrain of a scene or prefab (the only one, or the one "
                     "on `gameObject`) in the layout its fields show (2.x `m_UpdateMethod`, `m_DefaultBlend.m_Style`; "
                     "3.x `UpdateMethod`, `DefaultBlend.Style`): updateMethod (FixedUpdate, LateUpdate, SmartUpdate, "
                     "ManualUpdate), blendUpdateMethod (FixedUpdate, LateUpdate) and defaultBlend {style (Cut, "
                     "EaseInOut, EaseIn, EaseOut, HardIn, HardOut, Linear, Custom: refused while the custom curve has no "
                     "keys), time (seconds)}, as cinemachine.get-brain prints them. Only the changed lines are rewritten. Supports --dry-run."
                     + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_brain:SetBrainInput",
        output_model="unitycli_cinemachine.tools.set_brain:SetBrainOutput",
        handler="unitycli_cinemachine.tools.set_brain:set_brain",
        **EDIT_HINTS,
        examples=({"file": CM2_SCENE, "defaultBlend": {"style": "EaseInOut", "time": 1.5}},
                  {"file": CM3_SCENE, "updateMethod": "LateUpdate", "defaultBlend": {"style": "Linear"}}),
    ),
    _stage_tool(
        name="cinemachine.set-noise", title="Set a Cinemachine camera's Noise",
        summary="Set a Cinemachine camera's noise profile, amplitude and frequency gain.",
        description=(
            "Edits the camera's Noise component, a CinemachineBasicMultiChannelPerlin (2.x: m_NoiseProfile, "
            "m_AmplitudeGain, m_FrequencyGain, m_PivotOffset on the hidden `cm` child; 3.x: NoiseProfile, "
            "AmplitudeGain, FrequencyGain, PivotOffset on the camera's GameObject). A camera without noise gets a new "
            "Perlin component with the package's defaults (gains 1, no profile) before the settings are written. "
            "noiseProfile takes a package preset by name (written as its fixed GUID, the same in every version), a "
            "project NoiseSettings asset (path or GUID; anything else is refused with E_CINEMACHINE_VALUE_INVALID), "
            "or null. Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_noise:SetNoiseInput",
        handler="unitycli_cinemachine.tools.set_noise:set_noise",
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "noiseProfile": "Handheld_normal_mild",
                   "amplitudeGain": 0.5},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "noiseProfile": "6D Shake", "frequencyGain": 0.8}),
    ),
    _stage_tool(
        name="cinemachine.set-body", title="Set a Cinemachine camera's Body",
        summary="Edit or replace the Body (position) component of a Cinemachine camera.",
        description=(
            "Edits the settings of the camera's Body component (2.x: on the hidden `cm` child holding the "
            "CinemachinePipeline; 3.x: on the camera's GameObject), or with `type` replaces it by another Body class "
            "(or adds one when the camera has none) written with the field values the package gives a new component. "
            + types_note(BODY) + "Settings (each mapped onto the class's own fields; one the "
            "class lacks is refused with E_CINEMACHINE_VALUE_INVALID and the list it has): damping, followOffset, "
            "targetOffset, bindingMode, screenPosition, deadZone, softZone, cameraDistance, shoulderOffset, "
            "verticalArmLength, cameraSide, radius. A replacement keeps the component's place in the GameObject's "
            "m_Component with a fresh fileID; a component another object references (a 3.x input controller's "
            "Owner) is not replaced (E_CINEMACHINE_COMPONENT_REFERENCED). Only the changed lines are rewritten. "
            "Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_body:SetBodyInput",
        handler="unitycli_cinemachine.tools.set_body:set_body",
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "followOffset": [0, 12, -9], "damping": 0.5},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "damping": [0.2, 0.2, 0.2], "radius": 4},
                  {"file": CM2_SCENE, "gameObject": CM2_CAMERA, "type": "CinemachineFramingTransposer",
                   "cameraDistance": 12}),
    ),
    _stage_tool(
        name="cinemachine.set-aim", title="Set a Cinemachine camera's Aim",
        summary="Edit or replace the Aim (rotation) component of a Cinemachine camera.",
        description=(
            "Edits the settings of the camera's Aim component (2.x: on the hidden `cm` child; 3.x: on the camera's "
            "GameObject), or with `type` replaces it by another Aim class (or adds one when the camera has none) "
            "written with the field values the package gives a new component. " + types_note(AIM) +
            "Settings: damping, targetOffset, screenPosition, deadZone, softZone (2.x), each mapped onto the "
            "class's fields; one the class lacks is refused (E_CINEMACHINE_VALUE_INVALID). A replacement keeps the "
            "component's m_Component place with a fresh fileID. Only the changed lines are rewritten. Supports "
            "--dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_aim:SetAimInput",
        handler="unitycli_cinemachine.tools.set_aim:set_aim",
        examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "screenPosition": [0.5, 0.4], "damping": [1, 1]},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "targetOffset": {"y": 1}},
                  {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "type": "CinemachineRotationComposer",
                   "screenPosition": [0, 0.1]}),
    ),
    ToolSpec(
        name="cinemachine.create-camera", title="Create a Cinemachine camera",
        summary="Create a Cinemachine camera from a preset, as the package's menu does.",
        description=(
            "Adds a new camera GameObject written for the project's installed Cinemachine major, as the package's "
            "GameObject/Cinemachine menu creates it. Presets: static (3.x 'Cinemachine Camera'; 2.x a passive "
            "Virtual Camera with an empty pipeline), follow (3.x 'Follow Camera': CinemachineFollow + "
            "RotationComposer, tracking the target; 2.x 'Virtual Camera': Transposer + Composer with Follow and "
            "LookAt set to the target), look-at (3.x has no such menu item: the nearest equivalent, a "
            "CinemachineCamera with a RotationComposer whose LookAt target is the target (CustomLookAtTarget 1); "
            "2.x: a Composer with LookAt), third-person (3.x 'Third Person Aim Camera': ThirdPersonFollow + "
            "ThirdPersonAim, needs the physics module; 2.x: a Cinemachine3rdPersonFollow Body), orbital (3.x "
            "'FreeLook Camera': OrbitalFollow ThreeRing + RotationComposer + InputAxisController + a disabled "
            "FreeLookModifier; 2.x: OrbitalTransposer + Composer on one vcam, not the menu's three-rig FreeLook). Any "
            "other preset is refused with E_CINEMACHINE_PRESET_INVALID. 2.x cameras get the hidden `cm` child "
            "(m_ObjectHideFlags 3 in scenes, 0 in prefabs) holding the CinemachinePipeline and the Body/Aim "
            "components; 3.x components sit on the camera's GameObject. Every component has the field values the "
            "package gives a new one; the lens is copied from the main camera (LensSettings.FromCamera). Headless "
            "differences: the camera sits at its parent's origin (the menu uses the scene view's pivot and FOV), "
            "and a 3.x InputAxisController is written without controllers (Unity creates them with the package's "
            "input defaults when it is enabled). ensureBrain adds a CinemachineBrain to the main camera when the "
            "file has none (E_CINEMACHINE_MAIN_CAMERA_NOT_FOUND without a camera). Only adds lines; new objects get "
            "fresh fileIDs. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.create_camera:CreateCameraInput",
        output_model="unitycli_cinemachine.tools.create_camera:CreateCameraOutput",
        handler="unitycli_cinemachine.tools.create_camera:create_camera",
        read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"file": CM2_SCENE, "preset": "follow", "target": "Virtual Camera Target"},
                  {"file": CM3_SCENE, "preset": "follow", "target": "Ball"},
                  {"file": CM3_SCENE, "preset": "orbital", "target": "Ball", "name": "Orbit Camera"}),
    ),
    ToolSpec(
        name="cinemachine.list-blends", title="List Cinemachine blends",
        summary="A brain's default and custom blends, or a BlenderSettings asset's blends.",
        description=("For a scene or prefab: each CinemachineBrain's default blend (style, time, custom curve key count) "
                     "and its custom blends asset (CinemachineBlenderSettings) with every From → To entry. For a "
                     "CinemachineBlenderSettings .asset: its entries. Both layouts (2.x m_CustomBlends / m_From / "
                     "m_Blend.m_Style, 3.x CustomBlends / From / Blend.Style); `**ANY CAMERA**` is the wildcard name "
                     "(Cinemachine looks up From→To, then ANY→To, then From→ANY). A custom blends asset that is missing "
                     "or unreadable is reported with the reason. Read-only." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.list_blends:ListBlendsInput",
        output_model="unitycli_cinemachine.tools.list_blends:ListBlendsOutput",
        handler="unitycli_cinemachine.tools.list_blends:list_blends",
        examples=({"file": CM2_SCENE}, {"file": CM3_SCENE}),
    ),
    ToolSpec(
        name="cinemachine.set-blend", title="Set a Cinemachine blend",
        summary="Set a brain's default blend, or one From/To blend of a BlenderSettings asset.",
        description=("For a scene or prefab, writes the style and/or time of its CinemachineBrain's default blend "
                     "(2.x m_DefaultBlend.m_Style / m_Time, 3.x DefaultBlend.Style / Time). For a "
                     "CinemachineBlenderSettings .asset, writes the blend of the entry with exactly that From and To "
                     "(camera GameObject names, or **ANY CAMERA**), appending the entry when there is none (with "
                     "EaseInOut and 2 s, the brain's defaults, for whichever of style and time is not given). Styles: Cut, EaseInOut, "
                     "EaseIn, EaseOut, HardIn, HardOut, Linear, Custom (refused while the blend's custom curve has no "
                     "keys). Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.set_blend:SetBlendInput",
        output_model="unitycli_cinemachine.tools.set_blend:SetBlendOutput",
        handler="unitycli_cinemachine.tools.set_blend:set_blend",
        **EDIT_HINTS,
        examples=({"file": CM2_SCENE, "style": "EaseInOut", "time": 0.5},
                  {"file": CM3_SCENE, "gameObject": "MainCamera", "style": "Linear", "time": 0.5}),
    ),
    ToolSpec(
        name="cinemachine.check", title="Check Cinemachine setup",
        summary="Find legacy classes, brainless scenes, broken targets, tied priorities.",
        description=("Checks one scene or prefab, or every one under Assets/ that references a Cinemachine script: "
                     "legacy-class (a Cinemachine 2.x class such as CinemachineVirtualCamera or CinemachineTransposer "
                     "in a 3.x project, where it survives only as deprecated; the 3.x replacement is named), no-brain "
                     "(a scene with Cinemachine cameras and no CinemachineBrain), broken-target (a Follow / LookAt "
                     "reference to an object missing from the file), equal-priority (enabled, active cameras of a scene "
                     "with the same effective priority on the same output channel, outside manager cameras). The same "
                     "findings appear in `unitycli extensions doctor`. Read-only; unreadable files are listed in "
                     "skipped." + EXAMPLE_NOTE),
        input_model="unitycli_cinemachine.tools.check:CheckInput",
        output_model="unitycli_cinemachine.tools.check:CheckOutput",
        handler="unitycli_cinemachine.tools.check:check",
        examples=({"file": CM2_SCENE}, {"file": CM3_SCENE}, {}),
    ),
)
