"""The next-action check of `unitycli.testing`: every next action a test session produces must run.

A next action is a promise to an agent: "run this and you get on". The check holds that promise for everything the
whole suite produces, not for a list someone keeps: while the tests run, each next action an error is given (when
the error is made, when `next_actions` is assigned, when the runner fills in `same_call(...)`, and when an entry
renders it, which is where a spec's default actions appear) is appended, with the line that gave it and the test
that ran, to a file per pytest process under one session folder (xdist workers inherit the folder through
`UNITYCLI_NEXT_ACTIONS_DIR`). When the session ends, the process that made the folder checks each distinct action:

- a `ToolCall` names a registered tool, its arguments pass that tool's input schema, and its rendered line parses
  as that same call;
- a plain line is a `unitycli` command that parses with its options (a template the user fills, `<keyword>`, only
  has to be one), or names another program an agent may run (`git`);
- anything else (prose, a call written as a line, a `same_call` that escaped the runner) fails the session, naming
  the raise site and the test that reached it. A step only a person can take (in the Unity Editor, in a file) is
  no next action: it goes in the error's `manual_steps` (`manualSteps` in every answer), recorded when rendered;
  one that is a command after all (it parses as a `unitycli`, `git` or `pip` line) fails too: it belongs in
  `next_actions`, where an agent runs it.

A test that makes bad actions on purpose (to show this check or a renderer refusing them) says so with
`@pytest.mark.next_actions_unchecked(reason)`. A large run that recorded few actions fails too: the recorder
itself must not go quiet.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import Any

ENV = "UNITYCLI_NEXT_ACTIONS_DIR"
_ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]*=")
EXTERNAL = {"git"}  # programs a next action may name besides unitycli (`git lfs pull --include …`)
# A run of at least this many tests must have recorded at least this many distinct actions (the whole suite,
# `-m "not slow"`, records about FLOOR_ACTIONS * 3); a smaller run is not held to it.
FLOOR_TESTS = 2000
FLOOR_ACTIONS = 300
FLOOR_CALLS = 150

PROSE = "prose, not a command"
_ERRORS_FILE = ""
_THIS_FILE = os.path.normcase(os.path.abspath(__file__))
_REPO = Path(__file__).resolve().parents[1]  # sites are shown relative to the checkout (editable installs)
_state: dict[str, Any] = {"log": None, "test": None, "seen": set()}


def start(log_dir: Path) -> None:
    """Record into `log_dir` from now on, in this process (one file per process)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    _state["log"] = Path(log_dir) / f"{worker}-{os.getpid()}.jsonl"
    _install()


@contextmanager
def recording_into(log_dir: Path) -> Iterator[Path]:
    """Record into `log_dir` for a while (a test of this check), then back into the session's log."""
    saved = dict(_state)
    start(log_dir)
    _state["seen"] = set()
    try:
        yield _state["log"]
    finally:
        _state.clear()
        _state.update(saved)


def current_test(nodeid: str | None, unchecked: bool) -> None:
    """The test running now (its records name it); `unchecked` tests' actions are not recorded."""
    _state["test"] = None if unchecked else nodeid
    _state["unchecked"] = unchecked


def _install() -> None:
    """Observe `UnityCliError.next_actions` and the two places actions leave an error (`for_call`, `actions`)."""
    global _ERRORS_FILE
    from unitycli import errors

    cls = errors.UnityCliError
    if getattr(cls, "_next_actions_recorded", False):
        return
    _ERRORS_FILE = os.path.normcase(os.path.abspath(errors.__file__))

    def get(self: Any) -> Any:
        return self.__dict__.get("next_actions")

    def set_(self: Any, value: Any) -> None:
        self.__dict__["next_actions"] = value
        frame = sys._getframe(1)
        inside = os.path.normcase(frame.f_code.co_filename) == _ERRORS_FILE and frame.f_code.co_name != "__init__"
        if not inside:  # a raise site (or a later assignment); the error's own methods keep the site it had
            self.__dict__["_next_action_site"] = _site(frame)
        if value:
            _record(value, self, rendered=False)

    original_actions, original_for_call = cls.actions, cls.for_call

    def actions(self: Any) -> Any:
        result = original_actions(self)
        _record(result, self, rendered=True)
        _record_manual(self)
        return result

    def for_call(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = original_for_call(self, *args, **kwargs)
        if result.next_actions:
            _record(result.next_actions, result, rendered=False)
        return result

    cls.next_actions = property(get, set_)
    cls.actions = actions
    cls.for_call = for_call
    cls._next_actions_recorded = True


def _site(frame: Any) -> str:
    """The first frame outside the error class and this module: where the actions were given."""
    while frame is not None and os.path.normcase(frame.f_code.co_filename) in (_ERRORS_FILE, _THIS_FILE):
        frame = frame.f_back
    if frame is None:
        return "?"
    path = Path(frame.f_code.co_filename)
    shown = path.relative_to(_REPO).as_posix() if path.is_relative_to(_REPO) else str(path)
    return f"{shown}:{frame.f_lineno}"


def _record(actions: Iterable[Any], error: Any, *, rendered: bool) -> None:
    """Append each action not seen before; a `same_call` counts only when rendered (the runner had to name it)."""
    from unitycli.next_actions import SameCall, ToolCall, render

    log = _state["log"]
    if log is None or _state.get("unchecked"):
        return
    site = error.__dict__.get("_next_action_site") or "?"
    if error.__dict__.get("next_actions") is None:  # the spec's defaults: one record per code is enough
        site = f"the default next actions of {error.code} (raised at {site})"
    for action in actions:
        if isinstance(action, SameCall) and not rendered:
            continue  # not an action yet: the runner names the call (`for_call`)
        if isinstance(action, ToolCall):
            entry: dict[str, Any] = {"call": {"tool": action.tool, "arguments": dict(action.arguments),
                                              "kind": action.kind, "project": action.project}}
            key = json.dumps([action.tool, action.kind, dict(action.arguments), site.split(" (raised at ")[0]], sort_keys=True, default=str)
        else:
            entry = {"line": render(action), "sameCall": isinstance(action, SameCall)}
            key = json.dumps([entry["line"], site.split(" (raised at ")[0]])
        if key in _state["seen"]:
            continue
        _state["seen"].add(key)
        entry.update(site=site, code=error.code, test=_state["test"])
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps(entry, default=str) + "\n")


