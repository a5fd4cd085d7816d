"""`cinemachine.set-body`: edit the camera's Body (position control) component, or replace it with another type."""

from __future__ import annotations

from typing import Literal

from unitycli.api import Field
from unitycli_cinemachine import scripts
from unitycli_cinemachine.components import BINDING_MODES
from unitycli_cinemachine.inputs import CM2_CAMERA, CM2_SCENE, CM3_CAMERA, CM3_SCENE, EXAMPLE_NOTE
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, VectorValue, stage_spec, types_note

BindingMode = Literal["LockToTargetOnAssign", "LockToTargetWithWorldUp", "LockToTargetNoRoll", "LockToTarget",
                      "WorldSpace", "LazyFollow", "SimpleFollowWithWorldUp"]


class SetBodyInput(StageEdit):
    damping: VectorValue | None = Field(None, description="Position damping per axis, >= 0" + VECTOR_NOTE)
    follow_offset: VectorValue | None = Field(None, description="Transposer / Follow offset from the target" + VECTOR_NOTE)
    target_offset: VectorValue | None = Field(None, description="Offset of the tracked point (FramingTransposer "
                                              "m_TrackedObjectOffset, 3.x TargetOffset)" + VECTOR_NOTE)
    binding_mode: BindingMode | None = Field(None, description="Transposer / Follow binding mode (" +
                                             ", ".join(BINDING_MODES) + "; SimpleFollowWithWorldUp is 2.x's name)")
    screen_position: VectorValue | None = Field(None, description=(
        "Framing screen position as stored: 2.x m_ScreenX/Y (centre 0.5), 3.x Composition.ScreenPosition "
        "(centre 0)"))
    dead_zone: VectorValue | None = Field(None, description="Dead zone width/height (3.x also enables it)")
    soft_zone: VectorValue | None = Field(None, description="2.x FramingTransposer soft zone width/height")
    camera_distance: float | None = Field(None, description="Framing / third-person camera distance")
    shoulder_offset: VectorValue | None = Field(None, description="Third-person shoulder offset" + VECTOR_NOTE)
    vertical_arm_length: float | None = Field(None, description="Third-person vertical arm length")
    camera_side: float | None = Field(None, ge=0, le=1, description="Third-person camera side, 0 (left) to 1 (right)")
    radius: float | None = Field(None, description="3.x OrbitalFollow sphere radius")


SPEC = stage_spec(
    scripts.BODY, name="cinemachine.set-body", title="Set a Cinemachine camera's Body",
    summary="Edit or replace the Body (position) component of a Cinemachine camera.",
    description=(
        "Edits the settings of the camera's Body component (2.x: on the hidden `cm` child holding the "
        "CinemachinePipeline; 3.x: on the camera's GameObject), or with `type` replaces it by another Body class "
        "(or adds one when the camera has none) written with the field values the package gives a new component. "
        + types_note(scripts.BODY) + "Settings (each mapped onto the class's own fields; one the "
        "class lacks is refused with E_CINEMACHINE_VALUE_INVALID and the list it has): damping, followOffset, "
        "targetOffset, bindingMode, screenPosition, deadZone, softZone, cameraDistance, shoulderOffset, "
        "verticalArmLength, cameraSide, radius. A replacement keeps the component's place in the GameObject's "
        "m_Component with a fresh fileID; a component another object references (a 3.x input controller's "
        "Owner) is not replaced (E_CINEMACHINE_COMPONENT_REFERENCED). Only the changed lines are rewritten. "
        "Supports --dry-run." + EXAMPLE_NOTE),
    input_model=SetBodyInput,
    examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "followOffset": [0, 12, -9], "damping": 0.5},
              {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "damping": [0.2, 0.2, 0.2], "radius": 4},
              {"file": CM2_SCENE, "gameObject": CM2_CAMERA, "type": "CinemachineFramingTransposer",
               "cameraDistance": 12}),
)
