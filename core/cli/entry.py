"""The console script: answer cached discovery commands before importing anything heavy.

Before anything else is imported, `sys.path` loses every entry a working directory chooses: `python
-m unitycli` run inside a project puts that folder first, and a relative `PYTHONPATH` entry (`Assets`, `src`,
`..`) names a folder of whatever project the command runs in; either way a project's own `pydantic/` or `json.py`
would be imported instead of ours. This module imports only `os` and `sys` (no `from __future__`), because until
the entries are gone any import may come from the project.

What cannot be guarded here: modules Python imports before any of our code runs (its start-up, `.pth` files, and
the `re` import of pip's console-script wrapper) are found through a relative `PYTHONPATH` too; only an absolute
`PYTHONPATH` (or `python -I`) avoids that.
"""

import os
import sys


def _untrusted_places(environ: os._Environ[str] | dict[str, str]) -> set[str]:
    """The working directory and where each relative `PYTHONPATH` entry points from it, resolved."""
    places: set[str] = set()
    try:
        places.add(os.path.realpath(os.getcwd()))
    except OSError:  # a deleted working directory
        return places
    if sys.flags.ignore_environment:  # -E / -I: Python did not read PYTHONPATH
        return places
    for item in environ.get("PYTHONPATH", "").split(os.pathsep):
        if item and not os.path.isabs(item):
            try:
                places.add(os.path.realpath(item))
            except (OSError, ValueError):
                continue
    return places


def strip_working_directory(path: list[str] | None = None,
                            environ: os._Environ[str] | dict[str, str] | None = None) -> None:
    """Remove from `sys.path`, in place: '' and every other relative entry, the working directory however spelled,
    and the folders relative `PYTHONPATH` entries name. Absolute `PYTHONPATH` entries stay (a person chose them)."""
    entries = sys.path if path is None else path
    untrusted = _untrusted_places(os.environ if environ is None else environ)
    keep = []
    for entry in entries:
        if not entry or not os.path.isabs(entry):  # '' and '.' mean the working directory, `src` a folder in it
            continue
        try:
            if os.path.realpath(entry) in untrusted:
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

    try:
        full_main()
    finally:
        import gc  # built in: never found on sys.path

        # The process ends here, and Python's last full collection at exit would walk every object the call kept
        # (a 64 MB scene's model: a tenth of a second) to free memory the exit frees anyway.
        gc.freeze()
