"""Compare the keys that two sets of Unity YAML files write per class: the evidence that a version writes the same
layout as a verified one (manifests/<id>.evidence.md).

Usage: python scripts/document_keys.py --a <files of the verified version...> --b <files of the candidate...>
       [--git-dir <repo> --commit <sha>]   (then --b paths are read from that commit, no checkout needed)

For every document the class is its class ID, plus the script GUID for a MonoBehaviour, and its keys are the
nested key paths (`m_Value`, `threshold.m_OverrideState`, list items as `[]`). A class present on both sides is
reported `same` when the union of its key paths is equal, else with the paths only one side has. A class in only
one side's files is listed as such (the files simply do not hold it; that is no evidence either way).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Any

from unitycli.unityyaml import UnityYamlFile


def _paths(value: Any, prefix: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            out.add(path)
            out |= _paths(item, path)
    elif isinstance(value, list):
        for item in value:
            out |= _paths(item, f"{prefix}[]")
    return out


def class_keys(texts: list[tuple[str, bytes]]) -> dict[str, set[str]]:
    """Key paths per class over every document of the given (name, text) files."""
    found: dict[str, set[str]] = {}
    for name, text in texts:
        try:
            yaml = UnityYamlFile.parse(text, name)
        except Exception as exc:  # a file this tool cannot parse is named, not fatal
            print(f"skipped {name}: {exc}", file=sys.stderr)
            continue
        for doc in yaml.documents:
            body = doc.to_python()
            script = body.get("m_Script")
            guid = getattr(script, "guid", None) or (script.get("guid") if isinstance(script, dict) else None)
            key = f"{doc.class_id}" + (f":{guid}" if guid else "")
            found.setdefault(key, set()).update(_paths(body))
    return found


def _read(paths: list[str], git_dir: str | None, commit: str | None) -> list[tuple[str, bytes]]:
    if git_dir is None:
        return [(p, Path(p).read_bytes()) for p in paths]
    return [(p, subprocess.run(["git", f"--git-dir={git_dir}", "show", f"{commit}:{p}"], check=True,
                               capture_output=True).stdout) for p in paths]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", nargs="+", required=True)
    parser.add_argument("--b", nargs="+", required=True)
    parser.add_argument("--git-dir")
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args(argv)
    a = class_keys(_read(args.a, None, None))
    b = class_keys(_read(args.b, args.git_dir, args.commit))
    differ = 0
    for cls in sorted(set(a) | set(b)):
        if cls not in a or cls not in b:
            print(f"{cls}: only in {'a' if cls in a else 'b'}")
            continue
        only_a, only_b = sorted(a[cls] - b[cls]), sorted(b[cls] - a[cls])
        if only_a or only_b:
            differ += 1
            print(f"{cls}: differs; only a: {only_a[:12]}; only b: {only_b[:12]}")
        else:
            print(f"{cls}: same ({len(a[cls])} key paths)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
