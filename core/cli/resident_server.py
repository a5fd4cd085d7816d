"""The resident server: the core imported once, one forked child per call.

The parent imports click, pydantic and the core's request path (never a plugin's or an extension's module), then
waits on its socket. For each trusted connection it forks; the child applies the caller's working directory,
umask, environment and stdio (the received descriptors become 0/1/2) and runs the same in-process path as the
console script (`entry.run_full`; the caller already tried the cached discovery answer), so extension integrity, approvals and project trust are checked per call
in the child. The parent only reads the 12-byte header, forks, reaps and keeps time: it exits when idle, when told
to stop, and when a child finds that its code changed on disk (`STALE_EXIT`).

A child refuses (and the caller runs in-process) when the caller's interpreter configuration differs from the
server's, or when the caller's code stamp or any file the server imported changed since it started; the latter
also retires the server. A lock file held for the server's life keeps one server per socket and tells a new server
that a socket file left behind belongs to nobody.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib
import io
import json
import os
import select
import signal
import socket
import sys
import threading
import time
from typing import Any

from unitycli.cli import resident_wire as wire

# The request path up to the tool's own module: what every call imports. Plugins and extensions are imported by
# the child, per call, through the host's checks.
PRELOAD = ("click", "pydantic", "pydantic.dataclasses", "pydantic.functional_serializers", "pluggy",
           "importlib.metadata", "subprocess", "pickle", "gzip", "tarfile", "_strptime",
           "unitycli.cli.main", "unitycli.cli.tools_cmd", "unitycli.cli.batch_cmd", "unitycli.cli.render",
           "unitycli.cli.version", "unitycli.cli.fastpath", "unitycli.host.session", "unitycli.host.installed",
           "unitycli.host.project_setup", "unitycli.runner", "unitycli.transaction.transaction",
           "unitycli.unityyaml", "unitycli.unityyaml.values", "unitycli.unityfiles.unreadable",
           "unitycli.project.selection", "unitycli.project.instances", "unitycli.indexes", "unitycli.packages.resolver",
           "unitycli.diffwindow", "unitycli.suggest", "unitycli.paging", "unitycli.given_paths", "unitycli.gcpause",
           "unitycli.scene.tree", "unitycli.scene.opening", "unitycli.scene.edits", "unitycli.scene.lookup",
           "unitycli.scene.references", "unitycli.scene.filecache", "unitycli.scene.components",
           "unitycli.typetree.check", "unitycli.typetree.new_objects")
_MAX_PAYLOAD = 64 << 20
_CONTROL_TIMEOUT = 5.0


class AlreadyRunning(Exception):
    """Another server holds this socket's lock."""


class ServesNoCaller(Exception):
    """Started by a call whose configuration names another socket: it held that socket's lock, idle, and ended."""


def module_files() -> dict[str, tuple[int, int]]:
    """(mtime_ns, size) of every imported module's file: what a running server must find unchanged."""
    files: dict[str, tuple[int, int]] = {}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path not in files:
            with contextlib.suppress(OSError):
                st = os.stat(path)
                files[path] = (st.st_mtime_ns, st.st_size)
    return files


def files_unchanged(files: dict[str, tuple[int, int]]) -> bool:
    for path, (mtime, size) in files.items():
        try:
            st = os.stat(path)
        except OSError:
            return False
        if st.st_mtime_ns != mtime or st.st_size != size:
            return False
    return True


