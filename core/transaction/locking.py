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
import stat
from pathlib import Path
from types import TracebackType

from unitycli.errors import UnityCliError
from unitycli.filelock import unlock, wait_for_lock
from unitycli.safefs import LinkRefusedError, SpecialFileError, kind_of, open_dir_path, open_own_file
from unitycli.transaction.durable import fcntl, fsync_fd
from unitycli.transaction.failures import state_error
from unitycli.transaction.paths import resolve_inside

STATE_DIR = (".unitycli", "txn")
DEFAULT_LOCK_TIMEOUT = 10.0
_IGNORE = b"# unitycli transaction lock and journal: never commit them\n*\n"


def state_dir(root: Path) -> Path:
    """The folder of the lock and the journal (not created)."""
    return root.joinpath(*STATE_DIR)


def lock_path(root: Path) -> Path:
    return state_dir(root) / "lock"


def open_state_dir(root: Path) -> int:
    """A descriptor of `.unitycli/txn/`, created durably with its self-ignoring `.gitignore`.

    Every component is opened without following a link (`safefs.open_dir_path`), so the lock, the journal and
    the `.gitignore` are created in that verified folder and nowhere else; a link or special file planted on the
    way is `E_PATH_NOT_A_FILE` naming it, any other OS error `E_WRITE_FAILED` with errno and path.
    """
    # A `.unitycli` linked outside the project is named as such (the folder check below refuses any link).
    resolve_inside(root, "/".join(STATE_DIR))
    try:
        fd, _made = open_dir_path(root, STATE_DIR, create=True, on_create=fsync_fd)
    except OSError as exc:
        raise state_error(exc, state_dir(root)) from exc
    try:
        _ensure_ignore(fd, state_dir(root) / ".gitignore")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _ensure_ignore(dir_fd: int, shown: Path) -> None:
    """Keep `.gitignore` of `*` in the state folder: a regular file, never a link followed to create its target."""
    try:
        info = os.stat(".gitignore", dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise state_error(exc, shown) from exc
    if info is not None:
        if stat.S_ISREG(info.st_mode):
            return
        if stat.S_ISLNK(info.st_mode):
            raise state_error(LinkRefusedError(shown, _link_target(dir_fd, ".gitignore")), shown)
        raise state_error(SpecialFileError(shown, kind_of(info.st_mode)), shown)
    try:
        fd = open_own_file(dir_fd, ".gitignore", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, shown=shown)
        try:
            data = memoryview(_IGNORE)
            while data:
                data = data[os.write(fd, data):]
            fsync_fd(fd)
        finally:
            os.close(fd)
        fsync_fd(dir_fd)
    except FileExistsError:
        return  # another process made it meanwhile
    except OSError as exc:
        raise state_error(exc, shown) from exc


def _link_target(dir_fd: int, name: str) -> str | None:
    try:
        return os.readlink(name, dir_fd=dir_fd)
    except OSError:
        return None


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
        path = lock_path(self.root)
        dir_fd = open_state_dir(self.root)
        try:
            fd = open_own_file(dir_fd, "lock", os.O_RDWR | os.O_CREAT, 0o644, shown=path)
        except OSError as exc:
            raise state_error(exc, path) from exc
        finally:
            os.close(dir_fd)

        def locked() -> UnityCliError:
            holder = _read_holder(fd)
            os.close(fd)
            return _locked(path, self.timeout, holder)

        try:
            wait_for_lock(fd, self.timeout, locked)
        except OSError as exc:  # flock itself failed (ENOLCK, EIO): not a wait that ran out
            os.close(fd)
            raise state_error(exc, path) from exc
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
        next_actions=[],  # transient: the same command again in a moment (another write is in progress)
    )
