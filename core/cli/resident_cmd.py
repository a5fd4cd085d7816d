"""`unitycli resident start|stop|status|serve`: this user's resident server, which keeps the core imported so a call
costs a fork instead of an interpreter start and the core's imports.

On by default where it can be trusted (`resident_wire.mode`): a call that finds no server runs in-process and starts
one in the background for the next calls; `UNITYCLI_RESIDENT=use` only uses a running one (the default on a build
service, `resident_wire.in_ci`, so a CI job gets no daemon by accident), `off` never. Calls use a running server only when it passes the
checks in `cli.resident_wire`; otherwise they run in-process as before.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import time

import click
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

from unitycli.cli import resident_client
from unitycli.cli import resident_server as server
from unitycli.cli import resident_wire as wire
from unitycli.cli.strict import StrictGroup
from unitycli.errors import UnityCliError

_START_WAIT = 60.0  # seconds: importing the core on a loaded machine can take a while
_STOP_WAIT = 10.0


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class ResidentStatus(_Model):
    """`serves` is whether calls made like this one would run there (same interpreter configuration and code)."""

    running: bool
    socket: str | None
    pid: int | None = None
    version: str | None = None
    served: int | None = None
    running_calls: int | None = None
    idle_timeout_seconds: float | None = None
    serves: bool = False
    reason: str | None = None


class ResidentStarted(ResidentStatus):
    started: bool
    log: str | None = None


class ResidentStopped(_Model):
    stopped: bool
    socket: str | None
    pid: int | None = None


class ResidentServed(_Model):
    served: int


def _socket_path(create: bool = False) -> str:
    path = wire.socket_path(os.environ, create=create)
    if path is None:
        folder = wire.runtime_dir(os.environ)
        why = ("the platform lacks peer credentials or descriptor passing" if not wire.supported() else
               f"{folder} is missing, not a directory owned by this user, a symlink, open to group or others, or "
               "too deep for a Unix socket path")
        raise UnityCliError("E_RESIDENT_UNAVAILABLE", f"no resident server socket: {why}",
                            details={"folder": folder, "setting": wire.DIR_ENV})
    return path


def _status(path: str | None) -> ResidentStatus:
    if path is None:
        return ResidentStatus(running=False, socket=None, reason="no trusted socket folder")
    answer = server.server_status(path)
    if answer is None:
        return ResidentStatus(running=False, socket=path,
                              reason="starting or stopping" if wire.lock_held(path) else "not running")
    serves = bool(answer["sameConfig"] and answer["sameCode"])
    reason = None if serves else ("started with another interpreter configuration" if not answer["sameConfig"]
                                  else "its code changed on disk; the next call retires it")
    return ResidentStatus(running=True, socket=path, pid=answer["pid"], version=answer["version"],
                          served=answer["served"], running_calls=answer["running"],
                          idle_timeout_seconds=answer["idleTimeoutSeconds"], serves=serves, reason=reason)


@click.group("resident", cls=StrictGroup)
def resident_group() -> None:
    """A per-user server that keeps the core imported, so each call starts in a fraction of the time.

    Calls use it when it runs, is owned by you in a private folder, and runs the same code and interpreter;
    otherwise they run in-process. By default a call that finds none starts one in the background for the next
    calls (it exits after 10 idle minutes); set UNITYCLI_RESIDENT=use to only use a running one (the default
    on a build service) or UNITYCLI_RESIDENT=off to never use one."""


@resident_group.command("status")
def status_cmd() -> ResidentStatus:
    """Whether a server runs for calls started like this one (same interpreter, options and standing), and whether
    they would use it."""
    return _status(wire.socket_path(os.environ))


@resident_group.command("start")
@click.option("--idle-timeout", type=click.FloatRange(min=1), default=wire.IDLE_SECONDS, show_default=True,
              metavar="SECONDS", help="Exit after this long without a call.")
def start_cmd(idle_timeout: float) -> ResidentStarted:
    """Start the server in the background (a stale one is stopped first); answers once it serves."""
    path = _socket_path(create=True)
    current = _status(path)
    if current.running and current.serves:
        return ResidentStarted(**current.model_dump(), started=False, log=wire.log_path(path))
    if current.running:
        _stop(path)
    script = _console_script()
    try:
        process = resident_client.launch(path, script, idle_timeout)
    except OSError as exc:
        raise UnityCliError("E_RESIDENT_UNAVAILABLE", f"the resident server's lock or log cannot be opened safely: "
                            f"{exc}", details={"log": wire.log_path(path)}) from None
    deadline = time.monotonic() + _START_WAIT
    while time.monotonic() < deadline:  # ours, or one another call is starting right now
        now = _status(path)
        if now.running:
            return ResidentStarted(**now.model_dump(), started=process is not None, log=wire.log_path(path))
        if process is not None and process.poll() is not None:
            break
        if process is None and not wire.lock_held(path):
            break
        time.sleep(0.05)
    raise UnityCliError("E_RESIDENT_UNAVAILABLE", "the resident server did not come up",
                        details={"log": wire.log_path(path), "exitCode": None if process is None else process.poll()})


@resident_group.command("stop")
def stop_cmd() -> ResidentStopped:
    """Stop the server (calls already running finish first); calls then run in-process."""
    path = wire.socket_path(os.environ)
    if path is None:
        return ResidentStopped(stopped=False, socket=None)
    answer = server.server_status(path)
    if answer is None:
        return ResidentStopped(stopped=False, socket=path)
    _stop(path)
    return ResidentStopped(stopped=True, socket=path, pid=answer["pid"])


@resident_group.command("serve", hidden=True)
@click.option("--idle-timeout", type=click.FloatRange(min=1), default=wire.IDLE_SECONDS, metavar="SECONDS")
@click.option("--lock-fd", type=click.IntRange(min=3), default=None, metavar="FD",
              help="The socket's lock, already taken by the process that started this one.")
def serve_cmd(idle_timeout: float, lock_fd: int | None) -> ResidentServed:
    """Run the server in this process until idle or stopped (`start` and calls in mode auto run this detached)."""
    try:
        return ResidentServed(served=server.Server(_socket_path(create=True), idle_timeout, lock_fd).serve())
    except server.AlreadyRunning:
        raise UnityCliError("E_RESIDENT_UNAVAILABLE", "another resident server holds this socket") from None
    except server.ServesNoCaller:
        raise UnityCliError("E_RESIDENT_UNAVAILABLE", "started by a call whose configuration names another socket; "
                            "it held that socket's lock while idle, so those calls ran in-process") from None


def _stop(path: str) -> None:
    """Ask the server to stop and wait until it let go of its socket (its lock is released right after)."""
    server.query(path, wire.STOP)
    deadline = time.monotonic() + _STOP_WAIT
    while time.monotonic() < deadline and wire.lock_held(path):
        time.sleep(0.05)


def _console_script() -> str:
    """The `unitycli` console script of this interpreter, which must be what runs this command: the server starts
    exactly as calls do (its `sys.path` is part of what a call must match, and names the socket), and a call run as
    `python -m unitycli` has another `sys.path`."""
    script = resident_client.console_script()
    if script is None:
        raise UnityCliError("E_RESIDENT_UNAVAILABLE", "a resident server is started through this interpreter's "
                            "unitycli console script (not `python -m unitycli`, whose calls it could not serve)",
                            details={"scripts": sysconfig.get_path("scripts"), "argv0": sys.argv[0]})
    return script
