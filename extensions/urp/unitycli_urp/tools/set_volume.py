"""`urp.set-volume`: edit a Volume component in a scene or prefab (global, priority, blend, weight, profile).

Input, checks and output are the core volume model's (`unitycli.api.set_volume`), shared with hdrp.set-volume;
what is URP's own is how a profile name becomes a reference."""

from __future__ import annotations

from unitycli.api import Ref, SetVolumeInput, SetVolumeOutput, ToolContext, ToolSpec, parse_meta, set_volume
from unitycli_urp import profiles


def _profile_ref(ctx: ToolContext, name: str) -> Ref:
    target = profiles.resolve_profile(ctx, name)
    profiles.open_profile(ctx, target)  # E_URP_PROFILE_NOT_FOUND unless it is one
    guid = parse_meta(ctx.transaction.read_bytes(target + ".meta"), target + ".meta").guid
    return Ref(11400000, guid, 2)


def set_urp_volume(ctx: ToolContext, request: SetVolumeInput) -> SetVolumeOutput:
    return set_volume(ctx, request, "urp.list-volumes", _profile_ref)


SPEC = ToolSpec(
    name="urp.set-volume", title="Edit a Volume component",
    summary="Set a Volume's global flag, priority, blend distance, weight or profile.",
    description=("Edits the Volume component on one GameObject of a scene or prefab: m_IsGlobal, priority, "
                 "blendDistance (≥ 0), weight (0–1), m_Enabled and sharedProfile (a VolumeProfile asset, by path or "
                 "unique name, or none). Values are checked before anything is written (the same checks as "
                 "hdrp.set-volume); only the changed lines are rewritten. Supports --dry-run. The example gives the "
                 "Main Camera volume of chicken-defense's Game scene the MainMenuPost Profile at half weight."),
    input_model=SetVolumeInput, output_model=SetVolumeOutput, handler=set_urp_volume,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Main Camera",
               "weight": 0.5, "profile": "MainMenuPost Profile"},),
)
