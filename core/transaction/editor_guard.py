"""Is a live Unity Editor holding this project? Writers refuse while one is (it may overwrite or reload our edit).

Evidence, strongest first:
1. `Temp/UnityLockfile` exists and another process holds a lock on it. Unity holds it for as long as the project
   is open and deletes `Temp/` on a clean exit, so a lockfile nobody holds is a crash leftover. Any lock another
   process holds counts, whatever its kind: we probe with an *exclusive, non-blocking* `flock` (which conflicts
   with a shared or an exclusive flock) and then an *exclusive* POSIX record lock over the whole file (which
   conflicts with a shared `F_RDLCK` or an exclusive `F_WRLCK` lock, `lockf` and OFD locks included), and release
   at once; the probe never waits and never holds a lock. The record-lock probe takes the write lock on a
   read-write descriptor; where the lockfile cannot be opened for writing (another user's, a read-only disk) it
   asks `F_GETLK` instead, which tests for a conflicting lock without taking one.
2. `Library/EditorInstance.json` names a live process whose name is `Unity` (`Unity.exe`).

Decision on a live PID that is not a Unity process: **offline**, with the evidence recorded. EditorInstance.json
outlives a crashed Editor and PIDs are reused (after a reboot they are small numbers again), so an unrelated
live process is a stale file, not an open Editor; the lockfile check above still catches a real Editor. A live
PID whose name cannot be read (no /proc and `ps` failed) is `unverifiable`, as is a lockfile that exists but
cannot be probed. Writers refuse on `editor-open` (E_UNITY_EDITOR_OPEN) and on `unverifiable`
(E_UNITY_EDITOR_UNVERIFIABLE); both name the `--allow-editor-open` override.

Stdlib only and cheap (two stats when neither file exists): project selection imports it for `instances list`.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from unitycli.errors import UnityCliError
from unitycli.safefs import read_text

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: lock probing is unavailable, see _probe_lockfile
    fcntl = None  # type: ignore[assignment]

Status = Literal["offline", "editor-open", "unverifiable"]
OVERRIDE_FLAG = "--allow-editor-open"
LOCKFILE = ("Temp", "UnityLockfile")
INSTANCE_FILE = ("Library", "EditorInstance.json")
_CONFLICT = {errno.EACCES, errno.EAGAIN}


@dataclass(frozen=True)
class EditorState:
    """The verdict and the facts behind it, for `instances list` and for error details."""

    status: Status
    evidence: list[str] = field(default_factory=list)
    pid: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"status": self.status, "evidence": list(self.evidence), "pid": self.pid}


# `struct flock` for F_GETLK, where its layout is known: Linux (l_type, l_whence, l_start, l_len, l_pid; padded to
# the alignment of off_t) and the BSDs/macOS (l_start, l_len, l_pid, l_type, l_whence).
_FLOCK_LAYOUTS = {"linux": ("hhqqi4x", 0), "darwin": ("qqihh", 3), "freebsd": ("qqihhi4x", 3)}


def _getlk_conflict(fd: int) -> bool | None:
    """Would an exclusive record lock over the whole file conflict with another process's lock? None: cannot ask."""
    import struct
    import sys

    platform = next((name for name in _FLOCK_LAYOUTS if sys.platform.startswith(name)), None)
    if fcntl is None or platform is None:
        return None
    layout, type_index = _FLOCK_LAYOUTS[platform]
    fields: list[int] = [0] * len(struct.unpack(layout, bytes(struct.calcsize(layout))))
    fields[type_index] = fcntl.F_WRLCK  # l_whence SEEK_SET, l_start 0, l_len 0: the whole file
    answer = struct.unpack(layout, fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack(layout, *fields)))
    return answer[type_index] != fcntl.F_UNLCK


