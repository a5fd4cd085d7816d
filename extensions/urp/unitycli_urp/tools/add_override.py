"""`urp.add-override`: add a volume override to a profile, as the profile inspector's Add Override does."""

from __future__ import annotations

from unitycli.api import (
    Field,
    ProvenFieldsOutput,
    ToolContext,
    ToolSpec,
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


SPEC = ToolSpec(
    name="urp.add-override", title="Add a volume override",
    summary="Add a URP override (Bloom, Vignette, Tonemapping, …) with package defaults.",
    description=("Adds an override sub-asset to a VolumeProfile the way the Editor's Add Override does: a new "
                 "MonoBehaviour (m_ObjectHideFlags 3, m_Name = class, active 1) with a fresh fileID and every "
                 "parameter at the class default of the project's URP version, override states off (or all on), "
                 "appended to components. On a URP version the manifest does not list, only what the project proves "
                 "is written (the class from the package's source on disk or an override of that class in another "
                 "profile; parameters omitted, as Unity fills their defaults on load), named in layoutSource and "
                 "omittedFields; with no proof E_SCRIPT_LAYOUT_UNPROVABLE. One override per class: "
                 "E_URP_OVERRIDE_EXISTS (orphans do not count and are never revived). Unknown classes: E_URP_OVERRIDE_UNKNOWN. Supports --dry-run. The example adds "
                 "Bloom to chicken-defense's MainMenuPost Profile."),
    input_model=AddOverrideInput, output_model=AddOverrideOutput, handler=add_override,
    read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"profile": "MainMenuPost Profile", "type": "Bloom"},),
)
