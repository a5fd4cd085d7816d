"""Whether the files a cached answer depended on are as they were: (path, mtime_ns, size) per file.

Shared by the discovery fast path and the compiled tool map, with where each keeps its files; stdlib only,
because the fast path's whole point is start-up time. `ENV_KEYS` are the environment variables that change
what either cache would answer.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_KEYS = ("UNITYCLI_DISABLE_EXTENSIONS", "UNITYCLI_HOME", "PYTHONPATH")


def stat_entry(path: str) -> list:
    try:
        st = os.stat(path)
    except OSError:
        return [path, None, None]
    return [path, st.st_mtime_ns, st.st_size]


def deps_unchanged(deps: list[list]) -> bool:
    return all(stat_entry(path) == [path, mtime, size] for path, mtime, size in deps)


def cache_dir(kind: str) -> Path:
    """Where one of the caches keeps its files (`discovery`, `registry`), without importing platformdirs: the
    user's unitycli home when set, else the XDG cache folder."""
    home = os.environ.get("UNITYCLI_HOME")
    if home:
        return Path(home) / "cache" / kind
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "unitycli" / kind
