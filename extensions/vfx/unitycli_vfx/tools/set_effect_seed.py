"""`vfx.set-effect-seed`: a VisualEffect's start seed and whether it is re-rolled on play."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_vfx import locate
from unitycli_vfx.inputs import EditTarget
from unitycli_vfx.values import set_if_changed


class SetEffectSeedInput(EditTarget):
    seed: int | None = Field(None, ge=0, le=2**32 - 1, description="m_StartSeed, an unsigned 32-bit integer")
    reset_seed_on_play: bool | None = Field(None, description="Pick a new random seed on every Play")


class SetEffectSeedOutput(locate.ComponentIds):
    start_seed: int
    reset_seed_on_play: bool
    changed: bool


def set_effect_seed(ctx: ToolContext, request: SetEffectSeedInput) -> SetEffectSeedOutput:
    if request.seed is None and request.reset_seed_on_play is None:
        raise UnityCliError("E_SCHEMA_INVALID", "give seed, resetSeedOnPlay or both", details={"path": "seed"})
    loaded, site = locate.find_for_edit(ctx, request, locate.VISUAL_EFFECT)
    doc = site.component
    changed = False
    if request.seed is not None:
        changed |= set_if_changed(doc, "m_StartSeed", request.seed)
    if request.reset_seed_on_play is not None:
        changed |= set_if_changed(doc, "m_ResetSeedOnPlay", 1 if request.reset_seed_on_play else 0)
    if changed:
        loaded.save(ctx)
    return SetEffectSeedOutput(**locate.ComponentIds.of(site), start_seed=int(doc.get("m_StartSeed")),
                               reset_seed_on_play=doc.get("m_ResetSeedOnPlay") == 1, changed=changed)