class Server:
    def __init__(self, sock_path: str, idle_seconds: float, lock_fd: int | None = None) -> None:
        self.path = sock_path
        self.idle = idle_seconds
        self.given_lock = lock_fd  # the lock its launcher took and handed over (`resident_client.launch`)
        self.children: set[int] = set()
        self.served = 0
        self.stopping = False
        self.stale = False
        self.started_at = time.time()
        self.listener: socket.socket | None = None
        self.inode: tuple[int, int] | None = None
        self.lock_fd: int | None = None
        self.config = ""
        self.stamp = ""
        self.files: dict[str, tuple[int, int]] = {}
        self._wake: tuple[int, ...] = ()

    # --- life ----------------------------------------------------------------------------------------------------
    def serve(self) -> int:
        """Serve until idle, stopped or stale; the number of calls served."""
        self._lock()
        try:
            for name in PRELOAD:
                importlib.import_module(name)
            self.config, self.stamp, self.files = wire.config(), wire.stamp(), module_files()
            self._listen()
            import gc

            gc.freeze()  # the imported core stays shared with every child, not copied on the collector's first pass
            wake_r, wake_w = self._wake = os.pipe()
            os.set_blocking(wake_w, False)
            old_wakeup = signal.set_wakeup_fd(wake_w)
            handlers = {sig: signal.signal(sig, self._on_stop) for sig in (signal.SIGTERM, signal.SIGINT,
                                                                            signal.SIGHUP)}
            handlers[signal.SIGCHLD] = signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes select via the pipe
            try:
                self._loop(wake_r)
            finally:
                signal.set_wakeup_fd(old_wakeup)
                for sig, handler in handlers.items():
                    signal.signal(sig, handler)
                os.close(wake_r)
                os.close(wake_w)
        finally:
            self._retire()
            while self.children:  # never leave a zombie: wait for the calls still running
                try:
                    pid, status = os.waitpid(-1, 0)
                except ChildProcessError:
                    break
                self.children.discard(pid)
        return self.served

    def _lock(self) -> None:
        fd = wire.open_private(wire.lock_path(self.path), os.O_RDWR | os.O_CREAT)
        if self.given_lock is not None:  # the launcher's lock must be this very file, not any descriptor we got
            given, found = os.fstat(self.given_lock), os.fstat(fd)
            os.close(fd)
            if (given.st_dev, given.st_ino) != (found.st_dev, found.st_ino):
                self._hold_for_launcher()
            fd = self.given_lock
            os.set_inheritable(fd, False)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # on the handed-over lock: already ours, so this holds
        except BlockingIOError:
            os.close(fd)
            raise AlreadyRunning(self.path) from None
        os.ftruncate(fd, 0)
        os.write(fd, b"%d\n" % os.getpid())
        self.lock_fd = fd

    def _hold_for_launcher(self) -> None:
        """The launcher's configuration names another socket than ours (say a `PYTHONPATH` entry that was its working
        directory, which its `sys.path` dropped and ours keeps): we could serve none of its calls. Holding its lock,
        idle, keeps its next calls from starting one server after another; they run in-process until we exit."""
        assert self.given_lock is not None
        os.ftruncate(self.given_lock, 0)
        os.write(self.given_lock, b"%d\n" % os.getpid())  # as a server's: whoever looks at the lock finds us
        sys.stderr.write(f"unitycli resident: the starting call's configuration names another socket than "
                         f"{self.path}; holding its lock for {self.idle:.0f} s so its calls start no more servers\n")
        sys.stderr.flush()
        time.sleep(self.idle)
        os.close(self.given_lock)
        raise ServesNoCaller(self.path)

    def _listen(self) -> None:
        with contextlib.suppress(FileNotFoundError):  # we hold the lock: a socket file here is a dead server's
            os.unlink(self.path)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            listener.bind(self.path)
        finally:
            os.umask(old)
        listener.listen(64)
        st = os.lstat(self.path)
        self.inode = (st.st_dev, st.st_ino)
        self.listener = listener

    def _retire(self) -> None:
        """Stop taking calls: close and remove our socket (only if it is still ours), release the lock."""
        if self.listener is not None:
            with contextlib.suppress(OSError):  # first the name, so a new call finds no socket rather than a dead one
                st = os.lstat(self.path)
                if (st.st_dev, st.st_ino) == self.inode:
                    os.unlink(self.path)
            self.listener.close()
            self.listener = None
        if self.lock_fd is not None:
            os.close(self.lock_fd)
            self.lock_fd = None

    def _on_stop(self, *_: Any) -> None:
        self.stopping = True

    def _loop(self, wake_r: int) -> None:
        deadline = time.monotonic() + self.idle
        while True:
            if self.stopping or self.stale:
                self._retire()
                if not self.children:
                    return
            if not self.children and time.monotonic() >= deadline:
                return
            watched = [wake_r] + ([self.listener] if self.listener is not None else [])
            timeout = None if self.children else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select(watched, [], [], timeout)
            if wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_r, 512)
            if self._reap() and not self.children:
                deadline = time.monotonic() + self.idle  # idle counts from the last call's end
            if self.listener is not None and self.listener in ready:
                self._accept()
                deadline = time.monotonic() + self.idle

    def _reap(self) -> bool:
        reaped = False
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                self.children.clear()
                return True
            if pid == 0:
                break
            reaped = True
            self.children.discard(pid)
            if os.WIFEXITED(status) and os.WEXITSTATUS(status) == wire.STALE_EXIT:
                self.stale = True
        return reaped

    # --- one connection ---------------------------------------------------------------------------------------------
    def _accept(self) -> None:
        assert self.listener is not None
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        fds: list[int] = []
        try:
            conn.settimeout(_CONTROL_TIMEOUT)
            if wire.peer_uid(conn) != os.geteuid():
                return
            data, fds, _, _ = socket.recv_fds(conn, wire.HEADER_SIZE, 3)
            if 0 < len(data) < wire.HEADER_SIZE:
                data += wire.recv_exact(conn, wire.HEADER_SIZE - len(data))
            parsed = wire.parse_header(data)
            if parsed is None or parsed[1] > _MAX_PAYLOAD:
                return
            kind, length = parsed
            if kind == wire.RUN and len(fds) == 3:
                self._fork(conn, fds, length)
            elif kind == wire.STATUS:
                conn.sendall(json.dumps(self.status(wire.recv_exact(conn, length))).encode())
            elif kind == wire.STOP:
                self.stopping = True
                conn.sendall(b"OK")
        except OSError:
            return
        finally:
            for fd in fds:
                os.close(fd)
            conn.close()

    def status(self, payload: bytes = b"") -> dict[str, Any]:
        import unitycli

        client_config, _, client_stamp = payload.decode(errors="replace").partition("\0")
        return {"pid": os.getpid(), "socket": self.path, "version": unitycli.__version__,
                "executable": sys.executable, "startedAt": self.started_at, "served": self.served,
                "running": len(self.children), "idleTimeoutSeconds": self.idle,
                "config": self.config, "sameConfig": client_config == self.config, "sameCode": client_stamp == self.stamp
                and files_unchanged(self.files)}

    def _fork(self, conn: socket.socket, fds: list[int], length: int) -> None:
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                status = self._child(conn, fds, length)
            finally:
                os._exit(status)
        self.children.add(pid)
        self.served += 1

    # --- in the child ----------------------------------------------------------------------------------------------
    def _child(self, conn: socket.socket, fds: list[int], length: int) -> int:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if self.listener is not None:
            self.listener.close()
        if self.lock_fd is not None:
            os.close(self.lock_fd)
        for fd in self._wake:
            os.close(fd)
        request = wire.decode_run(wire.recv_exact(conn, length))
        if request["config"] != self.config:
            return self._refuse(conn, "the interpreter's configuration differs", 0)
        if request["stamp"] != self.stamp or not files_unchanged(self.files):
            return self._refuse(conn, "the server's code changed on disk; it exits", wire.STALE_EXIT)
        try:
            os.chdir(request["cwd"])
        except OSError as exc:
            return self._refuse(conn, f"cannot enter the working directory: {exc}", 0)
        conn.sendall(wire.ACCEPTED)
        if wire.recv_exact(conn, 1) != wire.GO:
            return 0
        conn.settimeout(None)
        # A process this call forks (an index build's worker pool) must not keep the connection open: if this child
        # dies, the caller's wait for the exit code ends when the connection closes, not when those processes do.
        os.register_at_fork(after_in_child=lambda: _close_quietly(conn))
        _become_caller(request, fds)
        done = threading.Event()
        threading.Thread(target=_watch, args=(conn, done), daemon=True).start()
        code = _run(request["argv"])
        done.set()
        with contextlib.suppress(OSError):
            conn.sendall(code.to_bytes(4, "big", signed=True))
        return 0

    def _refuse(self, conn: socket.socket, reason: str, status: int) -> int:
        with contextlib.suppress(OSError):
            conn.sendall(wire.REFUSED + reason.encode())
        return status


