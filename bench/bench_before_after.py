"""Per-call CPU cost of this checkout against an earlier commit, measured interleaved on one machine.

On a shared machine the CPU cost of a call drifts by tens of percent within minutes, so two runs of
`bench_startup.py` taken apart compare the load, not the code. This runs the same calls alternately from both
trees (the earlier one exported with `git archive`, put first on `sys.path`; the same interpreter, installed
dependencies and extensions; bytecode cached for each) and prints the median CPU seconds of each and its ratio
to `python -c pass`. Usage: python bench/bench_before_after.py --before REV [--runs 9]
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
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WRITE = {"file": "Assets/Scenes/Garden.unity", "gameObject": "Player", "component": "Transform",
         "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}}


def calls(project: Path) -> dict[str, list[str]]:
    return {
        "read project.info": ["tools", "run", "project.info", "--json", "--project", str(project)],
        "read scene.list": ["tools", "run", "scene.list", "--json", "--project", str(project)],
        "write component.set --dry-run": ["tools", "run", "component.set", "--input", json.dumps(WRITE),
                                          "--dry-run", "--json", "--project", str(project)],
    }


def export(rev: str, work: Path) -> Path:
    """The tree at `rev` as an importable `unitycli` package (core/ is the package, plugins/ its subpackage)."""
    tree = work / "tree"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "core" / "plugins").symlink_to(tree / "plugins")
    path = work / "path"
    path.mkdir()
    (path / "unitycli").symlink_to(tree / "core")
    return path


def command(path: Path | None, argv: list[str]) -> list[str]:
    first = f"import sys; sys.path.insert(0, {str(path)!r}); " if path else ""
    return [sys.executable, "-c", first + "import sys; sys.argv[0] = 'unitycli'\n"
            "from unitycli.cli.entry import main; main()", *argv]


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    work = Path(tempfile.mkdtemp(prefix="unitycli-before-after-"))
    try:
        project = work / "project"
        shutil.copytree(ROOT / "examples" / "sample-project", project)
        trees = {"before": export(args.before, work), "after": None}
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        envs = {tag: {**base, "PYTHONPYCACHEPREFIX": str(work / f"pyc-{tag}"),
                      "UNITYCLI_HOME": str(work / f"home-{tag}")} for tag in trees}
        for tag, path in trees.items():  # fill bytecode, the tool map and the project's caches; fail loudly
            for name, argv in calls(project).items():
                done = subprocess.run(command(path, argv), env=envs[tag], capture_output=True, text=True)
                if done.returncode != 0:
                    sys.exit(f"{tag} {name} failed: {done.stdout[:300]}{done.stderr[-300:]}")
        samples: dict[tuple[str, str], list[float]] = {}
        floor = []
        for _ in range(args.runs):
            floor.append(cpu_of([sys.executable, "-c", "pass"], envs["after"]))
            for name, argv in calls(project).items():
                for tag, path in trees.items():
                    samples.setdefault((name, tag), []).append(cpu_of(command(path, argv), envs[tag]))
        baseline = statistics.median(floor)
        print(f"python -c pass: {baseline:.3f} CPU s (median of {args.runs}); before = {args.before}")
        for name in calls(project):
            cells = [f"{tag}: {statistics.median(samples[(name, tag)]):.3f} s = "
                     f"{statistics.median(samples[(name, tag)]) / baseline:5.2f}x" for tag in trees]
            print(f"{name:<32} " + "   ".join(cells))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
