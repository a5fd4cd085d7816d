"""No project file executes unless approved, whatever imports it.

An approved tool that puts its own folder on sys.path and imports a sibling helper, or a helper package under
`.unitycli/tools/lib/`: the helper runs only when it is itself approved at its current digest (approving the tool
approves the helpers it imports, shown to the person).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.security.helpers import canary, sample_project

TOOL = '''
import os
import sys

from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec

sys.path.insert(0, os.path.dirname(__file__))


class In(ToolInput):
    pass


class Out(ToolOutput):
    value: int


def handler(ctx, request: In) -> Out:
    {import_line}
    return Out(value=VALUE)


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name="team.value", title="Value", summary="A helper's value.", description="A team tool.",
                      input_model=In, output_model=Out, handler=handler, examples=({{}},)))
'''


def cli(root: Path, *args: str) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "-m", "unitycli", "--json", *args, "--project", str(root)],
                          capture_output=True, text=True, timeout=120, cwd="/")
    assert done.stdout, done.stderr
    return done.returncode, json.loads(done.stdout)


def _setup(tmp_path: Path, import_line: str) -> tuple[Path, Path]:
    root = sample_project(tmp_path)
    tools = root / ".unitycli" / "tools"
    (tools / "garden_report.py").unlink()
    (tools / "team.py").write_text(TOOL.format(import_line=import_line))
    return root, tools


def test_a_changed_sibling_helper_never_runs(tmp_path):
    marker = tmp_path / "marker"
    root, tools = _setup(tmp_path, "from helper import VALUE")
    (tools / "helper.py").write_text("VALUE = 1\n")
    for name in ("team.py", "helper.py"):
        code, env = cli(root, "tools", "approve", f".unitycli/tools/{name}")
        assert code == 0, env
    code, env = cli(root, "tools", "run", "team.value")
    assert code == 0, env
    assert env["result"]["output"] == {"value": 1}
    (tools / "helper.py").write_text(canary(marker) + "VALUE = 2\n")
    code, env = cli(root, "tools", "run", "team.value")
    assert not marker.exists(), "the changed helper ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH", env


def test_an_unapproved_module_elsewhere_in_the_project_never_runs(tmp_path):
    marker = tmp_path / "marker"
    root, tools = _setup(tmp_path, "from evil_helper import VALUE")
    (tools / "team.py").write_text((tools / "team.py").read_text().replace(
        "sys.path.insert(0, os.path.dirname(__file__))",
        "sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'Assets'))"))
    (root / "Assets" / "evil_helper.py").write_text(canary(marker) + "VALUE = 3\n")
    code, env = cli(root, "tools", "approve", ".unitycli/tools/team.py")
    assert code == 0, env
    code, env = cli(root, "tools", "run", "team.value")
    assert not marker.exists(), "a project file outside the tools folder ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED", env


def test_a_helper_subpackage_is_approved_with_the_tool_that_imports_it_and_shown(tmp_path):
    """Approving a tool approves the closure it imports, listed with the tool that imports it; a
    change to the helper blocks the tool again before any of it runs."""
    marker = tmp_path / "marker"
    root, tools = _setup(tmp_path, "from lib import VALUE")
    (tools / "lib").mkdir()
    (tools / "lib" / "__init__.py").write_text("VALUE = 4\n")
    code, env = cli(root, "tools", "run", "team.value")
    assert code == 1 and env["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED", env
    code, env = cli(root, "tools", "approve", ".unitycli/tools/team.py")
    assert code == 0, env
    assert [(f["file"], f["importedBy"]) for f in env["result"]["approved"]] == [
        (".unitycli/tools/team.py", None), (".unitycli/tools/lib/__init__.py", ".unitycli/tools/team.py")]
    code, env = cli(root, "tools", "run", "team.value")
    assert code == 0, env
    assert env["result"]["output"] == {"value": 4}
    (tools / "lib" / "__init__.py").write_text(canary(marker) + "VALUE = 5\n")
    code, env = cli(root, "tools", "run", "team.value")
    assert not marker.exists(), "the changed subpackage ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH", env
    assert env["error"]["details"]["importedBy"] == ".unitycli/tools/team.py"


BY_PATH_TOOL = '''
import os
import sys

from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolSpec

sys.path.insert(0, os.path.dirname(__file__))


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name="team.value", title="Value", summary="A helper's value.", description="A team tool.",
                      input_model="team_impl:In", output_model="team_impl:Out", handler="team_impl:handler",
                      examples=({},)))
'''

IMPL = '''
from unitycli.toolspec import ToolInput, ToolOutput


class In(ToolInput):
    pass


class Out(ToolOutput):
    value: int


def handler(ctx, request):
    return Out(value=VALUE)


VALUE = 1
'''


def test_a_by_path_handler_in_a_changed_helper_is_refused_with_the_guards_own_words(tmp_path):
    """A project tool may name its handler by import path; the module is imported on the first call, through the
    same approval guard, and a refusal keeps the guard's message and next actions (not a generic doctor step)."""
    marker = tmp_path / "marker"
    root, tools = _setup(tmp_path, "")
    (tools / "team.py").write_text(BY_PATH_TOOL)
    (tools / "team_impl.py").write_text(IMPL)
    for name in ("team.py", "team_impl.py"):
        code, env = cli(root, "tools", "approve", f".unitycli/tools/{name}")
        assert code == 0, env
    code, env = cli(root, "tools", "run", "team.value")
    assert (code, env["result"]["output"]) == (0, {"value": 1}), env
    (tools / "team_impl.py").write_text(canary(marker) + IMPL.replace("VALUE = 1", "VALUE = 2"))
    code, env = cli(root, "tools", "run", "team.value")
    assert not marker.exists(), "the changed by-path module ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH", env
    assert env["error"]["message"].startswith("project tool .unitycli/tools/team_impl.py changed since it was "
                                              "approved"), env["error"]["message"]  # not "<owner>: E_…: …"
    assert "unitycli extensions doctor" not in " ".join(env["error"]["nextActions"]), env
