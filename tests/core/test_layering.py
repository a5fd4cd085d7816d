"""The core's packages form layers, read from the sources with `ast`: nothing imports upward, no cycle, and
only the host touches the loader's internals.

Layers, lowest first (a module belongs to the longest prefix that names it; every core module no layer names is
in the model layer at the bottom). A module may import its own layer and any layer below, never one above:

- model: YAML, scenes, type trees, transaction, project selection, errors: what tools are built from;
- stores: the project's and user's unitycli files (config, lock, approvals), read by the host, written by the
  extension manager;
- host: hookspecs, loading, trust, the registry, manifests, availability, integrity, the session;
- manager: installing, syncing, doctoring extensions (it asks the host what is installed and loads in a child);
- plugins: the built-in tools, registered through the host's hooks like any extension;
- entries: the runner and everything that serves a request (CLI, MCP, batch, docs, the extension API).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("model", ()),
    ("stores", ("unitycli.extension_manager.config", "unitycli.extension_manager.lock",
                "unitycli.extension_manager.approvals", "unitycli.extension_manager.tomlfile")),
    ("host", ("unitycli.host",)),
    ("manager", ("unitycli.extension_manager",)),
    ("plugins", ("unitycli.plugins",)),
    ("entries", ("unitycli.runner", "unitycli.search", "unitycli.batch", "unitycli.mcp", "unitycli.contract",
                 "unitycli.cli", "unitycli.testing", "unitycli.testing_actions", "unitycli.api", "unitycli.__main__")),
)

# The host's loading machinery: the plugin manager, the verified importer, the compiled map and what it depends
# on, and the project's tool setup. Everything else asks the session (or the host's public modules).
LOADER_INTERNALS = ("unitycli.host.plugin_loader", "unitycli.host.verified_import", "unitycli.host.registry_index",
                    "unitycli.host.project_setup", "unitycli.host.discovery_deps", "unitycli.host.checks")

SOURCES = {"unitycli": REPO_ROOT / "core", "unitycli.plugins": REPO_ROOT / "plugins"}


@cache
def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in SOURCES.items():
        for path in folder.rglob("*.py"):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join([package, *parts])] = path
    return found


def _type_only_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside.update(id(n) for n in ast.walk(node))
    return inside


@cache
def imports() -> dict[str, tuple[tuple[str, bool], ...]]:
    """Each module's imports of our modules (wherever they are written, in functions too), with whether the
    import is for type checking only. `from a import b` names `a.b` when that is a module."""
    known = modules()
    found: dict[str, tuple[tuple[str, bool], ...]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        type_only = _type_only_nodes(tree)
        targets: list[tuple[str, bool]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                         for a in node.names]
            else:
                continue
            targets += [(t, id(node) in type_only) for t in names if t.startswith("unitycli.") and t in known]
        found[name] = tuple(targets)
    return found


def layer_of(module: str) -> int:
    best, best_length = 0, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    return best


def unit_of(module: str) -> str:
    """The package (or top-level module) a module belongs to, with the stores as their own units."""
    for prefix in LAYERS[1][1]:
        if module == prefix or module.startswith(prefix + "."):
            return prefix
    return ".".join(module.split(".")[:2])  # the built-in plugins are one unit: their tools share helpers


def test_the_sources_are_found():
    assert "unitycli.host.session" in modules() and "unitycli.plugins.scenes.specs" in modules()
    assert any(target == "unitycli.host.session" for target, _ in imports()["unitycli.runner"])


def test_nothing_imports_a_higher_layer():
    upward = [f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
              for module, targets in imports().items() for target, _ in targets
              if layer_of(target) > layer_of(module)]
    assert not upward, "\n".join(sorted(set(upward)))


def _cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in list(edges):
        if node not in index:
            visit(node)
    return found


def test_no_cycle_between_packages():
    edges: dict[str, set[str]] = defaultdict(set)
    for module, targets in imports().items():
        for target, type_only in targets:
            if not type_only and unit_of(target) != unit_of(module):
                edges[unit_of(module)].add(unit_of(target))
    cycles = [sorted(c) for c in _cycles(edges)]
    assert not cycles, f"import cycles between packages: {cycles}"


@pytest.mark.parametrize("internal", LOADER_INTERNALS)
def test_only_the_host_imports_loader_internals(internal):
    users = sorted({module for module, targets in imports().items() for target, _ in targets
                    if target == internal and not module.startswith("unitycli.host.")})
    assert not users, f"{internal} is imported outside unitycli.host by {users}"


def test_the_cycle_check_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert layer_of("unitycli.extension_manager.lock") < layer_of("unitycli.host.session") \
        < layer_of("unitycli.extension_manager.installer") < layer_of("unitycli.cli.main")
