"""`vfx.get-effect`: one VisualEffect: its graph, seed, initial event and every exposed parameter's value."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolOutput, UnityCliError
from unitycli_vfx import effects, graphs, locate
from unitycli_vfx.inputs import Target


class EffectParameter(ToolOutput):
    path: str = Field(description="Sheet entry name (the parameter's path in the graph)")
    real_type: str
    sheet_type: str
    default: Any = Field(None, description="The graph's default")
    value: Any = Field(None, description="The value the effect plays: the override when overridden, else the default")
    overridden: bool
    in_sheet: bool = Field(description="The component has a sheet entry for it (overridden or a cached copy)")


class GetEffectOutput(locate.ComponentIds):
    revision: str
    enabled: bool
    asset: effects.AssetRef | None
    graph_readable: bool = Field(description="The graph was found and read, so parameters are typed")
    initial_event_name: str | None
    initial_event_name_overridden: bool
    start_seed: int
    reset_seed_on_play: bool
    allow_instancing: bool | None = Field(description="None in files that predate the field")
    parameters: list[EffectParameter] = Field(description="Every exposed parameter of the graph with its value here")
    sheet: list[effects.SheetEntry] = Field(description="The property sheet as stored, stale entries included")


def get_effect(ctx: ToolContext, request: Target) -> GetEffectOutput:
    loaded, site = locate.find_site(ctx, request.file, request.game_object, locate.VISUAL_EFFECT)
    doc = site.component
    by_guid = graphs.guid_map(ctx)
    try:
        leaves = effects.graph_of(ctx, site, by_guid).parameters()
        readable = True
    except UnityCliError as exc:
        if exc.code not in ("E_VFX_GRAPH_NOT_FOUND", "E_FILE_FORMAT_UNSUPPORTED", "E_ASSET_LFS_POINTER"):
            raise
        leaves, readable = [], False
    by_key = {(p.sheet_type, p.path): p for p in leaves}
    sheet = effects.entries(doc, by_key)
    stored = {(e.sheet_type, e.name): e for e in sheet}
    parameters = []
    for leaf in leaves:
        entry = stored.get((leaf.sheet_type, leaf.path))
        override = entry if entry is not None and entry.overridden else None
        parameters.append(EffectParameter(path=leaf.path, real_type=leaf.real_type, sheet_type=leaf.sheet_type,
                                          default=leaf.default,
                                          value=override.value if override is not None else leaf.default,
                                          overridden=override is not None, in_sheet=entry is not None))
    instancing = doc.get("m_AllowInstancing", None)
    event = doc.get("m_InitialEventName", None)
    return GetEffectOutput(
        **locate.ComponentIds.of(site), revision=loaded.revision, enabled=doc.get("m_Enabled", 1) == 1,
        asset=effects.asset_ref(doc, by_guid), graph_readable=readable,
        initial_event_name=str(event) if event not in (None, "") else None,
        initial_event_name_overridden=doc.get("m_InitialEventNameOverriden", 0) == 1,
        start_seed=int(doc.get("m_StartSeed", 0) or 0), reset_seed_on_play=doc.get("m_ResetSeedOnPlay", 1) == 1,
        allow_instancing=None if instancing is None else instancing == 1, parameters=parameters, sheet=sheet)
