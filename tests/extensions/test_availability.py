"""Availability before the call: extension manifests against the project's resolved packages."""

from __future__ import annotations

import json

import pytest

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, PROBUILDER_5_2_2, copy_project, fake_extension
from unitycli.cli.main import run
from unitycli.host.session import Session


def _describe(root, tool):
    session = Session(project_arg=str(root), cwd=root)
    return session.descriptor(session.tool(tool))


@pytest.fixture
def fakepb(site):
    fake_extension(site, "fakepb", ["fakepb.mesh-count", "fakepb.mesh-list", "fakepb.ping"], PROBUILDER_5_2_2)
    return site


def test_chicken_defense_has_the_verified_probuilder(fakepb, tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    d = _describe(root, "fakepb.mesh-count")
    assert d.available is True
    assert d.profile_verified is True
    assert [(r.name, r.versions, r.project_has) for r in d.requires_packages] == [
        ("com.unity.probuilder", ["5.2.2"], "5.2.2")]


def test_minigolf_has_another_version_named_in_the_reason(fakepb, tmp_path):
    root = copy_project("minigolf", tmp_path)
    d = _describe(root, "fakepb.mesh-count")
    assert d.available is False
    assert d.unavailable_code == "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"
    assert "com.unity.probuilder@5.2.2" in d.unavailable_reason
    assert "com.unity.probuilder@6.0.4 (registry)" in d.unavailable_reason
    assert d.next_actions[0] == (f"unitycli tools run package.add --project {root} --input "
                                 """'{"name": "com.unity.probuilder", "version": "5.2.2"}'""")


def test_project_without_the_package_is_missing_with_the_exact_package_add(fakepb, tmp_path):
    root = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    d = _describe(root, "fakepb.mesh-count")
    assert d.available is False
    assert d.unavailable_code == "E_EXTENSION_DEPENDENCY_MISSING"
    assert d.unavailable_reason == ("fakepb.mesh-count needs com.unity.probuilder@5.2.2; the project has none "
                                    "(not in Packages/packages-lock.json)")
    assert d.next_actions == [
        f"""unitycli tools run package.add --project {root} --input '{{"name": "com.unity.probuilder", "version": "5.2.2"}}'""",
    ]


def test_project_without_a_lock_is_unverifiable_not_missing(fakepb, tmp_path):
    root = copy_project("vfx-samples", tmp_path)
    assert not (root / "Packages" / "packages-lock.json").exists()
    d = _describe(root, "fakepb.mesh-count")
    assert d.available is False
    assert d.unavailable_code == "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"
    assert "no usable packages-lock.json" in d.unavailable_reason


def test_git_package_without_its_cache_is_unverifiable(site, tmp_path):
    manifest = PROBUILDER_5_2_2.replace("com.unity.probuilder", "com.inspiaaa.unityhfsm")
    fake_extension(site, "fakepb", ["fakepb.mesh-count"], manifest)
    root = copy_project("chicken-defense", tmp_path)
    d = _describe(root, "fakepb.mesh-count")
    assert d.unavailable_code == "E_EXTENSION_DEPENDENCY_UNVERIFIABLE"
    assert "Library/PackageCache/com.inspiaaa.unityhfsm@eb590da7fb" in d.unavailable_reason


def test_a_tool_outside_the_globs_needs_nothing(fakepb, tmp_path):
    root = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    d = _describe(root, "fakepb.ping")
    assert d.available is True
    assert d.requires_packages == []


def test_no_project_selected_leaves_availability_null(fakepb, tmp_path):
    session = Session(cwd=tmp_path)
    d = session.descriptor(session.tool("fakepb.mesh-count"))
    assert d.available is None


def test_the_removed_accept_unverified_table_is_refused_once_with_the_step_that_fixes_it(fakepb, tmp_path):
    # It grants nothing; a file that still has it says so instead of silently ignoring it.
    root = copy_project("minigolf", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[accept-unverified]\n"com.unity.probuilder" = "6.0.4"\n')
    d = _describe(root, "fakepb.mesh-count")
    assert (d.available, d.unavailable_code) == (False, "E_MANIFEST_INVALID")
    assert "was removed" in d.unavailable_reason
    assert d.manual_steps == ["Delete the [accept-unverified] table from .unitycli/config.toml"]  # a person's edit
    assert d.next_actions == [f"unitycli extensions doctor --project {root}"]  # then the doctor re-reads the file
    doctor = run(["extensions", "doctor", "--project", str(root), "--json"])
    mentions = [c for c in doctor.envelope["result"]["checks"] if "accept-unverified" in c["message"]]
    assert [c["name"] for c in mentions] == ["config"]
    assert mentions[0]["manualSteps"] == d.manual_steps
    assert mentions[0]["nextActions"] == d.next_actions
    (root / ".unitycli" / "config.toml").write_text("")  # the step, carried out
    assert _describe(root, "fakepb.mesh-count").unavailable_code == "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED"


def test_the_doctor_reports_an_unverified_version_per_operation_without_failing(fakepb, tmp_path):
    root = copy_project("minigolf", tmp_path)  # ProBuilder 6.0.4; fakepb verified only 5.2.2
    doctor = run(["extensions", "doctor", "--project", str(root), "--json"])
    checks = {c["name"]: c for c in doctor.envelope["result"]["checks"]}
    check = next(c for name, c in checks.items() if name.startswith("package:") and "probuilder" in name)
    assert check["status"] == "warn"
    assert "com.unity.probuilder@6.0.4 is unverified" in check["message"]
    operations = check["details"]["operations"]
    assert operations["read"]["available"] and operations["edit"]["available"]
    assert operations["create"] == {"available": False, "code": "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
                                    "reason": operations["create"]["reason"]}
    assert check["nextActions"]


def test_a_read_runs_on_any_present_version_and_says_why(fakepb, tmp_path):
    root = copy_project("minigolf", tmp_path)  # ProBuilder 6.0.4; fakepb verified only 5.2.2
    d = _describe(root, "fakepb.mesh-list")
    assert (d.available, d.profile_verified, d.operation) == (True, False, "read")
    assert d.verified_by.startswith("reads any version: com.unity.probuilder@6.0.4 is not a verified version")
    outcome = run(["tools", "run", "fakepb.mesh-list", "--project", str(root), "--json"])
    assert outcome.exit_code == 0, outcome.envelope
    assert outcome.envelope["result"]["profileVerified"] is False


def test_malformed_project_config_makes_tools_unavailable(fakepb, tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[extensions]\ndisabled = "fakepb"\n')
    d = _describe(root, "fakepb.mesh-count")
    assert d.unavailable_code == "E_MANIFEST_INVALID"
    assert "extensions.disabled" in d.unavailable_reason


def test_running_an_unavailable_tool_fails_before_any_effect(fakepb, tmp_path):
    root = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    outcome = run(["tools", "run", "fakepb.mesh-count", "--project", str(root), "--json"])
    assert outcome.exit_code == 1
    error = outcome.envelope["error"]
    assert error["code"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert error["nextActions"][0].startswith("unitycli tools run package.add --project ")
    assert error["details"]["requiresPackages"] == [
        {"name": "com.unity.probuilder", "versions": ["5.2.2"], "projectHas": None}]
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_group_and_search_show_availability_without_running(fakepb, tmp_path):
    root = copy_project("minigolf", tmp_path)
    outcome = run(["tools", "search", "fakepb", "--project", str(root), "--json"])
    tools = {t["name"]: t for t in outcome.envelope["result"]["tools"]}
    assert tools["fakepb.mesh-count"]["available"] is False
    assert "com.unity.probuilder@6.0.4" in tools["fakepb.mesh-count"]["unavailableReason"]
    assert tools["fakepb.ping"]["available"] is True
    groups = {g["group"]: g for g in run(["tools", "group", "--project", str(root), "--json"]).envelope["result"]["groups"]}
    assert groups["fakepb"] == {"group": "fakepb", "tools": 3, "available": 2}  # the create is the one refused


def test_extension_without_its_own_manifest_uses_the_core_catalog(site, tmp_path):
    # A probuilder extension that ships no manifest hook: the catalog's probuilder.toml (5.2.2, 6.0.4) applies.
    fake_extension(site, "probuilder", ["probuilder.list-meshes"], None)
    assert _describe(copy_project("minigolf", tmp_path / "a"), "probuilder.list-meshes").available is True
    d = _describe(copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path / "b"), "probuilder.list-meshes")
    assert d.unavailable_code == "E_EXTENSION_DEPENDENCY_MISSING"
    assert '"version": "6.0.4"' in d.next_actions[0]  # the newest verified version


def test_invalid_packaged_manifest_blocks_the_extension(site, tmp_path):
    fake_extension(site, "fakepb", ["fakepb.mesh-count"], PROBUILDER_5_2_2.replace('"5.2.2"', '"5.2"'))
    d = _describe(copy_project("chicken-defense", tmp_path), "fakepb.mesh-count")
    assert d.unavailable_code == "E_MANIFEST_INVALID"
    assert "packages[0].versions" in d.unavailable_reason


def test_manifest_of_another_distribution_is_refused(site, tmp_path):
    fake_extension(site, "fakepb", ["fakepb.mesh-count"], PROBUILDER_5_2_2, dist="unitycli-other")
    d = _describe(copy_project("chicken-defense", tmp_path), "fakepb.mesh-count")
    assert d.unavailable_code == "E_MANIFEST_INVALID"
    assert "unitycli-other" in d.unavailable_reason


def test_core_api_out_of_range_is_unsupported(site, tmp_path):
    fake_extension(site, "fakepb", ["fakepb.ping"], PROBUILDER_5_2_2.replace(">=2.0,<3", ">=3.0"))
    d = _describe(copy_project("chicken-defense", tmp_path), "fakepb.ping")
    assert d.unavailable_code == "E_EXTENSION_CORE_API_UNSUPPORTED"


def test_descriptor_json_carries_the_documented_fields(fakepb, tmp_path):
    root = copy_project("minigolf", tmp_path)
    outcome = run(["tools", "describe", "fakepb.mesh-count", "--project", str(root), "--json"])
    result = outcome.envelope["result"]
    assert {"available", "unavailableReason", "requiresPackages", "nextActions", "owner"} <= set(result)
    json.dumps(result)