def _probe_lockfile(path: Path) -> tuple[str, str]:
    """('absent' | 'held' | 'free' | 'unknown', evidence). Any lock held by another process is 'held'."""
    flags = os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd, writable = os.open(path, os.O_RDWR | flags), True  # an exclusive record lock needs a writable fd
    except FileNotFoundError:
        return "absent", "Temp/UnityLockfile does not exist"
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ETXTBSY):
            return "unknown", f"Temp/UnityLockfile exists but cannot be opened ({exc.strerror})"
        try:
            fd, writable = os.open(path, os.O_RDONLY | flags), False
        except FileNotFoundError:
            return "absent", "Temp/UnityLockfile does not exist"
        except OSError as exc2:
            return "unknown", f"Temp/UnityLockfile exists but cannot be opened ({exc2.strerror})"
    try:
        if fcntl is None:  # pragma: no cover - Windows
            return "unknown", "Temp/UnityLockfile exists; this platform cannot probe file locks"
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in _CONFLICT or exc.errno == errno.EWOULDBLOCK:
                return "held", "Temp/UnityLockfile is locked by another process (flock lock)"
            return "unknown", f"Temp/UnityLockfile lock probe failed (flock: {exc.strerror})"
        fcntl.flock(fd, fcntl.LOCK_UN)
        try:
            if writable:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.lockf(fd, fcntl.LOCK_UN)
                conflict: bool | None = False
            else:
                conflict = _getlk_conflict(fd)
        except OSError as exc:
            if exc.errno in _CONFLICT:
                return "held", "Temp/UnityLockfile is locked by another process (fcntl lock)"
            return "unknown", f"Temp/UnityLockfile lock probe failed (fcntl: {exc.strerror})"
        if conflict is None:
            return "unknown", ("Temp/UnityLockfile exists but cannot be opened for writing, and this platform "
                               "cannot test it for record locks without writing")
        if conflict:
            return "held", "Temp/UnityLockfile is locked by another process (fcntl lock)"
        return "free", "Temp/UnityLockfile exists but no process holds it (left by an Editor that exited or crashed)"
    finally:
        os.close(fd)


def _process_name(pid: int) -> str | None:
    """The executable name of a live process, or None when it cannot be read."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        pass
    import subprocess  # here: with /proc (Linux) a call never starts a process, nor pays for the import

    try:  # macOS and other systems without /proc
        out = subprocess.run(["ps", "-p", str(pid), "-o", "comm="], capture_output=True, text=True, timeout=2,
                             check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out or None


def _is_unity(name: str) -> bool:
    base = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return base.removesuffix(".exe") == "unity"


def _probe_instance(path: Path) -> tuple[str, str, int | None]:
    """('absent' | 'unity' | 'stale' | 'unknown', evidence, pid)."""
    try:
        data = json.loads(read_text(path))
        pid = data.get("process_id") if isinstance(data, dict) else None
    except FileNotFoundError:
        return "absent", "Library/EditorInstance.json does not exist", None
    except (OSError, ValueError) as exc:
        return "stale", f"Library/EditorInstance.json is unreadable ({exc}); not evidence of an Editor", None
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return "stale", "Library/EditorInstance.json has no valid process_id", None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return "stale", f"Library/EditorInstance.json names pid {pid}, which is not running", pid
    except PermissionError:
        pass  # alive, owned by another user
    except OSError as exc:
        return "unknown", f"cannot check pid {pid} from Library/EditorInstance.json ({exc.strerror})", pid
    name = _process_name(pid)
    if name is None:
        return "unknown", f"pid {pid} from Library/EditorInstance.json is alive but its name cannot be read", pid
    if _is_unity(name):
        return "unity", f"Library/EditorInstance.json names pid {pid}, a running Unity process ({name})", pid
    return "stale", f"Library/EditorInstance.json names pid {pid}, now an unrelated process ({name})", pid


def editor_status(project_root: Path | str) -> EditorState:
    """offline | editor-open | unverifiable for this project, with the evidence for each verdict."""
    root = Path(project_root)
    lock_state, lock_evidence = _probe_lockfile(root.joinpath(*LOCKFILE))
    if lock_state == "held":
        return EditorState("editor-open", [lock_evidence])
    instance_state, instance_evidence, pid = _probe_instance(root.joinpath(*INSTANCE_FILE))
    evidence = [lock_evidence, instance_evidence]
    if instance_state == "unity":
        return EditorState("editor-open", evidence, pid)
    if lock_state == "unknown" or instance_state == "unknown":
        return EditorState("unverifiable", evidence, pid)
    return EditorState("offline", evidence, pid)


def ensure_editor_closed(project_root: Path | str, override: bool, *, command: str | None = None) -> EditorState:
    """Refuse a write while an Editor holds the project (or while that cannot be ruled out), unless overridden.

    `command` is the command line being run, so the next action can be the exact command with the flag added.
    """
    state = editor_status(project_root)
    if override or state.status == "offline":
        return state
    # The rerun with the flag is a step only when the command line is known; the open Editor may then overwrite
    # the change or ask to reload it.
    actions = [f"{command or 'unitycli <command>'} {OVERRIDE_FLAG}"]
    details = {"projectRoot": str(project_root), **state.to_dict(), "overrideFlag": OVERRIDE_FLAG}
    manual = [f"Close the Unity Editor that has {project_root} open, then run the command again"]
    if state.status == "editor-open":
        raise UnityCliError("E_UNITY_EDITOR_OPEN", f"A Unity Editor has {project_root} open; nothing was written",
                            details=details, next_actions=actions, manual_steps=manual)
    raise UnityCliError("E_UNITY_EDITOR_UNVERIFIABLE",
                        f"Cannot tell whether a Unity Editor has {project_root} open; nothing was written",
                        details=details, next_actions=actions, manual_steps=manual)
