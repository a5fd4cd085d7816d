"""What the compiled tool map still buys a `tools run`, now that registration imports no tool module.

Runs one tool through the CLI in fresh processes, two ways: with the compiled tool map warm (the session imports
only the owning plugin) and with the map deleted before each call (the full registry is built: every built-in
plugin and installed extension registered, then the map stored again). Prints the median CPU time (user + system
of the child) of each, `python -c pass` for scale, and the ratio full/map. Read-only tools, on a copy of the
project, with a unitycli home of its own.
Usage: python bench/bench_registry_map.py [--runs 15] [--project <fixtures>/unity/chicken-defense]
       [--tool urp.get-pipeline] [--disable probuilder]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(os.environ.get("UNITYCLI_FIXTURES", ROOT.parent / "shared" / "fixtures")) / "unity" / "chicken-defense"


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_cpu(cmd: list[str], env: dict[str, str], runs: int, before: list[Path] | None = None) -> float:
    times = []
    for _ in range(runs):
        for folder in before or []:
            shutil.rmtree(folder, ignore_errors=True)
        start = child_cpu()
        done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(child_cpu() - start)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode})")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--project", default=str(FIXTURE))
    parser.add_argument("--tool", action="append", help="a read-only tool taking {} (repeatable)")
    parser.add_argument("--disable", default="", help="UNITYCLI_DISABLE_EXTENSIONS for both ways")
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    tools = args.tool or ["urp.get-pipeline", "project.info"]
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
        home = Path(tmp) / "home"
        env = {**os.environ, "UNITYCLI_HOME": str(home), "UNITYCLI_DISABLE_EXTENSIONS": args.disable}
        baseline = median_cpu([sys.executable, "-c", "pass"], env, args.runs)
        print(f"python -c pass: {baseline * 1000:.0f} ms CPU (median of {args.runs})")
        print(f"disabled extensions: {args.disable or '(none)'}")
        for tool in tools:
            cmd = [sys.executable, "-m", "unitycli", "tools", "run", tool, "--json", "--project", str(project)]
            median_cpu(cmd, env, 1)  # fills the map
            mapped = median_cpu(cmd, env, args.runs)
            full = median_cpu(cmd, env, args.runs, before=[home / "cache" / "registry"])
            print(f"{tool:24} map {mapped * 1000:5.0f} ms   full registry {full * 1000:5.0f} ms   "
                  f"full/map {full / mapped:.2f}   (net of python: {(full - baseline) / (mapped - baseline):.2f})")


if __name__ == "__main__":
    main()
