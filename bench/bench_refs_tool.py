"""`asset.references` as an agent runs it vs `rg -l` warm, on ECS PhysicsSamples and chicken-defense (no slower
than rg, with its default properties).

    python bench/bench_refs_tool.py [--runs 5] [--projects physics-samples chicken-defense]

For the bench_refs probe GUID (a material used by a few files; first project only) and each project's most
referenced material, it times, median of --runs, wall and CPU (CPU: what a loaded machine distorts far less than
wall time; rg's threads count), each as a ratio to rg's:
- `rg -l -F --no-ignore <guid> Assets Packages ProjectSettings` (page cache warm);
- the tool in a running process through `run_tool` (the whole pipeline), files only and with properties (the
  default): on a per-call index (the stat walk that proves it current, every call) and on a resident index (what
  the MCP server and batch keep: an inotify-fed refresh);
- the tool from the CLI in a fresh process (`unitycli tools run asset.references ... --json`), start-up included.
The tool's totalFiles must equal rg's file count minus the `.meta` that defines the GUID, and the files it lists
(the default page: `limit` files or about half the answer budget, the rest behind `nextCursor`) must be among rg's;
the bench says if not. Each in-process row also prints the answer's size as sent, how many files its page holds
(and the whole answer's size, should it ever be over the budget and spilled to a file).
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
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import fixture_project  # noqa: E402

_FOLDERS = ("Assets", "Packages", "ProjectSettings")


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(argv: list[str], cwd: Path) -> tuple[float, float, str]:
    """(wall s, CPU s, stdout) of one child process."""
    cpu, started = _child_cpu(), time.perf_counter()
    out = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False).stdout
    return time.perf_counter() - started, _child_cpu() - cpu, out


def _targets(root: Path) -> list[tuple[str, str]]:
    """(label, asset path): the first material (bench_refs' probe) and the most referenced material."""
    from unitycli.indexes import ProjectIndex

    with ProjectIndex.open(root) as index:
        mats = sorted(p.relative_to(root).as_posix()[:-5] for p in root.glob("Assets/**/*.mat.meta"))
        first = mats[0]
        counts = {m: len(index.referrers(_guid(root, m))) for m in mats}
    most = max(counts, key=lambda m: (counts[m], m)) if counts else first
    return [("probe material", first), (f"most used material ({counts.get(most, '?')} files)", most)]


def _guid(root: Path, asset: str) -> str:
    for line in (root / f"{asset}.meta").read_text(encoding="utf-8-sig").splitlines():
        if line.startswith("guid: "):
            return line[6:].strip()
    raise SystemExit(f"no guid in {asset}.meta")


def _bench_project(name: str, rg: str, cli: str, runs: int, probe: bool) -> None:
    from unitycli.budget import answer_size
    from unitycli.host.session import Session
    from unitycli.indexes.resident import ResidentIndex
    from unitycli.runner import run_tool

    root = fixture_project(name)
    call = Session(project_arg=str(root)).prepare("asset.references")
    print(f"\n== {name}: {root}")
    for label, asset in _targets(root)[0 if probe else 1:]:
        guid = _guid(root, asset)
        folders = [f for f in _FOLDERS if (root / f).is_dir()]
        rg_runs = [_timed([rg, "-l", "-F", "--no-ignore", guid, *folders], root) for _ in range(runs)]
        rg_wall = statistics.median(r[0] for r in rg_runs)
        rg_cpu = statistics.median(r[1] for r in rg_runs)
        rg_files = sorted(p for p in rg_runs[0][2].splitlines() if not p.endswith(".meta"))
        print(f"{label}: {asset}  (guid {guid}, rg finds {len(rg_files)} files)")
        print(f"   {'rg -l (warm)':<44} {rg_wall * 1000:8.1f} ms wall {rg_cpu * 1000:7.1f} ms CPU")
        for props in (False, True):
            data = {"file": asset, "includeProperties": props}  # the default page, as an agent asks
            for where in ("per-call index", "resident index"):
                # Served from the resident index only while it is active (`running`), as in the MCP server.
                with ResidentIndex.running(root if where == "resident index" else None):
                    run_tool(call, data)  # warm the index and the tool's module
                    cpus, walls = [], []
                    for _ in range(runs):
                        started, wall = time.process_time(), time.perf_counter()
                        result = run_tool(call, data)
                        cpus.append(time.process_time() - started)
                        walls.append(time.perf_counter() - wall)
                shown = {r["path"] for r in result.output["referrers"]}  # a page the budget may have shortened
                agrees = result.output["totalFiles"] == len(rg_files) and shown <= set(rg_files)
                cpu, wall = statistics.median(cpus), statistics.median(walls)
                label = f"tool in process, {where}, {'properties' if props else 'files only'}"
                sent = answer_size(result.answer())
                whole = f" of {result.overflow.bytes:,} B, the rest in overflow.file" if result.overflow else ""
                print(f"   {label:<44} {wall * 1000:8.1f} ms wall {cpu * 1000:7.1f} ms CPU   "
                      f"{wall / rg_wall:5.2f}x rg wall {cpu / rg_cpu:5.2f}x rg CPU   agrees with rg: "
                      f"{'yes' if agrees else 'NO'}   answer {sent:,} B{whole}, page of {len(shown)} of "
                      f"{result.output['totalFiles']} files")
            cli_runs = [_timed([cli, "tools", "run", "asset.references", "--project", str(root), "--input",
                                json.dumps(data), "--json"], root) for _ in range(runs)]
            wall, cpu = statistics.median(r[0] for r in cli_runs), statistics.median(r[1] for r in cli_runs)
            print(f"   {'CLI, fresh process, ' + ('properties' if props else 'files only'):<44} {wall * 1000:8.1f} ms "
                  f"wall {cpu * 1000:7.1f} ms CPU   {wall / rg_wall:5.2f}x rg wall {cpu / rg_cpu:5.2f}x rg CPU "
                  "(start-up included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--projects", nargs="*", default=["physics-samples", "chicken-defense"],
                        help="fixtures (the first also gets the probe material)")
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed (apt-get install ripgrep)")
    cli = str(Path(sys.executable).with_name("unitycli"))
    print(f"cpus: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for position, name in enumerate(args.projects):
        _bench_project(name, rg, cli, args.runs, probe=position == 0)


if __name__ == "__main__":
    main()
