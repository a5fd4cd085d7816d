"""The build lock: one process at a time refreshes a project's index, however many start at once.

sqlite keeps each write atomic on its own, but two builders diffing the same files would both re-read them and
race on row ids; the lock turns that into "the second one waits, then finds nothing left to do". It is an OS
lock on a sibling file, so a builder that dies releases it with its file descriptor.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from unitycli.errors import UnityCliError

# A cold build of a 500 MB project takes seconds; waiting builders must outlast it, not give up.
LOCK_TIMEOUT_S = 300.0


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def build_lock(path: Path, timeout_s: float | None = None) -> Iterator[None]:
    """Hold the exclusive build lock at `path`, polling so a stuck holder becomes `E_INDEX_BUSY`, not a hang."""
    if timeout_s is None:
        timeout_s = LOCK_TIMEOUT_S
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout_s
        delay = 0.002
        while not _try_lock(fd):
            if time.monotonic() > deadline:
                raise UnityCliError(
                    "E_INDEX_BUSY", f"another unitycli process has been building this index for over {timeout_s:g} s",
                    details={"lock": str(path)},
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        try:
            yield
        finally:
            if sys.platform == "win32":
                import msvcrt

                with suppress(OSError):
                    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    finally:
        os.close(fd)
