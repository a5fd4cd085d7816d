"""`unitycli batch --commands FILE|-`: run many tools in one process against one project.

`--json` prints exactly one document, as every command does: the summary envelope (`command: "batch"`), whose
`result.steps` carry each step's result or error (on a failure too, beside `error`). `--jsonl` streams instead:
one JSON line per step as it finishes (the `tools run` envelope plus a `step` field), then the summary envelope
as the last line. Without either, one human line per step, then the summary. The exit code is the failing
step's.
"""

from __future__ import annotations

import json

import click

from unitycli.batch.runner import BatchResult
from unitycli.cli.bounded_read import read_file, read_stdin
from unitycli.cli.results import CommandResult
from unitycli.cli.state import state
from unitycli.envelope import failure, new_request_id, success
from unitycli.errors import UnityCliError
from unitycli.strict_json import WIRE_SEPARATORS

EPILOG = """\b
Command file: one tool run per line; blank lines and # comments are ignored.
  package.add {"name": "com.unity.timeline", "version": "1.8.7"}
  package.list
  {"tool": "package.list", "input": {}}
Steps run in order; each sees the previous steps' writes. The first failure stops the batch.
--atomic stages every step in one transaction and commits all or nothing.
--dry-run runs every step against one staged state and writes nothing.
--json prints one summary document; --jsonl one JSON line per step, then the summary.
"""


def _read_commands(source: str) -> str:
    try:
        data = read_stdin("--commands") if source == "-" else read_file(source, "--commands")
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnityCliError("E_OPTION_VALUE_INVALID", f"cannot read the command file {source}: {exc}",
                            details={"option": "--commands", "file": source}) from None


def _print_step(report, mode: str, out) -> None:
    """One line per finished step: a JSON envelope (`--jsonl`) or a human line; nothing under `--json`."""
    step = report.step
    position = {"index": step.index, "line": step.line, "tool": step.tool}
    if mode == "json":
        return
    if mode == "jsonl":
        request_id = new_request_id()
        if report.error is None:
            envelope = success("tools run", request_id, report.result.answer())
        else:
            envelope = failure("tools run", request_id, report.error.to_dict())
        envelope["step"] = position
        out.write(json.dumps(envelope, ensure_ascii=False, separators=WIRE_SEPARATORS) + "\n")
    else:
        status = "ok" if report.error is None else f"failed {report.error.code}: {report.error.message}"
        out.write(f"step {step.index} (line {step.line}) {step.tool}: {status}\n")
    out.flush()


@click.command("batch", epilog=EPILOG)
@click.option("--commands", "commands", required=True, metavar="FILE|-", help="The command file, or - for stdin.")
@click.option("--dry-run", is_flag=True, help="Preview the whole sequence against staged state; write nothing.")
@click.option("--atomic", is_flag=True, help="One transaction for every step: commit all of them or none.")
@click.option("--jsonl", is_flag=True, help="One JSON line per step as it finishes, then the summary line.")
@click.option("--allow-editor-open", is_flag=True, help="Write even though a Unity Editor holds the project.")
def batch_cmd(commands: str, dry_run: bool, atomic: bool, jsonl: bool,
              allow_editor_open: bool) -> BatchResult | CommandResult:
    """Run many tools in one process against one project, in order, stopping at the first failure."""
    from unitycli.batch.lines import parse_commands
    from unitycli.batch.runner import run_batch

    cli_state = state()
    mode = "jsonl" if jsonl else "json" if cli_state.options.json else "human"
    steps = parse_commands(_read_commands(commands))
    session = cli_state.session
    session.project()  # one project for the whole batch: refuse before any step when none is selected
    run = run_batch(session, steps, dry_run=dry_run, allow_editor_open=allow_editor_open, atomic=atomic,
                    on_step=lambda report: _print_step(report, mode, cli_state.stdout))
    if run.failure is not None:
        if mode == "human":
            raise run.failure  # the step lines are printed; the error says which step and why
        return CommandResult(run.result, run.failure)  # the summary keeps every step beside the error
    unread = _first_incomplete(run.reports)
    if unread is not None:  # every step ran, one read could not read everything: exit 3, as `tools run`
        return CommandResult(run.result, unread)
    return run.result


def _first_incomplete(reports) -> UnityCliError | None:
    """The first step's `E_READ_INCOMPLETE` (a read that could not read every file), with its batch position."""
    from unitycli.runner import incomplete

    for report in reports:
        error = incomplete(report.result) if report.result is not None else None
        if error is not None:
            step = report.step
            return error.relocated(f"step {step.index} (line {step.line}, {step.tool}): {error.message}",
                                   {**error.details, "batch": {"step": step.index, "line": step.line,
                                                               "tool": step.tool}})
    return None
