"""The C# serialization model: the layout of every script used in a fixture project, cold and warm.

    python bench/bench_csharp.py [--repeat 3]

For chicken-defense, minigolf and the Cinemachine URP test project (its 131-file `file:` package), it times
`SerializationModel(root)` + `script_layout(guid)` for every script GUID that a scene, prefab or asset of the
project (or the package's samples) references and whose source is present:
- cold: a fresh process-level parse cache (every file read, preprocessed and parsed again);
- warm: a new `SerializationModel` per round with the parse cache kept (what a second tool call in one MCP or
  batch session pays: files are re-read and hashed, not re-parsed).
It prints the medians and the number of layouts, to justify (or not) the per-digest parse cache in sources.py.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import UNITY  # noqa: E402
from unitycli.csharp import SerializationModel, sources  # noqa: E402
from unitycli.errors import UnityCliError  # noqa: E402

_GUID = re.compile(rb"m_Script: \{fileID: 11500000, guid: ([0-9a-f]{32})")
CASES = {
    "chicken-defense": ("chicken-defense", "chicken-defense/Assets"),
    "minigolf": ("minigolf", "minigolf/Assets"),
    "cinemachine URP": ("com.unity.cinemachine/Projects/URP", "com.unity.cinemachine/com.unity.cinemachine/Samples~"),
}


def guids(documents: Path) -> list[str]:
    found: set[str] = set()
    for path in documents.rglob("*"):
        if path.suffix in (".unity", ".prefab", ".asset") and path.is_file():
            found.update(m.decode() for m in _GUID.findall(path.read_bytes()))
    return sorted(found)


def run(root: Path, wanted: list[str]) -> int:
    model = SerializationModel(root)
    count = 0
    for guid in wanted:
        if model.project.file_of_guid(guid) is None:
            continue
        try:
            model.script_layout(guid)
            count += 1
        except UnityCliError:
            pass
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, (project, documents) in CASES.items():
        root, wanted = UNITY / project, guids(UNITY / documents)
        cold, warm = [], []
        for _ in range(args.repeat):
            sources._PARSED.clear()
            start = time.perf_counter()
            count = run(root, wanted)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            run(root, wanted)
            warm.append(time.perf_counter() - start)
        print(f"{name}: {count} layouts; cold {statistics.median(cold) * 1000:.0f} ms, "
              f"warm {statistics.median(warm) * 1000:.0f} ms (median of {args.repeat})")


if __name__ == "__main__":
    main()
