"""Which render pipeline a project renders with: the current quality level's asset, else GraphicsSettings'.

Unity uses `QualitySettings.m_QualitySettings[m_CurrentQuality].customRenderPipeline` when it is set and falls
back to `GraphicsSettings.m_CustomRenderPipeline` (chicken-defense sets both; minigolf sets only some levels).
The asset's kind comes from its `m_Script` GUID.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from unitycli.toolspec import ToolOutput

URP_ASSET_SCRIPT = "bf2edee5c58d82540a51f03df9d42094"  # UniversalRenderPipelineAsset (URP 14.0.9 … 17.3.0)
HDRP_ASSET_SCRIPT = "0cf1dab834d4ec34195b920ea7bbf9ec"  # HDRenderPipelineAsset (HDRP 14.0.12, 17.0.3, 17.2.0)

Pipeline = Literal["urp", "hdrp", "built-in", "custom", "unknown"]


class RenderPipelineInfo(ToolOutput):
    pipeline: Pipeline
    source: str | None = Field(None, description="which setting chose the asset")
    quality_level: str | None = None
    asset_guid: str | None = None
    asset_path: str | None = None
    reason: str | None = Field(None, description="why the pipeline is unknown, when it is")


def _reference_guid(node) -> str | None:
    from unitycli.unityyaml import Ref

    if isinstance(node, Ref) and node.file_id != 0 and node.guid:
        return node.guid
    return None


def _settings_doc(root: Path, name: str):
    from unitycli.unityyaml import UnityYamlFile

    path = root / "ProjectSettings" / name
    if not path.is_file():
        return None
    return UnityYamlFile.parse(path.read_bytes(), f"ProjectSettings/{name}").documents[0]


def detect_render_pipeline(root: Path, guid_to_path) -> RenderPipelineInfo:
    """`guid_to_path(guid) -> str | None` resolves the asset; the project index provides it."""
    from unitycli.unityyaml import UnityYamlFile

    guid = source = level_name = None
    quality = _settings_doc(root, "QualitySettings.asset")
    if quality is not None:
        current = quality.get("m_CurrentQuality")
        levels = quality.get("m_QualitySettings") or []
        if isinstance(current, int) and 0 <= current < len(levels):
            level = levels[current]
            level_name = level.get("name")
            guid = _reference_guid(level.get("customRenderPipeline"))
            if guid:
                source = f"QualitySettings level {level_name!r} customRenderPipeline"
    if guid is None:
        graphics = _settings_doc(root, "GraphicsSettings.asset")
        if graphics is not None:
            guid = _reference_guid(graphics.get("m_CustomRenderPipeline"))
            source = "GraphicsSettings m_CustomRenderPipeline" if guid else None
    if guid is None:
        return RenderPipelineInfo(pipeline="built-in", quality_level=level_name,
                                  source="no render pipeline asset is set")
    asset_path = guid_to_path(guid)
    info = RenderPipelineInfo(pipeline="unknown", source=source, quality_level=level_name, asset_guid=guid,
                              asset_path=asset_path)
    if asset_path is None:
        info.reason = f"no .meta in the project has guid {guid}"
        return info
    file = root / asset_path
    if not file.is_file():
        info.reason = f"{asset_path} is missing"
        return info
    main = UnityYamlFile.parse(file.read_bytes(), asset_path).find(11400000)
    script = _reference_guid(main.get("m_Script")) if main is not None else None
    info.pipeline = {URP_ASSET_SCRIPT: "urp", HDRP_ASSET_SCRIPT: "hdrp"}.get(script or "", "custom")
    return info
