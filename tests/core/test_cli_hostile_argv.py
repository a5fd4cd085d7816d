"""Hostile command lines: with --json, always exactly one JSON document on stdout, a
catalogued error code that is never E_INTERNAL, and the catalog's exit code (2 for a usage error).

Found by an attack run: a usage error plus `--project /` printed a raw traceback with empty stdout (naming the
project walked into /proc and met a PermissionError), `--project /` made discovery commands E_INTERNAL, a NUL
byte in `--project` was E_INTERNAL, and `--input @/dev/zero` or a named pipe without a writer hung forever.
Cases that could hang run in a child process with a timeout; the rest run in-process.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixturepaths import REPO_ROOT
from unitycli.cli.bounded_read import MAX_BYTES
from unitycli.cli.main import main
from unitycli.testing import error_catalog

SAMPLE = REPO_ROOT / "examples" / "sample-project"
CATALOG = error_catalog()


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> dict[str, str]:
    """A project copy, a plain file, a folder, a missing path and a named pipe nobody writes to."""
    base = tmp_path_factory.mktemp("hostile-argv")
    project = base / "sample-project"
    shutil.copytree(SAMPLE, project, ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
    (base / "file.txt").write_text("{}")
    os.mkfifo(base / "fifo")
    return {"project": str(project), "file": str(base / "file.txt"), "dir": str(base), "fifo": str(base / "fifo"),
            "missing": str(base / "missing" / "x"), "home": str(base / "home")}


def _fill(argv: list[str], place: dict[str, str]) -> list[str]:
    """`{project}`, `{fifo}` … replaced by the module's paths."""
    filled = []
    for token in argv:
        for name, path in place.items():
            token = token.replace("{" + name + "}", path)
        filled.append(token)
    return filled


def check_envelope(code: int, stdout: str) -> dict:
    """Exactly one JSON document, a catalogued code other than E_INTERNAL, and that code's exit code."""
    assert stdout.endswith("\n") and stdout.count("\n") == 1, stdout[:500]
    envelope = json.loads(stdout)
    if envelope["ok"]:
        assert code == 0
        return envelope
    error = envelope["error"]
    assert error["code"] in CATALOG, error
    assert error["code"] != "E_INTERNAL", error
    assert code == CATALOG[error["code"]].exit_code, (code, error)
    return envelope


