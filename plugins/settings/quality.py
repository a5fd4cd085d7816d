"""`project.get-quality-settings`: the quality levels of ProjectSettings/QualitySettings.asset, read-only.

QualitySettings 5 holds `m_CurrentQuality`, the `m_QualitySettings` list of levels (each `- serializedVersion:
N` then `name:` and its settings; N is 2, 3 or 4 across the fixtures, see `versions.py`) and
`m_PerPlatformDefaultQuality` (build-target-group name → level index).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.settings.settings_file import read_settings_or_unreadable
from unitycli.plugins.settings.versions import QUALITY
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile
from unitycli.unityyaml import Mapping, Ref, Scalar, Sequence
from unitycli.unityyaml.split import unsupported


class QualityLevel(ToolOutput):
    index: int
    name: str
    serialized_version: int | None
    current: bool = Field(description="The level the Editor uses (m_CurrentQuality).")
    default_for_platforms: list[str] = Field(description="Platforms whose default is this level.")
    render_pipeline: dict[str, Any] | None = Field(
        description="customRenderPipeline reference {fileID, guid, type}; None when the level has none.")
    settings: dict[str, Any] = Field(description="Every other field of the level as written (numbers as numbers).")


class QualitySettingsGetInput(ToolInput):
    level: str | int | None = Field(None, description="Only this quality level: its name or index (as "
                                                      "project.set-quality-settings takes it); every level if left out")


class QualitySettingsGetOutput(ToolOutput):
    file: str = QUALITY.path
    revision: str | None = Field(description="null when the file is unreadable")
    serialized_version: int | None
    layout_verified: bool
    current_level: int | None
    levels: list[QualityLevel]
    per_platform_default: dict[str, int]
    warnings: list[str]
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


def _plain(value: Any) -> Any:
    """JSON-ready values: references become {fileID, guid, type}."""
    if isinstance(value, Ref):
        out: dict[str, Any] = {"fileID": value.file_id}
        if value.guid is not None:
            out.update(guid=value.guid, type=value.type)
        return out
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def level_index(levels: list[Any], wanted: str | int) -> int:
    """The index of the level named or numbered `wanted` among the file's levels (dicts with `name`)."""
    names = [level.get("name") if isinstance(level, dict) else None for level in levels]
    if isinstance(wanted, int) and 0 <= wanted < len(levels):
        return wanted
    if isinstance(wanted, str) and wanted in names:
        return names.index(wanted)
    raise UnityCliError("E_PROPERTY_NOT_FOUND", f"no quality level {wanted!r}; levels: {', '.join(map(str, names))}",
                        details={"level": wanted, "levels": names},
                        next_actions=[tool_command("project.get-quality-settings")])


def get_quality_settings(ctx: ToolContext, request: QualitySettingsGetInput) -> QualitySettingsGetOutput:
    settings, unreadable = read_settings_or_unreadable(ctx, QUALITY)
    if settings is None:
        return QualitySettingsGetOutput(revision=None, serialized_version=None, layout_verified=False,
                                        current_level=None, levels=[], per_platform_default={}, warnings=[],
                                        unreadable=unreadable)
    root = settings.root
    levels_node = root.get("m_QualitySettings")
    if not isinstance(levels_node, Sequence) or not all(isinstance(i, Mapping) for i in levels_node.items):
        raise unsupported("`m_QualitySettings` is not a list of quality levels", settings.path)
    current = root.get("m_CurrentQuality")
    current_level = current.to_python() if current is not None else None
    defaults_node = root.get("m_PerPlatformDefaultQuality")
    defaults = defaults_node.to_python() if isinstance(defaults_node, Mapping) else {}
    defaults = {str(k): v for k, v in defaults.items() if isinstance(v, int)}
    warnings = list(settings.warnings)
    levels = []
    for i, node in enumerate(levels_node.items):
        values = _plain(node.to_python())
        name_node = node.get("name")
        values["name"] = name_node.text if isinstance(name_node, Scalar) else ""
        version = values.pop("serializedVersion", None)
        if version not in QUALITY.item_versions:
            warnings.append(f"quality level {i} has serializedVersion {version}, a layout not verified "
                            f"(verified: {sorted(QUALITY.item_versions)})")
        pipeline = values.pop("customRenderPipeline", None)
        levels.append(QualityLevel(
            index=i, name=str(values.pop("name", "")), serialized_version=version if isinstance(version, int) else None,
            current=i == current_level, default_for_platforms=sorted(p for p, lv in defaults.items() if lv == i),
            render_pipeline=pipeline if isinstance(pipeline, dict) and pipeline.get("fileID") else None,
            settings=values))
    if request.level is not None:
        levels = [levels[level_index([{"name": level.name} for level in levels], request.level)]]
    return QualitySettingsGetOutput(
        revision=settings.revision, serialized_version=settings.serialized_version,
        layout_verified=settings.verified, current_level=current_level if isinstance(current_level, int) else None,
        levels=levels, per_platform_default=defaults, warnings=warnings)
