"""The extension's declarations: manifest copy, error codes, and every tool spec's promises."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import unitycli_vfx
from unitycli_vfx.errors import ERROR_CODES

from unitycli.api import ErrorSpec
from unitycli.testing import copy_fixture_project, describe_tool, error_catalog, registered_specs, run_tool

EXTENSION = Path(unitycli_vfx.__file__).resolve().parent
REPO = EXTENSION.parents[2]
TOOLS = list(registered_specs("vfx.").values())
TOOL_MODULES = sorted(p.stem for p in (EXTENSION / "tools").glob("*.py") if p.stem != "__init__")


def test_the_packaged_manifest_is_the_catalog_manifest_byte_for_byte():
    packaged = EXTENSION / "manifest.toml"
    assert not packaged.is_symlink()
    assert packaged.read_bytes() == (REPO / "manifests" / "vfx.toml").read_bytes()
    assert unitycli_vfx.unitycli_extension_manifest() == packaged.read_text(encoding="utf-8")


def test_every_tool_module_is_registered():
    """One module per tool, named for it, and `specs.py` declares each one's handler there."""
    assert [t.name for t in TOOLS] == sorted(f"vfx.{m.replace('_', '-')}" for m in TOOL_MODULES)
    assert [t.handler.__module__ for t in TOOLS] == [f"unitycli_vfx.tools.{m}" for m in TOOL_MODULES]
    assert all(describe_tool(None, t.name)["owner"]["distribution"] == "unitycli-vfx" for t in TOOLS)


def test_every_raised_error_code_is_core_or_declared():
    catalog = error_catalog()
    declared = {spec.code for spec in ERROR_CODES}
    assert all(isinstance(spec, ErrorSpec) for spec in ERROR_CODES)
    assert all(catalog[code].owner == "unitycli-vfx" for code in declared)
    raised = set()
    for source in EXTENSION.rglob("*.py"):
        raised |= set(re.findall(r'"(E_[A-Z0-9_]+)"', source.read_text(encoding="utf-8")))
    for code in raised:
        assert code in catalog, code
        assert code in declared or catalog[code].owner == "unitycli", code
    assert declared <= raised


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.name)
def test_every_spec_keeps_the_rules(tool):
    spec = tool
    assert spec.title and spec.description and len(spec.summary) <= 80
    assert spec.examples
    if spec.read_only:
        assert spec.permissions == ("reads_project",)
    else:
        assert (spec.destructive, spec.permissions) == (True, ("reads_project", "writes_project"))
        assert spec.supports_dry_run


FIXTURE_OF = {"graph": "vfx-samples", "effect": "vfx-samples", "particle": "minigolf", "line": "chicken-defense",
              "trail": "chicken-defense"}


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    from vfx_testutil import add_trail_prefab, write_resolved_lock

    roots = {}
    for name in set(FIXTURE_OF.values()):
        roots[name] = copy_fixture_project(name, tmp_path_factory.mktemp(name))
    write_resolved_lock(roots["vfx-samples"])
    add_trail_prefab(roots["chicken-defense"])  # no fixture has a TrailRenderer (see unitycli_vfx.inputs)
    return roots


CASES = [pytest.param(tool, i, id=f"{tool.name}[{i}]") for tool in TOOLS for i in range(len(tool.examples))]


@pytest.mark.parametrize("tool, index", CASES)
def test_every_example_runs_on_its_fixture(projects, tool, index):
    """Writers run as a dry run (the copy is shared), and must plan a change; outputs fit the published schema."""
    spec = tool
    root = projects[next(v for k, v in FIXTURE_OF.items() if k in spec.name)]
    run = run_tool(root, spec.name, spec.examples[index], dry_run=not spec.read_only)
    assert run.ok, run.error
    jsonschema.validate(run.output, describe_tool(None, spec.name)["outputSchema"])
    if not spec.read_only:
        assert run.diffs, f"{spec.name} example plans no change"


@pytest.mark.slow
def test_the_wheel_carries_the_manifest_and_every_tool_module(tmp_path):
    import os
    import subprocess
    import sys
    import zipfile

    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w",
                           str(tmp_path), str(EXTENSION.parent)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    [wheel] = tmp_path.glob("unitycli_vfx-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert archive.read("unitycli_vfx/manifest.toml") == (REPO / "manifests" / "vfx.toml").read_bytes()
        entry_points = archive.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "[unitycli.extensions]\nvfx = unitycli_vfx" in entry_points
    assert {"unitycli_vfx/specs.py", *(f"unitycli_vfx/tools/{m}.py" for m in TOOL_MODULES)} <= names
