"""`cinemachine.set-aim`: edit the camera's Aim (rotation control) component, or replace it with another type."""

from __future__ import annotations

from unitycli.api import Field
from unitycli_cinemachine import scripts
from unitycli_cinemachine.inputs import CM2_CAMERA, CM2_SCENE, CM3_CAMERA, CM3_SCENE, EXAMPLE_NOTE
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, VectorValue, stage_spec, types_note


class SetAimInput(StageEdit):
    damping: VectorValue | None = Field(None, description=("Aim damping, >= 0: composers horizontal/vertical, "
                                                           "SameAsFollowTarget / RotateWithFollowTarget one number"))
    target_offset: VectorValue | None = Field(None, description=("Offset of the aimed-at point (2.x Composer "
                                              "m_TrackedObjectOffset, 3.x TargetOffset / HardLookAt LookAtOffset)"
                                              + VECTOR_NOTE))
    screen_position: VectorValue | None = Field(None, description=(
        "Composition screen position as stored: 2.x m_ScreenX/Y (centre 0.5), 3.x Composition.ScreenPosition "
        "(centre 0)"))
    dead_zone: VectorValue | None = Field(None, description="Dead zone width/height (3.x also enables it)")
    soft_zone: VectorValue | None = Field(None, description="2.x Composer soft zone width/height")


SPEC = stage_spec(
    scripts.AIM, name="cinemachine.set-aim", title="Set a Cinemachine camera's Aim",
    summary="Edit or replace the Aim (rotation) component of a Cinemachine camera.",
    description=(
        "Edits the settings of the camera's Aim component (2.x: on the hidden `cm` child; 3.x: on the camera's "
        "GameObject), or with `type` replaces it by another Aim class (or adds one when the camera has none) "
        "written with the field values the package gives a new component. " + types_note(scripts.AIM) +
        "Settings: damping, targetOffset, screenPosition, deadZone, softZone (2.x), each mapped onto the "
        "class's fields; one the class lacks is refused (E_CINEMACHINE_VALUE_INVALID). A replacement keeps the "
        "component's m_Component place with a fresh fileID. Only the changed lines are rewritten. Supports "
        "--dry-run." + EXAMPLE_NOTE),
    input_model=SetAimInput,
    examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "screenPosition": [0.5, 0.4], "damping": [1, 1]},
              {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "targetOffset": {"y": 1}},
              {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "type": "CinemachineRotationComposer",
               "screenPosition": [0, 0.1]}),
)
