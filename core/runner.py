"""Run one prepared tool call: validate once, call the handler, commit or preview.

This is the single path every entry uses (CLI `tools run`, MCP calls, batch steps), so the order of checks
and the shape of the result are the same everywhere. The host resolves what does not depend on the input
(`Session.prepare`: spec, owner, project, availability, integrity); `run_tool(call, raw)` does the rest.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError
from pydantic.alias_generators import to_camel

from unitycli.budget import Overflow, fit
from unitycli.context import Cancelled, ProgressCallback, ToolContext
from unitycli.errors import UnityCliError
from unitycli.host.registry import RegisteredTool
from unitycli.host.session import PreparedCall
from unitycli.next_actions import NextAction, describe_command, tool_command
from unitycli.strict_json import JsonText

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.project.selection import Project
    from unitycli.transaction import PlannedEffects, Transaction


class RunResult(BaseModel):
    """What `tools run` returns: the tool's own output plus the file effects (planned or applied)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    tool: str
    dry_run: bool
    output: dict[str, Any]
    planned_effects: dict[str, Any] | None = None
    applied_effects: dict[str, Any] | None = None
    profile_verified: bool | None = None
    overflow: Overflow | None = None
    _answer: dict[str, Any] | None = PrivateAttr(None)  # set once by _within_budget; a RunResult is not edited after

    def answer(self) -> dict[str, Any]:
        """The result as every entry prints it: the very document the answer budget measured, when it did, so a
        big answer is not dumped twice per call."""
        return self._answer if self._answer is not None else self.model_dump(by_alias=True, mode="json")


def error_path(location: tuple[Any, ...]) -> str:
    """Pydantic's error location as a readable path: ('faces', 3, 'x') → `faces[3].x`."""
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(root)"


def _allowed_keys(model: type[BaseModel], location: tuple[Any, ...]) -> list[str] | None:
    """The keys the schema allows beside an unknown one (for nested models too), by their wire names."""
    for part in location[:-1]:
        field = model.model_fields.get(part) if isinstance(part, str) else None
        if field is None:
            field = next((f for f in model.model_fields.values() if f.alias == part), None)
        annotation = getattr(field, "annotation", None)
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return None
        model = annotation
    return sorted(f.alias or name for name, f in model.model_fields.items())


_QUOTED = re.compile(r"'([^']*)'")  # the allowed values in pydantic's "Input should be 'a', 'b' or 'c'"


def _did_you_mean(entry: dict[str, Any], given: str, allowed: list[str]) -> None:
    """Name the allowed values `given` most likely meant (another case, a typo) in the entry and its message."""
    from unitycli.suggest import closest

    near = closest(given, allowed)
    if near:
        entry["didYouMean"] = near
        entry["message"] += f"; did you mean {', '.join(repr(n) for n in near)}?"


def validate_input(tool: RegisteredTool, raw: Any) -> BaseModel:
    """The typed request exactly as the published schema says, or `E_SCHEMA_INVALID` naming each failing path.

    Validation runs in pydantic's strict JSON mode: `"5"` is not an integer and `"yes"` not a boolean, the same
    over CLI, MCP and batch, because an agent that sends the wrong type should learn it, not be guessed at.
    `raw` is JSON data, or an already checked `JsonText` (the CLI's `--input`), which pydantic parses itself.
    """
    model = tool.spec.input_model
    if isinstance(raw, JsonText):
        text, raw = raw.text, raw.data
    else:
        try:
            text = json.dumps(raw, ensure_ascii=False)
        except (TypeError, ValueError) as exc:  # only in-process callers can hand over non-JSON values
            raise UnityCliError("E_SCHEMA_INVALID", f"input for {tool.spec.name} is not JSON data: {exc}",
                                details={"tool": tool.spec.name, "errors": [{"path": "(root)", "message": str(exc),
                                                                             "type": "not_json"}]},
                                next_actions=[describe_command(tool.spec.name)]) from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        errors = []
        for e in exc.errors(include_url=False):
            entry: dict[str, Any] = {"path": error_path(tuple(e["loc"])), "message": e["msg"], "type": e["type"]}
            if e["type"] == "extra_forbidden":
                allowed = _allowed_keys(model, tuple(e["loc"]))
                if allowed is not None:
                    entry["allowed"] = allowed
                    entry["message"] = f"unknown key; allowed keys: {', '.join(allowed) or '(none)'}"
                    _did_you_mean(entry, str(e["loc"][-1]), allowed)
            elif e["type"] in ("literal_error", "enum") and isinstance(e.get("input"), str):
                _did_you_mean(entry, e["input"], _QUOTED.findall(str((e.get("ctx") or {}).get("expected", ""))))
            errors.append(entry)
        first = errors[0]
        raise UnityCliError(
            "E_SCHEMA_INVALID",
            f"input for {tool.spec.name} is invalid at {first['path']}: {first['message']}",
            details={"tool": tool.spec.name, "errors": errors},
            next_actions=_corrected_call(tool.spec.name, raw, errors) + [describe_command(tool.spec.name)],
        ) from None


