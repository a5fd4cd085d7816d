"""`vfx.list-effects`: VisualEffect components in a scene, a prefab or the whole project, with their graphs."""

from __future__ import annotations

from unitycli.api import Field, SkippedFile, ToolContext, ToolInput, ToolOutput
from unitycli_vfx import effects, graphs, locate


class ListEffectsInput(ToolInput):
    file: str | None = Field(None, description="Scene or prefab to list; omitted: every scene and prefab under "
                                               "Assets/ and Packages/.")


class EffectSummary(locate.ComponentIds):
    enabled: bool
    asset: effects.AssetRef | None = Field(description="The graph the effect plays (None when m_Asset is empty)")
    overridden: list[str] = Field(description="Sheet entries with m_Overridden: 1")
    entry_count: int = Field(description="Entries in the property sheet (overridden or cached)")


class ListEffectsOutput(ToolOutput):
    effects: list[EffectSummary]
    revisions: dict[str, str] = Field(description="Revision of each file read, for expectedRevision")
    skipped: list[SkippedFile] = Field(description="Files that may hold effects but could not be read "
                                                          "(Git LFS pointer, unsupported format), with the error")


def list_effects(ctx: ToolContext, request: ListEffectsInput) -> ListEffectsOutput:
    sites, revisions, skipped = locate.scan(ctx, (locate.VISUAL_EFFECT,), request.file)
    by_guid = graphs.guid_map(ctx) if sites else {}
    out = []
    for site in sites:
        doc = site.component
        sheet = effects.entries(doc)
        out.append(EffectSummary(**locate.ComponentIds.of(site), enabled=doc.get("m_Enabled", 1) == 1,
                                 asset=effects.asset_ref(doc, by_guid),
                                 overridden=[e.name for e in sheet if e.overridden], entry_count=len(sheet)))
    return ListEffectsOutput(effects=out, revisions=revisions, skipped=skipped)