def printed(argv: list[str], monkeypatch, stdin: bytes | None = b"") -> tuple[int, dict]:
    """`main` in-process with a strict UTF-8 stdout; `stdin=None` is a process started with fd 0 closed."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", None if stdin is None else io.TextIOWrapper(io.BytesIO(stdin)))
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out.flush()
    code = exit_info.value.code
    return code, check_envelope(code, out.buffer.getvalue().decode("utf-8"))


@pytest.fixture
def home(place, monkeypatch):
    monkeypatch.setenv("UNITYCLI_HOME", place["home"])
    monkeypatch.chdir(place["dir"])


HUGE = "x" * 1_000_000

# (argv, the code it must end in: None accepts any catalogued one)
CORPUS = [
    # --project / with a usage error, or a command that names the project: walked, never a crash
    (["--project", "/", "nosuch"], "UNKNOWN_COMMAND"),
    (["--project", "/", "tools", "--bogus"], "E_UNKNOWN_OPTION"),
    (["--project", "/", "tools", "run", "project.info", "--input"], "E_OPTION_VALUE_REQUIRED"),
    (["--project", "/", "target", "--bogus"], "E_UNKNOWN_OPTION"),
    (["--project", "/", "batch"], "E_OPTION_VALUE_REQUIRED"),
    (["--project", "/", "tools", "run", "project.info"], "E_PROJECT_INVALID"),
    (["--project", "/", "tools", "group"], "E_PROJECT_INVALID"),
    (["--project", "/", "tools", "search", "x"], "E_PROJECT_INVALID"),
    (["--project", "/", "init"], "E_PROJECT_INVALID"),
    # --project at things that are not projects
    (["--project", "{file}", "tools", "run", "project.info"], "E_PROJECT_INVALID"),
    (["--project", "{fifo}", "tools", "run", "project.info"], "E_PROJECT_INVALID"),
    (["--project", "{missing}", "tools", "run", "project.info"], "E_INSTANCE_PATH_UNAVAILABLE"),
    (["--project", "/dev/null", "tools", "run", "project.info"], "E_PROJECT_INVALID"),
    (["--project", "/proc/self/mem", "tools", "group"], "E_PROJECT_INVALID"),
    (["--project", "y" * 5000, "tools", "run", "project.info"], "E_INSTANCE_PATH_UNAVAILABLE"),
    # NUL bytes (only an embedding caller can pass one), undecodable bytes, huge strings
    (["--project", "a\x00b", "tools", "run", "project.info"], "E_OPTION_VALUE_INVALID"),
    (["--instance", "\x00", "tools", "run", "project.info"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project\x00info", "--project", "{project}"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@a\x00b"], "E_OPTION_VALUE_INVALID"),
    (["\x00"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "bad\udcff", "--project", "{project}"], "E_TOOL_NOT_FOUND_FOR_TARGET"),
    (["--project", "\udcff", "tools", "run", "project.info"], "E_INSTANCE_PATH_UNAVAILABLE"),
    (["--instance", "\udced\udca0\udc80", "tools", "group"], "E_INSTANCE_NOT_FOUND"),
    (["tools", "describe", HUGE], "E_TOOL_NOT_FOUND_FOR_TARGET"),
    (["tools", "search", HUGE], None),
    (["tools", "run", "project.info", "--project", "{project}", "--input", HUGE], "E_INPUT_JSON_INVALID"),
    # odd flags and unknown commands
    (["nosuchcommand"], "UNKNOWN_COMMAND"),
    (["-x"], "E_UNKNOWN_OPTION"),
    (["--", "--json"], "E_UNKNOWN_OPTION"),
    (["---"], "E_UNKNOWN_OPTION"),
    (["--json=maybe", "tools"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project"], "E_OPTION_VALUE_REQUIRED"),
    (["tools", "run", "project.info", "--project="], "E_OPTION_VALUE_REQUIRED"),
    (["tools", "run", "project.info", "--project", "{project}", "--dry-run=perhaps"], "E_OPTION_VALUE_INVALID"),
    (["mcp", "--project", "{project}", "--poll-interval", "nan"], "E_OPTION_VALUE_INVALID"),
    # --input and --commands that name what is not a readable file
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@{dir}"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@{missing}"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@" + "z" * 5000],
     "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@"], "E_OPTION_VALUE_INVALID"),
    (["batch", "--project", "{project}", "--commands", "{dir}"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "-"], "E_INPUT_JSON_INVALID"),
]


@pytest.mark.next_actions_unchecked("a repair repeats the rest of a hostile line as given (`--json=maybe tools`)")
@pytest.mark.parametrize(("argv", "expected"), CORPUS, ids=[" ".join(a[:6])[:60] for a, _ in CORPUS])
def test_hostile_command_lines_print_one_catalogued_envelope(place, home, monkeypatch, argv, expected):
    code, envelope = printed(["--json", *_fill(argv, place)], monkeypatch)
    if expected is not None:
        assert envelope["ok"] is False and envelope["error"]["code"] == expected, envelope


def test_input_from_a_closed_stdin_is_refused(place, home, monkeypatch):
    code, envelope = printed(["--json", "tools", "run", "project.info", "--project", place["project"], "--input",
                              "-"], monkeypatch, stdin=None)
    assert envelope["error"]["code"] == "E_OPTION_VALUE_INVALID"
    assert envelope["error"]["details"]["errno"] == "EBADF"


def test_input_beyond_the_size_limit_is_refused(place, home, monkeypatch):
    code, envelope = printed(["--json", "tools", "run", "project.info", "--project", place["project"], "--input",
                              "-"], monkeypatch, stdin=b" " * (MAX_BYTES + 1))
    assert envelope["error"]["code"] == "E_OPTION_VALUE_INVALID"
    assert envelope["error"]["details"] == {"option": "--input", "file": "standard input", "reason": "too large",
                                            "maxBytes": MAX_BYTES}


# --- in a child process, bounded in time: what used to hang, and the console path itself ------------------------

def _child(argv: list[str], place: dict[str, str], stdin: int | None = subprocess.DEVNULL,
           module: bool = True) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")}
    env.update(UNITYCLI_HOME=place["home"], UNITYCLI_RESIDENT="off")  # a fresh env: no resident server left behind
    command = [sys.executable, "-m", "unitycli"] if module else [str(Path(sys.executable).with_name("unitycli"))]
    done = subprocess.run([*command, "--json", *_fill(argv, place)], stdin=stdin, capture_output=True, env=env,
                          cwd=place["dir"], timeout=120)
    return done.returncode, done.stdout.decode("utf-8")


CHILD = [
    (["--project", "/", "tools", "--bogus"], "E_UNKNOWN_OPTION"),
    (["--project", "/", "nosuch"], "UNKNOWN_COMMAND"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@/dev/zero"], "E_OPTION_VALUE_INVALID"),
    (["tools", "run", "project.info", "--project", "{project}", "--input", "@{fifo}"], "E_INPUT_JSON_INVALID"),
    (["batch", "--project", "{project}", "--commands", "/dev/zero"], "E_OPTION_VALUE_INVALID"),
    (["batch", "--project", "{project}", "--commands", "{fifo}"], None),
]


@pytest.mark.parametrize(("argv", "expected"), CHILD, ids=[" ".join(a)[:60] for a, _ in CHILD])
def test_hostile_command_lines_in_a_child_process_end_with_one_envelope(place, argv, expected):
    code, stdout = _child(argv, place)
    envelope = check_envelope(code, stdout)
    if expected is not None:
        assert envelope["error"]["code"] == expected, envelope


def test_the_console_script_with_stdin_closed(place):
    """`unitycli … --input - <&-`: fd 0 is closed, so there is nothing to read and nothing to wait for."""
    script = Path(sys.executable).with_name("unitycli")
    env = {k: v for k, v in os.environ.items() if not k.startswith("UNITYCLI_")}
    env.update(UNITYCLI_HOME=place["home"], UNITYCLI_RESIDENT="off")  # a fresh env: no resident server left behind
    done = subprocess.run(["sh", "-c", 'exec "$0" --json tools run project.info --project "$1" --input - <&-',
                           str(script), place["project"]], capture_output=True, env=env, cwd=place["dir"],
                          timeout=120)
    envelope = check_envelope(done.returncode, done.stdout.decode("utf-8"))
    assert envelope["error"]["code"] == "E_OPTION_VALUE_INVALID"


# --- property-based: argv assembled from hostile pieces ------------------------------------------------------

_WORDS = ["tools", "run", "describe", "search", "group", "list", "docs", "contract", "instances", "target",
          "batch", "doctor", "init", "extensions", "approvals", "nosuch", "project.info", "package.list",
          "asset.find", "scene.list", "--project", "--instance", "--input", "--commands", "--dry-run",
          "--dry-run=maybe", "--json=1", "--help", "-h", "--version", "--", "-", "--=", "-1", "1e999", "/",
          "{file}", "{fifo}", "{missing}", "{dir}", "{project}", "@{file}", "@{missing}", "@{dir}", "@",
          "{}", "[]", '{"name": "*.unity"}', '{"a": NaN}', "\udcff", "\u202e", "é", "", " ", "x" * 3000]


@settings(max_examples=int(os.environ.get("UNITYCLI_FUZZ_EXAMPLES", "40")), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=st.lists(st.sampled_from(_WORDS) | st.text(max_size=8), max_size=7))
def test_any_command_line_from_hostile_pieces_prints_one_catalogued_envelope(place, home, monkeypatch, argv):
    argv = [a for a in argv if a not in ("init", "extensions", "approvals")]  # they write outside the copy
    printed(["--json", *_fill(argv, place)], monkeypatch)