def _corrected_call(name: str, raw: Any, errors: list[dict[str, Any]]) -> list[NextAction]:
    """The same call with the one misspelt top-level key or value replaced by its likeliest meaning, when that is
    the only error: runnable as it stands."""
    if len(errors) != 1 or not errors[0].get("didYouMean") or not isinstance(raw, dict) or errors[0]["path"] not in raw:
        return []
    key, meant = errors[0]["path"], errors[0]["didYouMean"][0]
    if errors[0]["type"] == "extra_forbidden":
        fixed = {meant if k == key else k: v for k, v in raw.items()} if meant not in raw else None
    else:
        fixed = {**raw, key: meant}
    return [tool_command(name, fixed)] if fixed is not None else []


WRITE_ATTEMPTS = 5


@dataclass(frozen=True)
class RunOptions:
    """How to run one call, the same over CLI, MCP and batch.

    `transaction`: stage into this caller-owned transaction and leave commit or discard to the caller (a batch
    runs every step in one, so each step reads the earlier steps' staged writes). Its `dry_run` must match.
    """

    dry_run: bool = False
    allow_editor_open: bool = False
    progress: ProgressCallback | None = None
    is_cancelled: Callable[[], bool] | None = None
    transaction: Transaction | None = None
    fit_budget: bool = True  # False: the whole answer in memory, for in-process callers that page it themselves


def _pins_revision(request: BaseModel) -> bool:
    return bool(getattr(request, "expected_revision", None))


def _execute(call: PreparedCall, request: BaseModel, project: Project,
             options: RunOptions) -> tuple[BaseModel, PlannedEffects | None]:
    """One attempt: the handler against a transaction, then commit (when the transaction is ours).

    The transaction owns recovery (when it starts) and the Editor check (when it commits real changes), so
    both happen once per write whatever the entry.
    """
    from unitycli.transaction import Transaction

    spec = call.spec
    transaction = options.transaction
    owned = transaction is None
    if transaction is None:
        transaction = Transaction(project.root, dry_run=options.dry_run, allow_editor_open=options.allow_editor_open)
    write_calls_before = transaction.write_calls
    ctx = ToolContext(project=project, transaction=transaction, known_scripts=call.known_scripts)
    if options.progress is not None:
        ctx.progress_callback = options.progress
    if options.is_cancelled is not None:
        ctx.is_cancelled = options.is_cancelled
    try:
        output = spec.handler(ctx, request)
        if ctx.is_cancelled():
            raise Cancelled()
    except Cancelled:
        raise UnityCliError("E_CANCELLED", f"{spec.name} was cancelled before anything was written",
                            details={"tool": spec.name}) from None
    if not isinstance(output, spec.output_model):
        raise TypeError(f"{spec.name} returned {type(output).__name__}, not {spec.output_model.__name__}")
    if spec.read_only and transaction.write_calls != write_calls_before:
        raise RuntimeError(f"read-only tool {spec.name} staged file changes")
    # Diffs are computed once: by commit (which also previews in dry-run), or for a caller-owned transaction.
    if spec.read_only:
        return output, None
    effects = transaction.commit().effects if owned else transaction.planned_effects()
    return output, effects


def run_tool(call: PreparedCall, raw_input: Any, options: RunOptions | None = None) -> RunResult:
    """Run one prepared call: dry-run support → validate (once) → the call's refusal, if any → handler →
    commit or preview. `raw_input` is JSON data, a `JsonText`, or a request `validate_input` already returned
    (a batch validates every step before the first runs). Every error's next actions name the project.
    """
    options = options or RunOptions()
    try:
        return _run_tool(call, raw_input, options)
    except UnityCliError as exc:
        if not exc.resolved:  # a plugin's own code, raised as a string: its spec is in the catalog of what ran
            exc.resolve(call.error_catalog())
        request = _as_data(raw_input)
        exc = _with_call_actions(exc, call.spec.name, request)
        raise exc.for_call(call.spec.name, request, call.project.root if call.project is not None else None) from None


def _as_data(raw_input: Any) -> Any:
    """The call's input as JSON data, whatever form it came in (for next actions that repeat the call)."""
    if isinstance(raw_input, JsonText):
        return raw_input.data
    if isinstance(raw_input, BaseModel):  # validated by the caller: its keys as the caller sent them
        return raw_input.model_dump(by_alias=True, mode="json", exclude_unset=True)
    return raw_input


