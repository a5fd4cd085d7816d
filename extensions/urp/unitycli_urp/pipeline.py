"""The active URP asset: GraphicsSettings `m_CustomRenderPipeline` (the default) and each quality level's
`customRenderPipeline` (`{fileID: 0}` = use the default); the effective asset is the current level's when it has
one, else the default. Assets are found by GUID through the project index."""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import (
    Field,
    LoadedFile,
    Ref,
    ToolContext,
    ToolInput,
    UnityCliError,
    UnityYamlFile,
    asset_path,
    open_for_read,
    open_path,
)
from unitycli_urp.ids import MAIN_FILE_ID, PIPELINE_ASSET_GUID

GRAPHICS = "ProjectSettings/GraphicsSettings.asset"
QUALITY = "ProjectSettings/QualitySettings.asset"


class PipelineTarget(ToolInput):
    asset: str | None = Field(None, description=("Project path of a URP asset (Assets/Settings/URP-Balanced.asset); "
                                                  "default: the quality level's asset, else the active one"))
    quality_level: str | int | None = Field(None, description=("Quality level name (Balanced) or index whose "
                                                               "asset to use (the GraphicsSettings default when "
                                                               "the level has none)"))


@dataclass
class QualityLevel:
    index: int
    name: str
    pipeline: Ref | None


def _read(ctx: ToolContext, path: str) -> UnityYamlFile:
    return open_for_read(ctx, path).yaml


def script_guid(yaml: UnityYamlFile, file_id: int = MAIN_FILE_ID) -> str | None:
    doc = yaml.find(file_id)
    if doc is None or doc.stripped:
        return None
    script = doc.get("m_Script", None)
    return script.guid if isinstance(script, Ref) else None


def default_pipeline(ctx: ToolContext) -> Ref | None:
    if not ctx.transaction.exists(GRAPHICS):
        return None
    docs = _read(ctx, GRAPHICS).documents
    ref = docs[0].get("m_CustomRenderPipeline", None) if docs else None
    return ref if isinstance(ref, Ref) and not ref.is_null else None


def quality_levels(ctx: ToolContext) -> tuple[list[QualityLevel], int | None]:
    """The quality levels in order, and `m_CurrentQuality`."""
    if not ctx.transaction.exists(QUALITY):
        return [], None
    docs = _read(ctx, QUALITY).documents
    if not docs:
        return [], None
    doc = docs[0]
    levels = []
    for i, entry in enumerate(doc.get("m_QualitySettings", []) or []):
        ref = entry.get("customRenderPipeline") if isinstance(entry, dict) else None
        levels.append(QualityLevel(i, str(entry.get("name", "")) if isinstance(entry, dict) else "",
                                   ref if isinstance(ref, Ref) and not ref.is_null else None))
    current = doc.get("m_CurrentQuality", None)
    return levels, current if isinstance(current, int) else None


def find_level(ctx: ToolContext, spec: str | int) -> QualityLevel:
    levels, _ = quality_levels(ctx)
    text = str(spec).strip()
    hit = [q for q in levels if q.name == text] or [q for q in levels if q.name.lower() == text.lower()]
    if not hit and text.isdigit() and int(text) < len(levels):
        hit = [levels[int(text)]]
    if not hit:
        raise UnityCliError("E_URP_QUALITY_LEVEL_NOT_FOUND", f"no quality level {spec!r}",
                            details={"qualityLevel": spec, "levels": [q.name for q in levels]})
    return hit[0]


def ref_path(ctx: ToolContext, ref: Ref | None) -> str | None:
    return asset_path(ctx, ref.guid) if ref is not None else None


def is_urp_asset(ctx: ToolContext, path: str | None) -> bool:
    if not path or not path.endswith(".asset") or not ctx.transaction.exists(path):
        return False
    try:
        return script_guid(_read(ctx, path)) == PIPELINE_ASSET_GUID
    except UnityCliError:
        return False


def resolve_asset(ctx: ToolContext, target: PipelineTarget) -> str:
    """The URP asset a request names: `asset`, else `qualityLevel`'s (or the default for it), else the active one."""
    if target.asset:
        path = target.asset.replace("\\", "/").strip()
        if not is_urp_asset(ctx, path):
            raise UnityCliError("E_URP_PIPELINE_NOT_FOUND", f"{path} is not a URP asset (UniversalRenderPipelineAsset)",
                                details={"asset": path})
        return path
    default = default_pipeline(ctx)
    if target.quality_level is not None:
        level = find_level(ctx, target.quality_level)
        ref, where = (level.pipeline, f"quality level {level.name!r}") if level.pipeline else (
            default, f"GraphicsSettings (quality level {level.name!r} has none)")
    else:
        levels, current = quality_levels(ctx)
        active = levels[current] if current is not None and 0 <= current < len(levels) else None
        if active is not None and active.pipeline is not None:
            ref, where = active.pipeline, f"current quality level {active.name!r}"
        else:
            ref, where = default, "GraphicsSettings" + (f" (current quality level {active.name!r} has none)"
                                                        if active is not None else "")
    found = ref_path(ctx, ref)
    if found is None or not is_urp_asset(ctx, found):
        raise UnityCliError("E_URP_PIPELINE_NOT_FOUND", f"{where} assigns no URP asset",
                            details={"source": where, "guid": ref.guid if ref else None, "path": found})
    return found


def open_asset(ctx: ToolContext, path: str, *, for_write: bool = False, expected_revision: str | None = None) -> LoadedFile:
    return open_path(ctx, path, for_write=for_write, expected_revision=expected_revision)


def renderer_refs(yaml: UnityYamlFile) -> tuple[list[Ref], int]:
    doc = yaml.get(MAIN_FILE_ID)
    refs = [r for r in (doc.get("m_RendererDataList", []) or []) if isinstance(r, Ref)]
    return refs, int(doc.get("m_DefaultRendererIndex", 0) or 0)
