"""Per-call cost in-process vs through the resident server, as ratios to `python -c pass` measured in the same run.

For each command: the median wall time of the client process, its CPU (user + system), and the total CPU of the
call (the client's plus what the server and its forked child spent: the server's own and its reaped children's
times from /proc). In-process runs set `UNITYCLI_RESIDENT=off`; resident runs go to a server started for this run
in a private socket folder, with its own unitycli home and a copy of the project, and stopped at the end. Every
command runs once first (the discovery cache and the compiled tool map are warm, as for an agent's repeated calls;
a cached discovery answer is printed before the server is asked, so both columns show that path); then the
discovery commands and one read run again with an empty unitycli home each time (a cache miss: the registry is
built, in-process or in the server's child).
Bytecode is cached (`PYTHONPYCACHEPREFIX` in the run's folder), as after any normal run.
Usage: python bench/bench_resident.py [--runs 9] [--project <chicken-defense>]
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(os.environ.get("UNITYCLI_FIXTURES", ROOT.parent / "shared" / "fixtures"))
SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
AIM = 6.0


def commands(project: str) -> list[tuple[str, list[str]]]:
    hierarchy = json.dumps({"file": SCENE, "limit": 50})
    move = json.dumps({"file": SCENE, "gameObject": "Main Camera", "component": "Transform",
                       "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}})
    return [
        ("project.info", ["tools", "run", "project.info", "--json", "--project", project]),
        ("scene.hierarchy", ["tools", "run", "scene.hierarchy", "--input", hierarchy, "--json", "--project",
                             project]),
        ("component.set --dry-run", ["tools", "run", "component.set", "--input", move, "--dry-run", "--json",
                                     "--project", project]),
        ("tools group list scene", ["tools", "group", "list", "scene", "--json"]),
        ("tools search hierarchy", ["tools", "search", "hierarchy", "--json"]),
        ("tools describe scene.hierarchy", ["tools", "describe", "scene.hierarchy", "--json"]),
    ]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def server_cpu(pid: int | None) -> float:
    """The server's CPU with its reaped children's (utime, stime, cutime, cstime of /proc/<pid>/stat)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


SPREAD: list[tuple[float, float]] = []  # the last measure's (least, most) CPU: the client's, or the total with a pid


def measure(cmd: list[str], env: dict[str, str], runs: int, pid: int | None,
            fresh_home: Path | None = None) -> tuple[float, float, float]:
    """Median (wall, client CPU, total CPU) seconds of `runs` runs; with `fresh_home`, each run gets an empty
    unitycli home under it (no discovery cache, no compiled tool map). The least and most CPU go to SPREAD."""
    walls, cpus, totals = [], [], []
    for _ in range(runs):
        if fresh_home is not None:
            env = {**env, "UNITYCLI_HOME": tempfile.mkdtemp(dir=fresh_home)}
        cpu0, srv0, t0 = children_cpu(), server_cpu(pid), time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - t0
        cpu = children_cpu() - cpu0
        time.sleep(0.02)  # the server reaps its child after the client got the exit code
        walls.append(wall)
        cpus.append(cpu)
        totals.append(cpu + server_cpu(pid) - srv0)
    counted = totals if pid is not None else cpus
    SPREAD[:] = [(min(counted), max(counted))]
    return statistics.median(walls), statistics.median(cpus), statistics.median(totals)