def _close_quietly(conn: socket.socket) -> None:
    with contextlib.suppress(OSError):
        conn.close()


def _become_caller(request: dict[str, Any], fds: list[int]) -> None:
    """The caller's umask, environment, argv and stdio, as a fresh process of theirs would have them."""
    os.umask(request["umask"])
    os.environb.clear()
    os.environb.update(request["env"])
    with contextlib.suppress(Exception):
        import locale

        locale.setlocale(locale.LC_CTYPE, "")
    time.tzset()
    if "tempfile" in sys.modules:
        sys.modules["tempfile"].tempdir = None  # re-read TMPDIR
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    sys.argv = [request["argv0"], *request["argv"]]
    streams = []
    for fd, spec in enumerate(request["streams"]):  # built as Python builds them, with the caller's settings
        encoding, errors, write_through, line_buffering = spec.split(":")
        unbuffered = fd > 0 and write_through == "1"  # `python -u` / PYTHONUNBUFFERED: no binary buffer either
        raw: io.RawIOBase | io.BufferedIOBase
        if fd == 0:
            raw = io.BufferedReader(io.FileIO(0, "rb", closefd=False))
        elif unbuffered:
            raw = io.FileIO(fd, "wb", closefd=False)
        else:
            raw = io.BufferedWriter(io.FileIO(fd, "wb", closefd=False))
        stream = io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline="\n",
                                  line_buffering=line_buffering == "1", write_through=write_through == "1")
        stream.mode = "r" if fd == 0 else "w"
        streams.append(stream)
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams


