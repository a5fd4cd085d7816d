"""`cinemachine.set-noise`: edit the camera's Noise (BasicMultiChannelPerlin), adding one when it has none."""

from __future__ import annotations

from unitycli.api import Field
from unitycli_cinemachine import components, scripts
from unitycli_cinemachine.inputs import CM2_CAMERA, CM2_SCENE, CM3_CAMERA, CM3_SCENE, EXAMPLE_NOTE
from unitycli_cinemachine.stages import VECTOR_NOTE, StageEdit, VectorValue, stage_spec


class SetNoiseInput(StageEdit):
    noise_profile: str | None = Field(None, description=(
        "The NoiseSettings asset: a package preset name (" + ", ".join(components.NOISE_PRESETS) + "), a "
        "project asset path or its GUID; null clears it (the noise then does nothing); omitted: unchanged"))
    amplitude_gain: float | None = Field(None, description="Amplitude gain (1 = the profile as authored)")
    frequency_gain: float | None = Field(None, description="Frequency gain (1 = the profile as authored)")
    pivot_offset: VectorValue | None = Field(None, description="Pivot offset of the rotation noise" + VECTOR_NOTE)


SPEC = stage_spec(
    scripts.NOISE, name="cinemachine.set-noise", title="Set a Cinemachine camera's Noise",
    summary="Set a Cinemachine camera's noise profile, amplitude and frequency gain.",
    description=(
        "Edits the camera's Noise component, a CinemachineBasicMultiChannelPerlin (2.x: m_NoiseProfile, "
        "m_AmplitudeGain, m_FrequencyGain, m_PivotOffset on the hidden `cm` child; 3.x: NoiseProfile, "
        "AmplitudeGain, FrequencyGain, PivotOffset on the camera's GameObject). A camera without noise gets a new "
        "Perlin component with the package's defaults (gains 1, no profile) before the settings are written. "
        "noiseProfile takes a package preset by name (written as its fixed GUID, the same in every version), a "
        "project NoiseSettings asset (path or GUID; anything else is refused with E_CINEMACHINE_VALUE_INVALID), "
        "or null. Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
    input_model=SetNoiseInput,
    examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "noiseProfile": "Handheld_normal_mild",
               "amplitudeGain": 0.5},
              {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "noiseProfile": "6D Shake", "frequencyGain": 0.8}),
)
