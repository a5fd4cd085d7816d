"""The build lock: one process at a time refreshes a project's index, however many start at once.

sqlite keeps each write atomic on its own, but two builders diffing the same files would both re-read them and
race on row ids; the lock turns that into "the second one waits, then finds nothing left to do". It is an OS
lock on a sibling file, so a builder that dies releases it with its file descriptor.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.filelock import exclusive

# A cold build of a 500 MB project takes seconds; waiting builders must outlast it, not give up.
LOCK_TIMEOUT_S = 300.0


@contextmanager
def build_lock(path: Path, timeout_s: float | None = None) -> Iterator[None]:
    """Hold the exclusive build lock at `path`, polling so a stuck holder becomes `E_INDEX_BUSY`, not a hang."""
    timeout = LOCK_TIMEOUT_S if timeout_s is None else timeout_s

    def busy() -> UnityCliError:
        return UnityCliError(
            "E_INDEX_BUSY", f"another unitycli process has been building this index for over {timeout:g} s",
            details={"lock": str(path)},
        )

    with exclusive(path, timeout, busy):
        yield
