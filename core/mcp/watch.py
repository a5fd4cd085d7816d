"""Notice when the tool set may have changed, cheaply enough to ask every second.

The files a discovery answer depends on (installed code and entry points, the project's package files and
`.unitycli/`, the user's approvals) are the same files the CLI's fast path watches (`Session.dependencies()`). Their
(path, mtime, size) plus those of their folders, so a new file shows up, make a fingerprint; when it moves the
server rebuilds its Session and compares the listing's digest before telling clients anything.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def watched_paths(dependencies: list[str], project_root: Path | None) -> list[str]:
    """The session's dependencies (`Session.dependencies()`) and the folders new code would appear in."""
    files = set(dependencies)
    # The folders of code and of `.unitycli/` too, so a new tool file shows up; not the folders of settings,
    # caches or user data, which ordinary writes and every selection touch.
    files |= {os.path.dirname(f) for f in files if f.endswith((".py", ".toml")) or f"{os.sep}.unitycli" in f}
    if project_root is not None:  # folders that may not exist yet but would hold new project tools or a lock
        files |= {str(project_root / ".unitycli"), str(project_root / ".unitycli" / "tools")}
    return sorted(files)


def fingerprint(paths: list[str]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        try:
            st = os.stat(path)
            digest.update(f"{path}\0{st.st_mtime_ns}\0{st.st_size}\0{st.st_ino}\n".encode())
        except OSError:
            digest.update(f"{path}\0-\n".encode())
    return digest.hexdigest()
