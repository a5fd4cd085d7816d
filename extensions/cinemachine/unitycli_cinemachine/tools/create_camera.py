"""`cinemachine.create-camera`: a new Cinemachine camera from a preset, as the package's own menu creates it.

What each preset writes (`Editor/Menus/CinemachineMenu.cs`, identical in 2.9.5 … 2.10.7 and in
3.1.1 … 3.1.8-pre.1):

| preset | 3.x (GameObject name: components after CinemachineCamera) | 2.x (CinemachineVirtualCamera; `cm` child) |
|---|---|---|
| static | CinemachineCamera: none ("Cinemachine Camera" item) | Virtual Camera: empty pipeline (CreatePassiveVirtualCamera) |
| follow | CinemachineCamera: Follow, RotationComposer; Tracking = target ("Follow Camera") | Virtual Camera: Composer, Transposer ("Virtual Camera"); Follow = LookAt = target |
| look-at | CinemachineCamera: RotationComposer; LookAt = target, CustomLookAtTarget 1 (no menu item: nearest) | Virtual Camera: Composer; LookAt = target |
| third-person | Third Person Aim Camera: ThirdPersonFollow (0.8/-0.4/0, side 1, arm 1.2, distance 4), ThirdPersonAim; physics module | Virtual Camera: Cinemachine3rdPersonFollow; Follow = target (no menu item) |
| orbital | FreeLook Camera: OrbitalFollow (ThreeRing), RotationComposer, InputAxisController, FreeLookModifier (disabled) | Virtual Camera: OrbitalTransposer, Composer; Follow = LookAt = target (the menu's FreeLook is a 3-rig camera) |

Headless differences from the menu, all stated in the descriptor: the camera is placed at the origin of its parent
(the menu uses the scene view's pivot), and the lens comes from the main camera (LensSettings.FromCamera; the scene
view's FOV is not there to copy). A 3.x InputAxisController is written with no controllers: Unity builds them with
the package's input defaults when the component is enabled (InputAxisControllerBase.OnEnable →
SynchronizeControllers), so no unverified input-action reference is written.
"""

from __future__ import annotations

import math
import re
from typing import Any

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    Document,
    Field,
    Ref,
    SceneModel,
    SceneNode,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    append_component,
    create_gameobject,
    find_gameobject,
    open_scene_file,
    project_editor,
)
from unitycli_cinemachine import components, locate, read, scripts
from unitycli_cinemachine.components import ComponentType, Options, vec2
from unitycli_cinemachine.layout import CM2, CM3
from unitycli_cinemachine.stages import MONO_BEHAVIOUR, ComponentSummary, add_component, options
from unitycli_cinemachine.tools.set_targets import transform_ref

PRESETS = ("follow", "third-person", "orbital", "look-at", "static")
CAMERA_CLASS = 20
VCAM_GUID = "45e653bab7fb20e499bda25e1b646fea"
CMCAMERA_GUID = "f9dfa5b682dcd46bda6128250e975f58"
INPUT_AXIS_CONTROLLER_GUID = "89875cdc57c54474a8a74efd9b2a3b5d"
FREE_LOOK_MODIFIER_GUID = "a076c17fe76165e4f8ed21498b877bf9"
THIRD_PERSON_AIM_GUID = "2588cc5dedbb75e49a44aada63f7b939"
STREAMING_VERSION_CM2 = 20170927


class CreateCameraInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    preset: str = Field(description="follow | third-person | orbital | look-at | static "
                                    "(E_CINEMACHINE_PRESET_INVALID otherwise)")
    target: str | int | None = Field(None, description=(
        GAMEOBJECT_DESCRIPTION + " the camera follows / looks at (its Transform), in the same file; omitted: none"))
    name: str | None = Field(None, description=("Name of the new GameObject; omitted: the menu's name (made unique "
                                                "among its siblings as the Editor does: 'Virtual Camera (1)')"))
    parent: str | int | None = Field(None, description=(GAMEOBJECT_DESCRIPTION + " to create it under; omitted: a "
                                                        "scene root, or a prefab's root GameObject"))
    ensure_brain: bool = Field(False, description=(
        "Add a CinemachineBrain to the main camera (the enabled Camera tagged MainCamera, else the first Camera) "
        "when the file has no brain, as the menu always does"))
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class CreateCameraOutput(ToolOutput):
    file: str
    preset: str
    layout: str = Field(description="cm2 | cm3: the installed Cinemachine major the camera is written for")
    game_object: str = Field(description="Hierarchy path of the new camera GameObject")
    game_object_file_id: int
    file_id: int = Field(description="fileID of the new camera component")
    class_name: str = Field(alias="class")
    pipeline_game_object: str | None = Field(description="2.x: the hidden `cm` child holding the pipeline")
    components: list[ComponentSummary] = Field(description="Every Cinemachine component written, in order")
    follow: str | None
    look_at: str | None
    brain: ComponentSummary | None = Field(description="The CinemachineBrain added by ensureBrain (None: none added)")
    changed_fields: list[str] = Field(description="What was added: GameObjects and components by fileID")
    revision: str


# --- lens from the main camera (LensSettings.FromCamera) --------------------------------------------------------

def _num(doc: Document | None, key: str, default: float) -> float:
    value = doc.get(key, default) if doc is not None else default
    return value if isinstance(value, int | float) and not isinstance(value, bool) else default


def _vec(doc: Document | None, key: str, default: tuple[float, float]) -> Any:
    value = doc.get(key, None) if doc is not None else None
    if isinstance(value, dict) and isinstance(value.get("x"), int | float) and isinstance(value.get("y"), int | float):
        return vec2(value["x"], value["y"])
    return vec2(*default)


def lens_cm2(camera: Document | None, *, focus_distance: bool, hdrp: bool) -> dict[str, Any]:
    lens: dict[str, Any] = {
        "FieldOfView": _num(camera, "field of view", 40), "OrthographicSize": _num(camera, "orthographic size", 10),
        "NearClipPlane": _num(camera, "near clip plane", 0.1), "FarClipPlane": _num(camera, "far clip plane", 5000),
        "Dutch": 0, "ModeOverride": 0, "LensShift": _vec(camera, "m_LensShift", (0, 0)),
        "GateFit": int(_num(camera, "m_GateFitMode", 2))}
    if focus_distance:
        lens["FocusDistance"] = _num(camera, "m_FocusDistance", 10)
    lens["m_SensorSize"] = vec2(1, 1)
    if hdrp:
        lens |= {"Iso": 200, "ShutterSpeed": 0.005, "Aperture": 16, "BladeCount": 5, "Curvature": vec2(2, 11),
                 "BarrelClipping": 0.25, "Anamorphism": 0}
    return lens


def lens_cm3(camera: Document | None) -> dict[str, Any]:
    physical = camera is not None and _num(camera, "m_projectionMatrixMode", 1) == 2
    props: dict[str, Any] = {"GateFit": 2, "SensorSize": vec2(21.946, 16.002), "LensShift": vec2(0, 0),
                             "FocusDistance": 10, "Iso": 200, "ShutterSpeed": 0.005, "Aperture": 16, "BladeCount": 5,
                             "Curvature": vec2(2, 11), "BarrelClipping": 0.25, "Anamorphism": 0}
    fov = _num(camera, "field of view", 40)
    if physical:
        sensor = _vec(camera, "m_SensorSize", (36, 24))
        focal = max(0.01, _num(camera, "m_FocalLength", 50))
        fov = round(math.degrees(2 * math.atan(sensor["y"] / (2 * focal))), 5)
        props |= {"GateFit": int(_num(camera, "m_GateFitMode", 2)), "SensorSize": sensor,
                  "LensShift": _vec(camera, "m_LensShift", (0, 0)), "FocusDistance": _num(camera, "m_FocusDistance", 10),
                  "Iso": _num(camera, "m_Iso", 200), "ShutterSpeed": _num(camera, "m_ShutterSpeed", 0.005),
                  "Aperture": _num(camera, "m_Aperture", 16), "BladeCount": int(_num(camera, "m_BladeCount", 5)),
                  "Curvature": _vec(camera, "m_Curvature", (2, 11)),
                  "BarrelClipping": _num(camera, "m_BarrelClipping", 0.25),
                  "Anamorphism": _num(camera, "m_Anamorphism", 0)}
    return {"FieldOfView": fov, "OrthographicSize": _num(camera, "orthographic size", 10),
            "NearClipPlane": _num(camera, "near clip plane", 0.1), "FarClipPlane": _num(camera, "far clip plane", 5000),
            "Dutch": 0, "ModeOverride": 0, "PhysicalProperties": props}


