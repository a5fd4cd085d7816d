"""`hdrp.add-override`: add an HDRP override to a VolumeProfile with the package defaults."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, ToolSpec, VolumeModelError
from unitycli_hdrp import overrides, profiles
from unitycli_hdrp.tools.set_override import apply_values


class AddOverrideInput(ToolInput):
    profile: str = Field(description=profiles.PROFILE_DESCRIPTION)
    override: str = Field(description="Class name: Exposure, Fog, VisualEnvironment, HDRISky, Bloom, Tonemapping, "
                                      "ColorAdjustments, Vignette, PhysicallyBasedSky or DepthOfField (the last four "
                                      "17.x only)")
    values: dict[str, Any] = Field(default_factory=dict,
                                   description="Parameter values to set at once (their override state is turned on)")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class AddOverrideOutput(ToolOutput):
    profile: str
    override: profiles.OverrideOut
    index: int = Field(description="Position in the profile's components")


def add_override(ctx: ToolContext, request: AddOverrideInput) -> AddOverrideOutput:
    prof = profiles.OpenProfile(ctx, request.profile, for_write=True, expected_revision=request.expected_revision)
    spec = overrides.specs(prof.family).get(request.override)
    if spec is None:
        raise profiles.unverified(prof.family, request.override)
    try:
        ov = prof.model.add_override(spec, class_identifier=profiles.class_identifier(ctx, spec.name))
    except VolumeModelError as exc:
        raise profiles.model_error(exc, prof.path) from None
    profiles.write_extra_keys(ov, prof.family)
    ov = prof.find(ov.file_id)
    apply_values(prof, ov, request.values, {})
    prof.save(ctx)
    ov = prof.find(ov.file_id)
    return AddOverrideOutput(profile=prof.path, override=profiles.describe_override(ov), index=ov.index or 0)


SPEC = ToolSpec(
    name="hdrp.add-override", title="Add an HDRP volume override",
    summary="Add an override (Fog, Exposure, HDRISky, …) to a profile, at package defaults.",
    description=("Adds an override as the Editor's Add Override does: a new hidden sub-asset with the class's "
                 "parameters in serialized order at the package's C# defaults, every override state off, appended "
                 "to components (the shared volume model). Sky components get m_SkyVersion (HDRISky 1, PhysicallyBasedSky 3) and VisualEnvironment "
                 "m_Version as the Editor writes them. Only classes with a layout verified for the project's HDRP "
                 "version are written (E_HDRP_OVERRIDE_UNSUPPORTED otherwise, e.g. Vignette on 14.x); a class the "
                 "profile already lists is E_HDRP_OVERRIDE_EXISTS. `values` are checked against the declared ranges "
                 "before anything is written. Supports --dry-run." + profiles.EXAMPLE_NOTE),
    input_model=AddOverrideInput, output_model=AddOverrideOutput, handler=add_override,
    read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"profile": profiles.SAMPLE_PROFILE, "override": "Bloom", "values": {"intensity": 0.2}},),
)
