"""Crash-injection workload shared by the test suite and `bench/crash_soak.py`.

A project holds six files and a few folders whose whole state is a function of one generation number `g`; each
transaction moves everything from `g` to `g + 1` in one commit: modify the marker; create, modify or delete the
other files; create one empty folder pair (`Assets/Rooms/r<k>/inner`) and remove the previous one; and create or
remove `Assets/Gen` with the file in it, so a folder is removed in the same commit that deletes its last file.
A child process runs such commits and is SIGKILLed at a named crash point (through `crashpoints.HOOK`) or after a
random delay. The parent then runs recovery and checks that files and folders equal generation G for exactly one
G — every file old or new, every transaction all-or-nothing — and that G is the generation the crash point
implies.

Children are forked from the caller (POSIX only, like the transaction layer): each is a real process with its
own file descriptors and locks, and dies by a real SIGKILL, but costs milliseconds instead of an interpreter start.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Imported here, in the parent, so forked children start committing at once.
from unitycli.transaction import Transaction, crashpoints, recover

MARKER = "Assets/state.txt"
FILES = ("Assets/A/a.txt", "Assets/B/deep/b.txt", "Assets/Gen/e.txt", "Assets/d.bin", "ProjectSettings/c.asset")
# Named crash points of the commit protocol; a `*` matches any entry index.
COMMIT_POINTS = ("begun", "mkdir:*", "temp:*", "backup:*", "before-prepared", "prepared", "apply:*", "committed",
                 "cleanup:*", "rmdir:*", "before-remove")
BEFORE_COMMIT_POINT = {"begun", "mkdir:*", "temp:*", "backup:*", "before-prepared"}
RECOVERY_POINTS = ("recover:forward:*", "recover:back:*", "cleanup:*", "rmdir:*", "recover:before-remove")
ROOMS = tuple(f"Assets/Rooms/r{k}" for k in range(3))


def expected(g: int) -> dict[str, bytes | None]:
    """The content of every file at generation g (None: absent). Each step mixes creates, modifies, deletes."""
    state: dict[str, bytes | None] = {MARKER: f"generation {g}\n".encode()}
    for i, rel in enumerate(FILES):
        if (g + i) % 3 == 0:
            state[rel] = None
        elif rel.endswith(".bin"):
            state[rel] = bytes([g % 256, 0, i]) * (300 + 50 * i)
        else:
            state[rel] = f"{rel} generation {g}\n".encode() * (40 + 30 * i)
    return state


def expected_dirs(g: int) -> dict[str, bool]:
    """Which tracked folders exist at generation g: one empty room pair, and `Assets/Gen` while e.txt is there."""
    dirs = {}
    for k, room in enumerate(ROOMS):
        dirs[room] = dirs[room + "/inner"] = k == g % 3
    dirs["Assets/Gen"] = expected(g)["Assets/Gen/e.txt"] is not None
    return dirs


def seed(root: Path, g: int = 0) -> None:
    for rel, data in expected(g).items():
        if data is not None:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_bytes(data)
    for rel, present in expected_dirs(g).items():
        if present:
            (root / rel).mkdir(parents=True, exist_ok=True)


def observed(root: Path) -> dict[str, bytes | None]:
    return {rel: (root / rel).read_bytes() if (root / rel).exists() else None for rel in expected(0)}


def observed_dirs(root: Path) -> dict[str, bool]:
    return {rel: (root / rel).is_dir() for rel in expected_dirs(0)}


def leftovers(root: Path) -> list[str]:
    """Temp and backup siblings or a journal still on disk (there must be none after recovery)."""
    found = [p.relative_to(root).as_posix() for p in root.rglob(".*unitycli-*")]
    return found + (["journal"] if (root / ".unitycli/txn/journal").exists() else [])


def generation(root: Path) -> int:
    return int((root / MARKER).read_text().split()[1])


# --- child ---------------------------------------------------------------------------------------------------

def _install_hook(point: str, nth: int) -> None:
    prefix = point[:-1] if point.endswith("*") else None
    hits = 0

    def hook(name: str) -> None:
        nonlocal hits
        if name == point or (prefix is not None and name.startswith(prefix)):
            hits += 1
            if hits == nth:
                os.kill(os.getpid(), signal.SIGKILL)

    crashpoints.HOOK = hook


def _step(root: Path) -> int:
    tx = Transaction(root, dry_run=False)
    g = int(tx.read_text(MARKER).split()[1])
    for rel, data in expected(g + 1).items():
        if data is not None:
            tx.write_bytes(rel, data)
        elif tx.exists(rel):
            tx.delete(rel)
    for rel, present in expected_dirs(g + 1).items():
        if present and not tx.exists(rel):
            tx.make_dir(rel)
        elif not present and tx.exists(rel):
            tx.remove_dir(rel)
    tx.commit()
    return g + 1


def child_main(argv: list[str]) -> None:
    root, mode = Path(argv[0]), argv[1]
    if len(argv) > 2:
        _install_hook(argv[2], int(argv[3]))
    if mode == "recover":
        recover(root)
        return
    print("ready", flush=True)
    for _ in range(int(os.environ.get("CRASH_WORKLOAD_STEPS", "8"))):
        print(f"committed {_step(root)}", flush=True)


# --- parent --------------------------------------------------------------------------------------------------

@dataclass
class Cycle:
    """One kill: where, whether the child really died, and what recovery did."""

    point: str
    killed: bool
    outcome: str
    generation: int


class _Child:
    """A forked writer: a real separate process (own fds, own flock) without paying interpreter start-up."""

    def __init__(self, root: Path, mode: str, point: str | None = None, nth: int = 1,
                 body: Callable[[], None] | None = None) -> None:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child never returns into the caller (pytest): it exits here, or is killed
            status = 0
            try:
                os.close(read_end)
                os.dup2(write_end, 1)
                sys.stdout = os.fdopen(1, "w", buffering=1)
                if body is None:
                    child_main([str(root), mode] + ([point, str(nth)] if point else []))
                else:
                    if point is not None:
                        _install_hook(point, nth)
                    body()
                sys.stdout.flush()
            except BaseException:
                traceback.print_exc()  # stderr is inherited: a failing child is visible in the test output
                status = 1
            finally:
                os._exit(status)
        os.close(write_end)
        self.pid = pid
        self.output = os.fdopen(read_end)

    def wait(self) -> tuple[str, bool]:
        """All output, and whether the child died by SIGKILL (any other ending must be a clean exit)."""
        text = self.output.read()
        self.output.close()
        _, status = os.waitpid(self.pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        assert killed or os.waitstatus_to_exitcode(status) == 0, f"writer failed: status {status}"
        return text, killed


def killed_at(point: str, nth: int, body: Callable[[], None]) -> bool:
    """Run `body` (any writer) in a forked child SIGKILLed at the nth hit of `point`; True if it was killed."""
    return _Child(Path("."), "body", point, nth, body).wait()[1]


def _committed(output: str) -> int | None:
    numbers = [int(line.split()[1]) for line in output.splitlines() if line.startswith("committed ")]
    return numbers[-1] if numbers else None


def _check(root: Path, low: int, high: int, point: str) -> tuple[str, int]:
    """Recover, then assert one whole generation in [low, high] and nothing left behind."""
    report = recover(root)
    assert leftovers(root) == [], f"{point}: leftovers {leftovers(root)}"
    g = generation(root)
    assert observed(root) == expected(g), f"{point}: files are not one whole generation {g}"
    assert observed_dirs(root) == expected_dirs(g), f"{point}: folders are not those of generation {g}"
    assert low <= g <= high, f"{point}: generation {g} outside [{low}, {high}]"
    return (report.outcome if report else "none"), g


def crash_at(root: Path, point: str, nth: int) -> Cycle:
    """Kill the writer at the nth hit of a named commit point; the crash point decides old or new exactly."""
    start = generation(root)
    output, killed = _Child(root, "run", point, nth).wait()
    last = _committed(output) or start
    if not killed:
        return Cycle(point, False, "none", _check(root, last, last, point)[1])
    target = last if point in BEFORE_COMMIT_POINT else last + 1
    outcome, g = _check(root, target, target, point)
    return Cycle(point, True, outcome, g)


def crash_in_recovery(root: Path, commit_point: str, recovery_point: str, rng: random.Random) -> Cycle:
    """Crash a commit, then crash the recovery of it, then recover for real."""
    start = generation(root)
    output, _ = _Child(root, "run", commit_point, rng.randint(1, 4)).wait()
    last = _committed(output) or start
    target = last if commit_point in BEFORE_COMMIT_POINT else last + 1
    _, killed = _Child(root, "recover", recovery_point, 1).wait()
    outcome, g = _check(root, target, target, f"{commit_point} then {recovery_point}")
    return Cycle(f"{commit_point} > {recovery_point}", killed, outcome, g)


def crash_randomly(root: Path, rng: random.Random) -> Cycle:
    """Kill the writer after a random delay: wherever it happens to be, including outside the protocol."""
    start = generation(root)
    child = _Child(root, "run")
    ready = child.output.readline()  # "ready": the child is about to start committing
    time.sleep(rng.uniform(0, 0.05))
    os.kill(child.pid, signal.SIGKILL)
    output, killed = child.wait()
    last = _committed(ready + output) or start
    outcome, g = _check(root, last, last + 1, "random")
    return Cycle("random", killed, outcome, g)


def run_cycles(root: Path, named: int, in_recovery: int, random_kills: int, rng: random.Random) -> list[Cycle]:
    """Named points in turn (with a random nth), crashes inside recovery, then random-timing kills."""
    cycles = []
    for k in range(named):
        point = COMMIT_POINTS[k % len(COMMIT_POINTS)]
        cycles.append(crash_at(root, point, rng.randint(1, 6)))
    for _ in range(in_recovery):
        cycles.append(crash_in_recovery(root, rng.choice(COMMIT_POINTS), rng.choice(RECOVERY_POINTS), rng))
    for _ in range(random_kills):
        cycles.append(crash_randomly(root, rng))
    return cycles