def _camera_of(model: SceneModel, node: SceneNode) -> Document | None:
    if node.is_instance:
        return None
    for entry in model.file.get(node.file_id).get("m_Component", []) or []:
        ref = entry.get("component") if isinstance(entry, dict) else None
        doc = model.file.find(ref.file_id) if isinstance(ref, Ref) and ref.guid is None else None
        if doc is not None and doc.class_id == CAMERA_CLASS and not doc.stripped:
            return doc
    return None


def main_camera(model: SceneModel) -> tuple[SceneNode, Document] | None:
    """Camera.main (an enabled Camera on an active GameObject tagged MainCamera), else the first active Camera."""
    found = []
    for node in model.walk():
        camera = _camera_of(model, node)
        if camera is None or not read.active_in_hierarchy(node) or _num(camera, "m_Enabled", 1) == 0:
            continue
        found.append((node, camera))
    tagged = [f for f in found if model.file.get(f[0].file_id).get("m_TagString", "") == "MainCamera"]
    candidates = tagged or found
    return candidates[0] if candidates else None


# --- documents --------------------------------------------------------------------------------------------------

def _head(game_object: int, hide: int, guid: str, enabled: bool = True) -> dict[str, Any]:
    return {"m_ObjectHideFlags": hide, "m_CorrespondingSourceObject": Ref(0), "m_PrefabInstance": Ref(0),
            "m_PrefabAsset": Ref(0), "m_GameObject": Ref(game_object), "m_Enabled": 1 if enabled else 0,
            "m_EditorHideFlags": 0, "m_Script": Ref(11500000, guid, 3), "m_Name": "", "m_EditorClassIdentifier": ""}


def _transitions() -> dict[str, Any]:
    return {"m_BlendHint": 0, "m_InheritPosition": 0, "m_OnCameraLive": {"m_PersistentCalls": {"m_Calls": []}}}


def vcam_fields(go: int, follow: Ref, look_at: Ref, lens: dict[str, Any], owner: int) -> dict[str, Any]:
    return {**_head(go, 0, VCAM_GUID), "m_ExcludedPropertiesInInspector": ["m_Script"], "m_LockStageInInspector": "",
            "m_StreamingVersion": STREAMING_VERSION_CM2, "m_Priority": 10, "m_StandbyUpdate": 2, "m_LookAt": look_at,
            "m_Follow": follow, "m_Lens": lens, "m_Transitions": _transitions(), "m_LegacyBlendHint": 0,
            "m_ComponentOwner": Ref(owner)}


def cmcamera_fields(go: int, tracking: Ref, look_at: Ref, custom: int, lens: dict[str, Any],
                    streaming_version: int) -> dict[str, Any]:
    return {**_head(go, 0, CMCAMERA_GUID), "Priority": {"Enabled": 0, "m_Value": 0}, "OutputChannel": 1,
            "StandbyUpdate": 2, "m_StreamingVersion": streaming_version, "m_LegacyPriority": 0,
            "Target": {"TrackingTarget": tracking, "LookAtTarget": look_at, "CustomLookAtTarget": custom},
            "Lens": lens, "BlendHint": 0}


