"""Discovery commands against a tool run and `python -c pass`, with empty caches and with warm ones, in one run.

Empty caches: each call gets a fresh `UNITYCLI_HOME` (the discovery answers, the compiled tool map, the user's
index and scene caches all live under it) and the project copy loses its `Library/unitycli` index folder first, so
the call is the first after an install or a change of what the tool set depends on. Warm caches: one call fills
them, then the measured calls repeat it (a discovery command is then served by `cli.fastpath`; a `tools run` by
the compiled tool map). Bytecode is cached in both (a `PYTHONPYCACHEPREFIX` warmed first), the resident server is
off. Also: the CPU an `unitycli mcp` server spends until its `initialize` answer and until its default `tools/list`
answer (the surface is built from the registry at every start; there is no cache to empty; the server's CPU also
counts the thread that opens the project index), and a child that only builds that list's surface.

Prints the median CPU time (user + system of the child) of each, and its ratio to `python -c pass` and to a
`tools run project.info` in the same state (empty or warm).
Usage: python bench/bench_discovery.py [--runs 5] [--project <fixtures>/unity/chicken-defense]
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
sys.path.insert(0, str(ROOT))

from bench_mcp_start import _answer, _cpu_seconds, _send  # noqa: E402

from tests.fixturepaths import fixture_project  # noqa: E402

RUN = ("tools run project.info", ["tools", "run", "project.info"])
# What the MCP server does for its default `tools/list`, alone in a child (the server's own CPU also counts the
# thread that opens the project index as it starts).
SURFACE = """
import sys
from unitycli.host.session import Session
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy
ToolSurface.build(Session(project_arg=sys.argv[1]), ListPolicy())
"""


def discovery(group: str) -> list[tuple[str, list[str]]]:
    return [
        ("tools group", ["tools", "group"]),
        (f"tools group list {group}", ["tools", "group", "list", group]),
        ("tools search mesh|scene", ["tools", "search", "mesh|scene"]),
        ("tools describe component.set", ["tools", "describe", "component.set"]),
    ]


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    start = child_cpu()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:  # a benchmark of an error path would flatter nobody
        sys.exit(f"{' '.join(cmd[1:])} failed ({done.returncode}): {done.stderr[:400]!r}")
    return child_cpu() - start


def empty(cmd: list[str], env: dict[str, str], project: Path, work: Path, runs: int) -> float:
    """Median CPU of `cmd`, each run with a new unitycli home and no project index folder."""
    times = []
    for _ in range(runs):
        shutil.rmtree(project / "Library" / "unitycli", ignore_errors=True)
        home = Path(tempfile.mkdtemp(dir=work, prefix="home-"))
        times.append(cpu_of(cmd, {**env, "UNITYCLI_HOME": str(home), "XDG_CACHE_HOME": str(home / "xdg")}))
    return statistics.median(times)


def warm(cmd: list[str], env: dict[str, str], runs: int) -> float:
    cpu_of(cmd, env)  # fills the caches
    return statistics.median(cpu_of(cmd, env) for _ in range(runs))


def mcp_start(project: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """(CPU s until the `initialize` answer, CPU s until the default `tools/list` answer, its bytes)."""
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(project)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        _send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
        _answer(proc, 1)
        initialize = _cpu_seconds(proc.pid)
        _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        tools = _answer(proc, 2)["result"]["tools"]
        listed = _cpu_seconds(proc.pid)
        return initialize, listed, len(json.dumps(tools, ensure_ascii=False, separators=(",", ":")).encode())
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--project", default=str(fixture_project("chicken-defense")))
    parser.add_argument("--group", default="asset", help="the group `tools group list` lists")
    args = parser.parse_args()
    script = os.path.join(sysconfig.get_path("scripts"), "unitycli")  # this interpreter's console script
    if not os.path.isfile(script):
        sys.exit(f"unitycli is not installed for {sys.executable}")
    work = Path(tempfile.mkdtemp(prefix="unitycli-bench-discovery-"))
    try:
        project = work / "project"
        shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
        base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "UNITYCLI_RESIDENT")}
        base.update(PYTHONPYCACHEPREFIX=str(work / "pyc"), UNITYCLI_RESIDENT="off",
                    UNITYCLI_HOME=str(work / "home"), XDG_CACHE_HOME=str(work / "xdg"))
        rows = [(name, [script, *argv, "--json", "--project", str(project)])
                for name, argv in [*discovery(args.group), RUN]]
        for _, cmd in rows:  # bytecode for every module any of them imports, before anything is timed
            cpu_of(cmd, {**base, "UNITYCLI_HOME": tempfile.mkdtemp(dir=work)})
        baseline = statistics.median(cpu_of([sys.executable, "-c", "pass"], base) for _ in range(args.runs))
        measured = {name: (empty(cmd, base, project, work, args.runs), warm(cmd, base, args.runs))
                    for name, cmd in rows}
        run_empty, run_warm = measured[RUN[0]]
        print(f"project {args.project}; median of {args.runs}; CPU s of the child (user + system); "
              f"python -c pass {baseline:.3f} s")
        print(f"{'command (--json --project P)':<34}{'empty s':>9}{'x pass':>8}{'x run':>7}"
              f"{'warm s':>9}{'x pass':>8}{'x run':>7}")
        for name, (cold, hot) in measured.items():
            print(f"{name:<34}{cold:>9.3f}{cold / baseline:>8.1f}{cold / run_empty:>7.2f}"
                  f"{hot:>9.3f}{hot / baseline:>8.1f}{hot / run_warm:>7.2f}")
        starts = [mcp_start(project, base) for _ in range(min(args.runs, 3))]
        init = statistics.median(s[0] for s in starts)
        listed = statistics.median(s[1] for s in starts)
        print(f"{'mcp initialize':<34}{init:>9.3f}{init / baseline:>8.1f}{init / run_empty:>7.2f}")
        print(f"{'mcp initialize + tools/list':<34}{listed:>9.3f}{listed / baseline:>8.1f}{listed / run_empty:>7.2f}"
              f"   ({starts[-1][2]} B listed; with the index thread)")
        surface = empty([sys.executable, "-c", SURFACE, str(project)], base, project, work, args.runs)
        print(f"{'mcp tools/list surface, alone':<34}{surface:>9.3f}{surface / baseline:>8.1f}{surface / run_empty:>7.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
