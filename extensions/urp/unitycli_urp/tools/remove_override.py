"""`urp.remove-override`: remove an override from a profile (its components entry and its sub-asset)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput
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