def spread(base: float) -> str:
    low, high = SPREAD[0]
    return f"{low / base:.1f}–{high / base:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--project", default=str(FIXTURES / "unity" / "chicken-defense"))
    args = parser.parse_args()
    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")
    if not os.path.isfile(script):
        sys.exit(f"unitycli is not installed for {sys.executable}")
    if not Path(args.project, SCENE).is_file():
        sys.exit(f"no {SCENE} under {args.project} (set UNITYCLI_FIXTURES or --project)")
    work = Path(tempfile.mkdtemp(prefix="ucr-bench-", dir="/tmp"))  # short: a Unix socket path has 107 bytes
    project = work / "project"
    shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("Library", "Temp"))
    sockets = work / "s"
    sockets.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "UNITYCLI_RESIDENT")}
    env.update(UNITYCLI_HOME=str(work / "home"), PYTHONPYCACHEPREFIX=str(work / "pyc"),
               UNITYCLI_RESIDENT_DIR=str(sockets), UNITYCLI_RESIDENT="use")  # the server started below
    inproc = {**env, "UNITYCLI_RESIDENT": "off"}
    started = subprocess.run([sys.executable, script, "resident", "start", "--json"], env=env, capture_output=True,
                             text=True, check=False)
    if started.returncode != 0:
        sys.exit(f"resident start failed: {started.stdout}{started.stderr}")
    pid = json.loads(started.stdout)["result"]["pid"]
    try:
        base_wall, base_cpu, _ = measure([sys.executable, "-c", "pass"], env, args.runs, None)
        print(f"python -c pass: wall {base_wall * 1000:.1f} ms, CPU {base_cpu * 1000:.1f} ms  "
              f"(median of {args.runs}; ratios below are to these; ranges: least–most CPU of the runs); load "
              f"average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
        print(f"{'command':<38} {'in-process wall':>15} {'cpu':>6} {'cpu range':>10} | {'resident wall':>13} "
              f"{'client cpu':>10} {'total cpu':>9} {'range':>10}")
        worst = 0.0
        for name, argv in commands(str(project)):
            cmd = [sys.executable, script, *argv]
            for run_env in (inproc, env):  # warm both paths' caches; a failing command would flatter nobody
                done = subprocess.run(cmd, env=run_env, capture_output=True, check=False)
                if done.returncode != 0:
                    sys.exit(f"{name} failed: {done.stdout[:300]!r} {done.stderr[:300]!r}")
            wall_i, cpu_i, _ = measure(cmd, inproc, args.runs, None)
            range_i = spread(base_cpu)
            wall_r, cpu_r, total_r = measure(cmd, env, args.runs, pid)
            if name in ("project.info", "scene.hierarchy"):
                worst = max(worst, wall_r / base_wall)
            print(f"{name:<38} {wall_i / base_wall:>14.1f}x {cpu_i / base_cpu:>5.1f}x {range_i:>10} | "
                  f"{wall_r / base_wall:>12.1f}x {cpu_r / base_cpu:>9.1f}x {total_r / base_cpu:>8.1f}x "
                  f"{spread(base_cpu):>10}")
        cold = work / "cold"
        cold.mkdir()
        cold_runs = max(3, args.runs // 3)
        print(f"empty unitycli home each run (cache miss: the registry is built), median of {cold_runs}:")
        for name, argv in commands(str(project)):
            if argv[:2] != ["tools", "run"] or name == "project.info":
                cmd = [sys.executable, script, *argv]
                wall_i, cpu_i, _ = measure(cmd, inproc, cold_runs, None, cold)
                range_i = spread(base_cpu)
                wall_r, cpu_r, total_r = measure(cmd, env, cold_runs, pid, cold)
                print(f"{name + ' (miss)':<38} {wall_i / base_wall:>14.1f}x {cpu_i / base_cpu:>5.1f}x {range_i:>10} | "
                      f"{wall_r / base_wall:>12.1f}x {cpu_r / base_cpu:>9.1f}x {total_r / base_cpu:>8.1f}x "
                      f"{spread(base_cpu):>10}")
        status = subprocess.run([sys.executable, script, "resident", "status", "--json"], env=env,
                                capture_output=True, text=True, check=False)
        served = json.loads(status.stdout)["result"]["served"]
        print(f"resident server served {served} calls; read tools through it: {worst:.1f}x python -c pass wall "
              f"(aim {AIM:.0f}x): {'met' if worst <= AIM else 'NOT met'}")
    finally:
        subprocess.run([sys.executable, script, "resident", "stop"], env=env, capture_output=True, check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
