"""`hdrp.set-volume`: change a Volume component's mode, priority, blend distance, weight or profile.

Input, checks and output are the core volume model's (`unitycli.api.set_volume`), shared with urp.set-volume;
what is HDRP's own is how a profile name becomes a reference."""

from __future__ import annotations

from unitycli.api import (
    Ref,
    SetVolumeInput,
    SetVolumeOutput,
    ToolContext,
    ToolSpec,
    UnityCliError,
    set_volume,
)
from unitycli_hdrp import ids, profiles, project
from unitycli_hdrp.tools.list_volumes import SAMPLE_SCENE, SAMPLE_VOLUME


def _profile_ref(ctx: ToolContext, name: str) -> Ref:
    target = profiles.resolve(ctx, name)
    guid = project.guid_of_path(ctx, target)
    if not guid:
        raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", f"{target} has no .meta GUID, so it cannot be referenced",
                            details={"profile": target})
    return Ref(ids.MAIN_FILE_ID, guid, 2)


def set_hdrp_volume(ctx: ToolContext, request: SetVolumeInput) -> SetVolumeOutput:
    return set_volume(ctx, request, "hdrp.list-volumes", _profile_ref)


SPEC = ToolSpec(
    name="hdrp.set-volume", title="Set a Volume component",
    summary="Change a Volume's mode, priority, blend distance, weight or profile.",
    description=("Rewrites the named fields of a Volume component in a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0 … 1), m_Enabled and sharedProfile (a VolumeProfile by path or name, "
                 "or none). Values are checked before anything is written (the same checks as urp.set-volume); "
                 "only those lines change. Supports --dry-run. The example runs on the "
                 "VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_hdrp_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_VOLUME, "priority": 1, "weight": 0.5},),
)
