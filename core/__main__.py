"""`python -m unitycli` runs the same entry as the console script.

`-m` puts the working directory first on `sys.path`; it is removed before anything else is imported, so a
project folder's own `pluggy.py` (or any module) never shadows ours.
"""

import os as _os
import sys as _sys


def _strip_working_directory() -> None:
    try:
        cwd = _os.path.realpath(_os.getcwd())
    except OSError:
        cwd = None
    keep = []
    for entry in _sys.path:
        if entry in ("", "."):
            continue
        if cwd is not None:
            try:
                if _os.path.realpath(entry) == cwd:
                    continue
            except (OSError, ValueError):
                pass
        keep.append(entry)
    _sys.path[:] = keep


_strip_working_directory()

from unitycli.cli.entry import main  # noqa: E402 - only after the working directory is off sys.path

main()
