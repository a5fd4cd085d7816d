"""HDRP 17.2.0 (ECS GraphicsSamples/HDRPSamples, Unity 6000.2): the 17.x layout with three more asset keys, and new
objects carry the `Assembly::Namespace.Class` m_EditorClassIdentifier Unity 6000.2 writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hdrp_testutil import output, write_and_diff

from unitycli.testing import copy_fixture_project

HDRP_172 = "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples"
ASSET = "Assets/HDRPSettings/HDRenderPipelineAsset.asset"
GLOBAL = "Assets/HDRPSettings/HDRenderPipelineGlobalSettings.asset"
POST = "Assets/HDRPSettings/SampleScenePostProcessingSettings.asset"


@pytest.fixture
def hdrp172(tmp_path) -> Path:
    return copy_fixture_project(HDRP_172, tmp_path)


def test_read_pipeline_settings_and_frame_settings(hdrp172):
    pipeline = output(hdrp172, "hdrp.get-pipeline")
    assert pipeline["packageVersion"] == "17.2.0" and pipeline["active"]["path"] == ASSET
    assert pipeline["globalSettings"]["path"] == GLOBAL
    settings = output(hdrp172, "hdrp.get-settings")
    assert settings["assetVersion"] == 25 and settings["missing"] == []
    camera = output(hdrp172, "hdrp.get-frame-settings", {"renderType": "camera"})["blocks"][0]
    assert (camera["data1"], camera["data2"]) == ("140649441525597", "4575659395735552024")
    lines, _ = write_and_diff(hdrp172, "hdrp.set-frame-settings", {"disable": ["SSR"]}, GLOBAL)
    assert lines == [("            data1: 140649441525597", f"            data1: {140649441525597 & ~(1 << 23)}")]


def test_new_override_gets_the_6000_2_class_identifier(hdrp172):
    profile = next(p for p in output(hdrp172, "hdrp.list-profiles")["profiles"] if "Fog" not in p["overrides"])
    lines, out = write_and_diff(hdrp172, "hdrp.add-override", {"profile": profile["path"], "override": "Fog"},
                                profile["path"])
    added = [new for _, new in lines]
    assert ("  m_EditorClassIdentifier: Unity.RenderPipelines.HighDefinition.Runtime::"
            "UnityEngine.Rendering.HighDefinition.Fog") in added
    assert out["override"]["className"] == "Fog"
