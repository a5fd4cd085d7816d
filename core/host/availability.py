"""Whether a tool can run on the selected project, asked of every plugin through one facade.

The answer is computed before anyone calls the tool, so discovery can show `available: false` with the reason
and the commands that fix it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

if TYPE_CHECKING:  # pragma: no cover
    import pluggy

    from unitycli.host.owners import ToolOwner
    from unitycli.project.selection import Project
    from unitycli.toolspec import ToolSpec


# What a tool does to the project, which decides the proof it needs (DESIGN §7.2): a read runs on any present
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
    next_actions: list[str] = Field(default_factory=list)
    requires_packages: list[PackageRequirement] = Field(default_factory=list)
    profile_verified: bool = True
    # False when a package the tool needs is taken from Packages/manifest.json that Unity has not resolved yet
    # (after `package.add`, before the Editor rewrites packages-lock.json); `notes` then says so, and an available
    # answer's `next_actions` carry the plain human step that lets Unity resolve it.
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
           next_actions: list[str] | None = None, operation: Operation | None = None,
           verified_by: str | None = None) -> Availability:
        return cls(available=True, requires_packages=requires or [], profile_verified=profile_verified,
                   resolved_by_unity=resolved_by_unity, notes=notes or [], next_actions=next_actions or [],
                   operation=operation, verified_by=verified_by)

    @classmethod
    def merged(cls, answers: list[Availability]) -> Availability:
        """Several available answers as one: every requirement, note and step; verified only if all are."""
        requires: list[PackageRequirement] = []
        notes: list[str] = []
        steps: list[str] = []
        bases: list[str] = []
        for answer in answers:
            requires.extend(answer.requires_packages)
            notes.extend(n for n in answer.notes if n not in notes)
            steps.extend(a for a in answer.next_actions if a not in steps)
            if answer.verified_by and answer.verified_by not in bases:
                bases.append(answer.verified_by)
        operation = next((a.operation for a in answers if a.operation), None)
        return cls.ok(requires, profile_verified=all(a.profile_verified for a in answers),
                      resolved_by_unity=all(a.resolved_by_unity for a in answers), notes=notes,
                      next_actions=steps, operation=operation, verified_by="; ".join(bases) or None)

    @classmethod
    def unavailable(
        cls,
        code: str,
        reason: str,
        next_actions: list[str] | None = None,
        requires: list[PackageRequirement] | None = None,
        operation: Operation | None = None,
    ) -> Availability:
        from unitycli.errors import CATALOG

        if code not in CATALOG:
            raise KeyError(f"availability code {code!r} is not in the error catalog")
        return cls(
            available=False,
            code=code,
            unavailable_reason=reason,
            next_actions=next_actions or [],
            requires_packages=requires or [],
            operation=operation,
        )


def check_availability(pm: pluggy.PluginManager, spec: ToolSpec, owner: ToolOwner, project: Project) -> Availability:
    """Combine every plugin's answer: the first `available: false` wins; otherwise merge requirements."""
    answers = [a for a in pm.hook.unitycli_tool_availability(tool=spec, owner=owner, project=project) if a]
    for answer in answers:
        if not answer.available:
            return answer
    return Availability.merged(answers)


def static_requirements(pm: pluggy.PluginManager, spec: ToolSpec, owner: ToolOwner) -> list[PackageRequirement]:
    """What every plugin says the tool needs, independent of any project (for descriptors without one)."""
    found: list[PackageRequirement] = []
    for answer in pm.hook.unitycli_tool_requirements(tool=spec, owner=owner):
        found.extend(answer or [])
    return found
