"""With `UNITYCLI_RESIDENT` unset a call starts a resident server for the next calls, and that must be safe for every
caller: one that captures our output gets its end-of-file when the command ends, concurrent first calls start one
server, nothing starts where the folder cannot be trusted, from `python -m unitycli`, under CI, in a sandbox, or with
a misspelt mode; a caller that stands elsewhere (other limits) never reaches a server started by another.

Each test runs the console script in a private socket folder of its own with `UNITYCLI_RESIDENT=""` (empty is
unset: the default a user gets); whatever a test starts is stopped and killed by the fixture.
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.resident.residents import SCRIPT, Resident, needs_resident, pid_alive, wait_for
from unitycli.cli import resident_client, resident_wire

pytestmark = needs_resident

DEFAULT = {"UNITYCLI_RESIDENT": ""}


def _info(project: Path) -> list[str]:
    return ["tools", "run", "project.info", "--json", "--project", str(project)]


def _left_nothing(folder: Path) -> bool:
    """No launcher ran here: it takes the socket's lock (creating the lock file) before anything else."""
    return not any(folder.glob("*.lock")) and not any(folder.glob("*.sock"))


def _server_pid(resident: Resident) -> int:
    wait_for(lambda: resident.status()["running"], "the server a default call started")
    return resident.status()["pid"]


def test_a_capturing_caller_gets_its_answer_and_the_server_holds_nothing_of_it(resident, project):
    """`subprocess.run(..., capture_output=True)` reads to end-of-file: a server that kept the caller's pipe would
    hang it here until the timeout. The server has its own session and process group, `/` as working directory,
    /dev/null as stdin and its private log as stdout and stderr."""
    done = subprocess.run([SCRIPT, *_info(project)], env={**resident.env, **DEFAULT}, input=b"", capture_output=True,
                          timeout=120, cwd=project)
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
    assert b"in-process (started a resident server for the next calls)" in done.stderr
    pid = _server_pid(resident)
    assert os.getsid(pid) == pid and os.getpgid(pid) == pid and os.getsid(pid) != os.getsid(0)
    assert os.readlink(f"/proc/{pid}/cwd") == "/"
    fds = {fd: os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1, 2)}
    log = resident_wire.log_path(resident.status()["socket"])
    assert fds == {0: "/dev/null", 1: log, 2: log}
    assert resident.status()["idleTimeoutSeconds"] == resident_wire.IDLE_SECONDS
    again = resident.cli(*_info(project), **DEFAULT)
    assert again.returncode == 0 and again.stdout == done.stdout.replace(
        json.loads(done.stdout)["requestId"].encode(), json.loads(again.stdout)["requestId"].encode())
    assert resident.served() == 1


_COUNT_SERVERS = """
import os, sys
if sys.argv[1:3] == ["resident", "serve"]:
    with open(os.environ["UCR_SERVERS_STARTED"], "a") as f:
        f.write(f"{os.getpid()}\\n")
"""


