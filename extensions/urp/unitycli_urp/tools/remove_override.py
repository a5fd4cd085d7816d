"""`urp.remove-override`: remove an override from a profile (its components entry and its sub-asset)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, ToolSpec
from unitycli_urp import profiles


class RemoveOverrideInput(profiles.ProfileTarget):
    override: str | int = Field(description="Override class (Bloom), m_Name or fileID; orphans are never matched")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the profile is at this "
                                                            "revision.")


class RemoveOverrideOutput(ToolOutput):
    profile: str
    removed: profiles.OverrideInfo
    remaining: list[str]


def remove_override(ctx: ToolContext, request: RemoveOverrideInput) -> RemoveOverrideOutput:
    loaded, profile = profiles.open_profile(ctx, request.profile, for_write=True,
                                            expected_revision=request.expected_revision)
    target = profiles.find_override(profile, request.override)
    info = profiles.override_info(target)
    profile.remove_override(target)
    loaded.save(ctx)
    return RemoveOverrideOutput(profile=loaded.path, removed=info,
                                remaining=[o.class_name for o in profile.overrides()])


SPEC = ToolSpec(
    name="urp.remove-override", title="Remove a volume override",
    summary="Remove an override from a volume profile: components entry and sub-asset.",
    description=("Removes one listed override (by class, m_Name or fileID) from a VolumeProfile: its components "
                 "entry and its sub-asset document, as the Editor's Remove does. Orphans are never matched (use "
                 "urp.get-profile to see them). Supports --dry-run. The example removes the Vignette of "
                 "chicken-defense's SampleSceneProfile."),
    input_model=RemoveOverrideInput, output_model=RemoveOverrideOutput, handler=remove_override,
    read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
    examples=({"profile": "SampleSceneProfile", "override": "Vignette"},),
)
