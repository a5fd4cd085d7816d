"""The resident server's test harness: a private socket folder per test, servers started through the console script
as a user starts them, and killed when the test ends; bounded waits for processes to come and go."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from unitycli.cli import resident_wire

SCRIPT = os.path.join(sysconfig.get_path("scripts"), "unitycli")
SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
WAIT = 60.0  # bounded waits for a process to come or go (a condition, never a timing assertion)

needs_resident = pytest.mark.skipif(not resident_wire.supported() or not os.path.isfile(SCRIPT),
                                    reason="the resident server needs Linux and the installed console script")


@dataclass
class Resident:
    folder: Path
    env: dict[str, str]

    def cli(self, *args: str, stdin: bytes | None = None, **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([SCRIPT, *args], env={**self.env, **extra}, input=stdin if stdin is not None else b"",
                              capture_output=True, timeout=300)

    def start(self, *args: str) -> dict:
        done = self.cli("resident", "start", "--json", *args)
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)["result"]

    def status(self) -> dict:
        done = self.cli("resident", "status", "--json")
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)["result"]

    def served(self) -> int:
        return self.status()["served"]

    @property
    def socket(self) -> str:
        """The socket of the console script's configuration (it names the socket; this test process has another)."""
        path = self.status()["socket"]
        assert path is not None and Path(path).parent == self.folder, path
        return path


def pid_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {WAIT:.0f} s for {what}")
        time.sleep(0.05)


def kill_servers(folder: Path) -> None:
    """Whatever holds a lock in the folder is a server of this test: stop it, then make sure."""
    for lock in folder.glob("*.lock"):
        try:
            pid = int(lock.read_text().strip() or 0)
        except (OSError, ValueError):
            continue
        if pid and resident_wire.lock_held(str(lock.with_suffix(".sock"))):
            with_signal(pid, signal.SIGKILL)


def with_signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return
    wait_for(lambda: not pid_alive(pid), f"server {pid} to exit")


def make_resident(home: Path) -> Iterator[Resident]:
    folder = Path(tempfile.mkdtemp(prefix="ucr-", dir="/tmp"))  # short: AF_UNIX paths hold 107 bytes
    # `use`: these servers are started by the tests themselves; a test of the default mode passes
    # UNITYCLI_RESIDENT="" (empty is unset). CI is dropped so the default is the one a user gets.
    env = {k: v for k, v in os.environ.items()  # the default mode is tested as on a person's machine, not a build's
           if not k.startswith("UNITYCLI_RESIDENT") and k != "CI" and k not in resident_wire.CI_MARKERS}
    env.update(UNITYCLI_HOME=str(home), UNITYCLI_RESIDENT_DIR=str(folder), UNITYCLI_RESIDENT_DEBUG="1",
               UNITYCLI_RESIDENT="use")
    resident = Resident(folder, env)
    try:
        yield resident
    finally:
        subprocess.run([SCRIPT, "resident", "stop"], env=env, capture_output=True, timeout=120, check=False)
        kill_servers(folder)
        shutil.rmtree(folder, ignore_errors=True)