def brain_fields(go: int, layout: str) -> dict[str, Any]:
    head = _head(go, 0, scripts.BRAIN_GUID)
    if layout == CM2:
        event: dict[str, Any] = {"m_PersistentCalls": {"m_Calls": []}}
        return {**head, "m_ShowDebugText": 0, "m_ShowCameraFrustum": 1, "m_IgnoreTimeScale": 0,
                "m_WorldUpOverride": Ref(0), "m_UpdateMethod": 2, "m_BlendUpdateMethod": 1,
                "m_DefaultBlend": components.blend("m_", 1, 2), "m_CustomBlends": Ref(0),
                "m_CameraCutEvent": event, "m_CameraActivatedEvent": dict(event)}
    return {**head, "ShowDebugText": 0, "ShowCameraFrustum": 1, "IgnoreTimeScale": 0, "WorldUpOverride": Ref(0),
            "ChannelMask": -1, "UpdateMethod": 2, "BlendUpdateMethod": 1,
            "LensModeOverride": {"Enabled": 0, "DefaultMode": 2}, "DefaultBlend": components.blend("", 1, 2),
            "CustomBlends": Ref(0)}


def input_axis_controller(inputsystem: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"ScanRecursively": 1, "SuppressInputWhileBlending": 1, "IgnoreTimeScale": 0,
                           "m_ControllerManager": {"Controllers": []}}
    if inputsystem:
        out |= {"PlayerIndex": -1, "AutoEnableInputs": 1}
    return out


# --- presets ----------------------------------------------------------------------------------------------------

def _type(layout: str, stage: str, name: str) -> ComponentType:
    return components.types_for(layout, stage)[name]


# preset -> (default name, stage types in add order, follow?, look-at?)
CM2_PRESETS = {
    "static": ("Virtual Camera", (), False, False),
    "follow": ("Virtual Camera", ((scripts.AIM, "CinemachineComposer"), (scripts.BODY, "CinemachineTransposer")),
               True, True),
    "look-at": ("Virtual Camera", ((scripts.AIM, "CinemachineComposer"),), False, True),
    "third-person": ("Virtual Camera", ((scripts.BODY, "Cinemachine3rdPersonFollow"),), True, False),
    "orbital": ("Virtual Camera", ((scripts.BODY, "CinemachineOrbitalTransposer"),
                                   (scripts.AIM, "CinemachineComposer")), True, True),
}
CM3_PRESETS = {
    "static": "CinemachineCamera", "follow": "CinemachineCamera", "look-at": "CinemachineCamera",
    "third-person": "Third Person Aim Camera", "orbital": "FreeLook Camera",
}


def _unique_name(siblings: list[SceneNode], name: str) -> str:
    taken = {s.name for s in siblings}
    if name not in taken:
        return name
    base = re.sub(r" \(\d+\)$", "", name)
    n = 1
    while f"{base} ({n})" in taken:
        n += 1
    return f"{base} ({n})"


def _major(ctx: ToolContext) -> str:
    version = ctx.package_version("com.unity.cinemachine") or ""
    return CM2 if version.startswith("2.") else CM3


def _streaming_version(ctx: ToolContext) -> int:
    """CM3 kStreamingVersion of the installed package: 20230301 in 3.1.0-3.1.1, 20241001 from 3.1.2."""
    version = ctx.package_version("com.unity.cinemachine") or ""
    return 20230301 if re.match(r"^3\.1\.[01](?![0-9])", version) else 20241001


