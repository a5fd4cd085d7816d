"""Benchmark: unitycli's Unity YAML model against unityparser and PyYAML's CSafeLoader (a script, not a test).

For the largest fixture scene and chicken-defense's Game scene it times, best of N runs:
  * round trip: load with every object parsed, then write the bytes back (unityparser: load + dump;
    CSafeLoader: load only, it cannot write Unity's format);
  * hierarchy: what `scene.hierarchy` lists, every GameObject and prefab instance with its parent (ours builds the
    tool's own model; the others must load the whole file), checked equal between unitycli and PyYAML.
Prints one table of times and ratios. Then, through the real tools (a fresh session per call, exactly as
`unitycli tools run` runs them), the big scene's `scene.hierarchy`, `gameobject.find`, `gameobject.get` and
`component.get` against that lazy hierarchy: CPU seconds (best of N; the machine may be shared), the ratio, and
the peak memory the call allocates (tracemalloc) against the file's size. A call on a tiny scene shows the fixed
cost of a call (session, registry, envelope) that every tool pays.
Run: `python bench/bench_yaml.py [--repeat N] [--tools-only]`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unitycli.scene import SceneModel
from unitycli.unityyaml import UnityYamlFile

FIXTURES = Path(os.environ.get("UNITYCLI_FIXTURES", Path(__file__).resolve().parents[2] / "shared" / "fixtures"))
SCENES = [
    "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/CollisionEvents/CollisionEvents/CollisionEventsSub.unity",
    "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
]
_YAML_HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
_DOC_HEADER = re.compile(r"^--- !u!(\d+) &(-?\d+)( stripped)?$", re.M)


def ours_round_trip(data: bytes) -> int:
    file = UnityYamlFile.parse(data)
    for doc in file.documents:
        _ = doc.tree
    return len(file.to_bytes())


def ours_hierarchy(data: bytes) -> dict[int, int]:
    """What `scene.hierarchy` lists: every GameObject AND every prefab instance, as fileID -> parent's fileID
    (0 for a root). Counting only GameObjects with a Transform left out the prefab instances (344 of 351 objects
    of the big scene), which made this figure look 100 times better than the tool."""
    model = SceneModel(UnityYamlFile.parse(data))
    return {n.file_id: n.parent.file_id if n.parent is not None else 0 for n in model.walk()}


# --- PyYAML CSafeLoader ---------------------------------------------------------------------------------------
def _yaml_loader() -> Any:
    import yaml

    class UnityLoader(yaml.CSafeLoader):  # type: ignore[name-defined,misc]
        pass

    UnityLoader.add_multi_constructor("tag:unity3d.com,2011:",
                                      lambda loader, _suffix, node: loader.construct_mapping(node, deep=True))
    return yaml, UnityLoader


def pyyaml_load(data: bytes) -> list[tuple[int, int, Any]]:
    """One yaml.load per object (its header gives the fileID; ` stripped` is not YAML and is dropped)."""
    yaml, loader = _yaml_loader()
    text = data.decode("utf-8")
    heads = list(_DOC_HEADER.finditer(text))
    out = []
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        body = text[m.end() : end]
        source = f"{_YAML_HEADER}--- !u!{m.group(1)}{body}"
        out.append((int(m.group(1)), int(m.group(2)), yaml.load(source, Loader=loader)))
    return out


def pyyaml_hierarchy(data: bytes) -> dict[int, int]:
    """The same answer as `ours_hierarchy` from PyYAML's objects: GameObjects (through their Transform's
    m_Father) and prefab instances (through m_Modification.m_TransformParent)."""
    loaded = pyyaml_load(data)
    bodies = {file_id: next(iter(value.values())) for _, file_id, value in loaded if isinstance(value, dict) and value}
    classes = {file_id: class_id for class_id, file_id, _ in loaded}
    owner: dict[int, int] = {}  # Transform fileID -> the node it belongs to
    for file_id, body in bodies.items():
        if classes[file_id] == 1 and "m_Component" in body:
            refs = [next(iter(entry.values()))["fileID"] for entry in body["m_Component"] or []]
            transform = next((ref for ref in refs if classes.get(ref) in (4, 224)), None)
            if transform is not None:
                owner[transform] = file_id
    for file_id, body in bodies.items():
        instance = body.get("m_PrefabInstance", {}).get("fileID") if classes[file_id] in (4, 224) else None
        if instance and file_id not in owner:
            owner[file_id] = instance  # a stripped Transform stands for its prefab instance
    out: dict[int, int] = {}
    for transform, node in owner.items():
        if classes[node] == 1:
            out[node] = owner.get(bodies[transform]["m_Father"]["fileID"], 0)
    for file_id, body in bodies.items():
        if classes[file_id] == 1001 and "m_Modification" in body and "m_SourcePrefab" in body:
            out[file_id] = owner.get(body["m_Modification"]["m_TransformParent"]["fileID"], 0)
    return out


# --- unityparser ----------------------------------------------------------------------------------------------
def unityparser_round_trip(path: Path) -> int:
    from unityparser import UnityDocument

    doc = UnityDocument.load_yaml(str(path))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.unity"
        doc.dump_yaml(str(out))
        return out.stat().st_size


# --- harness --------------------------------------------------------------------------------------------------
def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _optional(repeat: int, fn: Callable[[], Any]) -> float | None:
    """A competitor's time, or None (shown as `-`) when it is not installed."""
    try:
        return best_of(repeat, fn)
    except ModuleNotFoundError:
        return None


