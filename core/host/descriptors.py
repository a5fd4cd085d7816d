"""Tool descriptors: everything an agent needs to find, understand and call a tool, as plain data."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.host.availability import Availability, PackageRequirement
from unitycli.host.owners import ToolOwner
from unitycli.host.registry import RegisteredTool
from unitycli.next_actions import render


class ToolDescriptor(BaseModel):
    # Built on first use: a `tools run` imports this module but never describes a tool.
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)

    name: str
    mcp_name: str
    title: str
    group: str
    summary: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]
    read_only_hint: bool
    destructive_hint: bool
    idempotent_hint: bool
    supports_dry_run: bool
    permissions: list[str]
    target: str
    examples: list[dict[str, Any]] = Field(default_factory=list)
    requires_packages: list[PackageRequirement] = Field(default_factory=list)
    available: bool | None = None
    unavailable_code: str | None = None
    unavailable_reason: str | None = None
    next_actions: list[str] | None = None  # commands an agent can run, as lines
    manual_steps: list[str] | None = None  # what only a person can do (the Unity Editor, a file), in words
    profile_verified: bool | None = None
    # For a tool that needs Unity packages, on the selected project: read | edit | create, and what lets it run
    # here (or would): a verified manifest version, the package source on disk, the file's own layout, any version.
    operation: str | None = None
    verified_by: str | None = None
    owner: ToolOwner


def input_schema(tool: RegisteredTool) -> dict[str, Any]:
    return tool.spec.input_schema()


def output_schema(tool: RegisteredTool) -> dict[str, Any]:
    return tool.spec.output_schema()


def describe(tool: RegisteredTool, availability: Availability | None) -> ToolDescriptor:
    """The descriptor of one tool; availability fields stay `null` when no project is selected."""
    spec = tool.spec
    descriptor = ToolDescriptor(
        name=spec.name,
        mcp_name=spec.mcp_name,
        title=spec.title,
        group=spec.group,
        summary=spec.summary,
        description=spec.description,
        input_schema=input_schema(tool),
        output_schema=output_schema(tool),
        read_only_hint=spec.read_only,
        destructive_hint=spec.destructive,
        idempotent_hint=spec.idempotent,
        supports_dry_run=spec.supports_dry_run,
        permissions=list(spec.permissions),
        target=spec.target,
        examples=list(spec.examples),
        owner=tool.owner,
    )
    if availability is not None:
        descriptor.requires_packages = availability.requires_packages
        descriptor.available = availability.available
        descriptor.unavailable_code = availability.code
        descriptor.unavailable_reason = availability.unavailable_reason
        descriptor.next_actions = [render(action) for action in availability.next_actions]
        descriptor.manual_steps = list(availability.manual_steps)
        descriptor.profile_verified = availability.profile_verified
        descriptor.operation = availability.operation
        descriptor.verified_by = availability.verified_by
    return descriptor
