"""`hdrp.add-override`: add an HDRP override to a VolumeProfile with the package defaults."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    ProvenFieldsOutput,
    ToolContext,
    ToolInput,
    UnityCliError,
    VolumeModelError,
    packaged_versions,
    prove_new_override,
    tool_command,
)
from unitycli_hdrp import ids, overrides, profiles
from unitycli_hdrp.tools.set_override import apply_values


class AddOverrideInput(ToolInput):
    profile: str = Field(description=profiles.PROFILE_DESCRIPTION)
    override: str = Field(description="Class name: Exposure, Fog, VisualEnvironment, HDRISky, Bloom, Tonemapping, "
                                      "ColorAdjustments, Vignette, PhysicallyBasedSky or DepthOfField (the last four "
                                      "17.x only)")
    values: dict[str, Any] = Field(default_factory=dict,
                                   description="Parameter values to set at once (their override state is turned on)")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class AddOverrideOutput(ProvenFieldsOutput):
    profile: str
    override: profiles.OverrideOut
    index: int = Field(description="Position in the profile's components")


def add_override(ctx: ToolContext, request: AddOverrideInput) -> AddOverrideOutput:
    prof = profiles.OpenProfile(ctx, request.profile, for_write=True, expected_revision=request.expected_revision)
    spec = overrides.specs(prof.family).get(request.override)
    if spec is None:
        raise profiles.unverified(prof.family, request.override)
    proven = prove_new_override(ctx, ids.PACKAGE, spec, packaged_versions("unitycli_hdrp", ids.PACKAGE), prof.path)
    verified = proven.spec is spec
    omitted = list(proven.omitted)
    if not verified:
        if request.values:
            raise UnityCliError(
                "E_SCRIPT_LAYOUT_UNPROVABLE",
                f"{spec.name} is added without its parameters on this HDRP version ({proven.layout_source} proves the "
                "class, not their defaults), so `values` have nothing to set; nothing was written",
                details={"override": spec.name, "layoutSource": proven.layout_source, "values": sorted(request.values)},
                next_actions=[tool_command("hdrp.add-override", {"profile": request.profile, "override": spec.name},
                                           project=ctx.project.root)])
        omitted += [f"{key}: not proven at this version; Unity gives it the class default on load"
                    for key, _, _ in overrides.EXTRA_KEYS.get((spec.name, prof.family), ())]
    try:
        ov = prof.model.add_override(proven.spec, class_identifier=profiles.class_identifier(ctx, spec.name))
    except VolumeModelError as exc:
        raise profiles.model_error(exc, prof.path) from None
    if verified:
        profiles.write_extra_keys(ov, prof.family)
    ov = prof.find(ov.file_id)
    apply_values(prof, ov, request.values, {})
    prof.save(ctx)
    ov = prof.find(ov.file_id)
    return AddOverrideOutput(profile=prof.path, override=profiles.describe_override(ov), index=ov.index or 0,
                             layout_source=proven.layout_source, omitted_fields=omitted)