def _watch(conn: socket.socket, done: threading.Event) -> None:
    """The caller hung up (Ctrl-C, killed) before we finished: interrupt the call as Ctrl-C would."""
    with contextlib.suppress(OSError):
        conn.recv(1)
    if not done.is_set():
        os.kill(os.getpid(), signal.SIGINT)


def _run(argv: list[str]) -> int:
    """The in-process path's exit code, after what a normal interpreter exit does (atexit, non-daemon threads)."""
    from unitycli.cli.entry import run_full

    try:
        run_full(argv)
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except KeyboardInterrupt:
        code = 130
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    with contextlib.suppress(BaseException):
        import atexit

        atexit._run_exitfuncs()
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            with contextlib.suppress(BaseException):
                thread.join()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    return code


def _exit_code(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    with contextlib.suppress(Exception):
        sys.stderr.write(f"{value}\n")
    return 1


# --- the caller's side of control messages (`resident status|stop|start`) ----------------------------------------
def query(sock_path: str, kind: bytes, timeout: float = _CONTROL_TIMEOUT) -> bytes | None:
    """Send a control message to the server at `sock_path`; its answer, or None when nobody trusted answers."""
    if not wire.trusted_socket(sock_path):
        return None
    payload = (wire.config() + "\0" + wire.stamp()).encode() if kind == wire.STATUS else b""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        sock.connect(sock_path)
        if wire.peer_uid(sock) != os.geteuid():
            return None
        sock.sendall(wire.header(kind, len(payload)) + payload)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        sock.close()


def server_status(sock_path: str) -> dict[str, Any] | None:
    answer = query(sock_path, wire.STATUS)
    if not answer:
        return None
    try:
        return json.loads(answer)
    except ValueError:
        return None
