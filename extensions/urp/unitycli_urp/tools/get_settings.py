"""`urp.get-settings`: the typed subset of a URP asset's settings, and which of them its version has."""

from __future__ import annotations

from typing import Any

from unitycli.api import Document, Field, ToolContext, ToolOutput
from unitycli_urp import ids, pipeline, settings
from unitycli_urp.layout import project_layout


class GetSettingsInput(pipeline.PipelineTarget):
    pass


# The names `settings` holds, declared in the schema (urp.set-settings takes the same), from the settings table.
_SETTING_NAMES: dict[str, Any] = {s.name: {"description": f"{s.key}: {s.description}"} for s in settings.SETTINGS}


class GetSettingsOutput(ToolOutput):
    asset: str
    revision: str
    layout: str
    asset_version: int | None
    settings: dict[str, Any] = Field(description=("Typed settings by name (renderScale, msaa, hdr, shadowDistance, "
                                                  "cascadeCount, …); null when the file lacks the field"),
                                     json_schema_extra={"properties": _SETTING_NAMES})
    unsupported: list[str] = Field(description="Settings this asset's URP version does not have")


def read_settings(doc: Document, layout: str) -> tuple[dict[str, Any], list[str]]:
    values: dict[str, Any] = {}
    unsupported = []
    for s in settings.SETTINGS:
        if layout not in s.layouts:
            unsupported.append(s.name)
            continue
        values[s.name] = s.to_json(doc.get(s.key, None))
    return values, unsupported


def get_settings(ctx: ToolContext, request: GetSettingsInput) -> GetSettingsOutput:
    path = pipeline.resolve_asset(ctx, request)
    loaded = pipeline.open_asset(ctx, path)
    doc = loaded.yaml.get(ids.MAIN_FILE_ID)
    layout = project_layout(ctx)
    values, unsupported = read_settings(doc, layout)
    return GetSettingsOutput(asset=path, revision=loaded.revision, layout=layout,
                             asset_version=doc.get("k_AssetVersion", None), settings=values,
                             unsupported=unsupported)
