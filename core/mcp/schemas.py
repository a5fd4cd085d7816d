"""MCP `Tool` entries built from descriptors: schemas, annotations and a description an agent can act on.

The input schema is the tool's own (from its pydantic request model), plus a `dryRun` flag for writers that
support preview; `dryRun` is taken out again before the input is validated, so the tool never sees it. The
output schema describes the whole run result (`tool`, `dryRun`, `output`, effects), with `output` being the
tool's own result schema, because a dry-run's diff is part of what the caller needs to see.
"""

from __future__ import annotations

import copy
from typing import Any

import mcp_types as types

from unitycli.descriptors import ToolDescriptor
from unitycli.runner import RunResult

DRY_RUN_ARG = "dryRun"
DRY_RUN_SCHEMA = {
    "type": "boolean",
    "default": False,
    "description": "Run against staged state and return plannedEffects (unified diffs); write nothing.",
}


def input_schema(descriptor: ToolDescriptor) -> dict[str, Any]:
    """The tool's input schema, with `dryRun` added for tools that can be previewed."""
    schema = copy.deepcopy(descriptor.input_schema)
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    if descriptor.supports_dry_run and not descriptor.read_only_hint:
        schema["properties"][DRY_RUN_ARG] = DRY_RUN_SCHEMA
    return schema


def run_result_schema(output_schema: dict[str, Any] | None) -> dict[str, Any]:
    """RunResult's JSON Schema with `output` narrowed to the tool's own output schema ($defs hoisted)."""
    schema = RunResult.model_json_schema(by_alias=True, mode="serialization")
    if output_schema is None:
        return schema
    inner = copy.deepcopy(output_schema)
    defs = inner.pop("$defs", {})
    if defs:
        schema.setdefault("$defs", {}).update(defs)
    schema["properties"]["output"] = inner
    return schema


def description(descriptor: ToolDescriptor) -> str:
    """Summary, full description, and what an agent must know before calling (availability, dry-run)."""
    parts = [descriptor.summary, "", descriptor.description]
    if descriptor.available is False:
        parts += ["", f"Unavailable for this project ({descriptor.unavailable_code}): {descriptor.unavailable_reason}"]
    if not descriptor.read_only_hint:
        parts += ["", "Writes project files atomically; pass dryRun: true to preview the diff first."
                  if descriptor.supports_dry_run else "Writes project files; cannot be previewed."]
    return "\n".join(parts).strip()


def annotations(descriptor: ToolDescriptor) -> types.ToolAnnotations:
    """The descriptor's risk hints, as the hints they are (clients decide; the server never gates on them)."""
    return types.ToolAnnotations(
        title=descriptor.title,
        read_only_hint=descriptor.read_only_hint,
        destructive_hint=descriptor.destructive_hint,
        idempotent_hint=descriptor.idempotent_hint,
        open_world_hint=False,
    )


def mcp_tool(descriptor: ToolDescriptor, name: str) -> types.Tool:
    return types.Tool(
        name=name,
        title=descriptor.title,
        description=description(descriptor),
        input_schema=input_schema(descriptor),
        output_schema=run_result_schema(descriptor.output_schema),
        annotations=annotations(descriptor),
        _meta={"io.unitycli/tool": descriptor.name, "io.unitycli/group": descriptor.group},
    )
