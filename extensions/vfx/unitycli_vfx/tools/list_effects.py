"""`vfx.list-effects`: VisualEffect components in a scene, a prefab or the whole project, with their graphs."""

from __future__ import annotations

from unitycli.api import Field, SkippedFile, ToolContext, ToolInput, ToolOutput, ToolSpec
from unitycli_vfx import effects, graphs, locate
from unitycli_vfx.inputs import BONFIRE_SCENE


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


SPEC = ToolSpec(
    name="vfx.list-effects", title="List VisualEffect components",
    summary="VisualEffect components in a scene, prefab or the project, with their graphs.",
    description=("Lists every VisualEffect component in one scene or prefab (`file`), or in every scene and prefab "
                 "of the project: the GameObject path and fileIDs, whether it is enabled, the graph it plays "
                 "(GUID and project path) and which exposed parameters it overrides. Files that cannot be read are "
                 "listed in `skipped`. Read-only; reports each file's revision. Needs com.unity.visualeffectgraph."),
    input_model=ListEffectsInput, output_model=ListEffectsOutput, handler=list_effects,
    examples=({"file": BONFIRE_SCENE}, {}),
)
