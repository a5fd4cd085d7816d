"""`hdrp.list-profiles`: every VolumeProfile asset with its overrides, and which one is HDRP's default."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError, profile_paths
from unitycli_hdrp import defaults, profiles


class ListProfilesInput(ToolInput):
    pass


class ProfileSummary(ToolOutput):
    path: str
    name: str
    overrides: list[str] = Field(description="Class names of the listed overrides, in components order")
    orphans: int = Field(description="Override sub-assets components does not list (Unity ignores them)")
    missing: int = Field(description="components entries with no object in the file")
    is_default: bool = Field(description="The default profile the HDRP global settings name")


class UnreadableProfile(ToolOutput):
    path: str
    code: str
    message: str


class ListProfilesOutput(ToolOutput):
    default_profile: str | None
    profiles: list[ProfileSummary]
    unreadable: list[UnreadableProfile]


def list_profiles(ctx: ToolContext, request: ListProfilesInput) -> ListProfilesOutput:
    default = defaults.default_profile_path(ctx)
    found, unreadable = [], []
    for path in profile_paths(ctx):
        try:
            prof = profiles.OpenProfile(ctx, path)
        except UnityCliError as exc:
            unreadable.append(UnreadableProfile(path=path, code=exc.code, message=exc.message))
            continue
        found.append(ProfileSummary(
            path=path, name=prof.model.name,
            overrides=[profiles.describe_override(o).class_name for o in prof.model.overrides()],
            orphans=len(prof.model.orphans()), missing=len(prof.model.missing()), is_default=path == default))
    return ListProfilesOutput(default_profile=default, profiles=found, unreadable=unreadable)
