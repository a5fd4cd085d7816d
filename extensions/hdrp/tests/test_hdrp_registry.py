"""The extension as the core sees it: registered, healthy, unavailable without HDRP, every example runs on a fixture,
every declared error code raised by some test, the packaged manifest identical to manifests/hdrp.toml."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hdrp_testutil import snapshot
from unitycli_hdrp.errors import ERROR_CODES

from unitycli.testing import (
    copy_fixture_project,
    error_catalog,
    registered_specs,
    registry_problems,
    run_tool,
)

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "unitycli_hdrp"
REPO = HERE.parents[2]
TOOLS = ["hdrp.add-override", "hdrp.assign-pipeline", "hdrp.check", "hdrp.get-default-profile",
         "hdrp.get-frame-settings", "hdrp.get-pipeline", "hdrp.get-profile", "hdrp.get-settings",
         "hdrp.list-diffusion-profiles", "hdrp.list-profiles", "hdrp.list-volumes", "hdrp.remove-override",
         "hdrp.set-frame-settings", "hdrp.set-override", "hdrp.set-settings", "hdrp.set-volume"]
SPECS = registered_specs("hdrp.")


def test_every_tool_is_registered_and_the_registry_is_healthy():
    assert sorted(SPECS) == TOOLS
    assert not [p for p in registry_problems() if "hdrp" in str(p)]


@pytest.mark.parametrize("name", TOOLS)
def test_spec_promises(name):
    spec = SPECS[name]
    assert spec.title and spec.description and len(spec.summary) <= 80 and spec.examples
    if spec.read_only:
        assert spec.permissions == ("reads_project",) and not spec.destructive
    else:
        assert spec.permissions == ("reads_project", "writes_project") and spec.supports_dry_run
        assert spec.destructive == (name != "hdrp.add-override")  # adding an override only adds lines


def test_packaged_manifest_is_the_catalog_manifest():
    assert (PACKAGE / "manifest.toml").read_bytes() == (REPO / "manifests" / "hdrp.toml").read_bytes()


def test_every_declared_code_is_raised_and_tested():
    source = "\n".join(p.read_text() for p in PACKAGE.rglob("*.py") if p.name != "errors.py")
    tests = "\n".join(p.read_text() for p in HERE.glob("test_hdrp_*.py") if p.name != Path(__file__).name)
    for spec in ERROR_CODES:
        assert f'"{spec.code}"' in source, f"{spec.code} is declared but never raised"
        assert spec.code in tests, f"{spec.code} is raised but no test checks it"
    raised = set(re.findall(r'"(E_[A-Z0-9_]+)"', source))
    catalog = error_catalog()
    assert raised <= set(catalog), raised - set(catalog)


@pytest.fixture(scope="module")
def minigolf(tmp_path_factory) -> Path:
    return copy_fixture_project("minigolf", tmp_path_factory.mktemp("minigolf"))


@pytest.mark.parametrize("name", TOOLS)
def test_without_hdrp_every_tool_is_unavailable(minigolf, name):
    run = run_tool(minigolf, name, SPECS[name].examples[0])
    assert not run.ok and run.error["code"] == "E_EXTENSION_DEPENDENCY_MISSING", run.error


@pytest.fixture
def vfx_copy(tmp_path) -> Path:
    return copy_fixture_project("vfx-samples", tmp_path)


CASES = [pytest.param(name, i, id=f"{name}[{i}]") for name in TOOLS for i in range(len(SPECS[name].examples))]


@pytest.mark.parametrize("name,index", CASES)
def test_every_example_runs_on_the_vfx_fixture(vfx_copy, name, index):
    spec = SPECS[name]
    example = spec.examples[index]
    before = snapshot(vfx_copy)
    first = run_tool(vfx_copy, name, example, dry_run=not spec.read_only)
    assert first.ok, first.error
    assert snapshot(vfx_copy) == before
    spec.output_model.model_validate(first.output)
    if not spec.read_only:
        changed = [line for diff in first.diffs.values() for line in diff.splitlines()
                   if line.startswith("-") and not line.startswith("---") and not line.rstrip().endswith(("[]", "{}"))]
        assert bool(changed) == spec.destructive, changed[:3]
        committed = run_tool(vfx_copy, name, example)
        assert committed.ok, committed.error
        assert committed.effects == first.effects and committed.diffs
