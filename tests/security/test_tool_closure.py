"""Approval covers every byte that runs (issue 29, item 2), on the installed (non-editable) unitycli.

An approved project tool whose sibling helper is a link to a file outside the project, or whose helper package
`.unitycli/tools/lib` is a link to a folder outside it, never runs that code: approving the tool refuses (naming
the link) and approves nothing, a link that replaces an approved helper blocks the tool before any of it runs,
and an import the static closure cannot see (a computed module name) is refused by the import guard. Approving a
tool approves the closure it imports, and the result shows each file with the tool that imports it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.security.helpers import Venv, canary, sample_project

TOOL = '''{preamble}
import importlib
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
{body}


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name="team.value", title="Value", summary="A helper's value.", description="A team tool.",
                      input_model=In, output_model=Out, handler=handler, examples=({{}},)))
'''


def _tool(body: str, preamble: str = "") -> str:
    return TOOL.format(preamble=preamble, body="\n".join("    " + line for line in body.splitlines()))


@pytest.fixture
def venv(installed_core: Venv) -> Venv:  # noqa: F811
    return installed_core


@pytest.fixture
def project(tmp_path) -> tuple[Path, Path, Path]:
    """(root, tools folder, a folder outside the project holding code nobody approved)."""
    root = sample_project(tmp_path)
    tools = root / ".unitycli" / "tools"
    (tools / "garden_report.py").unlink()
    outside = tmp_path / "outside"
    outside.mkdir()
    return root, tools, outside


def _run(venv: Venv, root: Path) -> tuple[int, dict]:
    return venv.unitycli("tools", "run", "team.value", "--project", str(root))


def _approve(venv: Venv, root: Path, *files: str) -> tuple[int, dict]:
    return venv.unitycli("tools", "approve", *files, "--project", str(root))


def test_approving_a_tool_whose_sibling_helper_links_outside_approves_nothing(venv, project, tmp_path):
    root, tools, outside = project
    marker = tmp_path / "marker"
    (outside / "helper.py").write_text(canary(marker) + "VALUE = 1\n")
    (tools / "helper.py").symlink_to(outside / "helper.py")
    (tools / "team.py").write_text(_tool("from helper import VALUE\nreturn Out(value=VALUE)"))
    code, env = _approve(venv, root, "team.py")
    assert code == 1, env
    error = env["error"]
    assert error["code"] == "E_PATH_OUTSIDE_PROJECT", env
    assert error["details"]["imports"] == ".unitycli/tools/helper.py"
    code, env = venv.unitycli("tools", "approvals", "--project", str(root))
    assert {f["file"]: f["status"] for f in env["result"]["files"]} == {
        ".unitycli/tools/helper.py": "refused", ".unitycli/tools/team.py": "untrusted"}
    code, env = _run(venv, root)
    assert code == 1, env
    assert not marker.exists(), "the linked helper ran"


def test_a_helper_replaced_by_a_link_after_approval_blocks_the_whole_tool(venv, project, tmp_path):
    root, tools, outside = project
    marker, tool_ran = tmp_path / "marker", tmp_path / "tool-ran"
    (tools / "helper.py").write_text("VALUE = 1\n")
    (tools / "team.py").write_text(_tool("from helper import VALUE\nreturn Out(value=VALUE)",
                                         preamble=canary(tool_ran)))
    code, env = _approve(venv, root, "team.py")
    assert code == 0, env
    code, env = _run(venv, root)
    assert code == 0 and env["result"]["output"] == {"value": 1}, env
    tool_ran.unlink()
    (outside / "helper.py").write_text(canary(marker) + "VALUE = 2\n")
    (tools / "helper.py").unlink()
    (tools / "helper.py").symlink_to(outside / "helper.py")
    code, env = _run(venv, root)
    assert not marker.exists(), "the linked helper ran"
    assert not tool_ran.exists(), "the tool ran although its closure holds a link"
    assert code == 1, env
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT", env
    assert ".unitycli/tools/helper.py" in env["error"]["message"]


@pytest.mark.parametrize("dynamic", [False, True])
def test_a_helper_package_folder_linked_outside_never_runs(venv, project, tmp_path, dynamic):
    root, tools, outside = project
    marker = tmp_path / "marker"
    (outside / "lib").mkdir()
    (outside / "lib" / "__init__.py").write_text(canary(marker) + "VALUE = 3\n")
    (outside / "lib" / "deep.py").write_text(canary(marker) + "VALUE = 4\n")
    (tools / "lib").symlink_to(outside / "lib", target_is_directory=True)
    body = ("name = 'li' + 'b.deep'\nreturn Out(value=importlib.import_module(name).VALUE)" if dynamic
            else "from lib.deep import VALUE\nreturn Out(value=VALUE)")
    (tools / "team.py").write_text(_tool(body))
    code, env = _approve(venv, root, "team.py")
    if dynamic:  # the closure cannot see a computed name: approved, and the guard refuses at import time
        assert code == 0, env
        assert [f["file"] for f in env["result"]["approved"]] == [".unitycli/tools/team.py"]
    else:
        assert code == 1 and env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT", env
        assert env["error"]["details"]["imports"] == ".unitycli/tools/lib"
    code, env = _run(venv, root)
    assert not marker.exists(), "code in the linked folder ran"
    assert code == 1, env
    assert env["error"]["code"] in ("E_PROJECT_TOOL_UNTRUSTED", "E_PATH_OUTSIDE_PROJECT"), env


def test_a_computed_import_of_a_linked_sibling_file_is_refused_by_the_guard(venv, project, tmp_path):
    root, tools, outside = project
    marker = tmp_path / "marker"
    (outside / "helper2.py").write_text(canary(marker) + "VALUE = 5\n")
    (tools / "helper2.py").symlink_to(outside / "helper2.py")
    (tools / "team.py").write_text(_tool("name = 'helper' + str(2)\nreturn Out(value=importlib.import_module(name).VALUE)"))
    code, env = _approve(venv, root, "team.py")
    assert code == 0, env
    code, env = _run(venv, root)
    assert not marker.exists(), "the linked helper ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT", env


def test_approving_a_tool_approves_and_shows_the_closure_it_imports(venv, project, tmp_path):
    root, tools, _outside = project
    (tools / "helper.py").write_text("from lib import BASE\nVALUE = BASE + 1\n")
    (tools / "lib").mkdir()
    (tools / "lib" / "__init__.py").write_text("from .numbers import BASE\n")
    (tools / "lib" / "numbers.py").write_text("BASE = 41\n")
    (tools / "unused.py").write_text("raise SystemExit('never imported')\n")
    (tools / "team.py").write_text(_tool("from helper import VALUE\nreturn Out(value=VALUE)"))
    code, env = _approve(venv, root, ".unitycli/tools/team.py")
    assert code == 0, env
    assert [(f["file"], f["importedBy"]) for f in env["result"]["approved"]] == [
        (".unitycli/tools/team.py", None),
        (".unitycli/tools/helper.py", ".unitycli/tools/team.py"),
        (".unitycli/tools/lib/__init__.py", ".unitycli/tools/team.py"),
        (".unitycli/tools/lib/numbers.py", ".unitycli/tools/team.py")]
    code, env = venv.unitycli("tools", "approvals", "--project", str(root))
    [team] = [f for f in env["result"]["files"] if f["file"] == ".unitycli/tools/team.py"]
    assert team["imports"] == [".unitycli/tools/helper.py", ".unitycli/tools/lib/__init__.py",
                               ".unitycli/tools/lib/numbers.py"]
    assert team["problem"] is None
    code, env = _run(venv, root)
    assert code == 0, env
    assert env["result"]["output"] == {"value": 42}
    # A change to a file of the closure blocks the tool, named by that file, until it is approved again.
    (tools / "lib" / "numbers.py").write_text("BASE = 0\n")
    code, env = _run(venv, root)
    assert code == 1, env
    assert env["error"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH", env
    assert env["error"]["details"]["file"] == ".unitycli/tools/lib/numbers.py"
    assert env["error"]["details"]["importedBy"] == ".unitycli/tools/team.py"
    code, env = _approve(venv, root, "team.py")
    assert [f["file"] for f in env["result"]["approved"] if f["previous"] != f["digest"]] == [
        ".unitycli/tools/lib/numbers.py"]
    code, env = _run(venv, root)
    assert code == 0 and env["result"]["output"] == {"value": 1}, env


def test_a_fifo_in_the_closure_is_refused_without_hanging(venv, project):
    root, tools, _outside = project
    os.mkfifo(tools / "pipe.py")
    (tools / "team.py").write_text(_tool("from pipe import VALUE\nreturn Out(value=VALUE)"))
    code, env = _approve(venv, root, "team.py")
    assert code == 1, env
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT", env
    shutil.rmtree(tools)


def test_a_tools_folder_that_is_itself_a_link_outside_runs_nothing(venv, project, tmp_path):
    root, tools, outside = project
    marker = tmp_path / "marker"
    (outside / "team.py").write_text(_tool("from helper import VALUE\nreturn Out(value=VALUE)",
                                           preamble=canary(marker)))
    (outside / "helper.py").write_text(canary(marker) + "VALUE = 6\n")
    shutil.rmtree(tools)
    tools.symlink_to(outside, target_is_directory=True)
    code, env = _approve(venv, root, "team.py")
    assert code == 1 and env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT", env
    code, env = _run(venv, root)
    assert code != 0, env  # its tools are never registered
    assert not marker.exists(), "code in the linked tools folder ran"
