"""Cold start of discovery commands against `python -c pass`, same interpreter and environment.

Prints the median wall time of N runs of each and their ratio. The first `tools` call fills the descriptor
cache; the measured calls are the warm ones an agent makes over and over.
Usage: python bench/bench_startup.py [--runs 15] [--project examples/sample-project]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(cmd: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--project", default=str(ROOT / "examples" / "sample-project"))
    args = parser.parse_args()
    # The console script of *this* interpreter (not a version-manager shim found on PATH).
    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")
    if not os.path.isfile(script):
        sys.exit(f"unitycli is not installed for {sys.executable}")
    env = {**os.environ, "UNITYCLI_HOME": tempfile.mkdtemp(prefix="unitycli-bench-")}
    baseline = wall([sys.executable, "-c", "pass"], env, args.runs)
    rows = [("python -c pass", baseline)]
    for label, argv in (
        ("tools search mesh|scene", ["tools", "search", "mesh|scene", "--json"]),
        ("tools describe project.info", ["tools", "describe", "project.info", "--json"]),
        ("tools describe (+project)", ["tools", "describe", "project.info", "--json", "--project", args.project]),
    ):
        cmd = [sys.executable, script, *argv]
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)  # fill the cache
        rows.append((label, wall(cmd, env, args.runs)))
    cold = wall([sys.executable, script, "tools", "search", "mesh", "--json"],
                {**env, "UNITYCLI_HOME": tempfile.mkdtemp()}, 1)
    rows.append(("tools search, empty cache (1 run)", cold))
    print(f"{'command':<36} {'median s':>9} {'x python -c pass':>17}")
    for label, seconds in rows:
        print(f"{label:<36} {seconds:>9.3f} {seconds / baseline:>17.2f}")


if __name__ == "__main__":
    main()
