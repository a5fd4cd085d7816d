"""Crash safety: a writer SIGKILLed anywhere in a multi-file commit leaves every file and folder old or new, all
or nothing."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tests.transaction import crash_workload as workload

pytestmark = pytest.mark.slow  # skipped locally with -m 'not slow'; CI runs it


def test_kills_at_every_named_point_inside_recovery_and_at_random_times_lose_nothing(project: Path) -> None:
    workload.seed(project)
    cycles = workload.run_cycles(project, named=33, in_recovery=12, random_kills=18, rng=random.Random(20240611))
    kills = [c for c in cycles if c.killed]
    outcomes = Counter(c.outcome for c in kills)
    assert len(kills) >= 50, [c for c in cycles if not c.killed]
    # Both directions of recovery were really exercised, not just clean states.
    assert outcomes["rolled-forward"] >= 5 and outcomes["rolled-back"] >= 5, outcomes
    assert {c.point for c in kills} >= set(workload.COMMIT_POINTS)
    assert workload.generation(project) > 10


def test_a_commit_killed_after_prepared_is_completed_by_the_next_transaction(project: Path) -> None:
    workload.seed(project)
    cycle = workload.crash_at(project, "apply:*", 3)  # third rename of the first commit
    assert cycle.killed and cycle.outcome == "rolled-forward" and cycle.generation == 1
