"""Extensions import one module, `unitycli.api` (and `unitycli.testing` in their tests): a reach past it fails here,
and so does a third-party import an extension does not declare (pydantic's `Field` comes through the API). The API
holds only names something uses: an export no extension or built-in plugin imports fails too."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import unitycli.api as api
from tests.fixturepaths import REPO_ROOT

EXTENSIONS = REPO_ROOT / "extensions"
ALLOWED = {"unitycli.api"}
ALLOWED_IN_TESTS = {"unitycli.api", "unitycli.testing"}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


PLUGINS = REPO_ROOT / "plugins"
# What an extension's source may import besides the standard library, its own package and `unitycli.api`: only
# `unitycli` is a declared dependency (extensions/*/pyproject.toml); tests also run under pytest and its helpers.
TEST_TOOLS = {"pytest", "hypothesis", "jsonschema"}
SOURCES = sorted(p for p in EXTENSIONS.rglob("*.py") if "build" not in p.relative_to(EXTENSIONS).parts)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(EXTENSIONS)))
def test_extensions_import_only_the_public_api(path: Path):
    allowed = ALLOWED_IN_TESTS if "tests" in path.relative_to(EXTENSIONS).parts else ALLOWED
    leaks = [(line, module) for line, module in _imports(path)
             if (module == "unitycli" or module.startswith("unitycli.")) and module not in allowed]
    assert not leaks, f"{path.relative_to(REPO_ROOT)} reaches past unitycli.api: {leaks}"


def test_every_public_name_exists_and_the_surface_is_versioned():
    assert api.CORE_API_VERSION.count(".") == 1
    missing = [name for name in api.__all__ if not hasattr(api, name)]
    assert not missing
    assert sorted(api.__all__) == sorted(set(api.__all__))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(EXTENSIONS)))
def test_extensions_import_no_undeclared_package(path: Path):
    parts = path.relative_to(EXTENSIONS).parts
    in_tests = "tests" in parts
    own = {d.name for d in (EXTENSIONS / parts[0]).iterdir() if d.is_dir()} | {p.stem for p in path.parent.glob("*.py")}
    undeclared = [(line, module) for line, module in _imports(path)
                  if (top := module.split(".")[0]) not in sys.stdlib_module_names and top != "unitycli"
                  and top not in own and not (in_tests and top in TEST_TOOLS)]
    assert not undeclared, f"{path.relative_to(REPO_ROOT)} imports undeclared packages: {undeclared}"


def test_every_public_name_is_used_by_an_extension_or_a_plugin():
    used = {"CORE_API_VERSION"}  # the surface's own version, read by the loader against each manifest
    for path in [*EXTENSIONS.rglob("*.py"), *PLUGINS.rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "unitycli.api":
                used.update(alias.name for alias in node.names)
    assert sorted(set(api.__all__) - used) == []