def _record_manual(error: Any) -> None:
    """Append each manual step of a rendered error not seen before (checked to be no command)."""
    log = _state["log"]
    if log is None or _state.get("unchecked"):
        return
    site = error.__dict__.get("_next_action_site") or "?"
    for step in getattr(error, "manual_steps", None) or []:
        key = json.dumps(["manual", step, site])
        if key in _state["seen"]:
            continue
        _state["seen"].add(key)
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps({"manual": step, "site": site, "code": error.code, "test": _state["test"]},
                                 default=str) + "\n")


def recorded(log_dir: Path) -> list[dict[str, Any]]:
    """Every record of the session, from every process's file."""
    entries = []
    for path in sorted(Path(log_dir).glob("*.jsonl")):
        entries.extend(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line)
    return entries


# --- the check ----------------------------------------------------------------------------------------------------


def _parsed(words: list[str]) -> Any:
    """The command a line's words name, its parsed options and project, or why they do not parse."""
    import click

    from unitycli.cli.argv import extract_global_options
    from unitycli.cli.state import find_command
    from unitycli.errors import UnityCliError

    try:
        options = extract_global_options(words[1:])
    except UnityCliError as exc:
        return f"does not parse: {exc.code}: {exc.message}"
    found = find_command(options.rest)
    if isinstance(found, str):
        return f"no command {found!r}"
    command, context, rest = found
    try:
        with redirect_stdout(io.StringIO()):  # `--help` prints, then exits 0: a line that parses
            params = command.make_context(command.name or "", list(rest), parent=context).params
    except click.exceptions.Exit as exc:
        return (command, {}, options.project) if exc.exit_code == 0 else f"exits {exc.exit_code}"
    except click.ClickException as exc:
        return f"does not parse: {exc.format_message()}"
    except UnityCliError as exc:  # the strict commands refuse an unknown option with a catalogued code
        return f"does not parse: {exc.code}: {exc.message}"
    return command, params, options.project


def call_problem(call: Any, session: Any) -> str | None:
    """Why the `ToolCall` cannot run, or its rendered line would run something else; None when it runs as meant."""
    from unitycli.errors import UnityCliError
    from unitycli.next_actions import render
    from unitycli.runner import validate_input

    if call.tool is not None:
        try:
            tool = session.tool(call.tool)
            if call.kind == "run":
                validate_input(tool, dict(call.arguments))
        except UnityCliError as exc:
            return f"{exc.code}: {exc.message}"
    parsed = _parsed(shlex.split(render(call)))
    if isinstance(parsed, str):
        return parsed
    command, params, project = parsed
    if project != call.project:
        return f"the line runs on project {project!r}, not {call.project!r}"
    if command.name != call.kind:
        return f"the line runs `tools {command.name}`, not `tools {call.kind}`"
    if call.kind == "run":
        given = json.loads(params["input_value"]) if params.get("input_value") else {}
        if (params["name"], given) != (call.tool, dict(call.arguments)):
            return f"the line runs {params['name']} with {given}"
    return None


