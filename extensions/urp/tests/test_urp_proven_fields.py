"""On a URP version the manifest does not list, a new override is written with only what the project proves, and
the answer names the proof and what was left out (never silently the nearest version's layout).

The project: Cinemachine's own URP sample project (Unity 2022.3.62f1, URP 14.0.12, not a verified version). Its
`SampleSceneProfile.asset` holds Editor-written Bloom, Vignette and Tonemapping overrides; a second profile is made
from it (a copy under a new GUID with Bloom removed by urp.remove-override, an edit that runs on any version).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from urp_testutil import CHICKEN, commit, error, ok, project

CM_URP = "com.unity.cinemachine/Projects/URP"
SAMPLE = "Assets/Settings/SampleSceneProfile.asset"
SECOND = "Assets/Settings/SecondProfile.asset"
BLOOM_IN_SAMPLE = -7893295128165547882
URP = "com.unity.render-pipelines.universal"
CHANGED = ["intensity.m_OverrideState", "intensity.m_Value"]


def _second_profile(tmp_path: Path) -> Path:
    root = project(tmp_path, CM_URP)
    shutil.copyfile(root / SAMPLE, root / SECOND)
    (root / f"{SECOND}.meta").write_text("fileFormatVersion: 2\nguid: 5ec0dd0f11e0000000000000000000aa\n"
                                         "NativeFormatImporter:\n  mainObjectFileID: 11400000\n")
    ok(root, "urp.remove-override", {"profile": SECOND, "override": "Bloom"})
    return root


def test_a_new_override_on_an_unverified_version_is_proven_by_an_object_of_its_class(tmp_path):
    root = _second_profile(tmp_path)
    out, lines = commit(root, "urp.add-override", {"profile": SECOND, "type": "Bloom"}, SECOND)
    assert out["layoutSource"] == f"object {SAMPLE} &{BLOOM_IN_SAMPLE}"
    omitted = [entry.split(":", 1)[0] for entry in out["omittedFields"]]
    assert omitted == ["threshold", "intensity", "scatter", "clamp", "tint", "highQualityFiltering", "dirtTexture",
                       "dirtIntensity"]
    assert all("not proven" in entry or "unknown to this tool" in entry for entry in out["omittedFields"])
    file_id = out["override"]["fileID"]
    added = [new for old, new in lines if old == ""]
    assert added == [f"  - {{fileID: {file_id}}}", f"--- !u!114 &{file_id}", "MonoBehaviour:", "  m_ObjectHideFlags: 3",
                     "  m_CorrespondingSourceObject: {fileID: 0}", "  m_PrefabInstance: {fileID: 0}",
                     "  m_PrefabAsset: {fileID: 0}", "  m_GameObject: {fileID: 0}", "  m_Enabled: 1",
                     "  m_EditorHideFlags: 0",
                     "  m_Script: {fileID: 11500000, guid: 0b2db86121404754db890f4c8dfe81b2, type: 3}",
                     "  m_Name: Bloom", "  m_EditorClassIdentifier: ", "  active: 1"]
    assert out["override"]["parameters"] == []
    assert "skipIterations" in out["override"]["missingParameters"]


def test_a_parameter_the_file_lacks_is_added_only_where_the_project_proves_it(tmp_path):
    root = _second_profile(tmp_path)
    ok(root, "urp.add-override", {"profile": SECOND, "type": "Bloom"})
    out, lines = commit(root, "urp.set-override", {"profile": SECOND, "override": "Bloom",
                                                  "parameters": {"intensity": 2}}, SECOND)
    assert out["changed"] == CHANGED
    assert [new for old, new in lines if old == ""] == ["  intensity:", "    m_OverrideState: 1", "    m_Value: 2"]
    # `downscale` exists in the tool's 14.0.9 table, but nothing in this project shows 14.0.12 serializes it.
    err = error(root, "urp.set-override", {"profile": SECOND, "override": "Bloom", "parameters": {"downscale": 1}})
    assert err["code"] == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert err["details"]["layoutSource"] == f"object {SAMPLE} &{BLOOM_IN_SAMPLE}"
    assert "downscale" not in err["details"]["parameters"]


def test_a_new_parameter_without_its_value_is_refused_since_only_its_name_is_proven(tmp_path):
    root = _second_profile(tmp_path)
    ok(root, "urp.add-override", {"profile": SECOND, "type": "Bloom"})
    before = (root / SECOND).read_bytes()
    err = error(root, "urp.set-override", {"profile": SECOND, "override": "Bloom",
                                          "overrideStates": {"intensity": True}})
    assert (err["code"], err["details"]["parameter"]) == ("E_SCRIPT_LAYOUT_UNPROVABLE", "intensity")
    assert "give its value in parameters" in err["message"]
    assert err["nextActions"] == [f"unitycli tools describe urp.set-override --project {root}"]
    assert (root / SECOND).read_bytes() == before


def test_with_nothing_to_prove_the_class_the_add_is_refused_with_the_steps_that_bring_proof(tmp_path):
    root = project(tmp_path, CM_URP)
    before = (root / SAMPLE).read_bytes()
    err = error(root, "urp.add-override", {"profile": SAMPLE, "type": "ColorAdjustments"})
    assert err["code"] == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert err["details"]["version"] == "14.0.12"
    assert "Library/PackageCache" in err["manualSteps"][0]  # Editor steps, not commands: a person's steps
    assert "add a ColorAdjustments override" in err["manualSteps"][0]
    assert (root / SAMPLE).read_bytes() == before


def test_a_verified_version_writes_the_manifest_layout_and_says_so(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.add-override", {"profile": "MainMenuPost Profile", "type": "Bloom"})
    assert out["layoutSource"] == f"manifest {URP}@14.0.9"
    assert out["omittedFields"] == []
    assert out["override"]["missingParameters"] == []
