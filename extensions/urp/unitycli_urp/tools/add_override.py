"""`urp.add-override`: add a volume override to a profile, as the profile inspector's Add Override does."""

from __future__ import annotations

from unitycli.api import (
    Field,
    ProvenFieldsOutput,
    ToolContext,
    VolumeModelError,
    prove_new_override,
)
from unitycli_urp import profiles
from unitycli_urp.errors import volume_error
from unitycli_urp.ids import PACKAGE
from unitycli_urp.layout import class_identifier, project_layout, verified_versions
from unitycli_urp.overrides import addable, specs_for


class AddOverrideInput(profiles.ProfileTarget):
    type: str = Field(description="Override class: Bloom, Vignette, Tonemapping, ColorAdjustments, DepthOfField, …")
    all_overrides_on: bool = Field(False, description=("Tick every parameter's override (VolumeProfile.Add(type, "
                                                       "true)); default off, as the Editor adds it"))
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the profile is at this "
                                                            "revision.")


class AddOverrideOutput(ProvenFieldsOutput):
    profile: str
    override: profiles.OverrideInfo


def add_override(ctx: ToolContext, request: AddOverrideInput) -> AddOverrideOutput:
    layout = project_layout(ctx)
    spec = next((s for s in specs_for(layout) if s.name == request.type and s.parameters), None)
    if spec is None:
        raise volume_error(VolumeModelError(
            "override-unknown", f"{request.type!r} is not a URP {layout} override that can be added",
            details={"type": request.type, "supported": addable(layout)}))
    loaded, profile = profiles.open_profile(ctx, request.profile, for_write=True,
                                            expected_revision=request.expected_revision)
    proven = prove_new_override(ctx, PACKAGE, spec, verified_versions(), loaded.path)
    try:
        added = profile.add_override(proven.spec, class_identifier=class_identifier(ctx, spec.name),
                                     overrides_on=request.all_overrides_on)
    except VolumeModelError as exc:
        raise volume_error(exc) from None
    loaded.save(ctx)
    return AddOverrideOutput(profile=loaded.path, override=profiles.override_info(profile.find(added.file_id)),
                             layout_source=proven.layout_source, omitted_fields=list(proven.omitted))
