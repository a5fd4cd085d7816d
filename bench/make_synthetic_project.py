"""Make a large synthetic Unity project for the reference-index benchmark.

It replicates the largest fixture project (ECS PhysicsSamples) under `Assets/Copy<n>/` until the project reaches
the requested size. Every copy gets FRESH GUIDs: each meta's guid is replaced and every reference to it, in YAML
(`guid: G`) and in the JSON strings of `.vfx` files (`"guid":"G"`), is rewritten the same way, so each copy is a
self-consistent project of its own and a GUID search finds one copy's files, not all of them. GUIDs of assets
outside the copied folder (packages, built-ins) stay as they are, as they would in a real project.

    python bench/make_synthetic_project.py [--size-mb 500] [--out bench/out]

A finished project is reused when its marker says it was made with the same size; delete it to regenerate.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import PROJECTS, UNITY  # noqa: E402

SOURCE = UNITY / PROJECTS["physics-samples"]
MARKER = ".synthetic.json"
_GUID_SITE = re.compile(rb'(guid\\?"?:[ \t]*\\?"?)([0-9a-f]{32})(?![0-9a-f])')
_META_GUID = re.compile(rb"^guid:[ \t]*([0-9a-f]{32})", re.M)


def _hidden(name: str) -> bool:
    return name.startswith(".") or name.endswith("~")


def _source_files(folder: Path) -> list[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not _hidden(d))
        files += [Path(dirpath) / f for f in sorted(filenames) if not _hidden(f)]
    return files


def _tokenize(data: bytes) -> list[bytes]:
    """Split text into [text, guid, text, guid, ..., text] so each copy is a cheap join with new GUIDs."""
    parts: list[bytes] = []
    last = 0
    for match in _GUID_SITE.finditer(data):
        parts.append(data[last:match.start(2)])
        parts.append(match.group(2))
        last = match.end(2)
    parts.append(data[last:])
    return parts


def make(size_mb: int, out: Path, seed: int = 1) -> Path:
    """Create (or reuse) the synthetic project and return its root."""
    if not SOURCE.is_dir():
        raise SystemExit(f"fixture project not found: {SOURCE} (set UNITYCLI_FIXTURES)")
    target = out / f"SyntheticPhysics-{size_mb}MB"
    marker = target / MARKER
    if marker.is_file() and json.loads(marker.read_text()).get("size_mb") == size_mb:
        return target
    if target.exists():
        shutil.rmtree(target)
    for folder in ("ProjectSettings", "Packages"):
        shutil.copytree(SOURCE / folder, target / folder)
    assets = SOURCE / "Assets"
    files = _source_files(assets)
    contents = {path: path.read_bytes() for path in files}
    local_guids = {m.group(1) for p, d in contents.items() if p.name.endswith(".meta")
                   for m in [_META_GUID.search(d)] if m}
    tokens = {p: _tokenize(d) if local_guids & {g for _, g in _GUID_SITE.findall(d)} else [d]
              for p, d in contents.items()}
    copy_bytes = sum(len(d) for d in contents.values())
    copies = max(1, -(-size_mb * 1_000_000 // copy_bytes))
    rng = random.Random(seed)
    written = 0
    for n in range(copies):
        fresh = {g: b"%032x" % rng.getrandbits(128) for g in local_guids}
        base = target / "Assets" / f"Copy{n:03d}"
        for path, parts in tokens.items():
            dest = base / path.relative_to(assets)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if len(parts) == 1:
                data = parts[0]
            else:
                data = b"".join(fresh.get(p, p) if i % 2 else p for i, p in enumerate(parts))
            dest.write_bytes(data)
            written += len(data)
        (target / "Assets" / f"Copy{n:03d}.meta").write_bytes(
            b"fileFormatVersion: 2\nguid: %b\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n"
            b"  userData: \n  assetBundleName: \n  assetBundleVariant: \n" % (b"%032x" % rng.getrandbits(128)))
        print(f"\rcopy {n + 1}/{copies} ({written / 1e6:.0f} MB)", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    marker.write_text(json.dumps({"size_mb": size_mb, "copies": copies, "bytes": written, "source": str(SOURCE)}))
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=int, default=500)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "out")
    args = parser.parse_args()
    print(make(args.size_mb, args.out))


if __name__ == "__main__":
    main()
