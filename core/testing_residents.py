"""No test session leaves a resident server behind: every process a session starts carries its name in the
environment, and the process that named it looks, at the end, for `resident serve` processes that carry it.

The name is `PYTEST_UNITYCLI_RUN`, not a `UNITYCLI_*` variable: tests that build a child's environment drop
those (and with them `UNITYCLI_RESIDENT=off`, which is exactly how a server gets left behind), and keep this.
"""

from __future__ import annotations

import contextlib
import os
import signal
import uuid
from pathlib import Path

RUN_ENV = "PYTEST_UNITYCLI_RUN"


def name_run() -> str | None:
    """Name this session for the processes it starts; the name when this process named it (it checks at the end),
    None in a process that inherited one (an xdist worker)."""
    if os.environ.get(RUN_ENV):
        return None
    os.environ[RUN_ENV] = uuid.uuid4().hex
    return os.environ[RUN_ENV]


def left_behind(run: str) -> dict[int, str]:
    """Resident servers still running that a process of this session started: pid -> the test that started it."""
    mark = f"{RUN_ENV}={run}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            if b"resident" not in argv or b"serve" not in argv:
                continue
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # gone, or not ours to read
            continue
        if mark in environ:
            test = next((v.partition(b"=")[2] for v in environ if v.startswith(b"PYTEST_CURRENT_TEST=")), b"?")
            found[int(entry.name)] = test.decode(errors="replace")
    return found


def stop(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
