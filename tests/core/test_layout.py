"""Data flows one way: entries (CLI, MCP, batch) use the core; the core and the other entries never import the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT

CORE = REPO_ROOT / "core"
OUTSIDE_CLI = sorted(p for p in CORE.rglob("*.py") if "cli" not in p.relative_to(CORE).parts
                     and p.name not in ("__main__.py",  # `python -m unitycli` is the CLI entry itself
                                        "testing_actions.py"))  # the test kit parses next actions with the CLI


def _imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


@pytest.mark.parametrize("path", OUTSIDE_CLI, ids=lambda p: str(p.relative_to(CORE)))
def test_nothing_outside_the_cli_imports_the_cli(path: Path):
    cli = sorted(m for m in _imported_modules(path) if m == "unitycli.cli" or m.startswith("unitycli.cli."))
    assert not cli, f"{path.relative_to(REPO_ROOT)} imports {cli}"


def test_the_extension_manager_is_not_named_like_the_distributions_folder():
    assert not (CORE / "extensions").exists() and (CORE / "extension_manager" / "__init__.py").is_file()
