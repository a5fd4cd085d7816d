"""Derive unitycli's versioned layout table from the Editor type-tree dumps of AssetRipper/TypeTreeDumps.

Usage: python scripts/derive_layouts.py <TypeTreeDumps git dir or checkout> [--out core/typetree/data]
       [--since 5.0]

Reads `StructsDump/editor/<version>.dump` of every Editor version at or after `--since` (through `git cat-file`,
so a bare mirror works), keeps of each node only what a text-serialized file shows (type, name, `Version{}` =
serializedVersion, IsArray and the meta flags listed in `KEPT_FLAGS`), merges equal layouts of a class across
versions and writes one gzip'd JSON file per class plus `index.json` (versions, class IDs, file names). The dumps
themselves are never copied into the repository; this script and its output are.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

# Meta flags kept: 1<<21 kTransferUsingFlowMappingStyle (a `{x: 0, y: 0}` value), 1<<19 kIgnoreInMetaFiles.
KEPT_FLAGS = (1 << 21) | (1 << 19)
_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)([abfpx])(\d+)(?:c(\d+))?$")
_NODE = re.compile(r"^(\t*)(.+?) // ByteSize\{[0-9a-f]+\}, Index\{[0-9a-f]+\}, Version\{([0-9a-f]+)\}, "
                   r"IsArray\{(\d)\}, MetaFlag\{([0-9a-f]+)\}$")
_CLASS = re.compile(r"^// classID\{(-?\d+)\}: (\S+)(?: <- (.*))?$")
_STAGES = "axbfp"  # alpha < experimental < beta < final < patch


def version_key(version: str) -> tuple[int, ...]:
    """Unity's release order: `2022.3.0a1 < 2022.3.0b1 < 2022.3.0f1 < 2022.3.0p1`, then China `c1` builds."""
    m = _VERSION.match(version)
    if m is None:
        raise ValueError(version)
    return (int(m[1]), int(m[2]), int(m[3]), _STAGES.index(m[4]), int(m[5]), int(m[6] or 0))


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", f"--git-dir={repo}", *args], check=True, capture_output=True).stdout


def _git_dir(path: Path) -> Path:
    return path / ".git" if (path / ".git").exists() else path


def list_dumps(repo: Path, since: tuple[int, int]) -> list[tuple[str, str]]:
    """(version, blob sha) of every Editor dump at or after `since`, in release order."""
    out = []
    for line in _git(repo, "ls-tree", "HEAD", "StructsDump/editor/").decode().splitlines():
        meta, path = line.split("\t")
        version = path.rsplit("/", 1)[1].removesuffix(".dump")
        if _VERSION.match(version) and version_key(version)[:2] >= since:
            out.append((version, meta.split()[2]))
    return sorted(out, key=lambda pair: version_key(pair[0]))


def _split_type(text: str) -> tuple[str, str]:
    """`unsigned int m_Layer` -> (`unsigned int`, `m_Layer`); names may hold spaces (`near clip plane`)."""
    words = text.split(" ")
    n = 2 if words[0] in ("unsigned", "signed") or words[:2] == ["long", "long"] else 1
    return " ".join(words[:n]), " ".join(words[n:])


def parse_tree(lines: list[str]) -> list:
    """One class's node lines -> nested `[type, name, version, isArray, flags, children]`."""
    root: list = []
    stack: list[tuple[int, list]] = []
    for line in lines:
        m = _NODE.match(line)
        if m is None:
            continue
        depth = len(m[1])
        type_, name = _split_type(m[2])
        node = [type_, name, int(m[3], 16), int(m[4]), int(m[5], 16) & KEPT_FLAGS, []]
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if stack:
            stack[-1][1][5].append(node)
        else:
            root = node
        stack.append((depth, node))
    return root


_DEFAULTS = (None, None, 1, 0, 0, [])


def _compact(node: list) -> list:
    """Drop trailing defaults so the table stays small: `[type, name]` for a version-1 leaf without flags."""
    out = [*node[:5], [_compact(c) for c in node[5]]]
    while len(out) > 2 and out[-1] == _DEFAULTS[len(out) - 1]:
        out.pop()
    return out


def split_classes(text: str) -> dict[str, tuple[int, list[str], str]]:
    """name -> (class ID, node lines, base chain) of every non-abstract class in one dump."""
    classes: dict[str, tuple[int, list[str], str]] = {}
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        m = _CLASS.match(lines[0]) if lines else None
        if m is None or len(lines) < 2 or lines[1].startswith("//"):
            continue
        classes[m[2]] = (int(m[1]), lines[1:], m[3] or "")
    return classes


