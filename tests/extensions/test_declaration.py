"""Extensions declare their tools as the built-ins do: each spec names its handler and models by import path (in a
`specs` module), so building the registry imports none of an extension's tool modules and running one tool imports
that tool's module alone.

Generic over whatever extensions are installed, read from the registry: every spec an extension registers is
checked, so a new extension (or a spec written with objects) is held to the convention without a list here.
Each check runs in a fresh interpreter, where `sys.modules` shows what registration and one call really imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from unitycli.testing import copy_fixture_project
from unitycli.toolspec import LAZY_FIELDS

TOOL = "urp.get-pipeline"  # one extension tool, run on chicken-defense (URP 14.0.9)

# What the full registry build leaves imported: per extension tool, its raw field values' kinds and module paths
# (read from the spec's own slots, so nothing is imported by looking), and which of those modules are loaded.
_REGISTRY = f"""
import json, sys
from pathlib import Path
from unitycli.host.session import Session

LAZY_FIELDS = {LAZY_FIELDS!r}
session = Session(project_arg=sys.argv[1], cwd=Path(sys.argv[1]))
tools = {{}}
for name, tool in session.registry.tools.items():
    if tool.owner.kind != "extension":
        continue
    raw = {{label: vars(tool.spec)["_" + label] for label in LAZY_FIELDS}}
    modules = {{label: value.partition(":")[0] if isinstance(value, str) else value.__module__
               for label, value in raw.items()}}
    tools[name] = {{"distribution": tool.owner.distribution,
                   "byPath": sorted(label for label, value in raw.items() if isinstance(value, str)),
                   "modules": modules}}
print(json.dumps({{"tools": tools, "loaded": sorted(sys.modules)}}))
"""

# One `tools run` of TOOL through the CLI, as a user runs it: the extension modules it leaves imported.
_RUN = f"""
import json, sys
from unitycli.cli.main import run

out = run(["tools", "run", {TOOL!r}, "--json", "--project", sys.argv[1], "--input", "{{}}"])
assert out.exit_code == 0, out.envelope
print(json.dumps(sorted(sys.modules)))
"""


def _child(code: str, root: Path, home: Path) -> object:
    env = {k: v for k, v in os.environ.items() if k != "UNITYCLI_DISABLE_EXTENSIONS"}
    done = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True,
                          env={**env, "UNITYCLI_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _own(modules: dict[str, str]) -> set[str]:
    """The modules a spec names inside its own extension (a model it takes from `unitycli.api` is the core's)."""
    package = modules["handler"].split(".")[0]
    return {m for m in modules.values() if m.split(".")[0] == package}


@dataclass
class Built:
    root: Path
    home: Path
    tools: dict[str, Any]  # extension tool name -> {distribution, byPath, modules}
    loaded: set[str]  # sys.modules after the build


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The full registry, built once in a fresh interpreter with its own unitycli home."""
    root = copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("declaration"))
    home = tmp_path_factory.mktemp("declaration-home")
    answer = _child(_REGISTRY, root, home)
    assert isinstance(answer, dict)
    return Built(root, home, answer["tools"], set(answer["loaded"]))


def test_registering_every_extension_imports_none_of_their_tool_modules(built: Built) -> None:
    by_path = built.tools
    assert TOOL in by_path, sorted(built.tools)  # the extensions are installed and registered
    assert {t["distribution"] for t in by_path.values()} >= {
        "unitycli-cinemachine", "unitycli-hdrp", "unitycli-probuilder", "unitycli-urp", "unitycli-vfx"}
    not_by_path = {name: t["byPath"] for name, t in by_path.items() if t["byPath"] != sorted(LAZY_FIELDS)}
    assert not_by_path == {}, "these specs hold objects, not import paths (declare them in the extension's specs)"
    imported = {name: sorted(_own(t["modules"]) & built.loaded) for name, t in by_path.items()}
    assert {name: mods for name, mods in imported.items() if mods} == {}


def test_running_one_extension_tool_imports_only_its_own_tool_module(built: Built) -> None:
    handlers = {t["modules"]["handler"] for t in built.tools.values()}
    loaded = _child(_RUN, built.root, built.home)
    assert isinstance(loaded, list)
    assert handlers & set(loaded) == {built.tools[TOOL]["modules"]["handler"]}

