"""What the resident server and its clients agree on: where the socket lives, who may use it, which code the server
runs, and the bytes of a request.

The client runs this on every call before anything heavy is imported, so it is stdlib only and cheap: a few
`lstat`s when no server runs. Trust is checked on both sides: the socket's folder must be a real directory (not a
symlink) owned by this user and closed to group and others; the socket must be a socket owned by this user; and
each end asks the kernel who the other is (`SO_PEERCRED`) and refuses any other uid. Where any of that cannot be
checked (no `SO_PEERCRED`, no `send_fds`, a path too long for `AF_UNIX`) there is no resident server at all.

Two fingerprints decide whether a server may run a client's command. `config()` is how the interpreter was started
(executable, Python version, flags, `sys.path`) and where the process stands (`standing()`: its namespaces, root,
cgroup, credentials, seccomp state and resource limits): it names the socket, so each configuration has a server of
its own, and a server that somehow gets a call of another configuration refuses it and stays. `stamp()` is the
code: the unitycli version and the modification stamps of its package folders, of `sys.path`'s folders (a
`pip install` changes site-packages) and of the interpreter: a server whose stamp differs is stale and exits.

`mode()` reads `UNITYCLI_RESIDENT`: `auto` (the default) uses a server and starts one in the background when none
answers, `use` uses one that runs but never starts one (the default on a build service: `in_ci`), `off` never uses one.
"""

import os
import stat
import sys

PROTOCOL = 1
MAGIC = b"UCR1"
HEADER_SIZE = 12  # MAGIC, kind (4 bytes), payload length (!I)
RUN, STATUS, STOP = b"RUN ", b"STAT", b"STOP"
ACCEPTED, REFUSED, GO = b"A", b"R", b"G"

DIR_ENV = "UNITYCLI_RESIDENT_DIR"  # the socket folder itself (tests point it at a folder of their own)
MODE_ENV = "UNITYCLI_RESIDENT"
MODES = {"auto": "use a server; start one in the background when none answers (the default)",
         "use": "use a server that runs, never start one (the default on a build service: CI or its own variable set)",
         "off": "never use a server: every call runs in-process"}
DEBUG_ENV = "UNITYCLI_RESIDENT_DEBUG"  # set: one stderr line saying why a call ran in-process
# Like sccache's server (600 s): long enough to bridge an agent's thinking between calls, short enough that a
# server started by one command someone ran once is gone ten minutes later. A restart costs one in-process call.
IDLE_SECONDS = 600
STALE_EXIT = 75  # a forked child's exit status telling the server its code changed on disk
_SUN_PATH_MAX = 107  # AF_UNIX paths: 108 bytes with the terminating NUL on Linux


class ModeInvalid(ValueError):
    """`UNITYCLI_RESIDENT` holds a value that is not one of `MODES`."""


def mode(environ) -> str:
    """The call's mode: `UNITYCLI_RESIDENT` when set (exactly one of `MODES`, else `ModeInvalid`), else `auto`, or
    `use` on a build service (`in_ci`: a CI job is one-shot: a server it starts by accident would outlive the step)."""
    value = environ.get(MODE_ENV, "")
    if value:
        if value not in MODES:
            raise ModeInvalid(value)
        return value
    return "use" if in_ci(environ) else "auto"


# Build services that say so without setting `CI` (GitHub, GitLab, CircleCI, Travis and Buildkite set `CI` too).
CI_MARKERS = ("JENKINS_URL", "TF_BUILD", "TEAMCITY_VERSION", "BUILDKITE", "bamboo_buildKey", "CODEBUILD_BUILD_ID")


def in_ci(environ) -> bool:
    """A build service runs this call: `CI` set to anything but 0/false/no, or a service's own variable set."""
    if environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        return True
    return any(environ.get(name) for name in CI_MARKERS)


def supported() -> bool:
    """Linux-style peer credentials and fd passing, without which the server cannot be trusted or faithful."""
    return hasattr(os, "fork") and sys.platform.startswith("linux")