def best_of(repeat: int, fn: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def best_cpu(repeat: int, fn: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def peak_bytes(fn: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


BIG_PROJECT = "EntityComponentSystemSamples/PhysicsSamples"
BIG_SCENE = "Assets/Tests/CollisionEvents/CollisionEvents/CollisionEventsSub.unity"
SAMPLE_PROJECT = Path(__file__).resolve().parents[1] / "examples" / "sample-project"
TOOL_CALLS = [
    ("scene.hierarchy", {"file": BIG_SCENE}),
    ("scene.hierarchy", {"file": BIG_SCENE, "detail": "full"}),
    ("gameobject.find", {"file": BIG_SCENE, "name": "Sphere (1*"}),
    ("gameobject.get", {"file": BIG_SCENE, "gameObject": "Kinematic ground"}),
    ("component.get", {"file": BIG_SCENE, "gameObject": "Kinematic ground", "component": "Transform"}),
]


def _fresh_process_cpu(root: Path, tool: str, data_in: dict) -> float:
    """CPU seconds (user + system) of `unitycli tools run` in its own process, as an agent runs it."""
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "tools", "run", tool, "--project", str(root),
                             "--input", json.dumps(data_in), "--json"], stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime


def tools_table(repeat: int) -> int:
    """The big scene through the real tools, against the lazy hierarchy of the same bytes."""
    from unitycli.testing import run_tool

    root = FIXTURES / "unity" / BIG_PROJECT
    data = (root / BIG_SCENE).read_bytes()
    lazy = best_cpu(repeat, lambda: ours_hierarchy(data))
    lazy_peak = peak_bytes(lambda: ours_hierarchy(data))
    run_tool(SAMPLE_PROJECT, "scene.hierarchy", {"file": "Garden"})  # imports, registry cache
    fixed = best_cpu(repeat, lambda: run_tool(SAMPLE_PROJECT, "scene.hierarchy", {"file": "Garden", "limit": 1}))
    size = len(data)
    print(f"\n{BIG_SCENE.rsplit('/', 1)[-1]} ({size / 1e6:.1f} MB) through the real tools, CPU seconds, best of "
          f"{repeat}")
    header = f"{'call':<58} {'cpu':>8} {'vs lazy':>8} {'peak MB':>8} {'peak/size':>9}"
    print(header)
    print("-" * len(header))
    print(f"{'lazy hierarchy (bench path above)':<58} {lazy:>7.3f}s {1:>7.1f}x {lazy_peak / 1e6:>8.1f} "
          f"{lazy_peak / size:>8.1f}x")
    print(f"{'fixed cost of any call (tiny scene, limit 1)':<58} {fixed:>7.3f}s {fixed / lazy:>7.1f}x")
    cold = _fresh_process_cpu(root, "scene.hierarchy", {"file": BIG_SCENE})
    print(f"{'scene.hierarchy in a fresh process (start-up included)':<58} {cold:>7.3f}s {cold / lazy:>7.1f}x")
    for tool, data_in in TOOL_CALLS:
        outcome = run_tool(root, tool, data_in)
        if not outcome.ok:
            print(f"{tool}: {outcome.error}", file=sys.stderr)
            return 1
        cpu = best_cpu(repeat, lambda tool=tool, data_in=data_in: run_tool(root, tool, data_in))
        peak = peak_bytes(lambda tool=tool, data_in=data_in: run_tool(root, tool, data_in))
        shown = ", ".join(f"{k}={v}" for k, v in data_in.items() if k != "file")
        label = f"{tool} {shown}"[:58]
        print(f"{label:<58} {cpu:>7.3f}s {cpu / lazy:>7.1f}x {peak / 1e6:>8.1f} {peak / size:>8.1f}x")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    parser.add_argument("--tools-only", action="store_true", help="only the big scene through the real tools")
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    if args.tools_only:
        return tools_table(max(args.repeat, 5))
    rows = []
    for relative in SCENES:
        path = FIXTURES / "unity" / relative
        if not path.is_file():
            print(f"missing fixture {path}; set UNITYCLI_FIXTURES", file=sys.stderr)
            return 2
        data = path.read_bytes()
        assert UnityYamlFile.parse(data).to_bytes() == data
        ours_h = ours_hierarchy(data)
        if _has("yaml"):
            assert ours_h == pyyaml_hierarchy(data), "hierarchies differ between unitycli and PyYAML"
        t_ours_rt = best_of(args.repeat, lambda data=data: ours_round_trip(data))
        t_ours_h = best_of(args.repeat, lambda data=data: ours_hierarchy(data))
        t_yaml_load = _optional(args.repeat, lambda data=data: pyyaml_load(data))
        t_yaml_h = _optional(args.repeat, lambda data=data: pyyaml_hierarchy(data))
        t_up_rt = _optional(1, lambda path=path: unityparser_round_trip(path))
        t_up_h = None  # unityparser's objects are not mapped to the tool's hierarchy; its load is the row above
        name = f"{path.name} ({len(data) / 1e6:.1f} MB, {len(ours_h)} objects in hierarchy)"
        rows.append((name, "round trip (ours: full parse + write)", t_ours_rt, t_up_rt, t_yaml_load))
        rows.append((name, "hierarchy (every node + parent)", t_ours_h, t_up_h, t_yaml_h))
    header = f"{'file':<58} {'task':<38} {'unitycli':>9} {'unityparser':>12} {'CSafeLoader':>12} " \
             f"{'vs unityparser':>15} {'vs CSafeLoader':>15}"
    print(header)
    print("-" * len(header))
    def cell(value: float | None, width: int, ratio_to: float | None = None) -> str:
        if value is None:
            return f"{'-':>{width}}"
        return f"{value / ratio_to:>{width - 1}.1f}x" if ratio_to else f"{value:>{width - 1}.3f}s"

    for name, task, ours, up, cy in rows:
        print(f"{name:<58} {task:<38} {ours:>8.3f}s {cell(up, 12)} {cell(cy, 12)} {cell(up, 15, ours)} "
              f"{cell(cy, 15, ours)}")
    print("\nratios > 1 mean unitycli is faster; CSafeLoader's round trip column is load only (it cannot write).")
    return tools_table(max(args.repeat, 5))


if __name__ == "__main__":
    raise SystemExit(main())
