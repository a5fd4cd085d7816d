"""A built-in plugin raises only core codes and its own: a lazily loaded call imports only the owning plugin, so a
code declared by another plugin's `unitycli_error_codes` hook would be unknown there and surface as E_INTERNAL."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from unitycli.errors import _SPECS
from unitycli.host.plugin_loader import BUILTIN_PLUGINS

CODE = re.compile(r"""["'](E_[A-Z0-9_]+)["']""")
CORE = {spec.code for spec in _SPECS}


def _own_codes(module_name: str) -> set[str]:
    module = importlib.import_module(module_name)
    hook = getattr(module, "unitycli_error_codes", None)
    return {spec.code for spec in hook()} if hook is not None else set()


def _sources(module_name: str) -> list[Path]:
    module = importlib.import_module(module_name)
    path = Path(module.__file__)
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def test_every_code_a_builtin_plugin_names_is_the_cores_or_its_own():
    strays = {}
    for name in BUILTIN_PLUGINS:
        allowed = CORE | _own_codes(name)
        for source in _sources(name):
            named = set(CODE.findall(source.read_text(encoding="utf-8")))
            if named - allowed:
                strays[str(source)] = sorted(named - allowed)
    assert strays == {}


def test_the_check_sees_a_code_of_another_plugin():
    """The check can fail: the settings plugin does not declare the prefab plugin's override code."""
    assert "E_PREFAB_OVERRIDE_NOT_FOUND" not in CORE | _own_codes("unitycli.plugins.settings")
    assert "E_PREFAB_OVERRIDE_NOT_FOUND" in _own_codes("unitycli.plugins.prefabs")