def create_camera(ctx: ToolContext, request: CreateCameraInput) -> CreateCameraOutput:
    preset = request.preset.strip().lower()
    if preset not in PRESETS:
        raise UnityCliError("E_CINEMACHINE_PRESET_INVALID", f"{request.preset!r} is not a camera preset",
                            details={"preset": request.preset, "presets": list(PRESETS)},
                            next_actions=[])  # details.presets lists them
    layout = _major(ctx)
    opts = options(ctx)
    if layout == CM3 and preset == "third-person" and not opts.physics:
        raise UnityCliError("E_CINEMACHINE_COMPONENT_UNSUPPORTED",
                            "the third-person preset needs the physics module (com.unity.modules.physics): "
                            "Cinemachine has no Third Person Aim Camera without it",
                            details={"type": "CinemachineThirdPersonAim", "stage": "other", "layout": layout,
                                     "supported": []})
    loaded, model = open_scene_file(ctx, request.file, expected_revision=request.expected_revision, for_write=True)
    yaml = loaded.yaml
    is_scene = loaded.path.endswith(".unity")
    parent = find_gameobject(model, request.parent) if request.parent is not None else None
    if parent is None and not is_scene:
        parent = model.roots[0] if len(model.roots) == 1 else None
    target = transform_ref(model, request.target, "target") if request.target is not None else Ref(0)
    brains = locate.brains_in(loaded.path, yaml, model)
    main = main_camera(model)
    if request.ensure_brain and not brains and (main is None or main[0].is_instance):
        raise UnityCliError("E_CINEMACHINE_MAIN_CAMERA_NOT_FOUND",
                            f"{loaded.path} has no Camera GameObject to carry a CinemachineBrain"
                            + (" (the main camera is a prefab instance)" if main is not None else ""),
                            details={"file": loaded.path, "mainCamera": main[0].path if main else None})
    siblings = parent.children if parent is not None else model.roots
    default_name = CM2_PRESETS[preset][0] if layout == CM2 else CM3_PRESETS[preset]
    name = request.name if request.name else _unique_name(siblings, default_name)

    # GameObject and Transform layouts: the type tree of the project's Editor (else of the file's own Transforms)
    picked = project_editor(ctx)
    created = create_gameobject(model, name, parent, picked=picked)
    go_doc = yaml.get(created.game_object)
    node = SceneNode(created.game_object, "gameObject", name, created.transform, parent=parent)
    path = f"{parent.path}/{name}" if parent is not None else name
    camera_doc = main[1] if main is not None else None
    written: list[ComponentSummary] = []
    added = [f"GameObject &{created.game_object}", f"Transform &{created.transform}"]
    pipeline_path = None
    follow = look_at = None
    target_path = None
    if not target.is_null:
        hit = model.node_of_object(target.file_id)
        target_path = hit.path if hit is not None else None

    if layout == CM2:
        _name, stages, uses_follow, uses_look_at = CM2_PRESETS[preset]
        cm = create_gameobject(model, "cm", node, picked=picked)
        hide = 3 if is_scene else 0
        cm_doc = yaml.get(cm.game_object)
        if hide:
            cm_doc.set("m_ObjectHideFlags", hide)
            yaml.get(cm.transform).set("m_ObjectHideFlags", hide)
        lens = lens_cm2(camera_doc, focus_distance=_has_focus_distance(ctx), hdrp=_hdrp(ctx))
        camera_id = append_component(model, created.game_object, MONO_BEHAVIOUR, "MonoBehaviour", vcam_fields(
            created.game_object, target if uses_follow else Ref(0), target if uses_look_at else Ref(0), lens,
            cm.transform))
        class_name = "CinemachineVirtualCamera"
        written.append(ComponentSummary(class_name=class_name, file_id=camera_id, game_object=path))
        pipeline_path = f"{path}/cm"
        pipe_id = append_component(model, cm.game_object, MONO_BEHAVIOUR, "MonoBehaviour",
                                   _head(cm.game_object, hide, scripts.PIPELINE_GUID))
        written.append(ComponentSummary(class_name="CinemachinePipeline", file_id=pipe_id, game_object=pipeline_path))
        for stage, type_name in stages:
            doc = add_component(yaml, cm_doc, _type(CM2, stage, type_name), opts)
            written.append(ComponentSummary(class_name=type_name, file_id=doc.file_id, game_object=pipeline_path))
        added += [f"GameObject &{cm.game_object}", f"Transform &{cm.transform}"]
        follow = target_path if uses_follow else None
        look_at = target_path if uses_look_at else None
    else:
        class_name = "CinemachineCamera"
        tracking = target if preset != "look-at" else Ref(0)
        aim_at = target if preset == "look-at" else Ref(0)
        camera_id = append_component(model, created.game_object, MONO_BEHAVIOUR, "MonoBehaviour", cmcamera_fields(
            created.game_object, tracking, aim_at, 1 if preset == "look-at" else 0, lens_cm3(camera_doc),
            _streaming_version(ctx)))
        written.append(ComponentSummary(class_name=class_name, file_id=camera_id, game_object=path))
        for type_name, fields in _cm3_parts(preset, ctx, opts):
            stage_type = next((t for s in scripts.STAGES for t in components.types_for(CM3, s).values()
                               if t.name == type_name), None)
            if stage_type is not None:
                doc = add_component(yaml, go_doc, stage_type, opts)
                for key, value in fields.items():
                    doc.set(key, value)
            else:
                guid, body, enabled = fields
                doc_id = append_component(model, created.game_object, MONO_BEHAVIOUR, "MonoBehaviour",
                                          {**_head(created.game_object, 0, guid, enabled), **body})
                doc = yaml.get(doc_id)
            written.append(ComponentSummary(class_name=type_name, file_id=doc.file_id, game_object=path))
        follow = target_path if preset != "look-at" else None
        look_at = target_path
    added += [f"{c.class_name} &{c.file_id}" for c in written]

    brain = None
    if request.ensure_brain and not brains and main is not None:
        brain_id = append_component(model, main[0].file_id, MONO_BEHAVIOUR, "MonoBehaviour",
                                    brain_fields(main[0].file_id, layout))
        brain = ComponentSummary(class_name="CinemachineBrain", file_id=brain_id, game_object=main[0].path)
        added.append(f"CinemachineBrain &{brain_id}")
    loaded.save(ctx)
    return CreateCameraOutput(file=loaded.path, preset=preset, layout=layout, game_object=path,
                              game_object_file_id=created.game_object, file_id=camera_id, class_name=class_name,
                              pipeline_game_object=pipeline_path, components=written, follow=follow, look_at=look_at,
                              brain=brain, changed_fields=added,
                              revision=ctx.transaction.revision(loaded.path) or loaded.revision)


