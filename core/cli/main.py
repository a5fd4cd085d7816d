"""`unitycli` entry point: parse, run the command, print one envelope (or a human rendering), exit.

No Python traceback reaches the user: a catalogued error is rendered as itself, anything else becomes
`E_INTERNAL` with the traceback written to a log file whose path is in the error details.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from dataclasses import dataclass
from typing import Any

import click
from pydantic import BaseModel

from unitycli.cli.argv import extract_global_options
from unitycli.cli.lazy import LazyGroup
from unitycli.cli.results import CommandResult
from unitycli.cli.state import CliState
from unitycli.cli.version import render_version, version_report
from unitycli.envelope import failure, new_request_id, success
from unitycli.errors import EXIT_OK, EXIT_USAGE, UnityCliError
from unitycli.strict_json import WIRE_SEPARATORS, encodable

# Each command is imported only when invoked (see `unitycli.cli.lazy`): `tools run` pays for `tools` alone.
COMMANDS = {
    "tools": ("unitycli.cli.tools_cmd", "tools_group", ()),
    "docs": ("unitycli.cli.docs_cmd", "docs_group", ()),
    "instances": ("unitycli.cli.instances_cmd", "instances_group", ()),
    "target": ("unitycli.cli.instances_cmd", "target_group", ()),
    "mcp": ("unitycli.cli.mcp_cmd", "mcp_cmd", ()),
    "batch": ("unitycli.cli.batch_cmd", "batch_cmd", ()),
    "extensions": ("unitycli.cli.extensions_cmd", "extensions_group", ()),
    "init": ("unitycli.cli.init_cmd", "init_cmd", ()),
    "doctor": ("unitycli.cli.doctor_cmd", "doctor_cmd", ()),
    "resident": ("unitycli.cli.resident_cmd", "resident_group", ()),
}


@click.group("unitycli", cls=LazyGroup, lazy=COMMANDS)
def cli() -> None:
    """Discover and run typed tools against Unity projects, headless.

    Global options, accepted anywhere: --json (one JSON document on stdout), --project PATH,
    --instance ID|PATH|ALIAS. `unitycli --version` prints the core and extension versions.
    """


@dataclass
class Outcome:
    exit_code: int
    envelope: dict[str, Any] | None  # None when click printed help
    human: str
    json_mode: bool


def _command_name(args: list[str]) -> str:
    """The command words of argv (`tools run`), for the envelope's `command` field."""
    words: list[str] = []
    group: click.Command | None = cli
    for token in args:
        if not isinstance(group, click.Group) or token.startswith("-"):
            break
        sub = group.get_command(None, token)  # type: ignore[arg-type]  # a Group's lookup needs no context
        if sub is None:
            break
        words.append(token)
        group = sub
    return " ".join(words)


def _usage_error(exc: click.ClickException) -> UnityCliError:
    """Map click's own usage errors onto catalogued codes."""
    if isinstance(exc, click.NoSuchOption):
        return UnityCliError("E_UNKNOWN_OPTION", exc.format_message(), details={"option": exc.option_name})
    if isinstance(exc, click.MissingParameter):
        name = exc.param.human_readable_name if exc.param else "value"
        return UnityCliError("E_OPTION_VALUE_REQUIRED", f"missing {name}", details={"parameter": name})
    if isinstance(exc, click.BadOptionUsage):
        return UnityCliError("E_OPTION_VALUE_REQUIRED", exc.format_message(), details={"option": exc.option_name})
    if isinstance(exc, click.BadParameter):
        return UnityCliError("E_OPTION_VALUE_INVALID", exc.format_message())
    return UnityCliError("E_OPTION_VALUE_INVALID", exc.format_message())


def _to_jsonable(result: Any) -> Any:
    if isinstance(result, BaseModel):
        return result.model_dump(by_alias=True, mode="json")
    return result


# Errors about choosing a project: their next actions already say which project to pick.
_SELECTION_CODES = frozenset({"E_INSTANCE_REQUIRED", "E_INSTANCE_NOT_FOUND", "E_INSTANCE_PATH_UNAVAILABLE",
                              "E_PROJECT_INVALID"})


