"""`project.info` on real projects: exact versions and sources, the active pipeline, and clear errors."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.fixturepaths import REPO_ROOT, fixture_project
from unitycli.cli.main import run

SAMPLE = REPO_ROOT / "examples" / "sample-project"


def info(project) -> dict:
    outcome = run(["tools", "run", "project.info", "--project", str(project), "--json"])
    assert outcome.exit_code == 0, outcome.envelope
    return outcome.envelope["result"]["output"]


def packages(output: dict) -> dict[str, dict]:
    return {p["name"]: p for p in output["packages"]["items"]}


def test_chicken_defense_2022_registry_builtin_and_git_packages():
    output = info(fixture_project("chicken-defense"))
    assert output["unityVersion"] == "2022.3.17f1"
    assert output["renderPipeline"]["pipeline"] == "urp"
    assert output["renderPipeline"]["assetPath"] == "Assets/Settings/URP-HighFidelity.asset"
    assert output["renderPipeline"]["qualityLevel"] == "High Fidelity"
    pkgs = packages(output)
    assert output["packages"]["certainty"] == "lock"
    probuilder = pkgs["com.unity.probuilder"]
    assert (probuilder["version"], probuilder["source"], probuilder["depth"], probuilder["url"]) == (
        "5.2.2", "registry", 0, "https://packages.unity.com")
    urp = pkgs["com.unity.render-pipelines.universal"]
    assert (urp["version"], urp["source"], urp["url"]) == ("14.0.9", "builtin", None)
    hfsm = pkgs["com.inspiaaa.unityhfsm"]
    assert (hfsm["source"], hfsm["hash"], hfsm["verifiable"]) == (
        "git", "eb590da7fb7680684ffc1b6801cc50c46417c38d", False)
    assert pkgs["com.unity.cinemachine"]["version"] == "2.9.7"
    assert pkgs["com.unity.settings-manager"]["direct"] is False  # transitive, via ProBuilder


def test_minigolf_unity6_ssh_git_and_cm3():
    output = info(fixture_project("minigolf"))
    assert output["unityVersion"] == "6000.0.25f1"
    assert output["renderPipeline"]["assetPath"] == "Assets/LlamAcademy/Minigolf/Renderers/URP.asset"
    pkgs = packages(output)
    assert pkgs["com.unity.cinemachine"]["version"] == "3.1.2"
    assert pkgs["com.unity.probuilder"]["version"] == "6.0.4"
    assert pkgs["com.unity.render-pipelines.universal"]["version"] == "17.0.3"
    simplifier = pkgs["com.whinarn.unitymeshsimplifier"]
    assert simplifier["source"] == "git"
    assert simplifier["requested"] == "git@github.com:Whinarn/UnityMeshSimplifier.git"


def test_vfx_samples_without_lock_are_less_certain_and_hdrp():
    output = info(fixture_project("vfx-samples"))
    assert output["renderPipeline"]["pipeline"] == "hdrp"
    assert output["packages"]["certainty"] == "manifest-only"
    assert output["packages"]["lockPresent"] is False
    pkgs = packages(output)
    assert pkgs["com.unity.render-pipelines.high-definition"]["version"] == "17.0.3"
    embedded = pkgs["net.peeweek.game-options"]
    assert (embedded["source"], embedded["direct"]) == ("embedded", False)


def test_local_file_package_version_comes_from_its_package_json():
    output = info(fixture_project("com.unity.cinemachine/Projects/URP"))
    cm = packages(output)["com.unity.cinemachine"]
    assert (cm["source"], cm["version"], cm["requested"]) == ("local", "3.1.8-pre.1", "file:../../../com.unity.cinemachine")


def test_sample_project_counts_and_pipeline():
    output = info(SAMPLE)
    assert output["counts"] == {"scenes": 2, "prefabs": 1, "materials": 1, "scriptableAssets": 2, "files": 6,
                                "metas": 10}
    assert output["renderPipeline"]["assetPath"] == "Assets/Settings/URP.asset"
    assert output["editor"]["status"] == "offline"
    names = [p["name"] for p in output["packages"]["items"] if p["direct"]]
    assert names[:2] == ["com.unity.probuilder", "com.unity.render-pipelines.universal"]


@pytest.fixture
def sample_copy(tmp_path):
    copy = tmp_path / "project"
    shutil.copytree(SAMPLE, copy)
    return copy


def _error(*argv: str) -> tuple[int, dict]:
    outcome = run([*argv, "--json"])
    return outcome.exit_code, outcome.envelope["error"]


def test_truncated_lock_file(sample_copy):
    lock = sample_copy / "Packages" / "packages-lock.json"
    lock.write_bytes(lock.read_bytes()[:200])
    code, error = _error("tools", "run", "project.info", "--project", str(sample_copy))
    assert (code, error["code"]) == (1, "E_PROJECT_FILE_UNREADABLE")
    assert error["details"]["file"] == "Packages/packages-lock.json"


def test_unreadable_manifest(sample_copy):
    (sample_copy / "Packages" / "manifest.json").write_text("{ not json")
    code, error = _error("tools", "run", "project.info", "--project", str(sample_copy))
    assert (code, error["code"]) == (1, "E_PROJECT_FILE_UNREADABLE")
    assert error["details"]["file"] == "Packages/manifest.json"


def test_lfs_pointer_instead_of_manifest_costs_only_the_packages(sample_copy):
    (sample_copy / "Packages" / "manifest.json").write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + "a" * 64 + "\nsize 1234\n")
    outcome = run(["tools", "run", "project.info", "--project", str(sample_copy), "--json"])
    # The answer is whole but for the packages; a read that could not read a file is incomplete: exit 3.
    assert (outcome.exit_code, outcome.envelope["error"]["code"]) == (3, "E_READ_INCOMPLETE")
    output = outcome.envelope["result"]["output"]
    assert output["packages"] is None and output["unityVersion"]
    assert output["unreadable"] == [{"path": "Packages/manifest.json", "reason": "lfs-pointer",
                                     "nextActions": ['git lfs pull --include "Packages/manifest.json"']}]


def test_not_a_unity_project(tmp_path):
    code, error = _error("tools", "run", "project.info", "--project", str(tmp_path))
    assert (code, error["code"]) == (1, "E_PROJECT_INVALID")


def test_broken_symlink_as_project(tmp_path):
    link = tmp_path / "link"
    os.symlink(tmp_path / "gone", link)
    code, error = _error("tools", "run", "project.info", "--project", str(link))
    assert (code, error["code"]) == (1, "E_INSTANCE_PATH_UNAVAILABLE")


def test_unknown_alias(tmp_path):
    code, error = _error("tools", "run", "project.info", "--instance", "no-such-alias")
    assert (code, error["code"]) == (2, "E_INSTANCE_NOT_FOUND")
    assert "unitycli target alias list" in error["nextActions"]


def test_no_project_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, error = _error("tools", "run", "project.info")
    assert (code, error["code"]) == (2, "E_INSTANCE_REQUIRED")


def test_describe_shows_full_descriptor():
    outcome = run(["--json", "tools", "describe", "project.info"])
    d = outcome.envelope["result"]
    assert d["name"] == "project.info" and d["mcpName"] == "project_info"
    assert d["readOnlyHint"] is True and d["supportsDryRun"] is True
    assert d["inputSchema"]["properties"]["includeTransitive"]["type"] == "boolean"
    assert "packages" in d["outputSchema"]["properties"]
    assert d["owner"]["kind"] == "builtin"
