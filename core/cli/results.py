"""What a command returns when its answer is a report that can still be a failure (doctor)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError


@dataclass
class CommandResult:
    """A command's payload plus, when the command failed, the catalogued error that sets `ok` and the exit code.

    The envelope then carries both: `ok: false` with `error`, and the report under `result` so nothing is lost.
    """

    payload: Any
    error: UnityCliError | None = None


def doctor_outcome(result: Any) -> CommandResult:
    """A doctor report as a command result: any failure is `E_DOCTOR_FAILED`, else unverifiable checks are
    `E_DOCTOR_UNVERIFIABLE`; warnings alone still succeed."""
    checks = result.checks
    failed = [c for c in checks if c.status == "fail"]
    unverifiable = [c for c in checks if c.status == "unverifiable"]
    bad, code = (failed, "E_DOCTOR_FAILED") if failed else (unverifiable, "E_DOCTOR_UNVERIFIABLE")
    if not bad:
        return CommandResult(result)
    actions = list(dict.fromkeys(a for c in bad for a in c.actions))
    manual = list(dict.fromkeys(m for c in bad for m in c.manual_steps))
    noun = "failed" if failed else "could not be verified"
    error = UnityCliError(code, f"{len(bad)} doctor check(s) {noun}: {', '.join(c.name for c in bad)}",
                          details={"checks": [c.name for c in bad], "counts": result.counts},
                          next_actions=actions, manual_steps=manual)
    return CommandResult(result, error)
