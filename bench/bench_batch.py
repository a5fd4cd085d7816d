"""Batch throughput: read lines and dry-run write lines per second through `unitycli batch`.

One process runs N lines against a copy of the project; the figure is lines per CPU second over the whole call
(start-up included) and per extra line (the CPU time of N lines minus that of one line, so start-up cancels).
CPU time (user + system of the child) is steadier than wall time on a shared machine.
The writes are `--dry-run`: every line stages into one transaction and nothing touches the disk.
Usage: python bench/bench_batch.py [--lines 200] [--runs 3] [--project examples/sample-project]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GARDEN = "Assets/Scenes/Garden.unity"
READS = [
    ("project.info", {}),
    ("scene.list", {}),
    ("gameobject.find", {"file": GARDEN, "name": "Tree*"}),
    ("component.get", {"file": GARDEN, "gameObject": "Player", "component": "Transform"}),
]


def write_line(n: int) -> tuple[str, dict]:
    return ("component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                              "property": "m_LocalPosition", "value": {"x": n % 7, "y": 2, "z": 0}})


def command_file(folder: Path, name: str, lines: list[tuple[str, dict]]) -> Path:
    path = folder / name
    path.write_text("".join(f"{tool} {json.dumps(data)}\n" for tool, data in lines), encoding="utf-8")
    return path


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = child_cpu()
        done = subprocess.run(cmd, env=env, capture_output=True, check=False)
        times.append(child_cpu() - start)
        if done.returncode != 0:
            sys.exit(f"batch failed: {done.stdout[-600:]!r} {done.stderr[-600:]!r}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--project", default=str(ROOT / "examples" / "sample-project"))
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")
    work = Path(tempfile.mkdtemp(prefix="unitycli-bench-batch-"))
    project = work / "project"
    shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("Library", "Temp"))
    env = {**os.environ, "UNITYCLI_HOME": str(work / "home")}
    reads = [READS[i % len(READS)] for i in range(args.lines)]
    writes = [write_line(i) for i in range(args.lines)]
    print(f"{'batch':<22} {'lines':>6} {'CPU s':>8} {'lines/s':>8} {'per extra line ms':>18} {'extra lines/s':>14}")
    for label, lines, flags in (("read", reads, []), ("dry-run write", writes, ["--dry-run"])):
        many = command_file(work, f"{label}-many.txt", lines)
        one = command_file(work, f"{label}-one.txt", lines[:1])
        base = [sys.executable, script, "batch", "--project", str(project), "--json", *flags, "--commands"]
        timed([*base, str(one)], env, 1)  # fill the tool map and bytecode
        t_one = timed([*base, str(one)], env, args.runs)
        t_many = timed([*base, str(many)], env, args.runs)
        per_line = (t_many - t_one) / max(len(lines) - 1, 1)
        print(f"{label:<22} {len(lines):>6} {t_many:>8.2f} {len(lines) / t_many:>8.1f} {per_line * 1000:>18.2f} "
              f"{1 / per_line if per_line > 0 else float('inf'):>14.1f}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
