"""`hdrp.remove-override`: remove an override from a VolumeProfile (its components entry and sub-asset)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput
from unitycli_hdrp import profiles


class RemoveOverrideInput(ToolInput):
    profile: str = Field(description=profiles.PROFILE_DESCRIPTION)
    override: str = Field(description=profiles.OVERRIDE_DESCRIPTION)
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class RemoveOverrideOutput(ToolOutput):
    profile: str
    removed: str
    file_id: int
    remaining: list[str]


def remove_override(ctx: ToolContext, request: RemoveOverrideInput) -> RemoveOverrideOutput:
    prof = profiles.OpenProfile(ctx, request.profile, for_write=True, expected_revision=request.expected_revision)
    ov = prof.find(request.override)
    name = profiles.describe_override(ov).class_name
    prof.model.remove_override(ov)
    prof.save(ctx)
    return RemoveOverrideOutput(profile=prof.path, removed=name, file_id=ov.file_id,
                                remaining=[profiles.describe_override(o).class_name for o in prof.model.overrides()])
