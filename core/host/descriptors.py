"""Tool descriptors: everything an agent needs to find, understand and call a tool, as plain data.

A `ToolHead` holds one tool's descriptor facts unread: each is read from the spec or the project's availability
when asked, and the JSON Schemas, which import the tool's model module and cost most of a descriptor, only when
read. `tools group|search` read names and words, the MCP list adds input schemas, `tools describe` reads them all
(`ToolHead.describe()`, the wire model `ToolDescriptor`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.host.availability import Availability, PackageRequirement
from unitycli.host.owners import ToolOwner
from unitycli.host.registry import RegisteredTool
from unitycli.next_actions import render

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.toolspec import ToolSpec


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


@dataclass(frozen=True, eq=False)
class ToolHead:
    """One tool's descriptor facts, each read from its spec or its availability when asked, under the descriptor's
    own names; `describe()` asks for every field and returns the wire model.

    The schemas are the dear part: each imports the tool's model module (and so its handler's) and runs pydantic's
    generator, so they are built on first read and kept. A listing that never reads them costs names and words; the
    MCP list reads input schemas only (its entries carry no output schema).
    """

    tool: RegisteredTool
    availability: Availability | None  # None when no project is selected
    requirements: list[PackageRequirement] = field(default_factory=list)  # what it needs, known without a project

    @property
    def spec(self) -> ToolSpec[Any, Any]:
        return self.tool.spec

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def mcp_name(self) -> str:
        return self.spec.mcp_name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def group(self) -> str:
        return self.spec.group

    @property
    def summary(self) -> str:
        return self.spec.summary

    @property
    def description(self) -> str:
        return self.spec.description

    @cached_property
    def input_schema(self) -> dict[str, Any]:
        """`ToolSpecError` when the model cannot be imported or has no JSON Schema (not cached: asked again, it
        fails again)."""
        return self.spec.input_schema()

    @cached_property
    def output_schema(self) -> dict[str, Any]:
        return self.spec.output_schema()

    @property
    def read_only_hint(self) -> bool:
        return self.spec.read_only

    @property
    def destructive_hint(self) -> bool:
        return self.spec.destructive

    @property
    def idempotent_hint(self) -> bool:
        return self.spec.idempotent

    @property
    def supports_dry_run(self) -> bool:
        return self.spec.supports_dry_run

    @property
    def permissions(self) -> list[str]:
        return list(self.spec.permissions)

    @property
    def target(self) -> str:
        return self.spec.target

    @property
    def examples(self) -> list[dict[str, Any]]:
        return list(self.spec.examples)

    @property
    def requires_packages(self) -> list[PackageRequirement]:
        return self.requirements if self.availability is None else self.availability.requires_packages

    @property
    def available(self) -> bool | None:
        return None if self.availability is None else self.availability.available

    @property
    def unavailable_code(self) -> str | None:
        return None if self.availability is None else self.availability.code

    @property
    def unavailable_reason(self) -> str | None:
        return None if self.availability is None else self.availability.unavailable_reason

    @property
    def next_actions(self) -> list[str] | None:
        return None if self.availability is None else [render(action) for action in self.availability.next_actions]

    @property
    def manual_steps(self) -> list[str] | None:
        return None if self.availability is None else list(self.availability.manual_steps)

    @property
    def profile_verified(self) -> bool | None:
        return None if self.availability is None else self.availability.profile_verified

    @property
    def operation(self) -> str | None:
        return None if self.availability is None else self.availability.operation

    @property
    def verified_by(self) -> str | None:
        return None if self.availability is None else self.availability.verified_by

    @property
    def owner(self) -> ToolOwner:
        return self.tool.owner

    def describe(self) -> ToolDescriptor:
        """The full descriptor (every field read here, the schemas built); `ToolSpecError` when a schema cannot be."""
        return ToolDescriptor(**{name: getattr(self, name) for name in ToolDescriptor.model_fields})
