"""`cinemachine.set-noise`: edit the camera's Noise (BasicMultiChannelPerlin), adding one when it has none."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_cinemachine import components, scripts
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, StageResult, VectorValue, apply


class SetNoiseInput(StageEdit):
    noise_profile: str | None = Field(None, description=(
        "The NoiseSettings asset: a package preset name (" + ", ".join(components.NOISE_PRESETS) + "), a "
        "project asset path or its GUID; null clears it (the noise then does nothing); omitted: unchanged"))
    amplitude_gain: float | None = Field(None, description="Amplitude gain (1 = the profile as authored)")
    frequency_gain: float | None = Field(None, description="Frequency gain (1 = the profile as authored)")
    pivot_offset: VectorValue | None = Field(None, description="Pivot offset of the rotation noise" + VECTOR_NOTE)


def set_noise(ctx: ToolContext, request: SetNoiseInput) -> StageResult:
    return apply(ctx, request, scripts.NOISE)
