"""Big scenes (issue 30): each call on 1–64 MB synthetic scenes against the floor and PyYAML, CPU and memory.

The scenes are built by `make_big_scene.py` from chicken-defense's Game scene (real documents, fresh fileIDs per
copy) and put in a copy of the sample project. Every measurement is one fresh process, as an agent runs the tool
(`unitycli tools run …`, start-up included), and reports that process's CPU seconds (user + system) and peak RSS:

  * floor: Python starts and reads the file;
  * PyYAML CSafeLoader: loads every object (one `yaml.load` per document, as bench_yaml.py does); skipped with
    `--no-pyyaml` (at 64 MB it takes a minute and most of a GB);
  * scene.hierarchy (a page of 50, compact), gameobject.find (one name), gameobject.get (one object, fields),
    component.set (one field, committed; on a fresh copy of the scene each time).

Each call prints its answer's size so a figure never stands for an empty answer. Columns: CPU seconds, CPU as a
multiple of the floor, peak RSS in MB and as a multiple of the file's size. Best of `--repeat` runs.

    python bench/bench_big_scene.py [--sizes 1 4 16 64] [--repeat 1] [--no-pyyaml]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCENE = "Assets/Scenes/Big.unity"
GAMEOBJECT = 41118590  # "Enemy Brain" in Game.unity (copy 0 keeps its fileIDs)
NAME = "Enemy Brain"
PYYAML = r"""
import re, sys, yaml
class L(yaml.CSafeLoader): pass
L.add_multi_constructor("tag:unity3d.com,2011:", lambda l, s, n: l.construct_mapping(n, deep=True))
text = open(sys.argv[1], encoding="utf-8").read()
heads = list(re.finditer(r"^--- !u!(\d+) &(-?\d+)( stripped)?$", text, re.M))
n = 0
for k, m in enumerate(heads):
    end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
    yaml.load("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!" + m.group(1) + text[m.end():end], Loader=L)
    n += 1
print(n)
"""


def measure(argv: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, peak RSS in MB, stdout) of one child process."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=True)
    out = proc.stdout.read() if proc.stdout else b""  # type: ignore[union-attr]
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode("utf-8", "replace")


def best(repeat: int, argv: list[str], before: object = None) -> tuple[float, float, str]:
    runs = []
    for _ in range(repeat):
        if callable(before):
            before()
        runs.append(measure(argv))
    return min(runs, key=lambda r: r[0])


def tool_argv(project: Path, tool: str, data: dict) -> list[str]:
    return [sys.executable, "-m", "unitycli", "tools", "run", tool, "--project", str(project), "--input",
            json.dumps(data), "--json"]


def answer(out: str) -> str:
    """What the call returned, in a few words."""
    try:
        envelope = json.loads(out)
    except ValueError:
        return out.strip()[:40] or "(no output)"
    if not isinstance(envelope, dict):
        return f"{envelope} objects loaded"
    if not envelope.get("ok"):
        return envelope["error"]["code"]
    output = envelope["result"]["output"]
    if "items" in output:
        return f"{len(output['items'])} of {output['total']} items"
    if "matches" in output:
        return f"{len(output['matches'])} match(es)"
    if "components" in output and "gameObject" in output:
        return f"{len(output['components'])} components"
    return f"{len(out)} bytes"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 4, 16, 64])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-pyyaml", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "examples" / "sample-project", project,
                        ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
        subprocess.run(tool_argv(project, "scene.list", {}), capture_output=True, check=False)  # index, caches
        header = f"{'MB':>5} {'call':<34} {'cpu s':>7} {'x floor':>8} {'peak MB':>8} {'x file':>7}  answer"
        print(header)
        print("-" * len(header))
        for size in args.sizes:
            scene, pristine = project / SCENE, Path(tmp) / "pristine.unity"
            # Built in its own process: a child forked from a big parent would count the parent's pages as its own.
            subprocess.run([sys.executable, str(ROOT / "bench" / "make_big_scene.py"), "--size-mb", str(size),
                            "--out", str(pristine)], check=True, capture_output=True)
            shutil.copyfile(pristine, scene)
            mb = pristine.stat().st_size / 1e6
            # The project index notices the new scene on the next call that opens it and scans it once: paid here,
            # so that the first measured call of each size is not the only one to carry it.
            subprocess.run(tool_argv(project, "scene.hierarchy", {"file": SCENE, "limit": 1}), capture_output=True,
                           check=False)
            floor, floor_rss, _ = best(args.repeat, [sys.executable, "-c",
                                                     f"open({str(scene)!r}, 'rb').read()"])
            calls: list[tuple[str, list[str], object]] = []
            if not args.no_pyyaml:
                calls.append(("PyYAML CSafeLoader load", [sys.executable, "-c", PYYAML, str(scene)], None))
            calls += [
                ("scene.hierarchy page of 50", tool_argv(project, "scene.hierarchy",
                                                          {"file": SCENE, "limit": 50}), None),
                ("gameobject.find one name", tool_argv(project, "gameobject.find",
                                                        {"file": SCENE, "name": NAME}), None),
                ("gameobject.get one object", tool_argv(project, "gameobject.get",
                                                         {"file": SCENE, "gameObject": GAMEOBJECT}), None),
                ("component.set one field, commit", tool_argv(
                    project, "component.set", {"file": SCENE, "gameObject": GAMEOBJECT, "component": "Transform",
                                               "property": "m_LocalPosition.x", "value": 3}),
                 lambda scene=scene, pristine=pristine: shutil.copyfile(pristine, scene)),
            ]
            print(f"{mb:>5.1f} {'floor: Python reads the file':<34} {floor:>7.2f} {1:>7.1f}x {floor_rss:>8.0f} "
                  f"{floor_rss / mb:>6.1f}x")
            for label, argv, before in calls:
                cpu, rss, out = best(args.repeat, argv, before)
                print(f"{mb:>5.1f} {label:<34} {cpu:>7.2f} {cpu / floor:>7.1f}x {rss:>8.0f} {rss / mb:>6.1f}x  "
                      f"{answer(out)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
