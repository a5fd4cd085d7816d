"""Extensions import one module, `unitycli.api` (and `unitycli.testing` in their tests): a reach past it fails here."""

from __future__ import annotations

import ast
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
