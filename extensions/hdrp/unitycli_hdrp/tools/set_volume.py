"""`hdrp.set-volume`: change a Volume component's mode, priority, blend distance, weight or profile.

Input, checks and output are the core volume model's (`unitycli.api.set_volume`), shared with urp.set-volume;
what is HDRP's own is how a profile name becomes a reference."""

from __future__ import annotations

from unitycli.api import (
    Ref,
    SetVolumeInput,
    SetVolumeOutput,
    ToolContext,
    UnityCliError,
    set_volume,
)
from unitycli_hdrp import ids, profiles, project


def _profile_ref(ctx: ToolContext, name: str) -> Ref:
    target = profiles.resolve(ctx, name)
    guid = project.guid_of_path(ctx, target)
    if not guid:
        raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", f"{target} has no .meta GUID, so it cannot be referenced",
                            details={"profile": target})
    return Ref(ids.MAIN_FILE_ID, guid, 2)


def set_hdrp_volume(ctx: ToolContext, request: SetVolumeInput) -> SetVolumeOutput:
    return set_volume(ctx, request, "hdrp.list-volumes", _profile_ref)
