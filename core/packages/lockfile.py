"""`Packages/packages-lock.json` as typed entries, validated before anything trusts them.

The lock's top level is only `{"dependencies": {...}}`; each entry has `version, depth, source, dependencies`
plus `url` (registry) or `hash` (git) (all 14 fixture locks). A lock that does not have this shape is
treated like a lock that does not parse: `E_PROJECT_FILE_UNREADABLE`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unitycli.errors import UnityCliError

KNOWN_SOURCES = ("registry", "builtin", "git", "local", "embedded")


@dataclass(frozen=True)
class LockEntry:
    name: str
    version: str  # semver, or the git URL / `file:` path for git, local and embedded packages
    depth: int
    source: str
    dependencies: dict[str, str] = field(default_factory=dict)
    url: str | None = None
    hash: str | None = None


def _bad(file: str, problem: str, **details: Any) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_FILE_UNREADABLE",
        f"{file} has an unexpected shape: {problem}",
        details={"file": file, "problem": problem, **details},
        next_actions=[f"git checkout -- {file}"],
        manual_steps=["Open the project in the Unity Editor once so it rewrites the lock file"],
    )


def lock_entries(data: Any, file: str = "Packages/packages-lock.json") -> dict[str, LockEntry]:
    """Validate parsed lock JSON and return its entries by package name, in file order."""
    deps = data.get("dependencies") if isinstance(data, dict) else None
    if not isinstance(deps, dict):
        raise _bad(file, "no `dependencies` object at the top level")
    entries: dict[str, LockEntry] = {}
    for name, entry in deps.items():
        if not isinstance(entry, dict):
            raise _bad(file, f"entry {name!r} is not an object", package=name)
        version, depth, source = entry.get("version"), entry.get("depth"), entry.get("source")
        sub = entry.get("dependencies", {})
        if not isinstance(version, str) or not isinstance(source, str):
            raise _bad(file, f"entry {name!r} lacks a string `version` or `source`", package=name)
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise _bad(file, f"entry {name!r} has no valid `depth`", package=name)
        if not isinstance(sub, dict) or not all(isinstance(v, str) for v in sub.values()):
            raise _bad(file, f"entry {name!r} has invalid `dependencies`", package=name)
        url, hash_ = entry.get("url"), entry.get("hash")
        entries[name] = LockEntry(
            name=name,
            version=version,
            depth=depth,
            source=source,
            dependencies=dict(sub),
            url=url if isinstance(url, str) else None,
            hash=hash_ if isinstance(hash_, str) else None,
        )
    return entries
