"""The console script's first try: hand the call to this user's resident server, if one runs and is trusted.

The request carries argv, the working directory, umask, environment and the stdio streams' encodings, and passes
file descriptors 0/1/2 themselves (`SCM_RIGHTS`): the server's forked child reads our stdin and writes our
stdout/stderr directly, so pipes, `--input -`, `--json` and exit codes are what an in-process run gives. Until the
server accepts, every failure (no folder, no socket, a stale socket, another uid, a refusal) returns None and the
call runs in-process; once it accepted (and we said go) the command is running there and is never run twice.
Stdlib only: `socket` is imported only when a trusted socket exists.

In mode `auto` (the default, `resident_wire.mode`) a call that finds no server runs in-process and starts one for
the next calls (`launch`): only from the console script, only when it wins the server's lock (concurrent first
calls start one server), detached from the caller (its own session, `/` as working directory, no descriptor of
the caller's: stdin from /dev/null, output to the server's private log), so a caller that captures our output gets
its end-of-file when this call ends.
"""

import os
import sys

from unitycli.cli import resident_wire as wire
from unitycli.cli.fastpath import GLOBAL_VALUE_OPTIONS  # loaded by the entry before this

_ACCEPT_TIMEOUT = 20.0  # seconds to wait for the server to accept; past it, run in-process (the child will not run)
_INTERRUPT_WAIT = 10.0  # seconds a Ctrl-C'd caller waits for the interrupted call to unwind
_EXIT_FAILED = 1  # unitycli.errors.EXIT_FAILED, not imported (the client stays stdlib-only; a test holds them equal)
_NOT_FORWARDED = frozenset({"resident", "mcp"})  # the server's own commands; `mcp` is a long-lived stdio server


def _command_word(argv: list[str]) -> str | None:
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token in GLOBAL_VALUE_OPTIONS:
            skip = True
        elif not token.startswith("-"):
            return token
    return None


def _note(reason: str) -> None:
    if os.environ.get(wire.DEBUG_ENV):
        sys.stderr.write(f"unitycli: in-process ({reason})\n")
        sys.stderr.flush()


def forward(argv: list[str]) -> int | None:
    """The exit code of the call run by the resident server, or None to run it in-process."""
    try:
        mode = wire.mode(os.environ)  # an unknown value raises: in-process, where the CLI reports it
        if mode == "off" or _command_word(argv) in _NOT_FORWARDED:
            return None
        path = wire.socket_path(os.environ, create=mode == "auto")
        if path is None or not wire.trusted_socket(path):
            _note(("a sandboxed caller (no_new_privs)" if wire.sandboxed() else "no trusted resident folder")
                  if path is None else "no resident server")
            if mode == "auto" and path is not None:
                _start_in_background(path)
            return None
        sock = _connect(path, argv, mode)
    except Exception as exc:  # any doubt before acceptance: in-process, as without a server
        _note(f"{type(exc).__name__}: {exc}")
        return None
    if sock is None:
        return None
    try:  # accepted: the call ran (or runs) there, so it must never run here too, whatever goes wrong now
        return _wait(sock)
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return _EXIT_FAILED


def _connect(path: str, argv: list[str], mode: str):
    """A socket whose server accepted the call and was told to go, or None (the reason noted)."""
    import socket

    streams = [sys.stdin, sys.stdout, sys.stderr]
    if any(s is None for s in streams):
        _note("a standard stream is closed")
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(_ACCEPT_TIMEOUT)
        try:
            sock.connect(path)
        except (ConnectionRefusedError, FileNotFoundError):  # a socket file left by a server that is gone
            _note("stale resident socket")
            if mode == "auto":
                _start_in_background(path)
            sock.close()
            return None
        if wire.peer_uid(sock) != os.geteuid():
            _note("the resident server runs as another user")
            sock.close()
            return None
        for s in streams:
            s.flush()
        payload = wire.encode_run(argv, [f"{s.encoding}:{s.errors}:{int(s.write_through)}:{int(s.line_buffering)}"
                                         for s in streams])
        socket.send_fds(sock, [wire.header(wire.RUN, len(payload))], [0, 1, 2])
        sock.sendall(payload)
        answer = wire.recv_exact(sock, 1)
        if answer != wire.ACCEPTED:
            reason = sock.recv(4096).decode(errors="replace") if answer == wire.REFUSED else "no answer"
            _note(f"the resident server refused: {reason}")
            sock.close()
            return None
        sock.sendall(wire.GO)  # from here on the command runs there, and only there
        sock.settimeout(None)
        return sock
    except BaseException:
        sock.close()
        raise


