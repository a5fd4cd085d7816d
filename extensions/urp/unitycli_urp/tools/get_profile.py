"""`urp.get-profile`: one volume profile's overrides with every parameter, and its orphans."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput
from unitycli_urp import profiles


class GetProfileInput(profiles.ProfileTarget):
    pass


class GetProfileOutput(ToolOutput):
    profile: str
    name: str
    revision: str
    overrides: list[profiles.OverrideInfo] = Field(description="Listed overrides, in components order")
    orphans: list[profiles.OverrideInfo] = Field(description=("Override sub-assets components does not list: Unity "
                                                              "ignores them; no tool picks or revives them"))
    missing: list[int] = Field(description="components entries with no sub-asset (Unity drops them on load)")


def get_profile(ctx: ToolContext, request: GetProfileInput) -> GetProfileOutput:
    loaded, profile = profiles.open_profile(ctx, request.profile)
    return GetProfileOutput(profile=loaded.path, name=profile.name, revision=loaded.revision,
                            overrides=[profiles.override_info(o) for o in profile.overrides()],
                            orphans=[profiles.override_info(o) for o in profile.orphans()],
                            missing=profile.missing())
