"""Wall time of the everyday tools (primitives, lighting, import settings, quality, animator) on fixture copies.

Each call runs in process through the runner (a fresh session per call, as `unitycli tools run` does), writers
with --dry-run, on a copy of chicken-defense (2022.3.17f1) and of minigolf (6000.0.25f1); the median of `--runs`
calls is printed per tool. The first call of a tool also pays for loading its plugin and the class files of the
layout table it reads; that cold figure is printed beside it.
Usage: python bench/bench_everyday.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.scenes_tools.projects import copy_project  # noqa: E402
from unitycli.host.session import Session  # noqa: E402
from unitycli.runner import RunOptions, run_tool  # noqa: E402

CHICKEN_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"  # 1.17 MB
MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
NORMAL = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/normal.tga"
CONTROLLER = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/Chicken.controller"
CALLS = [
    ("chicken-defense", "gameobject.create", {"file": CHICKEN_SCENE, "name": "Crate", "primitive": "cube"}),
    ("minigolf", "gameobject.create", {"file": MENU, "name": "Ball", "primitive": "sphere"}),
    ("chicken-defense", "scene.get-lighting", {"file": CHICKEN_SCENE}),
    ("chicken-defense", "scene.set-lighting", {"file": CHICKEN_SCENE, "fog": {"enabled": True, "density": 0.02}}),
    ("chicken-defense", "asset.get-import-settings", {"file": NORMAL}),
    ("chicken-defense", "asset.set-import-settings", {"file": NORMAL, "maxSize": 512, "sRGB": True}),
    ("chicken-defense", "project.set-quality-settings", {"level": "Balanced", "settings": {"lodBias": 1.5}}),
    ("chicken-defense", "animator.get", {"file": CONTROLLER}),
    ("chicken-defense", "animator.add-transition", {"file": CONTROLLER, "fromState": "Idle", "toState": "Walk",
                                                    "conditions": [{"parameter": "Speed", "mode": "greater"}]}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        roots = {name: copy_project(name, Path(tmp) / name) for name in {p for p, _, _ in CALLS}}
        print(f"{'project':16} {'tool':30} {'cold ms':>8} {'median ms':>10}")
        for project, tool, data in CALLS:
            times = []
            for _ in range(args.runs + 1):
                started = time.perf_counter()
                run_tool(Session(project_arg=str(roots[project])).prepare(tool), data, RunOptions(dry_run=True))
                times.append((time.perf_counter() - started) * 1000)
            print(f"{project:16} {tool:30} {times[0]:8.0f} {statistics.median(times[1:]):10.0f}")


if __name__ == "__main__":
    main()
