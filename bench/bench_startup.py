"""Cold start of discovery and `tools run` commands against `python -c pass`, same interpreter and environment.

Prints the median CPU time (user + system of the child: steadier than wall time on a shared machine) of N runs
of each and its ratio to `python -c pass`, twice: with bytecode cached (a warm cache folder, as after any normal
run) and with `PYTHONDONTWRITEBYTECODE=1` (what this machine sets: an editable install whose `__pycache__` was
never written then compiles every module of ours it imports on every call). The first call of
each command fills the discovery cache and the compiled tool map; the measured calls are the warm ones an agent
makes over and over. The write tool runs with `--dry-run` on a copy of the project, so nothing is written.
Usage: python bench/bench_startup.py [--runs 15] [--project examples/sample-project]
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
READ_INPUT = {"file": "Assets/Scenes/Garden.unity"}
WRITE_INPUT = {"file": "Assets/Scenes/Garden.unity", "gameObject": "Player", "component": "Transform",
               "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}}


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall(cmd: list[str], env: dict[str, str], runs: int) -> float:
    """The median CPU seconds of `runs` runs of `cmd`."""
    times = []
    for _ in range(runs):
        start = child_cpu()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(child_cpu() - start)
    return statistics.median(times)


def commands(project: str) -> list[tuple[str, list[str]]]:
    return [
        ("tools group", ["tools", "group", "--json"]),
        ("tools group list asset", ["tools", "group", "list", "asset", "--json"]),
        ("tools search mesh|scene", ["tools", "search", "mesh|scene", "--json"]),
        ("tools describe project.info", ["tools", "describe", "project.info", "--json"]),
        ("tools describe (+project)", ["tools", "describe", "project.info", "--json", "--project", project]),
        ("tools run scene.hierarchy (read)", ["tools", "run", "scene.hierarchy", "--input", json.dumps(READ_INPUT),
                                             "--json", "--project", project]),
        ("tools run gameobject.find (read)", ["tools", "run", "gameobject.find", "--input",
                                             json.dumps({**READ_INPUT, "name": "Player"}), "--json", "--project",
                                             project]),
        ("tools run project.info (read)", ["tools", "run", "project.info", "--json", "--project", project]),
        ("tools run component.set --dry-run", ["tools", "run", "component.set", "--input", json.dumps(WRITE_INPUT),
                                               "--dry-run", "--json", "--project", project]),
    ]


def measure(label: str, env: dict[str, str], script: str, project: str, runs: int) -> None:
    baseline = wall([sys.executable, "-c", "pass"], env, runs)
    rows = [("python -c pass", baseline)]
    for name, argv in commands(project):
        cmd = [sys.executable, script, *argv]
        done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
        if done.returncode != 0:  # a benchmark of an error path would flatter nobody
            sys.exit(f"{name} failed: {done.stdout[:400]!r}")
        rows.append((name, wall(cmd, env, runs)))
    print(f"\n{label}")
    print(f"{'command':<38} {'CPU s':>9} {'x python -c pass':>17}")
    for name, seconds in rows:
        print(f"{name:<38} {seconds:>9.3f} {seconds / baseline:>17.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--project", default=str(ROOT / "examples" / "sample-project"))
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    # The console script of *this* interpreter (not a version-manager shim found on PATH).
    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")
    if not os.path.isfile(script):
        sys.exit(f"unitycli is not installed for {sys.executable}")
    work = Path(tempfile.mkdtemp(prefix="unitycli-bench-"))
    project = work / "project"
    shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("Library", "Temp"))
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    base["UNITYCLI_HOME"] = str(work / "home")
    cached = {**base, "PYTHONPYCACHEPREFIX": str(work / "pyc")}
    measure("bytecode cached", cached, script, str(project), args.runs)
    # A committed write creates the project's transaction journal; the read after it must stay on the warm path.
    write = [sys.executable, script, "tools", "run", "component.set", "--input", json.dumps(WRITE_INPUT), "--json",
             "--project", str(project)]
    subprocess.run(write, env=cached, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    read = [sys.executable, script, "tools", "run", "project.info", "--json", "--project", str(project)]
    after = wall(read, cached, 1)
    print(f"tools run project.info right after a committed write (1 run, bytecode cached): {after:.3f} CPU s")
    # Only our own sources lack bytecode here (the interpreter's and site-packages' stay compiled), as on a
    # machine that sets PYTHONDONTWRITEBYTECODE=1 over an editable install.
    uncached = {**base, "PYTHONDONTWRITEBYTECODE": "1"}
    measure("PYTHONDONTWRITEBYTECODE=1", uncached, script, str(project), args.runs)
    # The first call after an install or an extension change: no discovery cache, no tool map (a fresh home each).
    print(f"\nempty caches (a fresh UNITYCLI_HOME each, bytecode cached; median of {min(args.runs, 3)})")
    read_cold = None
    for name, argv in reversed(commands(str(project))):
        if name == "tools run component.set --dry-run":
            continue
        runs = [wall([sys.executable, script, *argv], {**cached, "UNITYCLI_HOME": tempfile.mkdtemp()}, 1)
                for _ in range(min(args.runs, 3))]
        cold = statistics.median(runs)
        read_cold = cold if read_cold is None else read_cold
        print(f"{name:<38} {cold:>9.3f} {cold / read_cold:>9.2f}x the read run")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
