"""A plugin raises only the core's codes and its own, and the core raises only its own.

A code raised as a string is resolved against the catalog of the plugins that ran (`UnityCliError.resolve`): a
lazily loaded call loads only the called tool's owner, so another plugin's code would be unknown there and surface
as E_INTERNAL. The core runs under every plugin, so it may name no plugin's code at all.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from unitycli.errors import CORE, ErrorSpec
from unitycli.host.plugin_loader import BUILTIN_PLUGINS

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^E_[A-Z][A-Z0-9_]+$")
EXTENSIONS = sorted(p.parent.name for p in ROOT.glob("extensions/*/unitycli_*/__init__.py"))


def _own_specs(package: str) -> list[ErrorSpec]:
    module = importlib.import_module(package)
    hook = getattr(module, "unitycli_error_codes", None)
    return list(hook()) if hook is not None else []


def _sources(module_name: str) -> list[Path]:
    path = Path(importlib.import_module(module_name).__file__ or "")
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def _named(source: Path) -> set[str]:
    """The codes a file names as strings or as spec names, leaving out spec declarations themselves."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    declared = {id(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args
                and getattr(n.func, "id", None) in ("ErrorSpec", "_spec")}
    names = set()
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) else getattr(node, "id", None)
        if isinstance(text, str) and CODE.match(text) and id(node) not in declared:
            names.add(text)
    return names


def _strays(package: str) -> dict[str, list[str]]:
    allowed = set(CORE) | {spec.code for spec in _own_specs(package)}
    found = {str(s.relative_to(ROOT) if s.is_relative_to(ROOT) else s): sorted(_named(s) - allowed)
             for s in _sources(package)}
    return {path: codes for path, codes in found.items() if codes}


def test_every_code_a_plugin_names_is_the_cores_or_its_own():
    strays = {name: found for name in (*BUILTIN_PLUGINS, *EXTENSIONS) if (found := _strays(name))}
    assert strays == {}


def test_the_core_names_only_its_own_codes():
    named = {str(p.relative_to(ROOT)): sorted(_named(p) - set(CORE)) for p in (ROOT / "core").rglob("*.py")}
    assert {path: codes for path, codes in named.items() if codes} == {}


def test_each_declared_spec_is_the_module_constant_of_its_code():
    for package in (*BUILTIN_PLUGINS, *EXTENSIONS):
        for spec in _own_specs(package):
            errors = importlib.import_module(f"{package}.errors")
            assert getattr(errors, spec.code, None) is spec, (package, spec.code)


def test_the_check_sees_a_code_of_another_plugin():
    """The check can fail: the settings plugin does not declare the prefab plugin's override code."""
    settings = {spec.code for spec in _own_specs("unitycli.plugins.settings")}
    assert "E_PREFAB_OVERRIDE_NOT_FOUND" not in set(CORE) | settings
    assert "E_PREFAB_OVERRIDE_NOT_FOUND" in {spec.code for spec in _own_specs("unitycli.plugins.prefabs")}
