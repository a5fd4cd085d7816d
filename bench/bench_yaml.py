"""Benchmark: unitycli's Unity YAML model against unityparser and PyYAML's CSafeLoader (a script, not a test).

For the largest fixture scene and chicken-defense's Game scene it times, best of N runs:
  * round trip: load with every object parsed, then write the bytes back (unityparser: load + dump;
    CSafeLoader: load only, it cannot write Unity's format);
  * hierarchy: every GameObject's name and its parent's name, via Transform m_Father (ours parses only the
    GameObject and Transform objects it needs; the others must load the whole file).
Prints one table of times and ratios. Run: `python bench/bench_yaml.py [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
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
def best_of(repeat: int, fn: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    args = parser.parse_args()
    rows = []
    for relative in SCENES:
        path = FIXTURES / "unity" / relative
        if not path.is_file():
            print(f"missing fixture {path}; set UNITYCLI_FIXTURES", file=sys.stderr)
            return 2
        data = path.read_bytes()
        assert UnityYamlFile.parse(data).to_bytes() == data
        ours_h = ours_hierarchy(data)
        assert ours_h == pyyaml_hierarchy(data), "hierarchies differ between unitycli and PyYAML"
        t_ours_rt = best_of(args.repeat, lambda data=data: ours_round_trip(data))
        t_ours_h = best_of(args.repeat, lambda data=data: ours_hierarchy(data))
        t_yaml_load = best_of(args.repeat, lambda data=data: pyyaml_load(data))
        t_yaml_h = best_of(args.repeat, lambda data=data: pyyaml_hierarchy(data))
        t_up_rt = best_of(1, lambda path=path: unityparser_round_trip(path))
        t_up_h = best_of(1, lambda path=path: unityparser_hierarchy(path))
        name = f"{path.name} ({len(data) / 1e6:.1f} MB, {len(ours_h)} objects in hierarchy)"
        rows.append((name, "round trip (ours: full parse + write)", t_ours_rt, t_up_rt, t_yaml_load))
        rows.append((name, "hierarchy (names + parents)", t_ours_h, t_up_h, t_yaml_h))
    header = f"{'file':<58} {'task':<38} {'unitycli':>9} {'unityparser':>12} {'CSafeLoader':>12} " \
             f"{'vs unityparser':>15} {'vs CSafeLoader':>15}"
    print(header)
    print("-" * len(header))
    for name, task, ours, up, cy in rows:
        print(f"{name:<58} {task:<38} {ours:>8.3f}s {up:>11.3f}s {cy:>11.3f}s {up / ours:>14.1f}x {cy / ours:>14.1f}x")
    print("\nratios > 1 mean unitycli is faster; CSafeLoader's round trip column is load only (it cannot write).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
