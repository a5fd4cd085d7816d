"""Reference search: ripgrep scan vs unitycli's reference index (cold build, warm query), as ratios in one run.

    python bench/bench_refs.py [--size-mb 500] [--out bench/out] [--repeat 5] [--no-synthetic]

For the largest fixture project (ECS PhysicsSamples) and a synthetic ~500 MB project made from it
(`make_synthetic_project.py`), it times:
- `rg -l -F --no-ignore <guid> Assets Packages ProjectSettings` (warm page cache, median of --repeat runs);
- a cold index build + the query, in a fresh Python process (interpreter start-up included, like rg's);
- a warm open + query in a fresh process (start-up + the stat walk that proves the cache is current);
- a warm open + query in a running process (the stat walk, no start-up), and a query on an open index
  (what a long-lived MCP server or batch run pays).
The index answers must equal rg's file list minus the `.meta` that defines the GUID; the bench says if not.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "bench"))
sys.path.insert(0, str(REPO_ROOT))

import make_synthetic_project  # noqa: E402

from tests.fixturepaths import PROJECTS, UNITY  # noqa: E402

_QUERY = """
import sys, time
t = time.perf_counter()
from unitycli.indexes import ProjectIndex
index = ProjectIndex.open(sys.argv[1])
paths = sorted(r.path for r in index.referrers(sys.argv[2]))
print(time.perf_counter() - t, index.stats.files_read, index.stats.workers)
print("\\n".join(paths))
"""


def _rg(root: Path, guid: str) -> tuple[float, list[str]]:
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed")
    folders = [f for f in ("Assets", "Packages", "ProjectSettings") if (root / f).is_dir()]
    started = time.perf_counter()
    out = subprocess.run([rg, "-l", "-F", "--no-ignore", guid, *folders], cwd=root, capture_output=True,
                         text=True, check=False).stdout
    return time.perf_counter() - started, sorted(out.splitlines())


def _fresh_process(root: Path, guid: str, env: dict[str, str]) -> tuple[float, float, int, int, list[str]]:
    """(wall seconds incl. start-up, seconds inside, files read, workers, referrer paths)."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _QUERY, str(root), guid], env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    wall = time.perf_counter() - started
    inside, read, workers = out[0].split()
    return wall, float(inside), int(read), int(workers), sorted(out[1:])


def _probe_guid(root: Path) -> str:
    """The GUID of the first material under Assets (sorted): referenced from a handful of scenes and prefabs."""
    meta = sorted(root.glob("Assets/**/*.mat.meta"))[0]
    for line in meta.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith("guid: "):
            return line[6:].strip()
    raise SystemExit(f"no guid in {meta}")


def _size_mb(root: Path) -> float:
    return sum(f.stat().st_size for f in root.rglob("*") if f.is_file()) / 1e6


def bench(name: str, root: Path, repeat: int) -> None:
    guid = _probe_guid(root)
    home = tempfile.mkdtemp(prefix="unitycli-bench-")
    env = {**os.environ, "UNITYCLI_HOME": home, "PYTHONPATH": str(REPO_ROOT)}
    os.environ["UNITYCLI_HOME"] = home
    try:
        rg_runs = [_rg(root, guid) for _ in range(repeat)]
        rg_time = statistics.median(t for t, _ in rg_runs)
        rg_paths = [p for p in rg_runs[0][1] if not p.endswith(".meta")]

        cold_wall, cold_inside, cold_read, workers, cold_paths = _fresh_process(root, guid, env)
        warm = [_fresh_process(root, guid, env) for _ in range(repeat)]
        warm_wall = statistics.median(w[0] for w in warm)

        from unitycli.indexes import ProjectIndex

        in_process, query_only = [], []
        for _ in range(repeat):
            started = time.perf_counter()
            index = ProjectIndex.open(root)
            index.referrers(guid)
            in_process.append(time.perf_counter() - started)
            started = time.perf_counter()
            ours = sorted(r.path for r in index.referrers(guid))
            query_only.append(time.perf_counter() - started)
            files = index.stats.files_total
            index.close()
        warm_in = statistics.median(in_process)
        query = statistics.median(query_only)
    finally:
        shutil.rmtree(home, ignore_errors=True)

    agree = ours == rg_paths == cold_paths == warm[0][4]
    print(f"\n== {name}: {root}  ({_size_mb(root):.0f} MB, {files} listed paths, guid {guid}, "
          f"{len(ours)} referrers)")
    print(f"   answers agree with rg: {'yes' if agree else 'NO'}")
    rows = [
        ("rg -l (one scan)", rg_time, ""),
        ("cold build + query, fresh process", cold_wall,
         f"{cold_read} files read, {workers} worker(s); {cold_inside:.2f} s inside"),
        ("warm open + query, fresh process", warm_wall, "start-up + stat walk + query"),
        ("warm open + query, in process", warm_in, "stat walk + query"),
        ("query on an open index", query, "long-lived process (MCP, batch)"),
    ]
    for label, seconds, note in rows:
        ratio = seconds / rg_time
        if label.startswith("rg"):
            speed = "       baseline       "
        elif ratio < 1:
            speed = f"{1 / ratio:8.1f}x faster than rg"
        else:
            speed = f"{ratio:8.2f}x slower than rg"
        print(f"   {label:<36} {seconds * 1000:10.1f} ms  {speed}   {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=int, default=500)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "out")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-synthetic", action="store_true")
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bench("largest fixture project", UNITY / PROJECTS["physics-samples"], args.repeat)
    if not args.no_synthetic:
        bench("synthetic project", make_synthetic_project.make(args.size_mb, args.out), args.repeat)


if __name__ == "__main__":
    main()