def _owns_stdout(args: list[str]) -> bool:
    """Help text, and `mcp` (whose transport claims fd 1 itself), write to stdout directly."""
    return any(a in ("--help", "-h") for a in args) or not args or args[0] == "mcp"


def _streams_json(args: list[str]) -> bool:
    """`batch --jsonl` writes JSON lines, so its closing summary is JSON too."""
    return args[:1] == ["batch"] and any(a == "--jsonl" or a.startswith("--jsonl=") for a in args)


def _remember_discovery(argv: list[str], obj: CliState, envelope: dict[str, Any]) -> None:
    """Store discovery answers for the stdlib-only fast path (see unitycli.cli.fastpath)."""
    from unitycli.cli import fastpath

    if fastpath.parse(argv) is None:
        return
    fastpath.store(argv, envelope, obj.session.dependencies())


def _name_the_project(exc: UnityCliError, obj: CliState | None) -> UnityCliError:
    """Next actions must name the project the command ran on (selection errors already say which to pick)."""
    if obj is not None and exc.code not in _SELECTION_CODES:
        try:
            project = obj.session.optional_project()
        except Exception:  # naming the project is a courtesy: the error being reported must still be printed
            project = None
        if project is not None:
            exc.for_project(project.root)
    return exc


def _check_resident_mode(argv: list[str]) -> None:
    """A misspelt `UNITYCLI_RESIDENT` fails every command the same way (the client ran this call in-process), rather
    than meaning something nobody chose. The way out: the same command with the variable set to `off` (always
    valid, never starts anything), and, for a person, fixing the variable where it is set."""
    import os
    import shlex

    from unitycli.cli import resident_wire

    try:
        resident_wire.mode(os.environ)
    except resident_wire.ModeInvalid as exc:
        again = " ".join(["unitycli", *(shlex.quote(a) for a in argv)])
        raise UnityCliError("E_RESIDENT_MODE_INVALID", f"{resident_wire.MODE_ENV}={exc} is not a resident server "
                            f"mode; use one of {', '.join(resident_wire.MODES)} or leave it unset",
                            details={"setting": resident_wire.MODE_ENV, "value": str(exc),
                                     "allowed": dict(resident_wire.MODES)},
                            next_actions=[f"{resident_wire.MODE_ENV}=off {again}"],
                            manual_steps=[f"Unset {resident_wire.MODE_ENV} or set it to one of "
                                          f"{', '.join(resident_wire.MODES)} where it is set (shell profile, "
                                          "agent or CI configuration)."]) from None


def run(argv: list[str]) -> Outcome:
    """Run one invocation: the exit code, the envelope, and its human rendering unless in JSON mode."""
    request_id = new_request_id()
    json_mode = any(a == "--json" or a.startswith("--json=") for a in argv)
    try:
        return _run(argv, request_id, json_mode)
    except Exception as exc:  # the last line of defence, even for a failure while reporting a failure
        from unitycli.internal_error import internal_error

        error = internal_error(exc, request_id)
        return Outcome(error.exit_code, failure("", request_id, error.to_dict()), "" if json_mode else
                       f"error: {error.code}: {error.message}\n", json_mode)


