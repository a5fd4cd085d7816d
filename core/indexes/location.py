"""Where a project's index cache lives.

Unity's own caches live in `<project>/Library/`, which is per-checkout, never committed and deleted by "reimport
all", so ours goes there too. A project without a writable Library (never opened in Unity, a read-only checkout,
the test fixtures) gets a folder in the user cache directory keyed by its instance id, so two checkouts of one
repository never share a cache.

The Library folder comes with the repository, so it is not trusted blindly: a `Library`, `Library/unitycli` or
`index-v<N>` that is a symbolic link (it would put the cache, and every write sqlite makes, wherever it points), or a
cache file in it that is a link, FIFO or anything but a regular file, sends the cache to the user cache directory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from unitycli.indexes.store import DB_NAME, FORMAT_VERSION, SIDECARS
from unitycli.project.identity import instance_id_for
from unitycli.project.userdata import user_cache_dir
from unitycli.safefs import open_dir_path

# One folder per format version: two unitycli versions used on one project (or one fixture shared by checkouts of
# different versions) each keep their own cache instead of discarding the other's on every open.
CACHE_FOLDER = f"index-v{FORMAT_VERSION}"
LOCK_NAME = "build.lock"
_LIBRARY = ("Library", "unitycli", CACHE_FOLDER)
_FILES = (LOCK_NAME, DB_NAME, f"{DB_NAME}.{os.getpid()}.tmp", *(DB_NAME + suffix for suffix in SIDECARS))


def _usable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def _library_folder(project_root: Path) -> Path | None:
    """`Library/unitycli/index-v<FORMAT_VERSION>`, created, when Library is a real writable folder and nothing there is a link."""
    try:
        fd, _ = open_dir_path(project_root, _LIBRARY[:1])
        os.close(fd)
        if not os.access(project_root / "Library", os.W_OK | os.X_OK):
            return None
        fd, _ = open_dir_path(project_root, _LIBRARY, create=True)
    except OSError:  # absent, a link, not a folder, not writable
        return None
    try:
        for name in _FILES:
            try:
                mode = os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode
            except FileNotFoundError:
                continue
            if not stat.S_ISREG(mode):
                return None
        if not os.access(".", os.W_OK | os.X_OK, dir_fd=fd):
            return None
    except OSError:
        return None
    finally:
        os.close(fd)
    return project_root.joinpath(*_LIBRARY)


def cache_dir(project_root: Path) -> Path | None:
    """The cache folder, created; None when neither place is writable (the index then lives in memory)."""
    folder = _library_folder(project_root)
    if folder is not None:
        return folder
    folder = user_cache_dir() / "indexes" / instance_id_for(project_root) / CACHE_FOLDER
    return folder if _usable(folder) else None
