"""The report `doctor` and `extensions doctor` fill: one entry per check, each pass | warn | fail | unverifiable.

Extensions add their own entries through the `unitycli_doctor_checks(report)` hook with `report.add(...)`. The
exit code follows from the worst status: any `fail` → 1, else any `unverifiable` → 3, else 0 (warnings allowed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from pydantic.alias_generators import to_camel

from unitycli.errors import EXIT_FAILED, EXIT_INCOMPLETE, EXIT_OK
from unitycli.next_actions import NextAction, render

CheckStatus = Literal["pass", "warn", "fail", "unverifiable"]
STATUSES: tuple[str, ...] = ("pass", "warn", "fail", "unverifiable")


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)


class DoctorCheck(_Model):
    name: str
    status: CheckStatus
    message: str
    next_actions: list[str] = Field(default_factory=list)  # commands an agent can run, as lines
    manual_steps: list[str] = Field(default_factory=list)  # what only a person can do, in words
    details: dict[str, Any] = Field(default_factory=dict)
    source: str = "unitycli"
    _actions: list[NextAction] = PrivateAttr(default_factory=list)  # the next actions as data (calls stay calls)

    @property
    def actions(self) -> list[NextAction]:
        """The next actions as data when the check was added with them, else the lines shown."""
        return list(self._actions) or list(self.next_actions)


class DoctorReport(_Model):
    """Collected checks. `source` is who is adding checks now (the core, or the plugin whose hook runs)."""

    project: str | None = None
    checks: list[DoctorCheck] = Field(default_factory=list)
    source: str = Field("unitycli", exclude=True)

    def add(self, name: str, status: CheckStatus, message: str,
            next_actions: Sequence[NextAction] | None = None, details: dict[str, Any] | None = None,
            manual_steps: Sequence[str] | None = None) -> DoctorCheck:
        """One check; its next actions (commands only) are shown as the command lines a shell runs (the report is
        CLI output), and what only a person can do (in the Unity Editor, in a file) as its manual steps."""
        if status not in STATUSES:
            raise ValueError(f"doctor check status must be one of {STATUSES}, not {status!r}")
        check = DoctorCheck(name=name, status=status, message=message,
                            next_actions=[render(action) for action in next_actions or []],
                            manual_steps=list(manual_steps or []), details=dict(details or {}), source=self.source)
        check._actions = list(next_actions or [])
        self.checks.append(check)
        return check

    def counts(self) -> dict[str, int]:
        return {status: sum(1 for c in self.checks if c.status == status) for status in STATUSES}

    @property
    def exit_code(self) -> int:
        counts = self.counts()
        if counts["fail"]:
            return EXIT_FAILED
        if counts["unverifiable"]:
            return EXIT_INCOMPLETE
        return EXIT_OK


class DoctorResult(_Model):
    """What the doctor commands return: the checks, their counts and the overall status."""

    project: str | None
    status: CheckStatus
    counts: dict[str, int]
    checks: list[DoctorCheck]

    @classmethod
    def of(cls, report: DoctorReport) -> DoctorResult:
        counts = report.counts()
        status: CheckStatus = "fail" if counts["fail"] else "unverifiable" if counts["unverifiable"] else (
            "warn" if counts["warn"] else "pass")
        return cls(project=report.project, status=status, counts=counts, checks=report.checks)
