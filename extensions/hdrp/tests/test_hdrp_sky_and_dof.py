"""hdrp.add-override for PhysicallyBasedSky and DepthOfField on HDRP 17.0.3 (VisualEffectGraph-Samples): the new
sub-asset has the same keys and default values as the package default profile's (Editor-written), and they are
refused on 14.0.12 (com.unity.cinemachine HDRP), which has no evidence of their layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hdrp_testutil import (
    CM_LOOKDEV_PROFILE,
    VFX_DEFAULT_PROFILE,
    VFX_POST_PROFILE,
    refused_untouched,
    text,
    write_and_diff,
)

from unitycli.testing import copy_fixture_project

HDRP_172 = "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples"
DEFAULT_172 = "Assets/HDRPSettings/HDRPDefaultSettings.asset"
POST_172 = "Assets/HDRPSettings/SampleScenePostProcessingSettings.asset"
GUIDS = {"PhysicallyBasedSky": "d877ec3e844f2ca46830012e8e79319b", "DepthOfField": "aaa3b8214f75b354e9ba2caadd022259"}


def _body(document: str) -> list[str]:
    """The lines after m_EditorClassIdentifier, with every m_OverrideState off (the default profile turns all on)."""
    lines = document.rstrip("\n").splitlines()
    lines = lines[next(i for i, line in enumerate(lines) if line.startswith("  m_EditorClassIdentifier:")) + 1:]
    return [re.sub(r"m_OverrideState: 1$", "m_OverrideState: 0", line) for line in lines]


def _document(all_text: str, guid: str, after: int = 0) -> str:
    start = all_text.index(f"  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}", after)
    end = all_text.find("\n--- !u!", start)
    return all_text[start:end if end != -1 else len(all_text)] + "\n"


@pytest.mark.parametrize("name", ["PhysicallyBasedSky", "DepthOfField"])
def test_added_override_equals_the_package_default_profiles_at_its_defaults(vfx, name):
    reference = _body(_document(text(vfx, VFX_DEFAULT_PROFILE), GUIDS[name]))
    lines, out = write_and_diff(vfx, "hdrp.add-override", {"profile": VFX_POST_PROFILE, "override": name},
                                VFX_POST_PROFILE)
    assert all(old == "" for old, _ in lines)
    file_id = out["override"]["fileID"]
    added = "\n".join(new for _, new in lines) + "\n"
    assert added.startswith(f"  - {{fileID: {file_id}}}\n--- !u!114 &{file_id}\nMonoBehaviour:\n  m_ObjectHideFlags: 3\n")
    assert f"  m_Name: {name}\n" in added
    assert _body(_document(added, GUIDS[name])) == reference
    assert out["override"]["className"] == name


def test_depth_of_field_values_are_checked_against_the_source_ranges(vfx):
    err = refused_untouched(vfx, "hdrp.add-override", {"profile": VFX_POST_PROFILE, "override": "DepthOfField",
                                                       "values": {"m_NearSampleCount": 9}})
    assert err["code"] == "E_HDRP_VALUE_INVALID" and err["details"]["max"] == 8
    lines, _ = write_and_diff(vfx, "hdrp.add-override", {"profile": VFX_POST_PROFILE, "override": "DepthOfField",
                                                         "values": {"focusMode": "Manual", "farFocusEnd": 40}},
                              VFX_POST_PROFILE)
    added = [new for _, new in lines]
    at = added.index("  focusMode:")
    assert added[at:at + 3] == ["  focusMode:", "    m_OverrideState: 1", "    m_Value: 2"]
    at = added.index("  farFocusEnd:")
    assert added[at:at + 3] == ["  farFocusEnd:", "    m_OverrideState: 1", "    m_Value: 40"]


@pytest.mark.parametrize("name", ["PhysicallyBasedSky", "DepthOfField", "Vignette", "ColorAdjustments"])
def test_classes_without_14_evidence_are_refused_on_14(cm14, name):
    err = refused_untouched(cm14, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": name})
    assert err["code"] == "E_HDRP_OVERRIDE_UNSUPPORTED"
    assert err["message"] == (f"{name} has no verified layout in HDRP 14.x (no project file or clean package source "
                              "of it); it is neither created nor its values written")


@pytest.fixture
def hdrp172(tmp_path) -> Path:
    return copy_fixture_project(HDRP_172, tmp_path)


@pytest.mark.parametrize("name", ["PhysicallyBasedSky", "DepthOfField"])
def test_the_same_layout_on_17_2(hdrp172, name):
    reference = _body(_document(text(hdrp172, DEFAULT_172), GUIDS[name]))
    lines, out = write_and_diff(hdrp172, "hdrp.add-override", {"profile": POST_172, "override": name}, POST_172)
    added = "\n".join(new for _, new in lines) + "\n"
    assert ("  m_EditorClassIdentifier: Unity.RenderPipelines.HighDefinition.Runtime::"
            f"UnityEngine.Rendering.HighDefinition.{name}\n") in added
    assert _body(_document(added, GUIDS[name])) == reference
