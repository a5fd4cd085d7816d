"""Exclusive OS file locks with a bounded, jittered wait: the one lock primitive every writer shares.

The project write lock, the index build lock and the user-data store lock all need the same thing: a lock the
kernel drops when its holder dies (so a SIGKILL never leaves anything locked), polled rather than blocked on, so
a stuck holder becomes a catalogued, transient error instead of a hang. Callers say which error that is.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from unitycli.safefs import open_own_file


def try_lock(fd: int) -> bool:
    """Take the lock without blocking; False when another process (or open file) holds it."""
    if sys.platform == "win32":  # pragma: no cover - POSIX machines run the tests
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


def unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover
        import msvcrt

        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def wait_for_lock(fd: int, timeout: float, on_timeout: Callable[[], BaseException]) -> None:
    """Poll until the lock is ours; raise `on_timeout()` once `timeout` seconds have passed.

    The backoff doubles up to 50 ms with jitter, so many waiters do not wake in lockstep.
    """
    deadline = time.monotonic() + timeout
    delay = 0.001
    while not try_lock(fd):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise on_timeout()
        time.sleep(min(remaining, delay * (0.5 + random.random())))
        delay = min(delay * 2, 0.05)


@contextlib.contextmanager
def exclusive(path: Path, timeout: float, on_timeout: Callable[[], BaseException]) -> Iterator[int]:
    """Hold an exclusive lock on `path` (created if needed) and yield its descriptor; closing releases it.

    A link or special file at `path` is refused (`safefs.LinkRefusedError`, `SpecialFileError`): a lock file is
    created and opened, never followed to create or open whatever it names.
    """
    fd = open_own_file(None, os.fspath(path), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        wait_for_lock(fd, timeout, on_timeout)
        try:
            yield fd
        finally:
            unlock(fd)
    finally:
        os.close(fd)
