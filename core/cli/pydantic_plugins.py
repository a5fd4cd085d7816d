"""Pydantic's plugin lookup without its metadata scan while plugins are disabled, as the entry point disables them.

With `PYDANTIC_DISABLE_PLUGINS=__all__` pydantic's `get_plugins()` answers no plugins, but the module defining it
(`pydantic.plugin._loader`, imported when the first model's validator is built) imports `importlib.metadata` before
reading the variable, and with it `email`, `zipfile` and `csv`: about 20 ms of CPU on every call, a tenth of a
`tools run`. The stand-in answers `()` while the variable disables plugins (pydantic's own test of it) and otherwise
loads pydantic's module and asks it, so what pydantic does is unchanged either way.
"""

import os
import sys
import types
from collections.abc import Iterable
from typing import Any

LOADER = "pydantic.plugin._loader"
DISABLED = ("__all__", "1", "true")  # the values pydantic's get_plugins reads as "no plugins at all"


def _get_plugins() -> Iterable[Any]:
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in DISABLED:
        return ()
    plugins: Iterable[Any] = _pydantic_loader().get_plugins()
    return plugins


def _pydantic_loader() -> types.ModuleType:
    """Pydantic's own module, put in the stand-in's place for every later lookup."""
    import importlib

    if sys.modules.get(LOADER) is _STAND_IN:
        del sys.modules[LOADER]
    return importlib.import_module(LOADER)


def _anything_else(name: str) -> Any:
    """Any other name a later pydantic imports from its loader comes from pydantic's own module, so a pydantic
    newer than this stand-in still works (it then pays its scan, as without the stand-in)."""
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    return getattr(_pydantic_loader(), name)


_STAND_IN = types.ModuleType(LOADER, __doc__)
setattr(_STAND_IN, "get_plugins", _get_plugins)  # noqa: B010 (a module built here, not a class)
setattr(_STAND_IN, "__getattr__", _anything_else)  # noqa: B010 (PEP 562: the module's fallback lookup)


def skip_scan_while_disabled() -> None:
    """Stand in for pydantic's loader unless it is already imported (then it has scanned, or will not need to)."""
    sys.modules.setdefault(LOADER, _STAND_IN)