def _serve_processes(folder: Path) -> list[int]:
    """Live `resident serve` processes whose socket folder is this test's."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or not pid_alive(int(entry.name)):
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"serve" in cmdline and f"{resident_wire.DIR_ENV}={folder}".encode() in environ:
            found.append(int(entry.name))
    return found


def test_concurrent_first_calls_start_one_server(resident, project, tmp_path):
    """Every Python process of the test counts itself (a `sitecustomize` on `PYTHONPATH`) when it is a server: of
    four first calls at once, one starts a server and the others find its lock taken."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "sitecustomize.py").write_text(_COUNT_SERVERS)
    started = tmp_path / "servers-started"
    env = {**resident.env, **DEFAULT, "PYTHONPATH": str(lib), "UCR_SERVERS_STARTED": str(started),
           "PYTHONDONTWRITEBYTECODE": "1"}  # no __pycache__ appears in lib: a server's code stamp stays true
    calls = [subprocess.Popen([SCRIPT, *_info(project)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for _ in range(4)]
    outcomes = [call.communicate(timeout=300) for call in calls]
    assert [call.returncode for call in calls] == [0, 0, 0, 0], outcomes
    assert sum(b"started a resident server" in err for _, err in outcomes) == 1
    resident.env.update(env)
    _server_pid(resident)
    wait_for(lambda: len(_serve_processes(resident.folder)) == 1, "only the one server to be left running")
    assert len(started.read_text().split()) == 1


@pytest.mark.parametrize("spoil", ["group-readable", "symlink", "missing-parent", "a-file", "other-owner"])
def test_no_server_starts_where_the_folder_cannot_be_trusted_or_made(resident, project, tmp_path, spoil):
    folder, env = resident.folder, {}
    if spoil == "group-readable":
        folder.chmod(0o750)
    elif spoil == "symlink":
        link = tmp_path / "s"
        link.symlink_to(folder)
        env = {resident_wire.DIR_ENV: str(link)}
    elif spoil == "missing-parent":  # as a read-only or absent /tmp: the folder cannot be made, its parent is not
        env = {resident_wire.DIR_ENV: str(folder / "no" / "such")}
    elif spoil == "a-file":
        (folder / "file").write_text("")
        env = {resident_wire.DIR_ENV: str(folder / "file")}
    else:
        if os.geteuid() != 0:
            pytest.skip("handing a folder to another user needs root")
        os.chown(folder, 65534, 65534)
    try:
        done = resident.cli(*_info(project), **DEFAULT, **env)
        assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
        assert b"in-process (no trusted resident folder)" in done.stderr
        assert _left_nothing(folder) and not (folder / "no").exists()
    finally:
        os.chown(folder, os.geteuid(), os.getegid())
        folder.chmod(0o700)


def test_python_dash_m_never_starts_a_server(resident, project):
    """`python -m unitycli` has another `sys.path` than the console script: a server it started would serve none of
    its calls, and `resident start` refuses to start one for it."""
    done = subprocess.run([sys.executable, "-m", "unitycli", *_info(project)], env={**resident.env, **DEFAULT},
                          capture_output=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr
    assert b"not run as this interpreter's unitycli console script" in done.stderr
    assert _left_nothing(resident.folder)
    refused = subprocess.run([sys.executable, "-m", "unitycli", "resident", "start", "--json"], env=resident.env,
                             capture_output=True, timeout=300, cwd="/")
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"]["code"] == "E_RESIDENT_UNAVAILABLE"
    assert _left_nothing(resident.folder)


def test_a_server_started_by_a_call_with_interpreter_options_serves_the_next_such_call(resident, project):
    """`python -W … unitycli …`: the options are part of the configuration, so the server starts with them."""
    call = [sys.executable, "-W", "ignore::DeprecationWarning", SCRIPT, *_info(project)]
    first = subprocess.run(call, env={**resident.env, **DEFAULT}, capture_output=True, timeout=300)
    assert first.returncode == 0 and b"started a resident server" in first.stderr
    wait_for(lambda: resident_wire.lock_held(_socket_of(resident, "-W", "ignore::DeprecationWarning")) and
             os.path.exists(_socket_of(resident, "-W", "ignore::DeprecationWarning")), "the server to listen")
    second = subprocess.run(call, env={**resident.env, **DEFAULT}, capture_output=True, timeout=300)
    assert second.returncode == 0 and b"in-process" not in second.stderr, second.stderr


def test_a_call_whose_server_would_serve_none_of_its_calls_starts_one_once(resident, project, tmp_path):
    """`PYTHONPATH` naming the caller's working directory: the call drops it from `sys.path`, a server started in `/`
    keeps it, so the server's configuration names another socket. It says so in its log and holds the caller's lock
    while idle instead of exiting, so the next calls run in-process without starting one server after another."""
    here = tmp_path / "work"
    here.mkdir()
    env = {**resident.env, **DEFAULT, "PYTHONPATH": str(here)}
    first = subprocess.run([SCRIPT, *_info(project)], env=env, capture_output=True, timeout=300, cwd=here)
    assert first.returncode == 0 and b"started a resident server" in first.stderr
    logs = list(resident.folder.glob("*.log"))
    assert len(logs) == 1
    wait_for(lambda: b"names another socket" in logs[0].read_bytes(), "the server to see it serves no such call")
    again = subprocess.run([SCRIPT, *_info(project)], env=env, capture_output=True, timeout=300, cwd=here)
    assert again.returncode == 0 and b"in-process (no resident server)" in again.stderr
    assert b"started a resident server" not in again.stderr
    assert len(_serve_processes(resident.folder)) == 1


def test_starting_a_server_adds_nothing_to_a_dev_mode_callers_stderr(resident, project):
    """Under `-X dev` Python reports a child still running when its `Popen` is dropped: the detached server is not
    one the call waits for, so the first call's stderr is the note alone."""
    call = [sys.executable, "-X", "dev", SCRIPT, *_info(project)]
    done = subprocess.run(call, env={**resident.env, **DEFAULT}, capture_output=True, timeout=300)
    assert done.returncode == 0 and b"started a resident server" in done.stderr
    assert b"Warning" not in done.stderr, done.stderr


def _socket_of(resident: Resident, *options: str) -> str:
    """The socket a call with these interpreter options looks for (what `resident status` run so says)."""
    done = subprocess.run([sys.executable, *options, SCRIPT, "resident", "status", "--json"], env=resident.env,
                          capture_output=True, timeout=300)
    return json.loads(done.stdout)["result"]["socket"]


def test_only_this_interpreters_console_script_may_start_one(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "argv", [SCRIPT])
    assert resident_client.console_script() == SCRIPT
    elsewhere = tmp_path / "bin"
    elsewhere.mkdir()
    monkeypatch.setattr(sysconfig, "get_path", lambda name, *a, **k: str(elsewhere))  # no console script there
    assert resident_client.console_script() is None
    shutil.copy(SCRIPT, elsewhere / "unitycli")  # one there, but not the one running
    assert resident_client.console_script() is None


@pytest.mark.parametrize("command", [["tools", "run", "project.info", "--json"], ["tools", "group", "--json"]])
def test_a_misspelt_mode_is_a_usage_error_for_every_command_and_starts_nothing(resident, project, command):
    """Even a discovery answer the fast path has cached: a value nobody chose is reported, not guessed at."""
    argv = [*command, "--project", str(project)]
    assert resident.cli(*argv, UNITYCLI_RESIDENT="off").returncode == 0  # caches `tools group` for the fast path
    done = resident.cli(*argv, UNITYCLI_RESIDENT="yes")
    assert done.returncode == 2, done.stderr
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "E_RESIDENT_MODE_INVALID" and error["details"]["value"] == "yes"
    assert list(error["details"]["allowed"]) == list(resident_wire.MODES)
    assert error["manualSteps"] and all(mode in error["manualSteps"][0] for mode in resident_wire.MODES)
    assert _left_nothing(resident.folder)
    (action,) = error["nextActions"]  # the same command with a mode that is always valid: it runs
    assignment, *words = shlex.split(action)
    assert assignment == "UNITYCLI_RESIDENT=off" and words[0] == "unitycli"
    assert resident.cli(*words[1:], UNITYCLI_RESIDENT="off").returncode == 0


@pytest.mark.parametrize("marker", resident_wire.CI_MARKERS)
def test_a_build_service_that_does_not_set_ci_is_still_a_build(marker):
    assert resident_wire.mode({marker: "x"}) == "use"
    assert resident_wire.mode({marker: "x", "UNITYCLI_RESIDENT": "auto"}) == "auto"  # a person's explicit choice
    assert resident_wire.mode({}) == "auto" and resident_wire.mode({"CI": "false"}) == "auto"


def test_under_ci_a_call_uses_a_server_but_never_starts_one(resident, project):
    done = resident.cli(*_info(project), **DEFAULT, CI="true")
    assert done.returncode == 0 and b"in-process (no resident server)" in done.stderr
    assert _left_nothing(resident.folder)
    resident.start()
    assert resident.cli(*_info(project), **DEFAULT, CI="true").returncode == 0
    assert resident.served() == 1


def test_off_never_uses_a_running_server(resident, project):
    resident.start()
    assert resident.cli(*_info(project), UNITYCLI_RESIDENT="off").returncode == 0
    assert resident.served() == 0


def test_a_sandboxed_caller_never_uses_or_starts_a_server(resident, project):
    """`no_new_privs` marks a sandbox whose rules cannot be compared: such a call runs in-process."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("needs util-linux setpriv")
    resident.start()
    done = subprocess.run([setpriv, "--no-new-privs", SCRIPT, *_info(project)], env={**resident.env, **DEFAULT},
                          capture_output=True, timeout=300)
    assert done.returncode == 0 and b"in-process (a sandboxed caller (no_new_privs))" in done.stderr
    assert resident.served() == 0


def test_a_caller_with_other_resource_limits_never_reaches_the_server(resident, project):
    """A harness's limits (here: open files) hold for its calls: the server of a caller without them is not its."""
    started = resident.start()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lower = min(soft, 512) - 1

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))

    done = subprocess.run([SCRIPT, *_info(project)], env=resident.env, capture_output=True, timeout=300,
                          preexec_fn=limited)
    assert done.returncode == 0 and b"in-process (no resident server)" in done.stderr
    assert resident.served() == 0 and pid_alive(started["pid"])


def test_the_standing_tells_namespaces_and_limits_apart():
    """What `standing()` reads is there to read on Linux (a test that these sources exist, so it is not vacuous)."""
    places, root, texts, status = resident_wire.standing()
    assert all(p and p.startswith(kind) for p, kind in zip(places, ("mnt", "pid", "user"), strict=False))
    assert root is not None and all(texts) and status[0] is not None
