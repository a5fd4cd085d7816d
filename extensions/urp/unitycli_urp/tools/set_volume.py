"""`urp.set-volume`: edit a Volume component in a scene or prefab (global, priority, blend, weight, profile).

Input, checks and output are the core volume model's (`unitycli.api.set_volume`), shared with hdrp.set-volume;
what is URP's own is how a profile name becomes a reference."""

from __future__ import annotations

from unitycli.api import Ref, SetVolumeInput, SetVolumeOutput, ToolContext, parse_meta, set_volume
from unitycli_urp import profiles


def _profile_ref(ctx: ToolContext, name: str) -> Ref:
    target = profiles.resolve_profile(ctx, name)
    profiles.open_profile(ctx, target)  # E_URP_PROFILE_NOT_FOUND unless it is one
    guid = parse_meta(ctx.transaction.read_bytes(target + ".meta"), target + ".meta").guid
    return Ref(11400000, guid, 2)


def set_urp_volume(ctx: ToolContext, request: SetVolumeInput) -> SetVolumeOutput:
    return set_volume(ctx, request, "urp.list-volumes", _profile_ref)
