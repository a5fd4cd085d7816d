"""urp.add-feature for FullScreenPassRendererFeature and ScreenSpaceShadows: the exact document the Editor's Add
Renderer Feature writes in each layout (14.0.9 chicken-defense, 17.0.3 minigolf, 17.2.0 PhysicsSamples), the map
in step, and urp.remove-feature giving back the original bytes."""

from __future__ import annotations

import pytest
from urp_testutil import (
    CHICKEN,
    CHICKEN_RENDERER,
    MINIGOLF,
    MINIGOLF_RENDERER,
    PHYSICS,
    commit,
    error,
    ok,
    project,
)

from unitycli.api import encode_int64_le_hex

PHYSICS_RENDERER = "Assets/Common/UniversalRenderPipelineAsset_Renderer.asset"
HEAD = ["MonoBehaviour:", "  m_ObjectHideFlags: 0", "  m_CorrespondingSourceObject: {fileID: 0}",
        "  m_PrefabInstance: {fileID: 0}", "  m_PrefabAsset: {fileID: 0}", "  m_GameObject: {fileID: 0}",
        "  m_Enabled: 1", "  m_EditorHideFlags: 0"]
FULL_SCREEN_BODY = ["  m_Active: 1", "  injectionPoint: 600", "  fetchColorBuffer: 1", "  requirements: 0",
                    "  passMaterial: {fileID: 2100000, guid: 78a08787ca30045abb69f6f7dd878e09, type: 2}",
                    "  passIndex: 0", "  bindDepthStencilAttachment: 0", "  m_Version: 1"]
SHADOWS_BODY = ["  m_Active: 1", "  m_Shader: {fileID: 4800000, guid: 0f854b35a0cf61a429bd5dcfea30eddd, type: 3}",
                "  m_Settings: {}"]
CASES = {
    ("14", "FullScreenPass"): (CHICKEN, CHICKEN_RENDERER, "6d613f08f173d4dd895bb07b3230baa9",
                               "FullScreenPassRendererFeature", "", FULL_SCREEN_BODY),
    ("17.0", "FullScreenPass"): (MINIGOLF, MINIGOLF_RENDERER, "b00045f12942b46c698459096c89274e",
                                 "FullScreenPassRendererFeature", "", FULL_SCREEN_BODY),
    ("17.2", "FullScreenPass"): (PHYSICS, PHYSICS_RENDERER, "b00045f12942b46c698459096c89274e",
                                 "FullScreenPassRendererFeature", "Unity.RenderPipelines.Universal.Runtime::"
                                 "UnityEngine.Rendering.Universal.FullScreenPassRendererFeature", FULL_SCREEN_BODY),
    ("14", "ScreenSpaceShadows"): (CHICKEN, CHICKEN_RENDERER, "e32e72b6a3f58a24c9033e2b9275eea0",
                                   "ScreenSpaceShadows", "", SHADOWS_BODY),
    ("17.0", "ScreenSpaceShadows"): (MINIGOLF, MINIGOLF_RENDERER, "e32e72b6a3f58a24c9033e2b9275eea0",
                                     "ScreenSpaceShadows", "", SHADOWS_BODY),
    ("17.2", "ScreenSpaceShadows"): (PHYSICS, PHYSICS_RENDERER, "e32e72b6a3f58a24c9033e2b9275eea0",
                                     "ScreenSpaceShadows", "Unity.RenderPipelines.Universal.Runtime::"
                                     "UnityEngine.Rendering.Universal.ScreenSpaceShadows", SHADOWS_BODY),
}


@pytest.mark.parametrize(("layout", "kind"), list(CASES))
def test_the_new_feature_is_the_editors_document_and_removing_it_restores_the_file(tmp_path, layout, kind):
    fixture, renderer, guid, class_name, identifier, body = CASES[(layout, kind)]
    root = project(tmp_path, fixture)
    original = (root / renderer).read_bytes()
    out, lines = commit(root, "urp.add-feature", {"type": kind}, renderer)
    feature = out["feature"]
    assert (out["layout"], feature["type"], feature["name"]) == (layout, class_name, class_name)
    added = [new for old, new in lines if new.startswith(("--- ", " ", "MonoBehaviour"))]
    block = added[added.index(f"--- !u!114 &{feature['fileID']}"):]
    assert block == [f"--- !u!114 &{feature['fileID']}", *HEAD,
                     f"  m_Script: {{fileID: 11500000, guid: {guid}, type: 3}}", f"  m_Name: {class_name}",
                     f"  m_EditorClassIdentifier: {identifier}", *body]
    listed = ok(root, "urp.list-features", {"renderer": renderer})
    assert listed["mapInStep"] and listed["features"][-1]["fileID"] == feature["fileID"]
    text = (root / renderer).read_text()
    assert f"  m_RendererFeatureMap: {encode_int64_le_hex([f['fileID'] for f in listed['features']])}\n" in text
    commit(root, "urp.remove-feature", {"renderer": renderer, "feature": feature["fileID"]}, renderer)
    assert (root / renderer).read_bytes() == original


def test_screen_space_shadows_is_one_per_renderer_full_screen_pass_repeats(tmp_path):
    root = project(tmp_path, MINIGOLF)
    commit(root, "urp.add-feature", {"type": "ScreenSpaceShadows"}, MINIGOLF_RENDERER)
    err = error(root, "urp.add-feature", {"type": "ScreenSpaceShadows"})
    assert err["code"] == "E_URP_FEATURE_EXISTS" and err["details"]["type"] == "ScreenSpaceShadows"
    first, _ = commit(root, "urp.add-feature", {"type": "FullScreenPass", "name": "Invert"}, MINIGOLF_RENDERER)
    second, _ = commit(root, "urp.add-feature", {"type": "FullScreenPassRendererFeature", "active": False},
                       MINIGOLF_RENDERER)
    names = [(f["name"], f["active"]) for f in ok(root, "urp.list-features")["features"]]
    assert names == [("Ball Highlight", True), ("ScreenSpaceShadows", True), ("Invert", True),
                     ("FullScreenPassRendererFeature", False)]
    assert first["feature"]["fileID"] != second["feature"]["fileID"]
