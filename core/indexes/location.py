"""Where a project's index cache lives.

Unity's own caches live in `<project>/Library/`, which is per-checkout, never committed and deleted by "reimport
all", so ours goes there too. A project without a writable Library (never opened in Unity, a read-only checkout,
the test fixtures) gets a folder in the user cache directory keyed by its instance id, so two checkouts of one
repository never share a cache.
"""

from __future__ import annotations

import os
from pathlib import Path

from unitycli.project.identity import instance_id_for
from unitycli.project.userdata import user_cache_dir

CACHE_FOLDER = "index-v1"


def _usable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def cache_dir(project_root: Path) -> Path | None:
    """The cache folder, created; None when neither place is writable (the index then lives in memory)."""
    library = project_root / "Library"
    if library.is_dir() and os.access(library, os.W_OK | os.X_OK):
        folder = library / "unitycli" / CACHE_FOLDER
        if _usable(folder):
            return folder
    folder = user_cache_dir() / "indexes" / instance_id_for(project_root) / CACHE_FOLDER
    return folder if _usable(folder) else None
