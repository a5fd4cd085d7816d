"""`vfx.set-effect-asset`: make a VisualEffect play another .vfx graph."""

from __future__ import annotations

from unitycli.api import Field, Ref, ToolContext, UnityCliError
from unitycli_vfx import effects, graphs, locate
from unitycli_vfx.inputs import EditTarget


class SetEffectAssetInput(EditTarget):
    graph: str = Field(description="The .vfx to play: project path or unique file name (Clouds, Clouds.vfx)")


class SetEffectAssetOutput(locate.ComponentIds):
    asset: effects.AssetRef
    previous: effects.AssetRef | None
    changed: bool
    stale_entries: list[str] = Field(description="Sheet entries the new graph does not expose (kept, as Unity "
                                                 "keeps them; they no longer apply)")


def set_effect_asset(ctx: ToolContext, request: SetEffectAssetInput) -> SetEffectAssetOutput:
    path = graphs.resolve_graph(ctx, request.graph, (".vfx",))
    graph = graphs.load(ctx, path)
    if not graph.guid:
        raise UnityCliError("E_VFX_GRAPH_NOT_FOUND", f"{path} has no .meta with a GUID, so nothing can reference it",
                            details={"graph": path})
    loaded, site = locate.find_for_edit(ctx, request, locate.VISUAL_EFFECT)
    doc = site.component
    by_guid = graphs.guid_map(ctx)
    previous = effects.asset_ref(doc, by_guid)
    new = Ref(graphs.VISUAL_EFFECT_ASSET_FILE_ID, graph.guid, 3)
    changed = doc.get("m_Asset", None) != new
    if changed:
        doc.set("m_Asset", new)
        loaded.save(ctx)
    leaves = {(p.sheet_type, p.path): p for p in graph.parameters()}
    stale = [e.name for e in effects.entries(doc, leaves) if not e.in_graph]
    return SetEffectAssetOutput(**locate.ComponentIds.of(site), asset=effects.AssetRef(guid=graph.guid, path=path),
                                previous=previous, changed=changed, stale_entries=stale)
