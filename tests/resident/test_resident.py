"""The resident server answers exactly as an in-process run would, and is used only when it can be trusted.

Every server here lives in a private folder of its test (`UNITYCLI_RESIDENT_DIR`), is started through the console
script as a user would start it, and is killed by the fixture's finalizer. Whether a call went through the server
is read from its `served` counter and from the client's one-line note under `UNITYCLI_RESIDENT_DEBUG`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.resident.residents import SCENE, SCRIPT, WAIT, Resident, needs_resident, pid_alive, wait_for
from unitycli.cli import resident_server, resident_wire

_REQUEST_ID = re.compile(rb"req-[0-9a-f]+")

pytestmark = needs_resident


def _masked(data: bytes) -> bytes:
    return _REQUEST_ID.sub(b"req-*", data)


def _calls(project: Path) -> list[tuple[list[str], bytes | None]]:
    hierarchy = json.dumps({"file": SCENE, "limit": 5})
    move = json.dumps({"file": SCENE, "gameObject": "Main Camera", "component": "Transform",
                       "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}})
    p = str(project)
    return [
        (["tools", "run", "project.info", "--json", "--project", p], None),
        (["tools", "run", "scene.hierarchy", "--input", hierarchy, "--project", p], None),  # human rendering
        (["tools", "run", "component.set", "--input", move, "--dry-run", "--json", "--project", p], None),
        (["tools", "run", "scene.hierarchy", "--input", "-", "--json", "--project", p], hierarchy.encode()),
        (["tools", "run", "scene.hierarchy", "--input", "-", "--project", p], b"{not json"),  # exit 2, stderr
        (["tools", "run", "no.such-tool", "--json", "--project", p], None),
        (["tools", "run", "--help"], None),
        (["--version"], None),
    ]


def test_answers_are_byte_for_byte_those_of_an_in_process_run(shared, project):
    shared.start()
    codes = set()
    for argv, stdin in _calls(project):
        before = shared.served()
        via = shared.cli(*argv, stdin=stdin)
        assert shared.served() == before + 1, (argv, via.stderr)  # it did go through the server
        here = shared.cli(*argv, stdin=stdin, UNITYCLI_RESIDENT="off")
        assert (via.returncode, _masked(via.stdout), _masked(via.stderr)) == \
            (here.returncode, _masked(here.stdout), _masked(here.stderr)), argv
        codes.add(via.returncode)
    assert {0, 2} <= codes  # successes and usage errors both travelled


def test_the_client_path_imports_nothing_heavy(shared, project):
    shared.start()
    # the environment's import timing, not `-X importtime`: an -X option the server lacks is refused (resident_wire)
    done = subprocess.run([sys.executable, SCRIPT, "tools", "run", "project.info", "--json", "--project",
                           str(project)], env={**shared.env, "PYTHONPROFILEIMPORTTIME": "1"}, capture_output=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if "|" in line}
    assert "unitycli.cli.resident_client" in imported
    heavy = {m for m in imported if m.split(".")[0] in ("pydantic", "click", "pluggy")
             or m.startswith(("unitycli.host", "unitycli.cli.main"))}
    assert not heavy


def test_no_zombie_children_after_calls(shared, project):
    pid = shared.start()["pid"]
    for _ in range(3):
        assert shared.cli("tools", "run", "project.info", "--json", "--project", str(project)).returncode == 0

    def zombies() -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == pid and fields[0] == "Z":
                    found.append(int(entry.name))
        return found

    wait_for(lambda: not zombies(), "the server to reap its children")


def test_status_and_stop(resident, project):
    assert resident.status()["running"] is False
    started = resident.start()
    assert started["started"] is True and started["serves"] is True
    again = resident.start()
    assert again["started"] is False and again["pid"] == started["pid"]
    stopped = resident.cli("resident", "stop", "--json")
    assert json.loads(stopped.stdout)["result"]["stopped"] is True
    assert resident.status()["running"] is False
    wait_for(lambda: not pid_alive(started["pid"]), "the stopped server to exit")
    assert not os.path.exists(resident.socket)
    done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project))
    assert done.returncode == 0 and b"in-process (no resident server)" in done.stderr


@pytest.mark.parametrize("spoil", ["group-readable", "symlink", "other-owner"])
def test_an_untrusted_folder_is_refused_and_the_call_runs_in_process(resident, project, tmp_path, spoil):
    started = resident.start()
    if spoil == "group-readable":
        resident.folder.chmod(0o750)
        env = {}
    elif spoil == "symlink":
        link = tmp_path / "s"
        link.symlink_to(resident.folder)
        env = {"UNITYCLI_RESIDENT_DIR": str(link)}
    else:
        if os.geteuid() != 0:
            pytest.skip("handing a folder to another user needs root")
        os.chown(resident.folder, 65534, 65534)
        env = {}
    try:
        done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project), **env)
        assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
        assert b"in-process (no trusted resident folder)" in done.stderr
        refused = resident.cli("resident", "start", "--json", **env)
        assert refused.returncode == 1 and json.loads(refused.stdout)["error"]["code"] == "E_RESIDENT_UNAVAILABLE"
    finally:
        os.chown(resident.folder, os.geteuid(), os.getegid())
        resident.folder.chmod(0o700)
    assert resident.served() == 0 and resident.status()["pid"] == started["pid"]


def test_a_stale_socket_file_falls_back_and_start_replaces_it(resident, project):
    resident.folder.chmod(0o700)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(resident.socket)  # bound, never listening: what a killed server leaves
    dead.close()
    done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project))
    assert done.returncode == 0 and b"in-process (stale resident socket)" in done.stderr
    assert resident.start()["started"] is True
    assert resident.cli("tools", "run", "project.info", "--json", "--project", str(project)).returncode == 0
    assert resident.served() == 1


def test_another_code_stamp_is_refused_and_retires_the_server(resident, project):
    started = resident.start()
    payload = _request(config=_server_config(resident), stamp="('0.0.0-other', [])")
    answer = _raw_call(resident.socket, payload)
    assert answer.startswith(resident_wire.REFUSED) and b"changed on disk" in answer
    wait_for(lambda: not pid_alive(started["pid"]), "the stale server to exit")
    assert resident.status()["running"] is False
    done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project))
    assert done.returncode == 0 and b"in-process" in done.stderr


def test_another_interpreter_configuration_is_refused_and_the_server_stays(resident):
    started = resident.start()
    answer = _raw_call(resident.socket, _request(config="('another', 'interpreter')", stamp="x"))
    assert answer.startswith(resident_wire.REFUSED) and b"configuration differs" in answer
    assert resident.status()["pid"] == started["pid"]


def test_a_new_file_on_the_servers_path_makes_it_stale(resident, project, tmp_path):
    """Code installed after the server started (a new file in a `sys.path` folder) retires it."""
    lib = Path(tempfile.mkdtemp(prefix="ucr-lib", dir="/tmp"))
    try:
        resident.env["PYTHONPATH"] = str(lib)
        started = resident.start()
        assert resident.cli("tools", "run", "project.info", "--json", "--project", str(project)).returncode == 0
        assert resident.served() == 1
        (lib / "newly_installed.py").write_text("VALUE = 1\n")
        done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project))
        assert done.returncode == 0 and b"changed on disk" in done.stderr
        wait_for(lambda: not pid_alive(started["pid"]), "the stale server to exit")
    finally:
        shutil.rmtree(lib, ignore_errors=True)


def test_imported_files_are_watched(tmp_path, monkeypatch):
    module = tmp_path / "watched_probe_module.py"
    module.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("watched_probe_module")
    try:
        files = resident_server.module_files()
        assert str(module) in files and resident_server.files_unchanged(files)
        module.write_text("VALUE = 22\n")
        assert not resident_server.files_unchanged(files)
    finally:
        sys.modules.pop("watched_probe_module", None)


def test_auto_starts_a_server_for_later_calls(resident, project):
    done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project), UNITYCLI_RESIDENT="auto")
    assert done.returncode == 0 and b"in-process" in done.stderr
    wait_for(lambda: resident.status()["running"], "the auto-started server")
    assert resident.cli("tools", "run", "project.info", "--json", "--project", str(project),
                        UNITYCLI_RESIDENT="auto").returncode == 0
    assert resident.served() == 1


def test_the_idle_server_exits(resident):
    pid = resident.start("--idle-timeout", "1")["pid"]
    wait_for(lambda: not pid_alive(pid), "the idle server to exit")
    assert not os.path.exists(resident.socket)


def test_a_hung_up_caller_interrupts_its_call(resident, project):
    """Killing the client (an agent's timeout) interrupts the child instead of leaving it running."""
    pid = resident.start()["pid"]
    client = subprocess.Popen([SCRIPT, "tools", "run", "scene.hierarchy", "--input", "-", "--json", "--project",
                               str(project)], env=resident.env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    wait_for(lambda: resident.status()["runningCalls"] == 1, "the call to start (it waits on stdin)")
    client.kill()
    client.wait()
    client.stdin.close()
    wait_for(lambda: resident.status()["runningCalls"] == 0, "the interrupted call to end")
    assert pid_alive(pid)


def _server_config(resident: Resident) -> str:
    answer = resident_server.server_status(resident.socket)
    assert answer is not None
    return answer["config"]


def _request(config: str, stamp: str) -> bytes:
    fields = [config.encode(), stamp.encode(), os.getcwdb(), b"18", b"unitycli", b"utf-8:strict:0:0",
              b"utf-8:strict:0:0", b"utf-8:backslashreplace:0:1", b"1", b"--version"]
    return b"\0".join(fields)


def _raw_call(path: str, payload: bytes) -> bytes:
    """A request as the client sends it (with its descriptors), and the server's first answer."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(WAIT)
    try:
        sock.connect(path)
        with open(os.devnull, "rb") as null_in, open(os.devnull, "wb") as null_out:
            socket.send_fds(sock, [resident_wire.header(resident_wire.RUN, len(payload))],
                            [null_in.fileno(), null_out.fileno(), null_out.fileno()])
            sock.sendall(payload)
            chunks = []
            while chunk := sock.recv(4096):
                chunks.append(chunk)
        return b"".join(chunks)
    finally:
        sock.close()


_FOREIGN_CALLER = """
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(60)
s.connect(sys.argv[1])  # allowed: the folder and the socket are open to everyone here
data = b""
try:
    s.sendall(b"UCR1STAT" + (0).to_bytes(4, "big"))
    while chunk := s.recv(4096):
        data += chunk
except (BrokenPipeError, ConnectionResetError):
    pass
print(len(data))
"""


def test_a_caller_of_another_uid_gets_no_answer(resident):
    """Even with the folder and socket opened up, the server asks the kernel who called and answers only us."""
    python = shutil.which("python3", path="/usr/bin:/bin")
    if os.geteuid() != 0 or python is None:
        pytest.skip("calling as another user needs root and a system python3")
    path = resident.start()["socket"]
    try:
        resident.folder.chmod(0o711)
        os.chmod(path, 0o666)
        done = subprocess.run([python, "-I", "-c", _FOREIGN_CALLER, path], user=65534, group=65534,
                              capture_output=True, text=True, timeout=120, cwd="/")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "0"
        mine = resident_server.server_status(path)
        assert mine is not None and mine["pid"]  # the same request from us is answered
    finally:
        resident.folder.chmod(0o700)


def test_a_caller_with_another_hash_seed_never_reaches_the_server(resident, project):
    """PYTHONHASHSEED is not in sys.flags: a call that fixes one must not run under the server's random seed. It is
    part of the configuration that names the socket, so the call looks for (and in mode `use` finds no) server of its
    own; the raw refusal of a foreign configuration is held by the test above."""
    started = resident.start()
    done = resident.cli("tools", "run", "project.info", "--json", "--project", str(project), PYTHONHASHSEED="123")
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
    assert b"in-process (no resident server)" in done.stderr and resident.served() == 0
    seeded = json.loads(resident.cli("resident", "status", "--json", PYTHONHASHSEED="123").stdout)["result"]
    assert seeded["running"] is False and seeded["socket"] != started["socket"]


def test_the_clients_failure_exit_is_the_catalogs():
    from unitycli.cli import resident_client
    from unitycli.errors import EXIT_FAILED

    assert resident_client._EXIT_FAILED == EXIT_FAILED


def test_a_call_the_server_accepted_is_never_run_again_in_process(monkeypatch, capsys):
    """Once accepted, a failure while waiting (a dead child, a closed stderr) is a failed call, not a fallback."""
    from unitycli.cli import resident_client

    class Broken:
        def write(self, _text: str) -> None:
            raise BrokenPipeError

    monkeypatch.setattr(resident_client, "_connect", lambda path, argv, mode: _ClosedSocket())
    monkeypatch.setattr(resident_client.wire, "socket_path", lambda environ, create=False: "/nonexistent/s")
    monkeypatch.setattr(resident_client.wire, "trusted_socket", lambda path: True)
    monkeypatch.setattr(sys, "stderr", Broken())
    monkeypatch.delenv("UNITYCLI_RESIDENT", raising=False)
    assert resident_client.forward(["tools", "run", "project.info"]) == resident_client._EXIT_FAILED


class _ClosedSocket:
    """A connection whose server child died: every read ends at once."""

    def recv(self, _size: int) -> bytes:
        return b""

    def recv_into(self, _buffer: object, _size: int = 0) -> int:
        return 0

    def close(self) -> None:
        pass


def test_ctrl_c_interrupts_the_call_and_the_client_dies_of_sigint(resident, project):
    """Ctrl-C on the client interrupts the call in the server's child (the client hangs up its sending side and
    waits, bounded, for the exit code) and the client then dies of SIGINT, as Python does. (That the wait happens
    before the exit is not observable here without a race; this holds the interrupt and the exit.)"""
    resident.start()
    client = subprocess.Popen([SCRIPT, "tools", "run", "scene.hierarchy", "--input", "-", "--json", "--project",
                               str(project)], env={**resident.env, "UNITYCLI_RESIDENT_DEBUG": ""},
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: resident.status()["runningCalls"] == 1, "the call to start (it waits on stdin)")
    client.send_signal(signal.SIGINT)
    assert client.wait(timeout=120) == -signal.SIGINT
    client.stdin.close()
    wait_for(lambda: resident.status()["runningCalls"] == 0, "the interrupted call to be reaped")


def test_a_log_or_lock_file_hard_linked_to_another_file_is_refused(resident, tmp_path):
    """A server (maybe root's) writes its lock and log in the socket folder: a file there that is a hard link to
    some other file is refused, so nothing is written through it (nor truncated: the log is emptied per server)."""
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep\n")
    os.link(victim, resident_wire.log_path(resident.socket))
    done = resident.cli("resident", "start", "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["error"]["code"] == "E_RESIDENT_UNAVAILABLE"
    assert victim.read_bytes() == b"keep\n"
    os.unlink(resident_wire.log_path(resident.socket))
    Path(resident_wire.lock_path(resident.socket)).unlink(missing_ok=True)  # the launcher's own, made before the log
    os.link(victim, resident_wire.lock_path(resident.socket))
    assert resident_wire.lock_held(resident.socket) is False
    with pytest.raises(PermissionError):
        resident_wire.open_private(resident_wire.lock_path(resident.socket), os.O_RDWR)
    assert victim.read_bytes() == b"keep\n"
