"""The console script: answer cached discovery commands before importing anything heavy.

Before anything else is imported, `sys.path` loses every entry a working directory chooses: `python
-m unitycli` run inside a project puts that folder first, and a relative `PYTHONPATH` entry (`Assets`, `src`,
`..`) names a folder of whatever project the command runs in; either way a project's own `pydantic/` or `json.py`
would be imported instead of ours. This module imports only `os` and `sys` (no `from __future__`), because until
the entries are gone any import may come from the project.

Then a cached discovery answer is printed if there is one (`cli.fastpath`), else the call goes to this user's
resident server if one runs and is trusted (`cli.resident_client`, stdlib only; by default it starts one for the
next calls when none answers), else it runs here as always. A `UNITYCLI_RESIDENT` that is not a mode skips both and
runs here, where the CLI reports it.

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
    _hold_collector()
    # Pydantic runs every installed `pydantic` entry-point plugin on each model it builds: code of other packages
    # in our process, and a metadata scan on every call. unitycli uses none.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from unitycli.cli import pydantic_plugins

    pydantic_plugins.skip_scan_while_disabled()  # and so the `importlib.metadata` import pydantic makes to scan
    argv = sys.argv[1:]
    from unitycli.cli import fastpath, resident_wire

    try:
        resident_wire.mode(os.environ)
    except resident_wire.ModeInvalid:  # the full CLI reports it (E_RESIDENT_MODE_INVALID), for every command alike
        run_full(argv)
    if fastpath.try_serve(argv):  # a cached discovery answer costs less than a round trip to the server
        raise SystemExit(0)
    code = _forward(argv)
    if code is not None:
        raise SystemExit(code)
    run_full(argv)


def _forward(argv: list[str]) -> int | None:
    """The exit code of the call run by this user's resident server, or None to run it here (no server, not
    trusted, another version, or anything at all going wrong before the server accepted it)."""
    try:
        from unitycli.cli import resident_client

        return resident_client.forward(argv)
    except Exception:
        return None


_collector_held = False


def _hold_collector() -> None:
    """Start-up imports make tens of thousands of objects that live as long as the process (modules, classes, their
    schemas) and next to no garbage; Python's cyclic collector walking them again and again while they are made costs
    ~15 ms of a call. It is held off until the CLI's modules are imported (`_release_collector`)."""
    global _collector_held
    import gc  # built in: never found on sys.path

    if gc.isenabled():
        gc.disable()
        _collector_held = True


def _release_collector() -> None:
    """The start-up objects frozen out of the collector's sight (it would only walk them again), then the collector
    back on for the command itself, which may make garbage."""
    global _collector_held
    import gc

    if _collector_held:
        _collector_held = False
        gc.freeze()
        gc.enable()


def run_full(argv: list[str]) -> None:
    from unitycli.cli.main import main as full_main

    _release_collector()
    try:
        full_main(argv)
    finally:
        import gc  # built in: never found on sys.path

        # The process ends here, and Python's last full collection at exit would walk every object the call kept
        # (a 64 MB scene's model: a tenth of a second) to free memory the exit frees anyway.
        gc.freeze()
