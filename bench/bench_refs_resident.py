"""A reference query right after an edit: the resident index of a long-lived process vs a per-call open.

    python bench/bench_refs_resident.py [--project physics-samples] [--repeat 30]

On a copy of the project (ECS PhysicsSamples by default), each round edits one file that references the most
referenced GUID (the reference is swapped for another GUID and back, so every answer differs from the last) and
asks at once who references it:
- per call: `ProjectIndex.open` (the stat walk that proves the cache current, then one file re-read) + query;
- resident: the same `ProjectIndex.open` + query while a `ResidentIndex` runs (what the MCP server and batch do);
- the `asset.references` tool through `run_tool`, both ways (in-process, no interpreter start-up).
Every answer is checked against the edit; the bench says if one is wrong. Medians in ms and their ratio.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import fixture_project  # noqa: E402
from unitycli.indexes import ProjectIndex  # noqa: E402
from unitycli.indexes.resident import ResidentIndex  # noqa: E402

OTHER = "0123456789abcdef0123456789abcdef"


def _target(root: Path) -> tuple[str, str, str]:
    """(guid, its asset path, a YAML file referencing it once per document) — the most referenced GUID."""
    with ProjectIndex.open(root) as index:
        rows = index.store.conn.execute(
            "SELECT p.guid, count(*) c FROM postings p JOIN files m ON m.guid=p.guid AND m.kind=2 "
            "GROUP BY p.guid ORDER BY c DESC LIMIT 1").fetchall()
        guid = rows[0][0]
        path = index.path_for_guid(guid)
        referrer = next(r.path for r in index.referrers(guid) if r.path.endswith((".prefab", ".unity", ".asset")))
    return guid, path or "", referrer


def _rounds(root: Path, guid: str, referrer: str, repeat: int, query: Callable[[], list[str]]) -> list[float]:
    """Time `query` right after each edit; check it sees the edit."""
    file = root / referrer
    original = file.read_bytes()
    swapped = original.replace(guid.encode(), OTHER.encode())
    times = []
    try:
        for i in range(repeat):
            edited = i % 2 == 0
            file.write_bytes(swapped if edited else original)
            started = time.perf_counter()
            paths = query()
            times.append(time.perf_counter() - started)
            if (referrer in paths) == edited:
                raise SystemExit(f"wrong answer after round {i}: {referrer} {'still' if edited else 'not'} listed")
    finally:
        file.write_bytes(original)
    return times


def _referrers(root: Path, guid: str) -> list[str]:
    with ProjectIndex.open(root) as index:
        return [r.path for r in index.referrers(guid)]


def _tool(session, path: str) -> Callable[[], list[str]]:
    from unitycli.runner import run_tool

    def run() -> list[str]:
        result = run_tool(session.prepare("asset.references"), {"path": path, "includeProperties": False, "limit": 5000})
        return [r["path"] for r in result.output["referrers"]]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", default="physics-samples")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    source = fixture_project(args.project)
    with tempfile.TemporaryDirectory(prefix="unitycli-bench-") as tmp:
        root = Path(tmp) / source.name
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("Library"))
        guid, path, referrer = _target(root)
        from unitycli.host.session import Session

        session = Session(project_arg=str(root))
        _tool(session, path)()  # plugins loaded, models built: only the query is timed below
        cold = _rounds(root, guid, referrer, args.repeat, lambda: _referrers(root, guid))
        cold_tool = _rounds(root, guid, referrer, args.repeat, _tool(session, path))
        with ResidentIndex.running(root) as resident:
            warm = _rounds(root, guid, referrer, args.repeat, lambda: _referrers(root, guid))
            warm_tool = _rounds(root, guid, referrer, args.repeat, _tool(session, path))
            quiet = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                _referrers(root, guid)
                quiet.append(time.perf_counter() - started)
            mode = resident.mode if resident else "-"
        with ProjectIndex.open(root) as index:
            files = index.stats.files_total

    def ms(values: list[float]) -> float:
        return statistics.median(values) * 1000

    print(f"{args.project}: {files} listed files; guid {guid} ({path}), edited file {referrer}")
    print(f"resident mode: {mode}; medians of {args.repeat} rounds, each right after an edit")
    print(f"{'':38}{'per call':>10}{'resident':>10}{'ratio':>8}")
    print(f"{'index open + referrers (ms)':38}{ms(cold):10.2f}{ms(warm):10.2f}{ms(cold) / ms(warm):8.1f}")
    print(f"{'asset.references via run_tool (ms)':38}{ms(cold_tool):10.2f}{ms(warm_tool):10.2f}"
          f"{ms(cold_tool) / ms(warm_tool):8.1f}")
    print(f"{'resident query, nothing changed (ms)':38}{'':10}{ms(quiet):10.2f}")


if __name__ == "__main__":
    main()