def line_problem(line: str) -> str | None:
    """Why a plain next-action line is no command an agent can run as written, or None."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        return f"not a command line: {exc}"
    assigned = 0
    while assigned < len(words) and _ASSIGNMENT.match(words[assigned]):
        assigned += 1  # `UNITYCLI_DISABLE_EXTENSIONS=acme unitycli …`: the environment is part of the step
    words = words[assigned:]
    if not words:
        return "empty"
    if words[0] in EXTERNAL or _is_pip(words):
        return None
    if words[0] != "unitycli":
        return PROSE
    if "<" in line:  # a template the user fills in (`unitycli tools search <keyword>`): a command, not run
        return None
    call_options = {"--project", "--input", "--json", "--instance"}  # what a ToolCall's line carries
    if words[1:3] in (["tools", "run"], ["tools", "describe"]) and not assigned and len(words) > 3 \
            and not words[3].startswith("-") \
            and all(w.split("=", 1)[0] in call_options for w in words[4:] if w.startswith("--")):
        return "a tool call written as a line: build it with tool_command or describe_command"
    parsed = _parsed(words)
    return parsed if isinstance(parsed, str) else None


def _is_pip(words: list[str]) -> bool:
    """`<a python> -m pip …`: the reinstall an integrity failure names, with the interpreter that runs unitycli."""
    return Path(words[0]).name.startswith("python") and words[1:3] == ["-m", "pip"]


def problem(action: Any, session: Any) -> str | None:
    """Why a next action (a `ToolCall`, a `SameCall` or a line) cannot run as written, or None."""
    from unitycli.next_actions import SameCall, ToolCall

    if isinstance(action, ToolCall):
        return call_problem(action, session)
    if isinstance(action, SameCall):
        return "a same_call(...) that left the runner unresolved (only code below a tool run may give one)"
    return line_problem(action)


def manual_problem(step: str) -> str | None:
    """Why a manual step is not one: empty, or a command an agent could run (a next action, not a person's step)."""
    if not step.strip():
        return "an empty manual step"
    try:
        words = [w for w in shlex.split(step) if not _ASSIGNMENT.match(w)]
    except ValueError:
        return None  # words with an apostrophe (`today's layout`): no command line
    if line_problem(step) is None or words[:1] == ["unitycli"] or words[:1] and words[0] in EXTERNAL \
            or _is_pip(words):
        return "a command given as a manual step: give it as a next action"
    return None


def entry_problem(entry: dict[str, Any], session: Any) -> str | None:
    """Why one record's action cannot run (or its manual step is a command), or None."""
    from unitycli.next_actions import ToolCall

    if "manual" in entry:
        return manual_problem(entry["manual"])
    if "call" not in entry:
        if entry.get("sameCall"):
            return "a same_call(...) that left the runner unresolved (only code below a tool run may give one)"
        return line_problem(entry["line"])
    data = entry["call"]
    call = ToolCall(data["tool"], data["arguments"], data["project"], data["kind"])
    found = call_problem(call, session)
    known = session.registry.names()
    if found is not None and call.tool not in known and call.project and Path(call.project).is_dir():
        from unitycli.host.session import Session  # a project's own tool: known only in that project

        found = call_problem(call, Session(project_arg=call.project, cwd=Path(call.project)))
    if found is not None and call.tool not in known and _group(call.tool) not in {_group(n) for n in known}:
        return None  # a test's own fake extension (`echo.say`), gone by now: a misspelt real tool is still caught
    return found


def _group(name: str | None) -> str:
    return (name or "").split(".", 1)[0]


def check(log_dir: Path, tests_run: int) -> tuple[list[str], dict[str, int]]:
    """The problems of a session's records (one line each) and what was counted."""
    from unitycli.host.session import Session

    _state["log"] = None  # the check's own refusals are not the suite's
    entries = recorded(log_dir)
    session = Session()
    problems: dict[str, set[str]] = {}
    calls = lines = manual = 0
    for entry in entries:
        manual += "manual" in entry
        calls += "call" in entry
        lines += "call" not in entry and "manual" not in entry
        found = entry_problem(entry, session)
        if found is not None:
            found = found.strip().splitlines()[0]  # click's usage text: its first line says it
            shown = entry.get("line") or entry.get("manual") or json.dumps(entry["call"], ensure_ascii=False)
            problems.setdefault(f"{entry['site']}: {shown} ({entry['code']}): {found}", set()).add(entry["test"] or "")
    actions = calls + lines
    counts = {"records": actions, "calls": calls, "lines": lines, "manual": manual, "tests": tests_run}
    report = [f"{text}\n      reached by {sorted(tests)[0]}" for text, tests in sorted(problems.items())]
    if tests_run >= FLOOR_TESTS and (actions < FLOOR_ACTIONS or calls < FLOOR_CALLS):
        report.append(f"{tests_run} tests recorded only {actions} next actions ({calls} tool calls); at least "
                      f"{FLOOR_ACTIONS} ({FLOOR_CALLS}) are expected: is the recorder still observing UnityCliError?")
    if report:
        (Path(log_dir) / "problems.txt").write_text("\n".join(report) + "\n", encoding="utf-8",
                                                  errors="backslashreplace")
    return report, counts


def new_log_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="unitycli-next-actions-"))
