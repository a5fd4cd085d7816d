"""Crash soak: hundreds of SIGKILLs during multi-file commits and during recovery; prints what happened.

    python bench/crash_soak.py [--kills 600] [--seed N] [--dir PATH]

Uses the workload of tests/transaction/crash_workload.py (six files, creates/modifies/deletes, and folders made
and removed, in one commit). Every kill is followed by recovery and a check that the files and folders are
exactly one whole generation, the one the crash point implies; the first violation stops the run with exit 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.transaction import crash_workload as workload  # noqa: E402
from tests.transaction.txnprojects import make_project  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=600, help="cycles to run (about 90%% end in a kill)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--dir", type=Path, default=None, help="where to create the project (default: a temp dir)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(dir=args.dir, prefix="unitycli-soak-"))
    root = make_project(base / "project")
    workload.seed(root)
    share = args.kills // 3
    started = time.monotonic()
    try:
        cycles = workload.run_cycles(root, named=share, in_recovery=share // 2,
                                     random_kills=args.kills - share - share // 2, rng=rng)
    except AssertionError as failure:
        print(f"VIOLATION (seed {args.seed}, project kept at {root}): {failure}")
        return 1
    elapsed = time.monotonic() - started
    kills = [c for c in cycles if c.killed]
    print(f"seed {args.seed}: {len(cycles)} cycles, {len(kills)} SIGKILLs, {elapsed:.1f} s, "
          f"final generation {workload.generation(root)} (commits that survived), 0 violations")
    print("recovery outcomes after a kill:", dict(Counter(c.outcome for c in kills)))
    points = Counter(c.point.split(" > ")[0] if ">" not in c.point else "during recovery" for c in kills)
    print("kills by point:", dict(sorted(points.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
