"""The console script: answer cached discovery commands before importing anything heavy.

Before anything else is imported, the working directory is taken off `sys.path` (DESIGN §7.3): `python -m
unitycli` run inside a project puts that folder first, so a project's own `pluggy.py` or `pydantic/` would be
imported instead of ours.
"""

from __future__ import annotations

import os
import sys


def strip_working_directory(path: list[str] | None = None) -> None:
    """Remove '' and the current working directory (however spelled) from `sys.path`, in place."""
    entries = sys.path if path is None else path
    try:
        cwd = os.path.realpath(os.getcwd())
    except OSError:  # a deleted working directory
        cwd = None
    keep = []
    for entry in entries:
        if entry in ("", "."):
            continue
        if cwd is not None:
            try:
                if os.path.realpath(entry) == cwd:
                    continue
            except (OSError, ValueError):
                pass
        keep.append(entry)
    entries[:] = keep


def main() -> None:
    strip_working_directory()
    # Pydantic runs every installed `pydantic` entry-point plugin on each model it builds: code of other packages
    # in our process, and a metadata scan on every call. unitycli uses none.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from unitycli.cli import fastpath

    if fastpath.try_serve(sys.argv[1:]):
        raise SystemExit(0)
    from unitycli.cli.main import main as full_main

    full_main()
