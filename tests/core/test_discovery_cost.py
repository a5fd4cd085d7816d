"""A discovery listing costs names, not schemas: `tools group`, `tools group list` and `tools search` build no JSON
Schema and import no tool's handler or model module; `tools describe` builds the schemas of the one tool asked for;
the MCP `tools/list` builds input schemas for the tools it may list, and no output schema.

Run in a fresh interpreter on a URP project with every installed extension (so availability is computed for the
extension tools too), with empty caches. The modules each tool's spec names by path are read from the spec's own
slots (looking does not import them); every tool of every owner is checked, so a new tool is held without a list.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.fixturepaths import fixture_project
from unitycli.testing import copy_fixture_project
from unitycli.toolspec import LAZY_FIELDS

LISTINGS = (("tools", "group"), ("tools", "group", "list", "asset"), ("tools", "group", "list", "urp"),
            ("tools", "search", "mesh|scene|camera"))
DESCRIBED = "urp.get-pipeline"

# Each command through the CLI in one interpreter: the tool modules (handler, models) it newly imported and how many
# JSON Schemas it generated (pydantic's one generator, counted by wrapping its `generate`).
_CHILD = f"""
import json, sys
from pathlib import Path
from pydantic.json_schema import GenerateJsonSchema
from unitycli.cli.main import run
from unitycli.host.session import Session

generated = []
original = GenerateJsonSchema.generate
def counting(self, *args, **kwargs):
    generated.append(1)
    return original(self, *args, **kwargs)
GenerateJsonSchema.generate = counting

root = sys.argv[1]
session = Session(project_arg=root, cwd=Path(root))
named = {{}}  # tool -> the modules its spec names by path
for name, tool in session.registry.tools.items():
    raw = [vars(tool.spec)["_" + label] for label in {LAZY_FIELDS!r}]
    named[name] = sorted({{value.partition(":")[0] for value in raw if isinstance(value, str)}})
answers = []
for argv in json.loads(sys.argv[2]):
    before, schemas = set(sys.modules), len(generated)
    out = run([*argv, "--json", "--project", root])
    assert out.exit_code == 0, out.envelope
    new = set(sys.modules) - before
    answers.append({{"argv": argv, "schemas": len(generated) - schemas,
                    "imported": {{tool: [m for m in mods if m in new] for tool, mods in named.items()
                                  if any(m in new for m in mods)}},
                    "tools": len(named)}})
print(json.dumps(answers))
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ...], dict]:
    root = copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("discovery"))
    home = tmp_path_factory.mktemp("discovery-home")
    env = {k: v for k, v in os.environ.items() if k != "UNITYCLI_DISABLE_EXTENSIONS"}
    commands = [list(argv) for argv in LISTINGS] + [["tools", "describe", DESCRIBED]]
    done = subprocess.run([sys.executable, "-c", _CHILD, str(root), json.dumps(commands)], capture_output=True,
                          text=True, env={**env, "UNITYCLI_HOME": str(home), "UNITYCLI_RESIDENT": "off"})
    assert done.returncode == 0, done.stderr
    return {tuple(a["argv"]): a for a in json.loads(done.stdout.strip().splitlines()[-1])}


@pytest.mark.parametrize("argv", LISTINGS, ids=" ".join)
def test_a_listing_builds_no_schema_and_imports_no_tool_module(answers, argv):
    answer = answers[argv]
    assert answer["tools"] > 100  # the built-ins and the installed extensions were registered
    assert (answer["schemas"], answer["imported"]) == (0, {})


def test_describe_builds_the_schemas_of_the_one_tool_it_describes(answers):
    answer = answers[("tools", "describe", DESCRIBED)]
    assert answer["schemas"] == 2  # its input and output
    assert list(answer["imported"]) == [DESCRIBED]


# The MCP surface of a project that cannot run every tool: whose schemas it built (each tool spec's own two calls).
_MCP_CHILD = """
import json, sys
from unitycli.host.session import Session
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy
from unitycli.toolspec import ToolSpec

built = {"input": [], "output": []}
def counting(kind, original):
    def schema(self):
        built[kind].append(self.name)
        return original(self)
    return schema
ToolSpec.input_schema = counting("input", ToolSpec.input_schema)
ToolSpec.output_schema = counting("output", ToolSpec.output_schema)

surface = ToolSurface.build(Session(project_arg=sys.argv[1]), ListPolicy())
print(json.dumps({**built, "tools": len(surface.heads),
                  "runnable": sorted(h.name for h in surface.heads if h.available is True)}))
"""


def test_the_mcp_list_builds_input_schemas_of_the_tools_it_may_list_only(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "UNITYCLI_DISABLE_EXTENSIONS"}
    done = subprocess.run([sys.executable, "-c", _MCP_CHILD, str(fixture_project("physics-samples"))],
                          capture_output=True, text=True, env={**env, "UNITYCLI_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert 0 < len(answer["runnable"]) < answer["tools"]  # some tools need packages this project lacks
    assert sorted(answer["input"]) == answer["runnable"]  # each once
    assert answer["output"] == []
