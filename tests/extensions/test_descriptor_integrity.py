"""A descriptor is built by importing what the spec names by path: a module changed on disk after install is the
integrity check's refusal there too (`tools describe`, `tools list`, the contract), never a malformed spec."""

from __future__ import annotations

import importlib
import shlex
import sys

from tests.core.fake_dists import make_dist, write_record
from unitycli.cli.main import run
from unitycli.host.session import Session

ENTRY = '''
from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolSpec


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(
        name="acme.lazy", title="Lazy", summary="Echo the given text back.",
        description="Names its handler and models by import path, imported on first use.",
        input_model="acme_lazy_models:In", output_model="acme_lazy_models:Out", handler="acme_lazy_models:echo",
        read_only=True, examples=({"text": "hi"},),
    ))
'''

MODELS = '''
from unitycli.toolspec import ToolInput, ToolOutput


class In(ToolInput):
    text: str


class Out(ToolOutput):
    echoed: str


def echo(ctx, request):
    return Out(echoed=request.text)
'''


def _lazy_extension(site):
    info = make_dist(site, "unitycli-acme", "acme_lazy", ENTRY, entry_name="acme")
    (site / "acme_lazy_models.py").write_text(MODELS, encoding="utf-8")
    write_record(site, info, [site / "acme_lazy.py", site / "acme_lazy_models.py", info / "METADATA",
                              info / "entry_points.txt"])
    importlib.invalidate_caches()
    sys.modules.pop("acme_lazy_models", None)


def _tamper(site, canary):
    with (site / "acme_lazy_models.py").open("a") as handle:
        handle.write(f"\nopen({str(canary)!r}, 'w').write('ran')\n")


def test_a_module_tampered_after_install_is_an_integrity_failure_of_its_descriptor(site, tmp_path):
    _lazy_extension(site)
    session = Session()
    tool = session.tool("acme.lazy")  # the entry module is verified and imported; the models module is not yet
    _tamper(site, tmp_path / "imported.txt")
    try:
        session.descriptor(tool)
    except Exception as exc:  # noqa: BLE001 - the assertion names what was raised
        error = exc
    assert getattr(error, "code", None) == "E_EXTENSION_INTEGRITY_MISMATCH", repr(error)
    assert "acme_lazy_models.py" in error.message and error.details["tool"] == "acme.lazy"
    assert not (tmp_path / "imported.txt").exists()


def test_the_tool_list_leaves_it_out_as_an_integrity_problem_not_a_malformed_spec(site, tmp_path):
    _lazy_extension(site)
    session = Session()
    session.tool("acme.lazy")
    _tamper(site, tmp_path / "imported.txt")
    names = [d.name for d in session.descriptors()]
    assert "acme.lazy" not in names and "scene.list" in names
    [problem] = [p for p in session.registry.problems if p.tool == "acme.lazy"]
    assert (problem.kind, problem.details) == ("integrity", {"code": "E_EXTENSION_INTEGRITY_MISMATCH"})
    assert not (tmp_path / "imported.txt").exists()


def test_tools_describe_of_a_tampered_tool_exits_with_the_integrity_code(site):
    _lazy_extension(site)
    assert run(["tools", "describe", "acme.lazy", "--json"]).exit_code == 0
    with (site / "acme_lazy_models.py").open("a") as handle:
        handle.write("\n# changed\n")
    sys.modules.pop("acme_lazy_models", None)
    described = run(["tools", "describe", "acme.lazy", "--json"])
    assert described.exit_code == 1
    assert described.envelope["error"]["code"] == "E_EXTENSION_INTEGRITY_MISMATCH"



def test_extensions_doctor_fails_a_tool_whose_module_changed_after_load_with_the_integrity_code(site, tmp_path):
    """Changed before the doctor starts, the extension fails at load (its RECORD is checked then); changed once it
    is loaded (a session that runs on), only building the tool's schemas finds it: the doctor builds them."""
    from unitycli.doctor_report import DoctorReport
    from unitycli.extension_manager.doctor import extension_checks

    _lazy_extension(site)
    session = Session()
    session.tool("acme.lazy")
    _tamper(site, tmp_path / "imported.txt")
    checks = {c.name: c for c in extension_checks(session, DoctorReport()).checks}
    check = checks["registry:integrity:acme.lazy"]
    assert (check.status, check.details["code"]) == ("fail", "E_EXTENSION_INTEGRITY_MISMATCH")
    assert "acme_lazy_models.py" in check.message and "registry" not in checks
    assert check.next_actions[:2] == ["unitycli tools describe acme.lazy",
                                      f"{shlex.quote(sys.executable)} -m pip install --force-reinstall --no-deps "
                                      "unitycli-acme==1.0.0"]
    assert not (tmp_path / "imported.txt").exists()
