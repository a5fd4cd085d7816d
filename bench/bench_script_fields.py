"""Typed script-field edits: what checking against the C# and resolving references by name costs per call.

    python bench/bench_script_fields.py [--repeat 5]

On copies of chicken-defense (Game.unity, 1.17 MB) and minigolf, each case runs as a dry run (the whole tool:
open, model, C# layout, resolve, edit, diff) and prints the median wall time. The baseline is component.set of a
native component's value (no C#, no names), so the difference is what the typed path adds.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import UNITY  # noqa: E402
from unitycli.host.session import Session  # noqa: E402
from unitycli.runner import RunOptions, run_tool  # noqa: E402

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CASES = [
    ("chicken-defense", "baseline: Light.m_Intensity", "component.set",
     {"file": GAME, "gameObject": "Directional Light", "component": "Light", "property": "m_Intensity",
      "value": 1.5}),
    ("chicken-defense", "typed number (AttackerBrain)", "component.set",
     {"file": GAME, "gameObject": "Enemy Brain", "component": "AttackerBrain", "property": "DifficultyFactor",
      "value": 2}),
    ("chicken-defense", "reference by prefab path", "component.set",
     {"file": GAME, "gameObject": "Chicken Spawner", "component": "ChickenSpawner", "property": "EggPrefab",
      "value": "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"}),
    ("chicken-defense", "add-listener (method from C#)", "component.add-listener",
     {"file": GAME, "gameObject": "Main Camera", "component": "CinemachineBrain",
      "property": "m_CameraActivatedEvent", "target": "Chicken Spawner:ChickenSpawner", "method": "SpawnChicken"}),
    ("minigolf", "scriptable.set list resize", "scriptable.set",
     {"file": "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset", "property": "Par", "operation": "resize",
      "value": 5}),
    ("minigolf", "scriptable.create", "scriptable.create",
     {"file": "Assets/LlamAcademy/Minigolf/Resources/Levels/13.asset", "script": "LevelSO"}),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        roots = {}
        for name in {case[0] for case in CASES}:
            roots[name] = Path(tmp) / name
            shutil.copytree(UNITY / name, roots[name], ignore=shutil.ignore_patterns("Library", "Temp"))
        for project, label, tool, data in CASES:
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                run_tool(Session(project_arg=str(roots[project])).prepare(tool), data, RunOptions(dry_run=True))
                times.append(time.perf_counter() - start)
            print(f"{project:16} {label:34} median {statistics.median(times) * 1000:7.0f} ms "
                  f"(min {min(times) * 1000:.0f}, n={args.repeat})")


if __name__ == "__main__":
    main()
