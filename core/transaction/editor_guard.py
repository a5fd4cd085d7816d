"""Is a live Unity Editor holding this project? Writers refuse while one is (it may overwrite or reload our edit).

Evidence, strongest first:
1. `Temp/UnityLockfile` exists and another process holds a lock on it. Unity holds it for as long as the project
   is open and deletes `Temp/` on a clean exit, so a lockfile nobody holds is a crash leftover. We probe with a
   *shared, non-blocking* `flock` and then a POSIX `lockf` (whichever kind the Editor takes, one of them
   conflicts) and release at once; the probe never waits and never holds the lock.
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
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from unitycli.errors import UnityCliError

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


def _probe_lockfile(path: Path) -> tuple[str, str]:
    """('absent' | 'held' | 'free' | 'unknown', evidence)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return "absent", "Temp/UnityLockfile does not exist"
    except OSError as exc:
        return "unknown", f"Temp/UnityLockfile exists but cannot be opened ({exc.strerror})"
    try:
        if fcntl is None:  # pragma: no cover - Windows
            return "unknown", "Temp/UnityLockfile exists; this platform cannot probe file locks"
        for name, probe, release in (
            ("flock", lambda: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB), lambda: fcntl.flock(fd, fcntl.LOCK_UN)),
            ("fcntl", lambda: fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB), lambda: fcntl.lockf(fd, fcntl.LOCK_UN)),
        ):
            try:
                probe()
            except OSError as exc:
                if exc.errno in _CONFLICT:
                    return "held", f"Temp/UnityLockfile is locked by another process ({name} lock)"
                return "unknown", f"Temp/UnityLockfile lock probe failed ({name}: {exc.strerror})"
            release()
        return "free", "Temp/UnityLockfile exists but no process holds it (left by an Editor that exited or crashed)"
    finally:
        os.close(fd)


def _process_name(pid: int) -> str | None:
    """The executable name of a live process, or None when it cannot be read."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        pass
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
        data = json.loads(path.read_text(encoding="utf-8"))
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
    rerun = f"{command} {OVERRIDE_FLAG}" if command else f"Run the same command with {OVERRIDE_FLAG}"
    actions = [f"Close the Unity Editor that has {project_root} open, then run the command again",
               f"{rerun} (the open Editor may overwrite the change or ask to reload it)"]
    details = {"projectRoot": str(project_root), **state.to_dict(), "overrideFlag": OVERRIDE_FLAG}
    if state.status == "editor-open":
        raise UnityCliError("E_UNITY_EDITOR_OPEN", f"A Unity Editor has {project_root} open; nothing was written",
                            details=details, next_actions=actions)
    raise UnityCliError("E_UNITY_EDITOR_UNVERIFIABLE",
                        f"Cannot tell whether a Unity Editor has {project_root} open; nothing was written",
                        details=details, next_actions=actions)
