"""`urp.get-profile`: one volume profile's overrides with every parameter, and its orphans."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolOutput, ToolSpec
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


SPEC = ToolSpec(
    name="urp.get-profile", title="Get a volume profile",
    summary="A volume profile's overrides, every parameter (override state, value), orphans.",
    description=("Reads one VolumeProfile asset (" + profiles.PROFILE_DESCRIPTION + "): each override listed in "
                 "components, in order, with its class, active flag and every {m_OverrideState, m_Value} parameter "
                 "(references as {fileID, guid, type}); parameters of the class the file lacks (written by an older "
                 "package) are named in missingParameters. Orphan sub-assets are reported apart and never merged. "
                 "Read-only; reports the revision for expectedRevision."),
    input_model=GetProfileInput, output_model=GetProfileOutput, handler=get_profile,
    examples=({"profile": "Assets/Settings/SampleSceneProfile.asset"}, {"profile": "Main Camera Profile"}),
)
