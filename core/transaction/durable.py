"""Durable file-system steps: fsync of files and directories, and exclusive creation of temp files.

A rename is only durable once its directory is fsynced, and file data only once the file is; the commit
protocol's correctness after a power loss rests on these calls, not only on their order.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from unitycli.spliced import Content, Spliced

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the transaction layer needs POSIX, see locking.py
    fcntl = None  # type: ignore[assignment]

_FULLFSYNC = getattr(fcntl, "F_FULLFSYNC", None)


def fsync_fd(fd: int) -> None:
    """Flush a file to stable storage; on macOS plain fsync leaves data in the drive cache, so ask for F_FULLFSYNC."""
    if _FULLFSYNC is not None:
        try:
            fcntl.fcntl(fd, _FULLFSYNC)
            return
        except OSError:
            pass
    os.fsync(fd)


def fsync_dir(path: Path) -> None:
    """Make the directory's entries (creates, renames, unlinks) durable."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fsync_fd(fd)
    finally:
        os.close(fd)


def write_new_file(path: Path, data: Content, like: os.stat_result | None, *, dir_fd: int | None = None) -> None:
    """Create `path` (it must not exist, and a planted symlink is refused), write all of `data` (a splice piece
    by piece), fsync it.

    With `dir_fd`, `path` is created by name in that (verified) folder, so no link on the way can redirect it.
    `like` None means a fresh file under the process umask; otherwise the stat of the file it will replace, whose
    permission bits (and, when running as root, owner) it takes before any byte is written, so the content is
    never exposed with wider permissions and a root-run CI job does not leave root-owned project files.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    name = path.name if dir_fd is not None else path
    fd = os.open(name, flags, 0o666 if like is None else 0o600, dir_fd=dir_fd)
    try:
        if like is not None:
            if os.geteuid() == 0 and (like.st_uid, like.st_gid) != (0, 0):
                os.fchown(fd, like.st_uid, like.st_gid)
            os.fchmod(fd, stat.S_IMODE(like.st_mode))
        for chunk in data.chunks() if isinstance(data, Spliced) else (data,):
            view = memoryview(chunk)
            while view:
                written = os.write(fd, view)
                view = view[written:]
        fsync_fd(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=dir_fd)
        raise
    os.close(fd)


def unlink_if_exists(path: Path) -> bool:
    """Remove a file; True if it was there. Recovery calls this repeatedly, so absence is not an error."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True
