"""The URP extension as a whole: manifest, specs, availability, and every descriptor example run on a fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import unitycli_urp
from unitycli_urp.errors import ERROR_CODES
from urp_testutil import CHICKEN, MINIGOLF, VFX, project

from unitycli.api import ToolSpec
from unitycli.testing import run_tool

REPO = Path(__file__).resolve().parents[3]
SPECS: list[ToolSpec] = []
unitycli_urp.unitycli_register_tools(SPECS.append)
TOOLS = [s.name for s in SPECS]


def test_the_packaged_manifest_is_the_catalog_manifest_byte_for_byte():
    packaged = Path(unitycli_urp.__file__).with_name("manifest.toml").read_bytes()
    assert packaged == (REPO / "manifests" / "urp.toml").read_bytes()
    text = packaged.decode()
    assert 'versions = ["14.0.9", "17.0.3", "17.2.0"]' in text
    assert text.count("manifests/urp.evidence.md") >= 4


def test_every_spec_is_documented_and_writers_say_what_they_risk():
    assert TOOLS == ["urp.get-pipeline", "urp.get-settings", "urp.set-settings", "urp.list-features",
                     "urp.set-feature-active", "urp.add-feature", "urp.remove-feature", "urp.move-feature",
                     "urp.list-profiles", "urp.get-profile", "urp.add-override", "urp.set-override",
                     "urp.remove-override", "urp.list-volumes", "urp.set-volume", "urp.list-renderers",
                     "urp.assign-pipeline", "urp.check"]
    for spec in SPECS:
        assert spec.title and spec.description and len(spec.summary) <= 80 and spec.examples, spec.name
        if spec.read_only:
            assert spec.permissions == ("reads_project",), spec.name
        else:
            assert spec.permissions == ("reads_project", "writes_project") and spec.supports_dry_run, spec.name
    destructive = {s.name for s in SPECS if s.destructive}
    assert destructive == {"urp.set-settings", "urp.set-feature-active", "urp.remove-feature", "urp.move-feature",
                           "urp.set-override", "urp.remove-override", "urp.set-volume", "urp.assign-pipeline"}
    assert {s.name for s in SPECS if not s.read_only} - destructive == {"urp.add-feature", "urp.add-override"}


def test_every_declared_code_is_an_urp_code():
    assert all(spec.code.split("_")[:2] == ["E", "URP"] for spec in ERROR_CODES)
    assert len({spec.code for spec in ERROR_CODES}) == len(ERROR_CODES) == 15


def _resolved_by_unity(root: Path) -> None:
    """Give the HDRP sample the packages-lock.json the Editor writes (the fixture ships without one, so the core
    can only call a missing package unverifiable): its direct dependencies plus HDRP's render-pipelines.core."""
    manifest = json.loads((root / "Packages" / "manifest.json").read_text())
    lock = {name: {"version": version, "depth": 0,
                   "source": "builtin" if name.startswith("com.unity.modules.") else "registry",
                   "dependencies": {}, **({} if name.startswith("com.unity.modules.") else
                                          {"url": "https://packages.unity.com"})}
            for name, version in manifest["dependencies"].items()}
    lock["com.unity.render-pipelines.core"] = {"version": "17.0.3", "depth": 1, "source": "builtin",
                                               "dependencies": {}}
    (root / "Packages" / "packages-lock.json").write_text(json.dumps({"dependencies": lock}, indent=2))


@pytest.mark.parametrize("tool", TOOLS)
def test_without_urp_every_tool_is_unavailable(tmp_path, tool):
    root = project(tmp_path, VFX)  # an HDRP project
    example = next(s for s in SPECS if s.name == tool).examples[0]
    run = run_tool(root, tool, example)  # no lock file: absent from the manifest is all the core can say
    assert not run.ok and run.error["code"] == "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"
    _resolved_by_unity(root)
    run = run_tool(root, tool, example)
    assert not run.ok and run.error["code"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert "com.unity.render-pipelines.universal" in run.error["message"]


@pytest.mark.parametrize("name", [CHICKEN, MINIGOLF])
def test_every_tool_is_available_and_verified_on_both_fixture_lines(tmp_path, name):
    root = project(tmp_path, name)
    run = run_tool(root, "urp.get-pipeline")
    assert run.ok and run.profile_verified is True


def test_every_example_runs_on_chicken_defense(tmp_path):
    """Examples are written for chicken-defense (URP 14.0.9): readers run, writers run with --dry-run and for real."""
    for spec in SPECS:
        for example in spec.examples:
            root = project(tmp_path / spec.name / str(spec.examples.index(example)), CHICKEN)
            run = run_tool(root, spec.name, example, dry_run=not spec.read_only)
            assert run.ok, (spec.name, example, run.error)
            if not spec.read_only:
                assert run.diffs, (spec.name, example)
                committed = run_tool(root, spec.name, example)
                assert committed.ok and committed.diffs == run.diffs, spec.name


def test_core_component_tools_name_urp_scripts(tmp_path):
    root = project(tmp_path, CHICKEN)
    run = run_tool(root, "component.get", {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
                                           "gameObject": "Main Camera", "component": "UniversalAdditionalCameraData",
                                           "property": "m_RenderShadows"})
    assert run.ok, run.error
    assert run.output["component"]["script"] == "UniversalAdditionalCameraData" and run.output["value"] == 1
    names = {s.class_name for s in unitycli_urp.unitycli_known_scripts()}
    assert {"UniversalRenderPipelineAsset", "RenderObjects", "Bloom", "ScreenSpaceLensFlare"} <= names



def test_urp_14_0_12_reads_and_edits_run_unverified_and_creation_is_refused(tmp_path):
    """cinemachine's URP sample locks 14.0.12 (`source: builtin`), for which no written file or source exists
    (manifests/urp.evidence.md): reads run with profileVerified false, creating a new override is refused, and no
    next action changes the Editor-bundled package's version."""
    root = project(tmp_path, "cinemachine-urp")
    run = run_tool(root, "urp.get-settings")
    assert run.ok and run.profile_verified is False
    assert run.output["asset"] == "Assets/Settings/UniversalRP-LowQuality.asset"
    assert run.output["settings"]["softShadowQuality"] is None  # written by an older 14.x
    refused = run_tool(root, "urp.add-feature", {"type": "RenderObjects"}).error  # add-override proves instead
    assert refused["code"] == "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"
    assert "to create new objects" in refused["message"]
    assert not any(a.startswith("unitycli tools run package.") for a in refused["nextActions"])
    assert refused["manualSteps"][0].startswith("Open the project in a Unity Editor that ships com.unity.render-pipelines")
    assert refused["nextActions"] == [f"unitycli extensions doctor --project {root}"]
    err = run_tool(root, "urp.set-settings", {"softShadowQuality": 3}).error
    assert err["code"] == "E_URP_SETTING_UNSUPPORTED" and "older" in err["message"]
