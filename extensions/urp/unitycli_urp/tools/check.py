"""`urp.check`: what would surprise Unity or a person in the project's URP setup, as one report."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError, profile_paths
from unitycli_urp import features, ids, pipeline, profiles
from unitycli_urp.layout import project_layout

ASSET_VERSION = {"14": 11, "17.0": 12, "17.2": 12}


class CheckInput(ToolInput):
    pass


class Finding(ToolOutput):
    check: str
    status: str = Field(description="pass, warn or fail")
    message: str
    file: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class CheckOutput(ToolOutput):
    ok: bool = Field(description="No finding failed")
    counts: dict[str, int]
    findings: list[Finding]


def check(ctx: ToolContext, request: CheckInput) -> CheckOutput:
    found: list[Finding] = []

    def add(check_id: str, status: str, message: str, file: str | None = None, **details: Any) -> None:
        found.append(Finding(check=check_id, status=status, message=message, file=file, details=details))

    layout = project_layout(ctx)
    levels, current = pipeline.quality_levels(ctx)
    default = pipeline.default_pipeline(ctx)
    slots = [("GraphicsSettings", default)] + [(f"quality level {q.name!r}", q.pipeline) for q in levels]
    assets: list[str] = []
    for where, ref in slots:
        if ref is None:
            continue
        path = pipeline.ref_path(ctx, ref)
        if path is None or not pipeline.is_urp_asset(ctx, path):
            add("pipeline.assigned", "fail", f"{where} assigns {ref.guid}, which is not a URP asset in the project",
                path, guid=ref.guid)
        elif path not in assets:
            assets.append(path)
    try:
        active = pipeline.resolve_asset(ctx, pipeline.PipelineTarget())
        add("pipeline.active", "pass", f"{active} renders at the current quality level", active)
    except UnityCliError as exc:
        add("pipeline.active", "fail", exc.message, None, current=current)
    renderers: list[str] = []
    for asset in assets:
        yaml = pipeline.open_asset(ctx, asset).yaml
        version = yaml.get(ids.MAIN_FILE_ID).get("k_AssetVersion", None)
        if isinstance(version, int) and version < ASSET_VERSION[layout]:
            add("asset.version", "warn", f"k_AssetVersion {version} < {ASSET_VERSION[layout]}: Unity upgrades and "
                "rewrites it on its next save", asset, assetVersion=version)
        refs, default_index = pipeline.renderer_refs(yaml)
        if not 0 <= default_index < len(refs):
            add("asset.default-renderer", "fail", f"m_DefaultRendererIndex {default_index} is outside the "
                f"{len(refs)} renderers", asset)
        for i, ref in enumerate(refs):
            rpath = pipeline.ref_path(ctx, ref)
            if rpath is None or not ctx.transaction.exists(rpath):
                add("asset.renderer", "fail", f"renderer {i} ({ref.guid}) does not resolve to an asset", asset,
                    index=i, guid=ref.guid)
            elif rpath not in renderers:
                renderers.append(rpath)
    for rpath in renderers:
        try:
            renderer = features.Renderer(pipeline.open_asset(ctx, rpath))
            listed = renderer.features()
        except UnityCliError as exc:
            add("renderer.readable", "fail", exc.message, rpath)
            continue
        if renderer.map_ids() != renderer.ids():
            add("renderer.feature-map", "warn", "m_RendererFeatureMap is out of step with m_RendererFeatures "
                "(any urp feature write rewrites it)", rpath)
        for f in listed:
            if f.missing:
                add("renderer.feature-missing", "fail", f"feature {f.index} (&{f.file_id}) has no sub-asset", rpath)
            elif f.type is None:
                add("renderer.feature-unknown", "warn", f"feature {f.name!r} uses a script URP does not ship "
                    f"({f.script_guid})", rpath, fileID=f.file_id)
    for ppath in profile_paths(ctx):
        try:
            _, profile = profiles.open_profile(ctx, ppath)
        except UnityCliError as exc:
            add("profile.readable", "fail", exc.message, ppath)
            continue
        if profile.orphans():
            add("profile.orphans", "warn", f"{len(profile.orphans())} override sub-asset(s) components does not "
                "list (Unity ignores them)", ppath, fileIDs=[o.file_id for o in profile.orphans()])
        if profile.missing():
            add("profile.missing", "warn", "components lists fileIDs with no sub-asset (dropped on load)", ppath,
                fileIDs=profile.missing())
    counts = {s: sum(f.status == s for f in found) for s in ("pass", "warn", "fail")}
    return CheckOutput(ok=counts["fail"] == 0, counts=counts, findings=found)
