"""Make 1–64 MB synthetic scenes from a real fixture scene, for the big-scene benchmark.

The scene's objects are repeated with FRESH fileIDs per copy: every document header `&N` and every local reference
`{fileID: N}` of a copy is renumbered the same way (random 62-bit IDs), so each copy is a self-consistent set of GameObjects (its
own roots, its own prefab instances), references into assets (`{fileID: N, guid: G, type: T}`) stay as they are,
and the scene-wide objects (settings, SceneRoots) are written once. Copy 0 keeps the original fileIDs, so the
first copy's objects answer exactly as in the fixture.

    python bench/make_big_scene.py --size-mb 16 --out bench/out/big.unity
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import UNITY  # noqa: E402

SOURCE = UNITY / "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
_DOC = re.compile(rb"^--- !u!(\d+) &(-?\d+)", re.M)
_LOCAL = re.compile(rb"(\{fileID: |^--- !u!\d+ &)(-?\d+)(?=\}|\s|$)", re.M)
# Scene-wide objects (OcclusionCullingSettings, RenderSettings, LightmapSettings, NavMeshSettings, SceneRoots):
# one of each per scene, so they are not repeated.
_ONCE = {b"29", b"104", b"157", b"196", b"1660057539"}


def _documents(data: bytes) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """(header, [(classID, document bytes)]) of a Unity YAML file."""
    starts = [m.start() for m in _DOC.finditer(data)]
    bounds = [*starts, len(data)]
    return data[: starts[0]], [(_DOC.match(data, s).group(1), data[s:bounds[k + 1]])  # type: ignore[union-attr]
                               for k, s in enumerate(starts)]


def build(size_mb: float, source: Path = SOURCE) -> bytes:
    """The synthetic scene's bytes: the source's scene-wide objects once, then copies of the rest."""
    header, docs = _documents(source.read_bytes())
    once = [d for cls, d in docs if cls in _ONCE]
    rest = b"".join(d for cls, d in docs if cls not in _ONCE)
    local = sorted({int(m.group(2)) for m in _DOC.finditer(rest)})
    rng = random.Random(1)

    def renumber() -> bytes:
        fresh = dict(zip(local, rng.sample(range(1, 2**62), len(local)), strict=True))

        def one(m: re.Match[bytes]) -> bytes:
            value = fresh.get(int(m.group(2)))
            return m.group(0) if value is None else m.group(1) + str(value).encode()
        return _LOCAL.sub(one, rest)

    parts = [header, *once]
    size, k = sum(map(len, parts)), 0
    while size < size_mb * 1_000_000:
        copy = rest if k == 0 else renumber()
        parts.append(copy)
        size += len(copy)
        k += 1
    return b"".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=16)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.write_bytes(build(args.size_mb))
    print(args.out)


if __name__ == "__main__":
    main()
