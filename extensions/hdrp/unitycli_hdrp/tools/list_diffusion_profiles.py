"""`hdrp.list-diffusion-profiles`: every diffusion profile asset, its values, and whether HDRP uses it."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError
from unitycli_hdrp import defaults, diffusion, ids, project

MAX_LISTED = 15  # DIFFUSION_PROFILE_COUNT 16 minus the neutral slot


class ListDiffusionProfilesInput(ToolInput):
    pass


class DiffusionProfileOut(ToolOutput):
    path: str
    guid: str | None
    name: str
    version: int | None = Field(description="m_Version (2 = SplitScatteringDistance, all known files)")
    values: dict[str, Any] = Field(description="The `profile` struct as stored (keys differ between versions)")
    hash: int | None
    expected_hash: int | None = Field(description="The hash HDRP derives from the asset's GUID")
    hash_matches: bool | None
    in_default_list: bool = Field(description="Listed in the default profile's DiffusionProfileList override")


class ListDiffusionProfilesOutput(ToolOutput):
    default_profile: str | None
    default_list: list[str] | None = Field(description="GUIDs the default profile's DiffusionProfileList holds")
    default_list_limit: int = MAX_LISTED
    profiles: list[DiffusionProfileOut]
    unlisted_guids: list[str] = Field(description="GUIDs in the default list that no profile in the project has")


def _json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value


def list_diffusion_profiles(ctx: ToolContext, request: ListDiffusionProfilesInput) -> ListDiffusionProfilesOutput:
    default_path = defaults.default_profile_path(ctx)
    listed = defaults.diffusion_list(ctx, default_path)
    found = []
    guids = {}
    paths = project.assets_of(ctx, ids.DIFFUSION_PROFILE)
    for path in paths:
        guid = project.guid_of_path(ctx, path)
        guids[path] = guid
    for path in paths:
        try:
            file = project.open_asset(ctx, path, ids.DIFFUSION_PROFILE)
        except UnityCliError:
            continue
        if file is None:
            continue
        guid = guids[path]
        stored = file.doc.get("profile.hash", None)
        expected = diffusion.profile_hash(guid) if guid else None
        values = file.doc.get("profile", None)
        found.append(DiffusionProfileOut(
            path=path, guid=guid, name=str(file.doc.get("m_Name", "")), version=file.doc.get("m_Version", None),
            values=_json(values) if isinstance(values, dict) else {}, hash=stored if isinstance(stored, int) else None,
            expected_hash=expected, hash_matches=(stored == expected) if expected is not None else None,
            in_default_list=bool(listed and guid in listed)))
    known = {p.guid for p in found}
    return ListDiffusionProfilesOutput(default_profile=default_path, default_list=listed, profiles=found,
                                       unlisted_guids=[g for g in (listed or []) if g not in known])
