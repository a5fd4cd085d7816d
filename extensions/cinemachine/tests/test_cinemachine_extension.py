"""The extension as a package: entry point, manifest, error codes, tool specs, every example on the fixtures, and
availability (the core's job, from the manifest) on projects with and without Cinemachine."""

from __future__ import annotations

import json
import re
from importlib.metadata import distribution
from pathlib import Path

import pytest
import unitycli_cinemachine
from cinemachine_testutil import CM2_SCENE, CM3_SCENE
from unitycli_cinemachine.errors import ERROR_CODES

from unitycli.testing import copy_fixture_project, run_tool

REPO = Path(__file__).resolve().parents[3]
# One module per tool, named for it: a module specs.py does not declare fails the registration test below.
TOOLS = sorted(f"cinemachine.{p.stem.replace('_', '-')}"
               for p in (Path(unitycli_cinemachine.__file__).parent / "tools").glob("*.py") if p.stem != "__init__")
WRITERS = {"cinemachine.set-priority", "cinemachine.set-lens", "cinemachine.set-targets", "cinemachine.set-brain",
           "cinemachine.set-noise", "cinemachine.set-body", "cinemachine.set-aim", "cinemachine.set-blend"}
ADDERS = {"cinemachine.create-camera"}  # only add lines: not destructive


def _specs() -> dict:
    specs = {}
    unitycli_cinemachine.unitycli_register_tools(lambda spec: specs.setdefault(spec.name, spec))
    return specs


def test_entry_point_and_packaged_manifest():
    dist = distribution("unitycli-cinemachine")
    points = [e for e in dist.entry_points if e.group == "unitycli.extensions"]
    assert [(e.name, e.value) for e in points] == [("cinemachine", "unitycli_cinemachine")]
    packaged = Path(unitycli_cinemachine.__file__).parent / "manifest.toml"
    assert not packaged.is_symlink()
    assert packaged.read_bytes() == (REPO / "manifests" / "cinemachine.toml").read_bytes()
    assert unitycli_cinemachine.unitycli_extension_manifest() == packaged.read_text(encoding="utf-8")


def test_error_codes_are_declared_once_with_next_actions():
    codes = [spec.code for spec in unitycli_cinemachine.unitycli_error_codes()]
    assert codes == [spec.code for spec in ERROR_CODES]
    assert len(set(codes)) == len(codes)
    assert {"E_CAMERA_NOT_FOUND", "E_BRAIN_NOT_FOUND", "E_CINEMACHINE_VALUE_INVALID"} <= set(codes)
    raised = set()
    for path in Path(unitycli_cinemachine.__file__).parent.rglob("*.py"):
        raised |= set(re.findall(r"\"(E_(?:CAMERA|BRAIN|CINEMACHINE)_[A-Z_]+)\"", path.read_text(encoding="utf-8")))
    assert raised == set(codes)


def test_tool_specs():
    specs = _specs()
    assert sorted(specs) == sorted(TOOLS)
    for name, spec in specs.items():
        assert spec.title and spec.description and len(spec.summary) <= 80, name
        assert spec.examples, name
        if name in WRITERS | ADDERS:
            assert (spec.read_only, spec.destructive, spec.supports_dry_run) == (False, name in WRITERS, True), name
            assert set(spec.permissions) == {"reads_project", "writes_project"}, name
            assert "expectedRevision" in spec.input_model.model_json_schema(by_alias=True)["properties"]
        else:
            assert (spec.read_only, spec.permissions) == (True, ("reads_project",)), name
        properties = spec.input_model.model_json_schema(by_alias=True)["properties"]
        assert "file" in properties, name
        assert all("_" not in key for key in properties), name


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    return {CM2_SCENE: copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("cm2")),
            CM3_SCENE: copy_fixture_project("minigolf", tmp_path_factory.mktemp("cm3"))}


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted((root / "Assets").rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("tool", TOOLS)
def test_every_example_runs_on_its_fixture(projects, tool):
    spec = _specs()[tool]
    for example in spec.examples:
        roots = [projects[example["file"]]] if "file" in example else list(projects.values())
        for root in roots:
            before = _snapshot(root)
            run = run_tool(root, tool, example, dry_run=tool in WRITERS | ADDERS)
            assert run.ok, (example, run.error)
            assert run.profile_verified is True
            assert _snapshot(root) == before
            if tool in WRITERS | ADDERS:
                assert run.output["changedFields"] and len(run.diffs) == 1, example


@pytest.mark.parametrize("project, code", [
    # a lock file and no Cinemachine: the package is missing
    ("com.unity.multiplayer.samples.bitesize/Basic/2DSpaceShooter", "E_EXTENSION_DEPENDENCY_MISSING"),
    # no lock file: another package might bring Cinemachine in, so the core cannot tell (it says so)
    ("physics-samples", "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"),
])
def test_without_cinemachine_every_tool_is_unavailable(tmp_path, project, code):
    root = copy_fixture_project(project, tmp_path)
    assert "com.unity.cinemachine" not in (root / "Packages" / "manifest.json").read_text()
    specs = _specs()
    for tool in TOOLS:
        run = run_tool(root, tool, specs[tool].examples[0])
        assert not run.ok, tool
        assert run.error["code"] == code, (tool, run.error)
        assert "com.unity.cinemachine" in run.error["message"], run.error


def test_an_unverified_version_reads_unverified_and_refuses_to_create(tmp_path):
    root = copy_fixture_project("chicken-defense", tmp_path)
    for file in ("manifest.json", "packages-lock.json"):
        path = root / "Packages" / file
        data = json.loads(path.read_text())
        entry = data["dependencies"]["com.unity.cinemachine"]
        if isinstance(entry, dict):
            entry["version"] = "2.9.4"
        else:
            data["dependencies"]["com.unity.cinemachine"] = "2.9.4"
        path.write_text(json.dumps(data, indent=2))
    run = run_tool(root, "cinemachine.list-cameras", {"file": CM2_SCENE})
    assert run.ok and run.profile_verified is False  # a read runs on any present version
    run = run_tool(root, "cinemachine.create-camera", {"file": CM2_SCENE, "preset": "static"})
    assert not run.ok
    assert run.error["code"] == "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"
    assert "2.9.4" in run.error["message"] and "to create new objects" in run.error["message"]
