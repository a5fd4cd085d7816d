"""`cinemachine.set-body`: edit the camera's Body (position control) component, or replace it with another type."""

from __future__ import annotations

from typing import Literal

from unitycli.api import Field, ToolContext
from unitycli_cinemachine import scripts
from unitycli_cinemachine.components import BINDING_MODES
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, StageResult, VectorValue, apply

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


def set_body(ctx: ToolContext, request: SetBodyInput) -> StageResult:
    return apply(ctx, request, scripts.BODY)
