"""The project write lock and the folder that holds it with the journal: `<project>/.unitycli/txn/`.

Why `.unitycli/txn/` and not `Library/unitycli/`: the journal is what makes an interrupted commit recoverable, and
"delete Library/" is the most common Unity repair step, so recovery state must not live there. `Library/` is
Unity's cache folder; creating it in a never-opened project would change what it looks like to Unity and to our
own `project.info`. `.unitycli/` is ours (it holds the committed extension lock), Unity never imports it (it is
outside `Assets/`), and `txn/` carries its own `.gitignore` of `*`, so neither the lock file nor a journal is
ever committed, without touching the project's own ignore rules.

The lock is an `fcntl.flock` on `txn/lock`: the kernel drops it when the holder dies, so a SIGKILLed writer
never leaves the project locked. The lock file itself is never deleted (deleting a lock file races with a
waiter that has it open). This layer needs POSIX (Linux, macOS).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import TracebackType

from unitycli.errors import UnityCliError
from unitycli.filelock import unlock, wait_for_lock
from unitycli.transaction.durable import fcntl, fsync_dir
from unitycli.transaction.paths import resolve_inside

STATE_DIR = (".unitycli", "txn")
DEFAULT_LOCK_TIMEOUT = 10.0


def state_dir(root: Path) -> Path:
    """The folder of the lock and the journal (not created)."""
    return root.joinpath(*STATE_DIR)


def lock_path(root: Path) -> Path:
    return state_dir(root) / "lock"


def ensure_state_dir(root: Path) -> Path:
    """Create `.unitycli/txn/` durably with its self-ignoring `.gitignore`; cheap when it exists."""
    # A repository could ship `.unitycli` as a symlink; lock and journal must still live inside the project.
    resolve_inside(root, "/".join(STATE_DIR))
    folder = state_dir(root)
    ignore = folder / ".gitignore"
    if ignore.exists():
        return folder
    for path in (folder.parent, folder):
        try:
            os.mkdir(path)
        except FileExistsError:
            continue
        fsync_dir(path.parent)
    ignore.write_text("# unitycli transaction lock and journal: never commit them\n*\n")
    return folder


class ProjectLock:
    """Exclusive project write lock with a bounded wait; `E_PROJECT_LOCKED` when the wait runs out.

    flock locks belong to the open file description, so two ProjectLocks conflict even inside one process.
    """

    def __init__(self, root: Path, timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        self.root = root
        self.timeout = timeout
        self._fd: int | None = None

    def acquire(self) -> None:
        if fcntl is None:  # pragma: no cover - Windows
            raise UnityCliError("E_WRITE_FAILED", "Project writes need a POSIX file lock (fcntl), not available here",
                                details={"platform": os.name})
        ensure_state_dir(self.root)
        path = lock_path(self.root)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)

        def locked() -> UnityCliError:
            holder = _read_holder(fd)
            os.close(fd)
            return _locked(path, self.timeout, holder)

        wait_for_lock(fd, self.timeout, locked)
        # Record the holder for the E_PROJECT_LOCKED message of whoever waits next (diagnostic only).
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            unlock(fd)
            os.close(fd)

    def __enter__(self) -> ProjectLock:
        self.acquire()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def _read_holder(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None


def _locked(path: Path, timeout: float, holder: int | None) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_LOCKED",
        f"Another unitycli process (pid {holder or 'unknown'}) held the project write lock for over {timeout:g} s",
        details={"lockFile": str(path), "waitedSeconds": timeout, "holderPid": holder},
        next_actions=["Run the command again in a moment; another unitycli write on this project is in progress"],
    )
