"""`cinemachine.set-aim`: edit the camera's Aim (rotation control) component, or replace it with another type."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_cinemachine import scripts
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, StageResult, VectorValue, apply


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


def set_aim(ctx: ToolContext, request: SetAimInput) -> StageResult:
    return apply(ctx, request, scripts.AIM)