def _with_call_actions(exc: UnityCliError, name: str, raw_input: Any) -> UnityCliError:
    """Errors raised below the tool (path guard, revision check) get next actions that are runnable calls."""
    path = exc.details.get("path")
    if not isinstance(path, str) or not isinstance(raw_input, dict):
        return exc
    if exc.code == "E_STALE_WRITE":
        actions = [tool_command("asset.info", {"path": path})]
        if exc.details.get("actual"):
            actions.append(tool_command(name, {**raw_input, "expectedRevision": exc.details["actual"]}))
        exc.next_actions = actions
    elif isinstance(exact := exc.details.get("exactSpelling"), str):  # E_PATH_NOT_EXACT: the same call, respelled
        exc.next_actions = [tool_command(name, _respelled(raw_input, path, exact))]
    elif exc.code == "E_PATH_OUTSIDE_PROJECT":
        base = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        exc.next_actions = [tool_command("asset.find", {"name": f"{base}*"} if base.strip(".") else None)]
    return exc


def _respelled(value: Any, given: str, exact: str) -> Any:
    """`value` with every string equal to `given` replaced by `exact`, in nested inputs too (build-scene lists)."""
    if value == given:
        return exact
    if isinstance(value, dict):
        return {key: _respelled(item, given, exact) for key, item in value.items()}
    if isinstance(value, list):
        return [_respelled(item, given, exact) for item in value]
    return value


def _run_tool(call: PreparedCall, raw_input: Any, options: RunOptions) -> RunResult:
    spec = call.spec
    if options.dry_run and not spec.supports_dry_run:
        raise UnityCliError(
            "E_DRY_RUN_UNSUPPORTED",
            f"{spec.name} cannot be previewed with --dry-run",
            details={"tool": spec.name},
            next_actions=[describe_command(spec.name)],
        )
    if options.transaction is not None and options.transaction.dry_run != options.dry_run:
        raise ValueError("the caller's transaction and options.dry_run disagree")
    if isinstance(raw_input, spec.input_model):
        request = raw_input
    else:
        request = validate_input(call.tool, raw_input if raw_input is not None else {})
    if call.refusal is not None:
        raise call.refusal
    project = call.project
    assert project is not None  # a call without a project carries its selection error as the refusal
    profile_verified = call.profile_verified
    pinned = options.transaction is not None or options.dry_run or _pins_revision(request)
    attempts = 1 if pinned else WRITE_ATTEMPTS
    for attempt in range(1, attempts + 1):
        try:
            output, effects = _execute(call, request, project, options)
            break
        except UnityCliError as exc:
            # Nothing was written; the handler re-reads on the next attempt, so a concurrent writer's change is
            # merged, never lost. With expectedRevision the caller asked to fail instead.
            if exc.code != "E_TARGET_CHANGED" or attempt == attempts:
                raise
            time.sleep(random.uniform(0.005, 0.05) * attempt)
    result = RunResult(
        tool=spec.name,
        dry_run=options.dry_run,
        output=output.model_dump(by_alias=True, mode="json"),
        profile_verified=profile_verified,
    )
    if not spec.read_only:
        assert effects is not None
        dumped = effects.model_dump(by_alias=True, mode="json")
        if options.dry_run or options.transaction is not None:  # a caller's transaction commits later
            result.planned_effects = dumped
        else:
            result.applied_effects = dumped
    return _within_budget(result) if options.fit_budget else result


def incomplete(result: RunResult) -> UnityCliError | None:
    """`E_READ_INCOMPLETE` (exit 3) for an answer whose `unreadable` names files it could not read, else None.

    The answer itself stays whole (degrade per fact): entries that print an exit code put it beside this error,
    as they do for a failing doctor report, so `ok` and the exit code agree with what was read."""
    unreadable = result.output.get("unreadable")
    if not isinstance(unreadable, list) or not unreadable:
        return None
    paths = [u.get("path") or u.get("file") or u.get("profile") for u in unreadable if isinstance(u, dict)]
    actions = [a for u in unreadable if isinstance(u, dict) for a in u.get("nextActions") or []]
    return UnityCliError("E_READ_INCOMPLETE",
                         f"{result.tool} could not read {len(unreadable)} file(s): {', '.join(map(str, paths[:5]))}"
                         + (" …" if len(paths) > 5 else ""),
                         details={"tool": result.tool, "unreadable": paths},
                         next_actions=list(dict.fromkeys(actions)) or ["git lfs pull"])


def _within_budget(result: RunResult) -> RunResult:
    """The answer as every entry prints it, within the answer budget (see `unitycli.budget`)."""
    # Every field already holds JSON data (the output and effects were dumped once), so the answer is built from
    # them as they are, in model_dump's order and names, rather than walked and copied by model_dump again.
    answer = {field.alias or name: getattr(result, name) for name, field in RunResult.model_fields.items()
              if name != "overflow"}
    fitted = fit(result.tool, answer)
    if fitted is not answer:
        result = RunResult.model_validate(fitted)
        result._answer = fitted
        return result
    answer["overflow"] = None  # the last field, as model_dump writes it
    result._answer = answer
    return result
