"""`hdrp.get-profile`: one VolumeProfile's overrides and their parameters, with declared ranges."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput
from unitycli_hdrp import profiles


class GetProfileInput(ToolInput):
    profile: str = Field(description=profiles.PROFILE_DESCRIPTION)
    override: str | None = Field(None, description="Only this override; " + profiles.OVERRIDE_DESCRIPTION)


class GetProfileOutput(ToolOutput):
    profile: str
    name: str
    revision: str
    package_version: str | None
    overrides: list[profiles.OverrideOut]
    orphans: list[profiles.OverrideOut] = Field(description="Sub-assets components does not list (never edited)")
    missing: list[int] = Field(description="fileIDs components lists without an object")


def read_profile(ctx: ToolContext, prof: profiles.OpenProfile, only: str | None = None) -> GetProfileOutput:
    listed = [prof.find(only)] if only else prof.model.overrides()
    return GetProfileOutput(
        profile=prof.path, name=prof.model.name, revision=prof.loaded.revision,
        package_version=ctx.package_version("com.unity.render-pipelines.high-definition"),
        overrides=[profiles.describe_override(o) for o in listed],
        orphans=[profiles.describe_override(o) for o in prof.model.orphans()] if not only else [],
        missing=prof.model.missing() if not only else [])


def get_profile(ctx: ToolContext, request: GetProfileInput) -> GetProfileOutput:
    return read_profile(ctx, profiles.OpenProfile(ctx, request.profile), request.override)
