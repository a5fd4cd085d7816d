"""Benchmark: unitycli's Unity YAML model against unityparser and PyYAML's CSafeLoader (a script, not a test).

For the largest fixture scene and chicken-defense's Game scene it times, best of N runs:
  * round trip: load with every object parsed, then write the bytes back (unityparser: load + dump;
    CSafeLoader: load only, it cannot write Unity's format);
  * hierarchy: every GameObject's name and its parent's name, via Transform m_Father (ours parses only the
    GameObject and Transform objects it needs; the others must load the whole file).
Prints one table of times and ratios. Then, through the real tools (a fresh session per call, exactly as
`unitycli tools run` runs them), the big scene's `scene.hierarchy`, `gameobject.find`, `gameobject.get` and
`component.get` against that lazy hierarchy: CPU seconds (best of N; the machine may be shared), the ratio, and
the peak memory the call allocates (tracemalloc) against the file's size. A call on a tiny scene shows the fixed
cost of a call (session, registry, envelope) that every tool pays.
Run: `python bench/bench_yaml.py [--repeat N] [--tools-only]`.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unitycli.unityyaml import UnityYamlFile

FIXTURES = Path(os.environ.get("UNITYCLI_FIXTURES", Path(__file__).resolve().parents[2] / "shared" / "fixtures"))
SCENES = [
    "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/CollisionEvents/CollisionEvents/CollisionEventsSub.unity",
    "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
]
_YAML_HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
_DOC_HEADER = re.compile(r"^--- !u!(\d+) &(-?\d+)( stripped)?$", re.M)


def _listing(names: dict[int, Any], owner: dict[int, int], parent: dict[int, int]) -> dict[int, tuple[str, str]]:
    """Transform fileID -> (GameObject name, parent GameObject name or "")."""
    return {t: (str(names.get(go)), str(names.get(owner.get(parent[t], 0), "")) if parent[t] else "")
            for t, go in owner.items()}


# --- unitycli -------------------------------------------------------------------------------------------------
def ours_round_trip(data: bytes) -> int:
    file = UnityYamlFile.parse(data)
    for doc in file.documents:
        _ = doc.tree
    return len(file.to_bytes())


def ours_hierarchy(data: bytes) -> dict[int, tuple[str, str]]:
    file = UnityYamlFile.parse(data)
    names = {doc.file_id: doc.get_text("m_Name") for doc in file.of_class(1) if not doc.stripped}
    owner: dict[int, int] = {}
    parent: dict[int, int] = {}
    for doc in file.documents:
        if doc.class_id in (4, 224) and not doc.stripped:
            owner[doc.file_id] = doc.get("m_GameObject").file_id
            parent[doc.file_id] = doc.get("m_Father").file_id
    return _listing(names, owner, parent)


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


def pyyaml_hierarchy(data: bytes) -> dict[int, tuple[str, str]]:
    docs = pyyaml_load(data)
    names: dict[int, str] = {}
    owner: dict[int, int] = {}
    parent: dict[int, int] = {}
    for class_id, file_id, value in docs:
        body = next(iter(value.values())) if isinstance(value, dict) and value else {}
        if class_id == 1 and "m_Name" in body:
            names[file_id] = body["m_Name"]
        elif class_id in (4, 224) and "m_Father" in body:
            owner[file_id] = body["m_GameObject"]["fileID"]
            parent[file_id] = body["m_Father"]["fileID"]
    return _listing(names, owner, parent)


# --- unityparser ----------------------------------------------------------------------------------------------
def unityparser_round_trip(path: Path) -> int:
    from unityparser import UnityDocument

    doc = UnityDocument.load_yaml(str(path))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.unity"
        doc.dump_yaml(str(out))
        return out.stat().st_size


def unityparser_hierarchy(path: Path) -> dict[int, tuple[str, str]]:
    from unityparser import UnityDocument

    doc = UnityDocument.load_yaml(str(path))
    names: dict[int, str] = {}
    owner: dict[int, int] = {}
    parent: dict[int, int] = {}
    for entry in doc.entries:
        kind = type(entry).__name__
        file_id = int(entry.anchor)
        if kind == "GameObject" and hasattr(entry, "m_Name"):
            names[file_id] = entry.m_Name
        elif kind in ("Transform", "RectTransform") and hasattr(entry, "m_Father"):
            owner[file_id] = int(entry.m_GameObject["fileID"])
            parent[file_id] = int(entry.m_Father["fileID"])
    return _listing(names, owner, parent)


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
        t_up_h = _optional(1, lambda path=path: unityparser_hierarchy(path))
        name = f"{path.name} ({len(data) / 1e6:.1f} MB, {len(ours_h)} objects in hierarchy)"
        rows.append((name, "round trip (ours: full parse + write)", t_ours_rt, t_up_rt, t_yaml_load))
        rows.append((name, "hierarchy (names + parents)", t_ours_h, t_up_h, t_yaml_h))
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
