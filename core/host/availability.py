"""Whether a tool can run on the selected project: the answer's shape (`unitycli.host.checks` answers it).

The answer is computed before anyone calls the tool, so discovery can show `available: false` with the reason,
the commands that fix it (`nextActions`) and the steps only a person can take (`manualSteps`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, InstanceOf
from pydantic.alias_generators import to_camel

from unitycli.next_actions import NextAction, ToolCall

# What a tool does to the project, which decides the proof it needs: a read runs on any present
# version, an edit changes only fields the file already holds, a create writes a new object's whole layout.
Operation = Literal["read", "edit", "create"]


class PackageRequirement(BaseModel):
    """A Unity package a tool needs, with the exact versions its extension was verified against."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)

    name: str
    versions: list[str]
    project_has: str | None = None


class Availability(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)

    available: bool
    code: str | None = None
    unavailable_reason: str | None = None
    next_actions: list[InstanceOf[ToolCall] | str] = Field(default_factory=list)  # data: the runner's error and
    # the MCP server's nextCalls take the calls as they are; a descriptor shows them as lines. Only commands an
    # agent can run: what a person does in the Unity Editor, the Package Manager or a file is a manual step.
    manual_steps: list[str] = Field(default_factory=list)
    requires_packages: list[PackageRequirement] = Field(default_factory=list)
    profile_verified: bool = True
    # False when a package the tool needs is taken from Packages/manifest.json that Unity has not resolved yet
    # (after `package.add`, before the Editor rewrites packages-lock.json); `notes` then says so, and an available
    # answer's `manual_steps` carry the step in the Editor that lets Unity resolve it.
    resolved_by_unity: bool = True
    notes: list[str] = Field(default_factory=list)
    # For tools that need Unity packages: what the tool does here and what lets it (or would let it) run on this
    # project: `manifest com.unity.x@1.2.3`, `package source <path>`, the file's own layout for edits, any
    # present version for reads. Stated in `tools describe` and the MCP listing.
    operation: Operation | None = None
    verified_by: str | None = None

    @classmethod
    def ok(cls, requires: list[PackageRequirement] | None = None, *, profile_verified: bool = True,
           resolved_by_unity: bool = True, notes: list[str] | None = None,
           next_actions: list[NextAction] | None = None, operation: Operation | None = None,
           verified_by: str | None = None, manual_steps: list[str] | None = None) -> Availability:
        return cls(available=True, requires_packages=requires or [], profile_verified=profile_verified,
                   resolved_by_unity=resolved_by_unity, notes=notes or [], next_actions=next_actions or [],
                   manual_steps=manual_steps or [], operation=operation, verified_by=verified_by)

    @classmethod
    def merged(cls, answers: list[Availability]) -> Availability:
        """Several available answers as one: every requirement, note and step; verified only if all are."""
        requires: list[PackageRequirement] = []
        notes: list[str] = []
        steps: list[NextAction] = []
        manual: list[str] = []
        bases: list[str] = []
        for answer in answers:
            requires.extend(answer.requires_packages)
            notes.extend(n for n in answer.notes if n not in notes)
            steps.extend(a for a in answer.next_actions if a not in steps)
            manual.extend(m for m in answer.manual_steps if m not in manual)
            if answer.verified_by and answer.verified_by not in bases:
                bases.append(answer.verified_by)
        operation = next((a.operation for a in answers if a.operation), None)
        return cls.ok(requires, profile_verified=all(a.profile_verified for a in answers),
                      resolved_by_unity=all(a.resolved_by_unity for a in answers), notes=notes,
                      next_actions=steps, manual_steps=manual, operation=operation,
                      verified_by="; ".join(bases) or None)

    @classmethod
    def unavailable(
        cls,
        code: str,
        reason: str,
        next_actions: list[NextAction] | None = None,
        requires: list[PackageRequirement] | None = None,
        operation: Operation | None = None,
        manual_steps: list[str] | None = None,
    ) -> Availability:
        """Unavailable, with a way out: `next_actions` an agent runs, `manual_steps` only a person can take."""
        from unitycli.errors import CORE

        if code not in CORE:  # availability is the host's answer: its codes are the core's
            raise KeyError(f"availability code {code!r} is not in the error catalog")
        return cls(
            available=False,
            code=code,
            unavailable_reason=reason,
            next_actions=next_actions or [],
            manual_steps=manual_steps or [],
            requires_packages=requires or [],
            operation=operation,
        )