def _wait(sock) -> int:
    try:
        raw = wire.recv_exact(sock, 4)
    except KeyboardInterrupt:  # our end's hang-up interrupts the child; then die of SIGINT, as Python would
        _interrupt_and_wait(sock)
        import signal

        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        return 130
    except OSError:
        raw = b""
    sock.close()
    if len(raw) != 4:
        try:  # stderr may be a closed pipe: the exit code still says it
            sys.stderr.write("unitycli: the resident server ended before the command finished\n")
            sys.stderr.flush()
        except Exception:
            pass
        return _EXIT_FAILED
    return int.from_bytes(raw, "big", signed=True)


def _interrupt_and_wait(sock) -> None:
    """Hang up our sending side (the child's watcher takes it for Ctrl-C) and wait, bounded, for its exit code, so
    the prompt comes back after the call has unwound (its transaction rolled back, its locks released), as it would
    in-process; a second Ctrl-C or the bound gives up waiting."""
    import socket

    try:
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(_INTERRUPT_WAIT)
        wire.recv_exact(sock, 4)
    except BaseException:
        pass
    finally:
        sock.close()


def _start_in_background(path: str) -> None:
    """Mode `auto`: start a server for the next calls (this one runs in-process), from the console script only:
    `python -m unitycli` has another `sys.path`, so a server started for it would serve none of its calls."""
    script = console_script()
    if script is None:
        _note("not run as this interpreter's unitycli console script: no resident server started")
        return
    try:
        process = launch(path, script, wire.IDLE_SECONDS)
        if process is not None:
            process.returncode = 0  # detached, never waited for: no "still running" ResourceWarning on our stderr
            _note("started a resident server for the next calls")
    except OSError as exc:
        _note(f"could not start a resident server: {exc}")


def console_script() -> str | None:
    """This interpreter's `unitycli` console script when it is what runs this process (followed through links, as
    Python does for `sys.path[0]`), else None."""
    import sysconfig

    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")
    try:
        if os.path.isfile(script) and os.path.samefile(os.path.realpath(sys.argv[0]), script):
            return script
    except (OSError, IndexError, TypeError):
        pass
    return None


def launch(path: str, script: str, idle_seconds: float):
    """Start `resident serve` for the socket at `path`, detached, if we win its lock; the `Popen`, or None when
    another server holds the lock (running, starting or finishing). The lock is taken here and handed to the server
    (an inherited descriptor of the same open file: the lock goes with it), so of any number of concurrent first
    calls exactly one starts a server, and a server that dies before serving releases it."""
    import fcntl
    import subprocess

    lock = wire.open_private(wire.lock_path(path), os.O_RDWR | os.O_CREAT)
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None
        # Only the lock's holder writes the log, so truncating it keeps it to one server's life.
        log = wire.open_private(wire.log_path(path), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            os.ftruncate(log, 0)  # after open_private's checks: never truncate through a link to another file
            # The interpreter's own options too (-O, -W, -X, -I…): they are part of the configuration that names the
            # socket, and a server started without them would listen elsewhere and serve none of these calls.
            flags = subprocess._args_from_interpreter_flags()  # type: ignore[attr-defined]  # multiprocessing's
            return subprocess.Popen(
                [sys.executable, *flags, script, "resident", "serve", "--idle-timeout", str(idle_seconds),
                 "--lock-fd", str(lock)], stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd="/",
                start_new_session=True, close_fds=True, pass_fds=(lock,))
        finally:
            os.close(log)
    finally:
        os.close(lock)  # ours: the server's inherited copy keeps the lock
