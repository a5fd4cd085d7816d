"""`urp.list-profiles`: every VolumeProfile asset, its overrides, orphans, and where URP uses it."""

from __future__ import annotations

from unitycli.api import (
    Field,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    find_volumes,
    parse_meta,
    profile_paths,
)
from unitycli_urp import ids, pipeline, profiles


class ListProfilesInput(ToolInput):
    pass


class ProfileSummary(ToolOutput):
    path: str
    name: str
    overrides: list[str] = Field(description="Override classes in components order")
    orphans: int = Field(description="Override sub-assets components does not list (Unity ignores them)")
    missing: int = Field(description="components entries with no sub-asset")
    used_by_volumes: int = Field(description="Volume components in scenes/prefabs whose sharedProfile is this")
    used_by_pipeline: list[str] = Field(description="URP assets whose m_VolumeProfile (17.x) is this")


class SkippedProfile(ToolOutput):
    path: str
    code: str
    reason: str


class ListProfilesOutput(ToolOutput):
    profiles: list[ProfileSummary]
    skipped: list[SkippedProfile]


def list_profiles(ctx: ToolContext, request: ListProfilesInput) -> ListProfilesOutput:
    volumes, _ = find_volumes(ctx)
    users: dict[str, int] = {}
    for v in volumes:
        if v.profile is not None and v.profile.guid:
            users[v.profile.guid] = users.get(v.profile.guid, 0) + 1
    pipeline_users: dict[str, list[str]] = {}
    out = pipeline.quality_levels(ctx)[0]
    asset_paths = {pipeline.ref_path(ctx, r) for r in [pipeline.default_pipeline(ctx), *[q.pipeline for q in out]]}
    for asset in sorted(p for p in asset_paths if p is not None and pipeline.is_urp_asset(ctx, p)):
        ref = pipeline.open_asset(ctx, asset).yaml.get(ids.MAIN_FILE_ID).get("m_VolumeProfile", None)
        if ref is not None and getattr(ref, "guid", None):
            pipeline_users.setdefault(ref.guid, []).append(asset)
    found, skipped = [], []
    for path in profile_paths(ctx):
        try:
            loaded, profile = profiles.open_profile(ctx, path)
        except UnityCliError as exc:
            skipped.append(SkippedProfile(path=path, code=exc.code, reason=exc.message))
            continue
        meta = path + ".meta"
        guid = parse_meta(ctx.transaction.read_bytes(meta), meta).guid if ctx.transaction.exists(meta) else ""
        found.append(ProfileSummary(path=path, name=profile.name, overrides=[o.class_name for o in profile.overrides()],
                                    orphans=len(profile.orphans()), missing=len(profile.missing()),
                                    used_by_volumes=users.get(guid, 0), used_by_pipeline=pipeline_users.get(guid, [])))
    return ListProfilesOutput(profiles=found, skipped=skipped)
