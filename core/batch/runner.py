"""Run a parsed batch against one Session: every step through `run_tool`, the first failure stops the rest.

Before any step runs, every tool name and input is checked against the registry and the tools' schemas, so a
typo in step 5 fails the batch before step 1 writes. Then:

- for real, each step is its own transaction and commits before the next step starts, so step 3 reads what
  step 2 wrote on disk; a failure stops the batch and leaves earlier steps' commits in place;
- with `atomic`, all steps stage into one Transaction that commits once after the last step: all or nothing.
  A failing step (or a failing final commit) discards everything, so every file stays byte-identical;
- with `dry_run`, all steps share one dry-run Transaction: step 3 reads step 2's staged writes, nothing touches
  the disk, and the summary carries the planned effects of the whole sequence, verified at the end against the
  files as they are now.

One Session serves every step, so the registry, the plugins and the project are loaded once per batch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.batch.lines import BatchStep
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.internal_error import internal_error
from unitycli.runner import RunOptions, RunResult, run_tool, validate_input


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class StepOutcome(_Camel):
    index: int
    line: int
    tool: str
    ok: bool
    code: str | None = Field(None, description="the error code when the step failed")
    result: dict[str, Any] | None = Field(None, description="the step's `tools run` result when it succeeded")
    error: dict[str, Any] | None = Field(None, description="the step's error when it failed")


class BatchResult(_Camel):
    """The summary: one entry per step that ran (with its result or error), and the whole sequence's planned
    effects (dry-run) or applied effects (atomic)."""

    dry_run: bool
    atomic: bool = False
    total: int = Field(description="steps in the command file")
    succeeded: int
    steps: list[StepOutcome]
    planned_effects: dict[str, Any] | None = None
    applied_effects: dict[str, Any] | None = Field(None, description="what an atomic batch's one commit wrote")


@dataclass
class StepReport:
    """One step's outcome as it happens, for the caller to print (JSON line or human line)."""

    step: BatchStep
    result: RunResult | None = None
    error: UnityCliError | None = None


@dataclass
class BatchRun:
    result: BatchResult
    failure: UnityCliError | None = None  # the failing step's error, with the batch position in details
    reports: list[StepReport] = field(default_factory=list)


def _located(error: UnityCliError, step: BatchStep, total: int, completed: int) -> UnityCliError:
    """The step's own error (same code, message and next actions) with where in the batch it happened."""
    details = {**error.details, "batch": {"step": step.index, "line": step.line, "tool": step.tool,
                                          "completed": completed, "notRun": total - completed - 1}}
    return error.relocated(f"step {step.index} (line {step.line}, {step.tool}): {error.message}", details)


def precheck(session: Session, steps: list[BatchStep]) -> list[BaseModel] | tuple[BatchStep, UnityCliError]:
    """Every step's validated request, or the first step whose tool is unknown or whose input fails its schema,
    before anything runs. The requests are what the steps run with: each input is validated once."""
    requests = []
    for step in steps:
        try:
            # prepared as `tools run` prepares it: the integrity check before a by-path handler or model is imported
            requests.append(validate_input(session.prepare(step.tool).tool, step.input))
        except UnityCliError as exc:
            return step, exc
    return requests


def _outcome(report: StepReport) -> StepOutcome:
    step = report.step
    return StepOutcome(index=step.index, line=step.line, tool=step.tool, ok=report.error is None,
                       code=report.error.code if report.error else None,
                       result=report.result.model_dump(by_alias=True, mode="json") if report.result else None,
                       error=report.error.to_dict() if report.error else None)


def run_batch(session: Session, steps: list[BatchStep], *, dry_run: bool = False, allow_editor_open: bool = False,
              atomic: bool = False, on_step: Callable[[StepReport], None] | None = None) -> BatchRun:
    total = len(steps)
    run = BatchRun(result=BatchResult(dry_run=dry_run, atomic=atomic, total=total, succeeded=0, steps=[]))
    outcomes = run.result.steps  # the model's own list (pydantic copies lists given to it)
    checked = precheck(session, steps)
    if isinstance(checked, tuple):
        step, error = checked
        report = StepReport(step, error=error)
        run.reports.append(report)
        outcomes.append(_outcome(report))
        if on_step:
            on_step(report)
        run.failure = _located(error, step, total, 0)
        return run
    transaction = None
    if dry_run or atomic:
        from unitycli.transaction import Transaction

        transaction = Transaction(session.project().root, dry_run=dry_run, allow_editor_open=allow_editor_open)
    options = RunOptions(dry_run=dry_run, allow_editor_open=allow_editor_open, transaction=transaction)
    # One index for the whole batch, kept fresh by a watcher: a references query after an edit costs ms.
    from unitycli.indexes import ResidentIndex

    with ResidentIndex.running(session.project().root):
        for step, request in zip(steps, checked, strict=True):
            report = StepReport(step)
            try:
                # Prepared per step: availability reads the project as the earlier steps left it.
                report.result = run_tool(session.prepare(step.tool), request, options)
            except UnityCliError as exc:
                report.error = exc
            except Exception as exc:  # one step's crash is reported like any failure, with a log
                report.error = internal_error(exc)
            run.reports.append(report)
            outcomes.append(_outcome(report))
            if on_step:
                on_step(report)
            if report.error is not None:
                run.failure = _located(report.error, step, total, step.index - 1)
                return run  # an atomic batch's transaction is dropped uncommitted: nothing was written
            run.result.succeeded += 1
    if transaction is not None:
        try:
            # Dry-run: verifies the reads, writes nothing. Atomic: the one commit of every step's staged writes.
            effects = transaction.commit().effects
        except UnityCliError as exc:
            run.failure = exc
            return run
        dumped = effects.model_dump(by_alias=True, mode="json")
        if dry_run:
            run.result.planned_effects = dumped
        else:
            run.result.applied_effects = dumped
    return run
