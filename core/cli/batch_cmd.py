"""`unitycli batch --commands FILE|-`: run many tools in one process against one project.

With `--json`, stdout carries one JSON line per step (the `tools run` envelope plus a `step` field), then the
summary envelope (`command: "batch"`) as the last line; the exit code is the failing step's. Without `--json`,
one human line per step, then the summary.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from unitycli.batch.runner import BatchResult
from unitycli.cli.state import state
from unitycli.envelope import failure, new_request_id, success
from unitycli.errors import UnityCliError

EPILOG = """\b
Command file: one tool run per line; blank lines and # comments are ignored.
  package.add {"name": "com.unity.timeline", "version": "1.8.7"}
  package.list
  {"tool": "package.list", "input": {}}
Steps run in order; each sees the previous steps' writes. The first failure stops the batch.
--dry-run runs every step against one staged state and writes nothing.
"""


def _read_commands(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UnityCliError("E_OPTION_VALUE_INVALID", f"cannot read the command file {source}: {exc}",
                            details={"option": "--commands", "file": source}) from None


def _print_step(report, json_mode: bool, out) -> None:
    step = report.step
    position = {"index": step.index, "line": step.line, "tool": step.tool}
    if json_mode:
        request_id = new_request_id()
        if report.error is None:
            envelope = success("tools run", request_id, report.result.model_dump(by_alias=True, mode="json"))
        else:
            envelope = failure("tools run", request_id, report.error.to_dict())
        envelope["step"] = position
        out.write(json.dumps(envelope, ensure_ascii=False) + "\n")
    else:
        status = "ok" if report.error is None else f"failed {report.error.code}: {report.error.message}"
        out.write(f"step {step.index} (line {step.line}) {step.tool}: {status}\n")
    out.flush()


@click.command("batch", epilog=EPILOG)
@click.option("--commands", "commands", required=True, metavar="FILE|-", help="The command file, or - for stdin.")
@click.option("--dry-run", is_flag=True, help="Preview the whole sequence against staged state; write nothing.")
@click.option("--allow-editor-open", is_flag=True, help="Write even though a Unity Editor holds the project.")
def batch_cmd(commands: str, dry_run: bool, allow_editor_open: bool) -> BatchResult:
    """Run many tools in one process against one project, in order, stopping at the first failure."""
    from unitycli.batch.lines import parse_commands
    from unitycli.batch.runner import run_batch

    cli_state = state()
    steps = parse_commands(_read_commands(commands))
    session = cli_state.session
    session.project()  # one project for the whole batch: refuse before any step when none is selected
    run = run_batch(session, steps, dry_run=dry_run, allow_editor_open=allow_editor_open,
                    on_step=lambda report: _print_step(report, cli_state.options.json, cli_state.stdout))
    if run.failure is not None:
        raise run.failure
    return run.result
