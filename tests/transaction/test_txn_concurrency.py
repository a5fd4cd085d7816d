"""Concurrent writers: many processes doing read-modify-write through transactions never lose an update."""

from __future__ import annotations

import multiprocessing
import random
import time
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction

WRITERS, INCREMENTS = 8, 15
COUNTER, LOG = "Assets/counter.txt", "ProjectSettings/increments.log"


def _writer(root: str, writer: int, retries: multiprocessing.Queue) -> None:
    """Increment the counter and append a line to a second file, in one transaction, retrying conflicts."""
    conflicts = 0
    for step in range(INCREMENTS):
        while True:
            tx = Transaction(root, dry_run=False, lock_timeout=30)
            count = int(tx.read_text(COUNTER))
            log = tx.read_text(LOG) if tx.exists(LOG) else ""
            tx.write_text(COUNTER, f"{count + 1}\n")
            tx.write_text(LOG, log + f"writer {writer} step {step} saw {count}\n")
            try:
                tx.commit()
                break
            except UnityCliError as error:
                if error.code not in ("E_TARGET_CHANGED", "E_PROJECT_LOCKED"):
                    raise
                conflicts += 1
                time.sleep(random.uniform(0, 0.005))
    retries.put(conflicts)


def test_eight_processes_incrementing_one_counter_lose_no_update(project: Path) -> None:
    (project / COUNTER).write_text("0\n")
    context = multiprocessing.get_context("fork")
    retries = context.Queue()
    workers = [context.Process(target=_writer, args=(str(project), w, retries)) for w in range(WRITERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [worker.exitcode for worker in workers] == [0] * WRITERS
    total = WRITERS * INCREMENTS
    assert (project / COUNTER).read_text() == f"{total}\n"
    lines = (project / LOG).read_text().splitlines()
    # Every commit saw the value the previous one wrote: a serial history, in both files at once.
    assert [int(line.rsplit(" ", 1)[1]) for line in lines] == list(range(total))
    conflicts = sum(retries.get(timeout=5) for _ in workers)
    assert conflicts > 0  # the writers really raced (otherwise this test proves nothing)
