"""On an HDRP version the manifest does not list, hdrp.add-override writes only what the project proves and names it.
Stand-in: Cinemachine's HDRP sample project (Unity 2022.3.62f1) with the lock's Editor-bundled HDRP
entry (and the manifest's request for it) rewritten to 14.0.11, as an older 2022.3 patch release ships it; every profile file stays the real one.
"""

from __future__ import annotations

import json
from pathlib import Path

from hdrp_testutil import CM_DEFAULT_PROFILE, CM_LOOKDEV_PROFILE, error, output, text

from unitycli.testing import assert_dry_run_matches_commit, changed_lines

HDRP = "com.unity.render-pipelines.high-definition"
EXPOSURE_IN_DEFAULTS = 5315503232242033309


def _on_14_0_11(root: Path) -> Path:
    lock = root / "Packages/packages-lock.json"
    data = json.loads(lock.read_text())
    assert data["dependencies"][HDRP]["source"] == "builtin"
    data["dependencies"][HDRP]["version"] = "14.0.11"
    lock.write_text(json.dumps(data, indent=2) + "\n")
    manifest = root / "Packages/manifest.json"  # the project asks for the Editor's own version, as Unity writes it
    manifest.write_text(manifest.read_text().replace(f'"{HDRP}": "14.0.12"', f'"{HDRP}": "14.0.11"'))
    return root


def test_an_unverified_version_adds_the_class_an_object_in_the_project_proves_without_its_parameters(cm14):
    root = _on_14_0_11(cm14)
    before = text(root, CM_LOOKDEV_PROFILE)
    run = assert_dry_run_matches_commit(root, "hdrp.add-override",
                                        {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure"})
    out = run.output
    assert out["layoutSource"] == f"object {CM_DEFAULT_PROFILE} &{EXPOSURE_IN_DEFAULTS}"
    assert [entry.split(":", 1)[0] for entry in out["omittedFields"]][:3] == ["mode", "meteringMode",
                                                                               "luminanceSource"]
    assert all("class default on load" in entry for entry in out["omittedFields"])
    file_id = out["override"]["fileID"]
    added = [new for old, new in changed_lines(before, text(root, CM_LOOKDEV_PROFILE)) if old == ""]
    assert added[:2] == [f"  - {{fileID: {file_id}}}", f"--- !u!114 &{file_id}"]
    assert added[-2:] == ["  m_EditorClassIdentifier: ", "  active: 1"]
    assert not any("m_OverrideState" in line for line in added)


def test_values_on_an_unproven_parameter_are_refused_with_the_call_that_works(cm14):
    root = _on_14_0_11(cm14)
    before = text(root, CM_LOOKDEV_PROFILE)
    err = error(root, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure",
                                            "values": {"fixedExposure": 2}})
    assert err["code"] == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert err["nextActions"][0].startswith("unitycli tools run hdrp.add-override ")
    assert text(root, CM_LOOKDEV_PROFILE) == before
    assert output(root, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure"})


def test_a_class_nothing_in_the_project_proves_is_refused(cm14):
    root = _on_14_0_11(cm14)
    err = error(root, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Fog"})
    assert err["code"] == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert err["details"]["version"] == "14.0.11"
    assert "Library/PackageCache" in err["manualSteps"][0]  # Editor steps, not commands: a person's steps
    assert err["nextActions"] == [f"unitycli tools describe hdrp.add-override --project {root}"]


def test_the_verified_version_writes_the_manifest_layout(cm14):
    out = output(cm14, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure"})
    assert (out["layoutSource"], out["omittedFields"]) == (f"manifest {HDRP}@14.0.12", [])
