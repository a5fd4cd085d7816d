"""`project.set-quality-settings`: per-level quality values and the current level, by level name.

Each value is typed and placed by the QualitySettings layout of the project's Unity version (`unitycli.typetree`,
`set_field`): a field that version's levels do not have is E_PROPERTY_NOT_FOUND naming the ones they do (2020.3
levels have `textureQuality`, 2022.3 ones `globalTextureMipmapLimit`), a value of the wrong type or range is
E_VALUE_TYPE_MISMATCH / E_VALUE_OUT_OF_RANGE, and a field the layout has but the level lacks is inserted where the
Editor writes it. Staged through `settings_file.stage_edit`, which reads the bytes back before anything is written.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.plugins.scenes.common import REVISION_DESCRIPTION
from unitycli.plugins.settings.quality import level_index
from unitycli.plugins.settings.settings_file import read_settings, stage_edit
from unitycli.plugins.settings.versions import QUALITY
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.typetree import PICK_RULE, pick_version, require_layout
from unitycli.typetree.typed import set_field

LEVELS = "m_QualitySettings"
CURRENT = "m_CurrentQuality"


class QualitySettingsSetInput(ToolInput):
    level: str | int | None = Field(None, description="The quality level to edit: its name (as project.get-quality-"
                                                      "settings lists it) or index")
    settings: dict[str, Any] = Field(default_factory=dict, description="Level fields to set, by their Unity names "
                                     "(pixelLightCount, shadows, shadowDistance, antiAliasing, vSyncCount, lodBias, "
                                     "…), typed by the project's Unity version")
    current_level: str | int | None = Field(None, description="Make this level (name or index) the current one "
                                                              "(m_CurrentQuality)")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class QualitySettingsSetOutput(ToolOutput):
    file: str = QUALITY.path
    revision: str
    level: str | None = Field(description="The level edited")
    changed: list[str] = Field(description="Property paths whose value changed or was inserted")
    inserted: list[str] = Field(description="Fields the level lacked, inserted where the Editor writes them")
    current_level: int | None
    layout_from: str
    rule: str


def set_quality_settings(ctx: ToolContext, request: QualitySettingsSetInput) -> QualitySettingsSetOutput:
    if not request.settings and request.current_level is None:
        raise UnityCliError("E_SCHEMA_INVALID", "give `settings` (with `level`) or `currentLevel`",
                            details={"errors": [{"path": "settings", "message": "nothing to set"}]})
    if request.settings and request.level is None:
        raise UnityCliError("E_SCHEMA_INVALID", "`settings` needs the `level` they belong to",
                            details={"errors": [{"path": "level", "message": "required with settings"}]})
    settings = read_settings(ctx, QUALITY, expected_revision=request.expected_revision)
    picked = pick_version(ctx.unity_version.editor_version)
    layout = require_layout(QUALITY.class_name, picked)
    doc = settings.doc
    levels = doc.get(LEVELS, None)
    if not isinstance(levels, list):
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{QUALITY.path} has no list of quality levels",
                            details={"file": QUALITY.path})
    changed, inserted, intended = [], [], {}
    level_name = None
    if request.level is not None:
        at = level_index(levels, request.level)
        level_name = levels[at].get("name")
        for key, value in request.settings.items():
            path = f"{LEVELS}[{at}].{key}"
            write = set_field(doc, layout, path, value, settings.file)
            if write.inserted:
                inserted.append(path)
            if write.changed:
                changed.append(path)
        intended[LEVELS] = doc.get(LEVELS)
    current = doc.get(CURRENT, None)
    if request.current_level is not None:
        current = level_index(doc.get(LEVELS), request.current_level)
        if set_field(doc, layout, CURRENT, current, settings.file).changed:
            changed.append(CURRENT)
        intended[CURRENT] = current
    revision = stage_edit(ctx, settings, intended) or settings.revision
    return QualitySettingsSetOutput(revision=revision, level=level_name, changed=changed, inserted=inserted,
                                    current_level=current if isinstance(current, int) else None,
                                    layout_from=picked.layout_from, rule=PICK_RULE)