def _status_fields() -> dict[str, str]:
    try:
        with open("/proc/self/status", "rb") as f:
            text = f.read().decode(errors="replace")
    except OSError:
        return {}
    fields = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        fields[key] = " ".join(value.split())
    return fields


def sandboxed() -> bool:
    """`no_new_privs` is set: the mark of a sandbox (Landlock, seccomp, bubblewrap, `allowPrivilegeEscalation:
    false`) whose rules a process cannot read back, so a server started outside it could run this call outside it,
    or one started in another sandbox under that one's rules. Such a caller never uses or starts a server."""
    return _status_fields().get("NoNewPrivs") == "1"


_STANDING_FIELDS = ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb", "NoNewPrivs",
                    "Seccomp", "Seccomp_filters")


def standing() -> tuple:
    """Where this process stands, which a forked child of another process cannot take on: its namespaces (a
    container or sandbox sharing /tmp), its root (a chroot), its cgroup (a job's memory and CPU limits), its
    credentials and supplementary groups (file access), seccomp state and resource limits. A call runs only in
    a server that stands where the caller does, so the server started by the caller's own kind of process."""
    places = []
    for kind in ("mnt", "pid", "user", "net", "ipc", "uts", "cgroup"):
        try:
            places.append(os.readlink(f"/proc/self/ns/{kind}"))
        except OSError:
            places.append(None)
    try:
        st = os.stat("/")
        root = (st.st_dev, st.st_ino)
    except OSError:
        root = None
    texts = []
    for name in ("/proc/self/cgroup", "/proc/self/limits"):
        try:
            with open(name, "rb") as f:
                texts.append(f.read())
        except OSError:
            texts.append(None)
    status = _status_fields()
    return (places, root, texts, [status.get(k) for k in _STANDING_FIELDS])


def runtime_dir(environ) -> str:
    """`$UNITYCLI_RESIDENT_DIR`, else `$XDG_RUNTIME_DIR/unitycli`, else `/tmp/unitycli-<uid>` (`$TMPDIR` if set)."""
    chosen = environ.get(DIR_ENV)
    if chosen:
        return os.path.abspath(chosen)
    xdg = environ.get("XDG_RUNTIME_DIR")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "unitycli")
    tmp = environ.get("TMPDIR") or ""
    return os.path.join(tmp if os.path.isabs(tmp) else "/tmp", f"unitycli-{os.geteuid()}")  # never cwd-relative