def _cm3_parts(preset: str, ctx: ToolContext, opts: Options) -> list[tuple[str, Any]]:
    """(class, field overrides) for stage components, (class, (guid, fields, enabled)) for the others."""
    if preset == "follow":
        return [("CinemachineFollow", {}), ("CinemachineRotationComposer", {})]
    if preset == "look-at":
        return [("CinemachineRotationComposer", {})]
    if preset == "third-person":
        return [("CinemachineThirdPersonFollow", {"ShoulderOffset.x": 0.8, "VerticalArmLength": 1.2,
                                                  "CameraDistance": 4}),
                ("CinemachineThirdPersonAim", (THIRD_PERSON_AIM_GUID, components.third_person_aim(opts), True))]
    if preset == "orbital":
        inputsystem = ctx.package_version("com.unity.inputsystem") is not None
        return [("CinemachineOrbitalFollow", {"OrbitStyle": 1}), ("CinemachineRotationComposer", {}),
                ("CinemachineInputAxisController",
                 (INPUT_AXIS_CONTROLLER_GUID, input_axis_controller(inputsystem), True)),
                ("CinemachineFreeLookModifier",
                 (FREE_LOOK_MODIFIER_GUID, {**components.free_look_modifier(opts),
                                            "references": {"version": 2, "RefIds": []}}, False))]
    return []


def _has_focus_distance(ctx: ToolContext) -> bool:
    """LensSettings.FocusDistance is serialized on Unity 2022.2 and later (CM 2.9.5+)."""
    version = ctx.unity_version
    return (version.major, version.minor) >= (2022, 2)


def _hdrp(ctx: ToolContext) -> bool:
    return ctx.package_version("com.unity.render-pipelines.high-definition") is not None