def _run(argv: list[str], request_id: str, json_mode: bool) -> Outcome:
    from unitycli.cli.render import render_error, render_result

    obj: CliState | None = None
    command = ""
    try:
        command = _command_name([a for a in argv if not a.startswith("--") or a == "--"])
        options = extract_global_options(argv, frozenset(cli.list_commands(None)))
        json_mode = options.json or _streams_json(options.rest)
        command = _command_name(options.rest) or command
        obj = CliState(options=options, request_id=request_id)
        _check_resident_mode(argv)
        if options.rest[:1] == ["--version"]:
            if len(options.rest) > 1:
                raise UnityCliError("E_UNKNOWN_OPTION", "--version takes nothing after it",
                                    details={"option": options.rest[1]}, next_actions=["unitycli --version"])
            payload = version_report()
            return Outcome(EXIT_OK, success("version", request_id, payload), render_version(payload), json_mode)
        wants_help = any(a in ("--help", "-h") for a in options.rest) or not options.rest
        help_text = io.StringIO()
        if wants_help and json_mode:
            quiet = contextlib.redirect_stdout(help_text)  # help becomes the envelope's result
        elif _owns_stdout(options.rest):
            quiet = contextlib.nullcontext()
        else:  # only the envelope goes to stdout: a plugin's stray print() is diverted to stderr
            quiet = contextlib.redirect_stdout(sys.stderr)
        try:
            with quiet:
                result = cli.main(args=options.rest, prog_name="unitycli", standalone_mode=False, obj=obj)
        except click.exceptions.Exit as exc:
            result = exc.exit_code
        except click.ClickException as exc:
            raise _usage_error(exc) from None
        except click.exceptions.Abort:
            raise UnityCliError("E_CANCELLED", "aborted") from None
        if result is None or (isinstance(result, int) and not isinstance(result, bool)):
            # Click printed help (it answers --help, and a group without a command, with an exit code).
            code = result or EXIT_OK
            if json_mode:
                return Outcome(code, success(command, request_id, {"help": help_text.getvalue()}), "", json_mode)
            return Outcome(code, None, "", json_mode)
        error = None
        if isinstance(result, CommandResult):
            error, result = result.error, result.payload
        payload = _to_jsonable(result)
        if error is not None:  # a report that is also a failure: ok is false, and the report is kept beside it
            envelope = {**failure(command, request_id, _name_the_project(error, obj).to_dict()), "result": payload}
            return Outcome(error.exit_code, envelope, "" if json_mode else render_result(command, payload), json_mode)
        envelope = success(command, request_id, payload)
        _remember_discovery(argv, obj, envelope)
        return Outcome(EXIT_OK, envelope, "" if json_mode else render_result(command, payload), json_mode)
    except UnityCliError as exc:
        _name_the_project(exc, obj)
        envelope = failure(command, request_id, exc.to_dict())
        return Outcome(exc.exit_code, envelope, "" if json_mode else render_error(exc.to_dict()), json_mode)
    except Exception as exc:  # the last line of defence: never a traceback on the terminal
        from unitycli.internal_error import internal_error

        error = internal_error(exc, request_id)
        human = "" if json_mode else render_error(error.to_dict())
        return Outcome(error.exit_code, failure(command, request_id, error.to_dict()), human, json_mode)




def _write(stream: Any, text: str) -> None:
    """Write text the stream's encoding can carry (escaping what it cannot), never raising on content."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.encode(encoding if encoding else "utf-8", "backslashreplace").decode(encoding, "replace")
    stream.write(text)


def render_json(envelope: dict[str, Any], encoding: str | None = None) -> str:
    """The envelope as one JSON document that always encodes (the output writer must never fail)."""
    try:
        text = json.dumps(envelope, ensure_ascii=False, separators=WIRE_SEPARATORS)
        try:
            text.encode(encoding or "utf-8")
        except UnicodeEncodeError:  # a lone surrogate: escape it, walking the envelope only in this rare case
            text = json.dumps(encodable(envelope), ensure_ascii=False, separators=WIRE_SEPARATORS)
            text.encode(encoding or "utf-8")
        return text
    except UnicodeEncodeError:  # a terminal that is not UTF-8: plain ASCII escapes
        return json.dumps(encodable(envelope), ensure_ascii=True, separators=WIRE_SEPARATORS)
    except Exception as exc:  # unserialisable content: still one valid envelope
        from unitycli.internal_error import internal_error

        error = internal_error(exc, envelope.get("requestId"))
        return json.dumps(failure(envelope.get("command", ""), envelope.get("requestId", ""), error.to_dict()),
                          ensure_ascii=True, default=str, separators=WIRE_SEPARATORS)


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    outcome = run(args)
    with contextlib.suppress(OSError, ValueError, AttributeError):  # stdout closed or a broken pipe: the exit
        _print(outcome)                                                # code still tells what happened
    raise SystemExit(outcome.exit_code if outcome.exit_code is not None else EXIT_USAGE)


def _print(outcome: Outcome) -> None:
    if outcome.envelope is not None:
        if outcome.json_mode:
            sys.stdout.write(render_json(outcome.envelope, getattr(sys.stdout, "encoding", None)) + "\n")
        elif outcome.envelope["ok"]:
            _write(sys.stdout, outcome.human)
        else:
            _write(sys.stderr, outcome.human)
    sys.stdout.flush()
