"""Each CLI command is imported only when invoked: `tools run` never imports `docs`, `mcp` or the approvals."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from unitycli.cli.main import cli
tools = cli.get_command(None, "tools")
tools.get_command(None, "run")
print(json.dumps(sorted(m for m in sys.modules if m.startswith("unitycli.cli."))))
"""


def test_invoking_tools_run_imports_only_the_tools_command():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout))
    assert "unitycli.cli.tools_cmd" in loaded
    assert not loaded & {"unitycli.cli.docs_cmd", "unitycli.cli.mcp_cmd", "unitycli.cli.batch_cmd",
                         "unitycli.cli.extensions_cmd", "unitycli.cli.approvals_cmd", "unitycli.cli.doctor_cmd"}


def test_listing_names_loads_nothing_and_walking_the_tree_loads_everything():
    from unitycli.cli.main import COMMANDS, cli

    assert cli.list_commands(None) == sorted(COMMANDS)
    tools = cli.commands["tools"]
    assert {"approve", "deny", "approvals", "run", "describe"} <= set(tools.commands)
    assert set(cli.commands) == set(COMMANDS)