def trusted_dir(path: str, create: bool = False) -> bool:
    """A real directory (lstat: not a symlink) owned by this user with no group or other access; created 0700
    when asked and missing. Anything else is refused, never repaired: a folder we did not make is not ours."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        if not create:
            return False
        try:
            os.mkdir(path, 0o700)
            st = os.lstat(path)
        except OSError:
            return False
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o077


def open_private(path: str, flags: int, mode: int = 0o600) -> int:
    """Open a file of the socket folder through a descriptor of that folder: the folder is checked (not a symlink,
    ours, closed to others) as it is opened, not by a path that could be swapped between check and use, and the
    file must be a regular file of ours with one link (a hard link to someone else's file is refused). For the
    lock and log files a server (possibly root's) writes; PermissionError when anything is off."""
    folder, name = os.path.split(path)
    dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        st = os.fstat(dir_fd)
        if st.st_uid != os.geteuid() or st.st_mode & 0o077:
            raise PermissionError(f"{folder} is not a private folder of this user")
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=dir_fd)
    finally:
        os.close(dir_fd)
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_nlink != 1:
        os.close(fd)
        raise PermissionError(f"{path} is not a regular file of this user with one link")
    return fd


def server_name(configuration: str | None = None) -> str:
    """One server per configuration (`config()`: interpreter, `sys.path`, standing): `s-<hash>`, so two virtual
    environments, two `PYTHONPATH`s or a container sharing the folder never share one, and no configuration waits
    on another's server. (A hash collision only costs a refusal: the server compares the whole configuration.)"""
    import zlib  # built in, and only reached when the folder exists

    return f"s-{zlib.crc32((config() if configuration is None else configuration).encode()):08x}"


def socket_path(environ, create: bool = False) -> str | None:
    """The socket's path, or None when its folder is missing or untrusted or the path is too long for AF_UNIX."""
    if not supported() or sandboxed():
        return None
    folder = runtime_dir(environ)
    if not trusted_dir(folder, create):
        return None
    path = os.path.join(folder, server_name() + ".sock")
    return path if len(os.fsencode(path)) <= _SUN_PATH_MAX else None


def lock_path(sock_path: str) -> str:
    """The file a server holds locked (flock) for its whole life, its pid inside."""
    return sock_path[: -len(".sock")] + ".lock"


def log_path(sock_path: str) -> str:
    """The server's stdout and stderr: what it says when it cannot come up, and anything a call leaves there."""
    return sock_path[: -len(".sock")] + ".log"


def lock_held(sock_path: str) -> bool:
    """Whether a server (running, starting or finishing) holds this socket's lock."""
    import fcntl

    try:
        fd = open_private(lock_path(sock_path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def trusted_socket(path: str) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISSOCK(st.st_mode) and st.st_uid == os.geteuid()


def peer_uid(sock) -> int | None:
    """The uid of the process at the other end of a connected Unix socket, from the kernel."""
    import socket
    import struct

    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, AttributeError):
        return None
    return struct.unpack("3i", raw)[1]


def config() -> str:
    # What a call's interpreter must share with the server's: besides the flags, the settings they do not show
    # (a fixed hash seed, warning filters, -X options, the filesystem encoding), and where the process stands.
    return repr((PROTOCOL, sys.executable, sys.version, tuple(sys.flags), sys.path, os.environ.get("PYTHONHASHSEED"),
                 sys.warnoptions, sorted(sys._xoptions.items(), key=str), sys.getfilesystemencoding(), standing()))


def _stat(path: str) -> tuple:
    try:
        st = os.stat(path)
    except OSError:
        return (path, None)
    return (path, st.st_mtime_ns, st.st_size)


def stamp() -> str:
    """The code's fingerprint, cheap enough for every call: version and a stat of each folder that holds it.
    (Edits inside a file are caught by the server, which re-stats every module it imported before each run.)"""
    import unitycli

    places = [sys.executable, unitycli.__file__, __file__, *unitycli.__path__,
              os.path.join(os.path.dirname(__file__), "entry.py"), *sys.path]
    return repr((unitycli.__version__, [_stat(p) for p in places]))


def header(kind: bytes, length: int) -> bytes:
    return MAGIC + kind + length.to_bytes(4, "big")


def parse_header(data: bytes) -> tuple[bytes, int] | None:
    if len(data) != HEADER_SIZE or data[:4] != MAGIC:
        return None
    return data[4:8], int.from_bytes(data[8:12], "big")


def recv_exact(sock, size: int) -> bytes:
    """Exactly `size` bytes, or fewer if the other end closed."""
    chunks = []
    while size:
        chunk = sock.recv(min(size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def encode_run(argv: list[str], streams: list[str]) -> bytes:
    """config, stamp, cwd, umask, argv[0], the three streams' `encoding:errors`, argc, argv…, then `KEY=value`
    environment entries to the end; NUL-separated (none of them can hold a NUL)."""
    umask = os.umask(0o22)
    os.umask(umask)
    fields = [config().encode(), stamp().encode(), os.getcwdb(), b"%d" % umask, os.fsencode(sys.argv[0]),
              *(s.encode() for s in streams), b"%d" % len(argv), *(os.fsencode(a) for a in argv)]
    fields += [k + b"=" + v for k, v in os.environb.items()]
    return b"\0".join(fields)


def decode_run(payload: bytes) -> dict:
    fields = payload.split(b"\0")
    argc = int(fields[8])
    env = {}
    for item in fields[9 + argc:]:
        key, _, value = item.partition(b"=")
        env[key] = value
    return {"config": fields[0].decode(), "stamp": fields[1].decode(), "cwd": fields[2], "umask": int(fields[3]),
            "argv0": os.fsdecode(fields[4]), "streams": [f.decode() for f in fields[5:8]],
            "argv": [os.fsdecode(a) for a in fields[9:9 + argc]], "env": env}