def derive(repo: Path, since: tuple[int, int]) -> tuple[dict, dict[str, list[dict]]]:
    """The index and, per class, its distinct layouts with the versions (indices into the index) holding each."""
    dumps = list_dumps(repo, since)
    parsed: dict[str, list] = {}  # hash of a class's raw lines -> compact tree
    layouts: dict[str, dict[str, dict]] = {}  # class -> canonical json -> {"tree", "versions"}
    class_ids: dict[str, int] = {}
    bases: dict[str, str] = {}
    by_blob: dict[str, dict[str, tuple[int, list[str], str]]] = {}
    versions: list[str] = []
    for version, blob in dumps:
        if blob not in by_blob:
            by_blob.clear()
            text = _git(repo, "cat-file", "blob", blob).decode("utf-8", "replace")
            # a few dumps (5.3.5p3, 5.6.5p4) were written without `Version{}`: their serializedVersions are
            # unknown, so the version is left out rather than guessed
            by_blob[blob] = split_classes(text.replace("\r\n", "\n")) if "Version{" in text else {}
        if not by_blob[blob]:
            print(f"\n{version}: no class with Version{{}} in its dump, left out", file=sys.stderr)
            continue
        index = len(versions)
        versions.append(version)
        for name, (class_id, lines, chain) in by_blob[blob].items():
            key = hashlib.sha1("\n".join(lines).encode()).hexdigest()
            if key not in parsed:
                tree = parse_tree(lines)
                parsed[key] = _compact(tree) if tree else []
            tree = parsed[key]
            if not tree:
                print(f"\n{version}: {name} has no readable node lines, left out", file=sys.stderr)
                continue
            canon = json.dumps(tree, separators=(",", ":"))
            entry = layouts.setdefault(name, {}).setdefault(canon, {"tree": tree, "versions": []})
            entry["versions"].append(index)
            class_ids[name] = class_id
            bases[name] = chain
        print(f"\r{index + 1} {version}", end="", file=sys.stderr)
    print(file=sys.stderr)
    tables = {name: [{"ranges": _ranges(e["versions"]), "tree": e["tree"]} for e in by_canon.values()]
              for name, by_canon in layouts.items()}
    index = {"source": "AssetRipper/TypeTreeDumps StructsDump/editor", "sourceCommit":
             _git(repo, "rev-parse", "HEAD").decode().strip(), "keptFlags": KEPT_FLAGS, "versions": versions,
             "classes": {name: {"id": class_ids[name], "bases": bases[name], "layouts": len(tables[name]),
                                "newest": max(r[1] for layout in tables[name] for r in layout["ranges"])}
                         for name in sorted(tables)}}
    return index, tables


def _ranges(indices: list[int]) -> list[list[int]]:
    """[0, 1, 2, 5] -> [[0, 2], [5, 5]]: runs of consecutive version indices, inclusive."""
    out: list[list[int]] = []
    for i in indices:
        if out and out[-1][1] == i - 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return out


def intern(layouts: list[dict]) -> dict:
    """One class's layouts with every distinct subtree stored once: `nodes` holds `[type, name, version, isArray,
    flags, [child node numbers]]` (trailing defaults dropped, children before parents), each layout names its
    root node. Layouts of one class share most subtrees (PlayerSettings: 360 layouts), so loading builds each once."""
    nodes: list[list] = []
    numbers: dict[str, int] = {}

    def number(node: list) -> int:
        children = [number(child) for child in node[5]] if len(node) > 5 else []
        row = [*node[:5], children]
        while len(row) > 2 and row[-1] == _DEFAULTS[len(row) - 1]:
            row.pop()
        key = json.dumps(row, separators=(",", ":"))
        if key not in numbers:
            numbers[key] = len(nodes)
            nodes.append(row)
        return numbers[key]

    rows = [{"ranges": layout["ranges"], "root": number(_expand(layout["tree"]))} for layout in layouts]
    return {"nodes": nodes, "layouts": rows}


def _expand(node: list) -> list:
    """A compact node with its dropped defaults restored: `[type, name, version, isArray, flags, children]`."""
    full = list(node) + list(_DEFAULTS[len(node):])
    full[5] = [_expand(child) for child in full[5]]
    return full


def write(out: Path, index: dict, tables: dict[str, list[dict]]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json.gz"):
        old.unlink()
    for name, layouts in tables.items():
        data = json.dumps(intern(layouts), separators=(",", ":")).encode()
        (out / f"{name}.json.gz").write_bytes(gzip.compress(data, 9, mtime=0))
    (out / "index.json").write_text(json.dumps(index, separators=(",", ":"), sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dumps", type=Path, help="TypeTreeDumps git dir or checkout")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "core/typetree/data")
    parser.add_argument("--since", default="5.0", help="oldest Unity stream (major.minor) to include")
    args = parser.parse_args(argv)
    major, minor = (int(p) for p in args.since.split("."))
    index, tables = derive(_git_dir(args.dumps), (major, minor))
    write(args.out, index, tables)
    total = sum(len(v) for v in tables.values())
    print(f"{len(index['versions'])} versions, {len(tables)} classes, {total} layouts -> {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
