"""Project tools in .unitycli/tools/ run only after approval of their exact bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.extensions.helpers import copy_project
from unitycli.cli.main import run
from unitycli.extension_manager.approvals import approval_digest
from unitycli.host import project_tools
from unitycli.host.session import Session

TOOL = '''
open({canary!r}, "a").write("imported\\n")

from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec


class HelloInput(ToolInput):
    name: str = "world"


class HelloOutput(ToolOutput):
    greeting: str


def hello(ctx, request: HelloInput) -> HelloOutput:
    return HelloOutput(greeting={greeting!r} + request.name)


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name={tool!r}, title="Hello", summary="Greet someone.", description="A team tool.",
                      input_model=HelloInput, output_model=HelloOutput, handler=hello, examples=({{}},)))
'''


@pytest.fixture
def project(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli" / "tools").mkdir(parents=True)
    return root


def _write_tool(root, canary, *, name="team.py", tool="team.hello", greeting="hello "):
    path = root / ".unitycli" / "tools" / name
    path.write_text(TOOL.format(canary=str(canary), tool=tool, greeting=greeting))
    return path


def cli(root, *args):
    outcome = run([*args, "--project", str(root), "--json"])
    return outcome.exit_code, outcome.envelope


def test_approve_run_change_blocked_approve_again_run(project, tmp_path):
    canary = tmp_path / "canary.txt"
    path = _write_tool(project, canary)
    code, env = cli(project, "tools", "run", "team.hello")
    assert env["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    assert env["error"]["nextActions"] == [f"unitycli tools approve .unitycli/tools/team.py --project {project}"]
    assert not canary.exists()

    code, env = cli(project, "tools", "approve", ".unitycli/tools/team.py")
    assert code == 0, env
    digest = approval_digest(".unitycli/tools/team.py", path.read_bytes())
    assert env["result"]["approved"] == [{"file": ".unitycli/tools/team.py", "digest": digest, "previous": None,
                                          "importedBy": None}]
    code, env = cli(project, "tools", "run", "team.hello", "--input", '{"name": "Ada"}')
    assert code == 0, env
    assert env["result"]["output"] == {"greeting": "hello Ada"}
    assert canary.read_text() == "imported\n"

    path.write_bytes(path.read_bytes() + b"# one more byte\n")
    code, env = cli(project, "tools", "run", "team.hello")
    assert code == 1
    error = env["error"]
    assert error["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH"
    assert error["details"]["expected"] == digest
    assert error["details"]["actual"] == approval_digest(".unitycli/tools/team.py", path.read_bytes())
    assert canary.read_text() == "imported\n"  # the changed file was not imported

    code, env = cli(project, "tools", "approve", "team.py")
    assert env["result"]["approved"][0]["previous"] == digest
    code, env = cli(project, "tools", "run", "team.hello")
    assert code == 0, env


def test_unapproved_file_is_never_imported_canary(project, tmp_path):
    canary = tmp_path / "canary.txt"
    _write_tool(project, canary)
    for argv in (["tools", "group"], ["tools", "search", "hello"], ["tools", "describe", "team.hello"],
                 ["extensions", "doctor"], ["extensions", "list"], ["tools", "approvals"], ["doctor"]):
        cli(project, *argv)
    assert not canary.exists()


def test_blocked_files_show_in_discovery_and_doctor_with_digests(project, tmp_path):
    path = _write_tool(project, tmp_path / "canary.txt")
    code, env = cli(project, "tools", "group")
    [problem] = env["result"]["registry"]["problems"]
    assert problem["details"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    assert problem["details"]["details"]["actual"] == approval_digest(".unitycli/tools/team.py", path.read_bytes())
    code, env = cli(project, "extensions", "doctor")
    [check] = [c for c in env["result"]["checks"] if c["name"] == "project-tool:.unitycli/tools/team.py"]
    assert check["status"] == "warn"
    assert check["details"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    cli(project, "tools", "approve", "--all")
    path.write_text(path.read_text() + "\n")
    code, env = cli(project, "extensions", "doctor")
    assert code == 1
    [check] = [c for c in env["result"]["checks"] if c["name"] == "project-tool:.unitycli/tools/team.py"]
    assert check["status"] == "fail"
    assert check["details"]["code"] == "E_PROJECT_TOOL_INTEGRITY_MISMATCH"
    assert check["details"]["expected"] != check["details"]["actual"]


def test_the_bytes_hashed_are_the_bytes_executed(project, tmp_path, monkeypatch):
    path = _write_tool(project, tmp_path / "canary.txt", greeting="approved ")
    approved = path.read_bytes()
    cli(project, "tools", "approve", "team.py")
    # Swap the file on disk right after it is read: what runs must still be the approved bytes.
    real = project_tools._read_no_follow

    def read_then_swap(file):
        data = real(file)
        file.write_text(TOOL.format(canary=str(tmp_path / "c2"), tool="team.hello", greeting="EVIL "))
        return data

    monkeypatch.setattr(project_tools, "_read_no_follow", read_then_swap)
    session = Session(project_arg=str(project), cwd=project)
    from unitycli.runner import run_tool

    result = run_tool(session.prepare("team.hello"), {})
    assert result.output == {"greeting": "approved world"}
    assert path.read_bytes() != approved


@pytest.mark.parametrize("name", ["../../Assets/x.py", ".unitycli/tools/../../evil.py", "/etc/passwd",
                                  "..", "team.txt"])
def test_path_traversal_in_a_tool_file_name_is_refused(project, name):
    code, env = cli(project, "tools", "approve", name)
    assert code == 1
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT"
    code, env = cli(project, "tools", "deny", name)
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT"


def test_symlinked_tool_file_is_refused_and_not_imported(project, tmp_path):
    canary = tmp_path / "canary.txt"
    outside = tmp_path / "outside.py"
    outside.write_text(TOOL.format(canary=str(canary), tool="team.hello", greeting="x"))
    os.symlink(outside, project / ".unitycli" / "tools" / "linked.py")
    code, env = cli(project, "tools", "approve", "linked.py")
    assert env["error"]["code"] == "E_PATH_OUTSIDE_PROJECT"
    cli(project, "tools", "group")
    assert not canary.exists()


def test_a_project_tool_may_not_shadow_a_builtin(project, tmp_path):
    _write_tool(project, tmp_path / "canary.txt", name="shadow.py", tool="package.list")
    cli(project, "tools", "approve", "shadow.py")
    code, env = cli(project, "tools", "describe", "package.list")
    assert env["result"]["owner"]["kind"] == "builtin"
    problems = env and cli(project, "tools", "group")[1]["result"]["registry"]["problems"]
    [problem] = [p for p in problems if p["kind"] == "shadowing"]
    assert problem["details"]["code"] == "E_PROJECT_TOOL_SHADOWS"
    assert "package.list" in problem["message"]
    code, env = cli(project, "tools", "run", "package.list")
    assert code == 0, env


def test_deny_and_prune(project, tmp_path):
    path = _write_tool(project, tmp_path / "canary.txt")
    cli(project, "tools", "approve", "--all")
    code, env = cli(project, "tools", "deny", "team.py")
    assert env["result"] == {"project": str(project), "file": ".unitycli/tools/team.py", "removed": True}
    assert cli(project, "tools", "run", "team.hello")[1]["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    cli(project, "tools", "approve", "--all")
    path.unlink()
    code, env = cli(project, "tools", "approvals")
    assert [(f["file"], f["status"]) for f in env["result"]["files"]] == [(".unitycli/tools/team.py", "file-missing")]
    code, env = cli(project, "tools", "approvals", "--prune")
    assert env["result"]["pruned"] == [".unitycli/tools/team.py"]
    assert env["result"]["files"] == []


def test_approvals_are_per_project_identity(project, tmp_path):
    _write_tool(project, tmp_path / "canary.txt")
    cli(project, "tools", "approve", "--all")
    other = copy_project("chicken-defense", tmp_path / "other")
    (other / ".unitycli" / "tools").mkdir(parents=True)
    (other / ".unitycli" / "tools" / "team.py").write_bytes((project / ".unitycli/tools/team.py").read_bytes())
    assert cli(other, "tools", "run", "team.hello")[1]["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED"
    assert not (project / ".unitycli" / "approvals.json").exists()  # never stored in the repository


def test_approve_needs_files_or_all(project):
    code, env = cli(project, "tools", "approve")
    assert env["error"]["code"] == "E_OPTION_VALUE_REQUIRED"


def test_an_unknown_name_with_an_unapproved_file_names_the_file_and_the_close_tools(project, tmp_path):
    _write_tool(project, tmp_path / "canary.txt")
    for name in ("package.lst", "team.hello"):  # a typo or the file's own tool: the same answer either way
        code, env = cli(project, "tools", "describe", name)
        assert (code, env["error"]["code"]) == (1, "E_PROJECT_TOOL_UNTRUSTED")
        assert env["error"]["details"]["files"][0]["file"] == ".unitycli/tools/team.py"
        assert env["error"]["nextActions"][0] == f"unitycli tools approve .unitycli/tools/team.py --project {project}"
    code, env = cli(project, "tools", "describe", "package.lst")
    assert env["error"]["details"]["closest"][0] == "package.list"
    assert f"unitycli tools describe package.list --project {project}" in env["error"]["nextActions"]


def test_an_approved_tool_file_with_a_misspelled_hook_fails_doctor(project):
    (project / ".unitycli" / "tools" / "typo.py").write_text(
        "from unitycli.host.hookspecs import hookimpl\n\n\n@hookimpl\ndef unitycli_register_tool(register):\n    pass\n")
    cli(project, "tools", "approve", "--all")
    code, env = cli(project, "extensions", "doctor")
    [check] = [c for c in env["result"]["checks"] if c["name"] == "project-tool:.unitycli/tools/typo.py"]
    assert check["status"] == "fail"
    assert check["message"] == (".unitycli/tools/typo.py is approved but failed at hooks: unknown hook "
                                "implementation(s): unitycli_register_tool")
    assert code == 1


def test_prints_in_tool_code_never_reach_stdout(project, tmp_path):
    """`--json` stdout is the envelope alone, even when a tool prints at import and while it runs."""
    path = _write_tool(project, tmp_path / "canary.txt", greeting="hi ")
    text = path.read_text().replace("from unitycli.host.hookspecs import hookimpl",
                                    "print('AT IMPORT')\nfrom unitycli.host.hookspecs import hookimpl")
    path.write_text(text.replace("    return HelloOutput(", "    print('IN HANDLER')\n    return HelloOutput("))
    cli(project, "tools", "approve", "--all")
    proc = subprocess.run([sys.executable, "-m", "unitycli", "tools", "run", "team.hello", "--project", str(project),
                           "--json"], capture_output=True, text=True, env={**os.environ}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    envelope = json.loads(proc.stdout)
    assert envelope["result"]["output"] == {"greeting": "hi world"}
    assert "AT IMPORT" in proc.stderr and "IN HANDLER" in proc.stderr


LAZY_TOOL = '''
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolSpec


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name="team.lazy", title="Lazy", summary="Models by path.", description="A team tool.",
                      input_model="lazy_models:In", output_model="lazy_models:Out", handler="lazy_models:go"))
'''

LAZY_MODELS = '''
open({canary!r}, "a").write("imported\\n")
from unitycli.toolspec import ToolInput, ToolOutput


class In(ToolInput):
    pass


class Out(ToolOutput):
    value: int


def go(ctx, request):
    return Out(value=1)
'''


def test_a_tool_whose_models_file_is_not_approved_is_one_failing_doctor_check_not_a_failed_doctor(project, tmp_path):
    """The spec names its models by path in a file approval did not cover: describing the tool says so, and the
    doctor (which builds every schema) reports that one tool with the approval step, instead of failing whole."""
    canary = tmp_path / "canary.txt"
    tools = project / ".unitycli" / "tools"
    (tools / "lazy.py").write_text(LAZY_TOOL)
    (tools / "lazy_models.py").write_text(LAZY_MODELS.format(canary=str(canary)))
    cli(project, "tools", "approve", ".unitycli/tools/lazy.py")
    approve = f"unitycli tools approve .unitycli/tools/lazy_models.py --project {project}"
    code, env = cli(project, "tools", "describe", "team.lazy")
    assert env["error"]["code"] == "E_PROJECT_TOOL_UNTRUSTED" and env["error"]["nextActions"] == [approve]
    code, env = cli(project, "extensions", "doctor")
    assert env["error"]["code"] == "E_DOCTOR_FAILED"
    assert env["error"]["details"]["checks"] == ["registry:refused:team.lazy"]
    assert env["error"]["nextActions"][0] == approve
    assert not canary.exists()  # the unapproved file never ran
    cli(project, "tools", "approve", ".unitycli/tools/lazy_models.py")
    code, env = cli(project, "tools", "run", "team.lazy")
    assert code == 0 and env["result"]["output"] == {"value": 1}, env
