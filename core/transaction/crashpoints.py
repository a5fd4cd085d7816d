"""Named crash points in the commit and recovery protocols, so tests can kill a process at each one.

Production code never sets `HOOK`; the crash-test child process sets it to a function that SIGKILLs itself when
the named point is reached. Calling an unset hook costs one global lookup.
"""

from __future__ import annotations

from collections.abc import Callable

HOOK: Callable[[str], None] | None = None


def crash_point(name: str) -> None:
    """Mark a step boundary of the protocol; a test hook may kill the process here."""
    if HOOK is not None:
        HOOK(name)
