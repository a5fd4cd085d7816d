"""Renderer features: list, enable/disable, add, remove, move, with m_RendererFeatureMap kept in step, on URP
14.0.9 (chicken-defense), 17.0.3 (minigolf) and 17.2.0 (PhysicsSamples)."""

from __future__ import annotations

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

from unitycli.api import decode_int64_le_hex, encode_int64_le_hex

SSAO_ID = -1878332245247344467
DECAL_ID = 653085142619871783


def test_list_features_of_the_active_renderer(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.list-features")
    assert out["renderer"] == CHICKEN_RENDERER and out["mapInStep"] and out["orphans"] == []
    assert [(f["name"], f["type"], f["fileID"], f["active"]) for f in out["features"]] == [
        ("SSAO", "ScreenSpaceAmbientOcclusion", SSAO_ID, True),
        ("DecalRendererFeature", "DecalRendererFeature", DECAL_ID, True)]
    balanced = ok(root, "urp.list-features", {"qualityLevel": "Balanced"})
    assert balanced["renderer"] == "Assets/Settings/URP-Balanced-Renderer.asset"
    second = ok(root, "urp.list-features", {"rendererIndex": 1})
    assert second["renderer"] == "Assets/Settings/URP-Performant-Renderer.asset" and second["features"] == []
    golf = ok(project(tmp_path / "g", MINIGOLF), "urp.list-features")
    assert [(f["name"], f["type"]) for f in golf["features"]] == [("Ball Highlight", "RenderObjects")]


def test_disable_ssao_changes_one_line(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.set-feature-active", {"feature": "SSAO", "active": False}, CHICKEN_RENDERER)
    assert out["changed"] and out["feature"]["active"] is False
    assert lines == [("  m_Active: 1", "  m_Active: 0")]
    assert ok(root, "urp.list-features")["features"][0]["active"] is False
    again = ok(root, "urp.set-feature-active", {"feature": SSAO_ID, "active": False})
    assert again["changed"] is False


def test_disable_ssao_on_17_after_adding_it(tmp_path):
    root = project(tmp_path, MINIGOLF)
    added, _ = commit(root, "urp.add-feature", {"type": "SSAO"}, MINIGOLF_RENDERER)
    assert added["feature"]["name"] == "ScreenSpaceAmbientOcclusion" and added["layout"] == "17.0"
    text = (root / MINIGOLF_RENDERER).read_text()
    assert "  m_BlueNoise256Textures:\n  - {fileID: 2800000, guid: 36f118343fc974119bee3d09e2111500, type: 3}\n" in text
    assert "  m_Shader: {fileID: 4800000, guid: 0849e84e3d62649e8882e9d6f056a017, type: 3}\n" in text
    out, lines = commit(root, "urp.set-feature-active", {"feature": "ScreenSpaceAmbientOcclusion", "active": False},
                        MINIGOLF_RENDERER)
    assert lines == [("  m_Active: 1", "  m_Active: 0")]
    ball = ok(root, "urp.set-feature-active", {"feature": "Ball Highlight", "active": False})
    assert ball["feature"]["active"] is False
    assert [f["active"] for f in ok(root, "urp.list-features")["features"]] == [False, False]


def _add_then_remove(root, renderer, data):
    original = (root / renderer).read_bytes()
    added, lines = commit(root, "urp.add-feature", data, renderer)
    feature = added["feature"]
    listed = ok(root, "urp.list-features", {"renderer": renderer})
    assert listed["mapInStep"] and listed["features"][-1]["fileID"] == feature["fileID"]
    text = (root / renderer).read_text()
    ids = [f["fileID"] for f in listed["features"]]
    assert f"  m_RendererFeatureMap: {encode_int64_le_hex(ids)}\n" in text
    assert decode_int64_le_hex(encode_int64_le_hex(ids)) == ids
    removed, _ = commit(root, "urp.remove-feature", {"renderer": renderer, "feature": feature["fileID"]}, renderer)
    assert removed["removed"]["fileID"] == feature["fileID"]
    assert (root / renderer).read_bytes() == original
    return feature, lines, text


def test_add_render_objects_then_remove_gives_back_the_original_bytes_on_14(tmp_path):
    root = project(tmp_path, CHICKEN)
    feature, lines, text = _add_then_remove(root, CHICKEN_RENDERER, {"type": "RenderObjects"})
    map_line = ("  m_RendererFeatureMap: adc0de57c6d2eee5275af11d7a391009",
                "  m_RendererFeatureMap: adc0de57c6d2eee5275af11d7a391009"
                + encode_int64_le_hex([feature["fileID"]]))
    assert lines[:2] == [(map_line[0], f"  - {{fileID: {feature['fileID']}}}"), ("", map_line[1])]
    added = [new for old, new in lines[2:]]
    assert added[:14] == [f"--- !u!114 &{feature['fileID']}", "MonoBehaviour:", "  m_ObjectHideFlags: 0",
                          "  m_CorrespondingSourceObject: {fileID: 0}", "  m_PrefabInstance: {fileID: 0}",
                          "  m_PrefabAsset: {fileID: 0}", "  m_GameObject: {fileID: 0}", "  m_Enabled: 1",
                          "  m_EditorHideFlags: 0",
                          "  m_Script: {fileID: 11500000, guid: 6b3d386ba5cd94485973aee1479b272e, type: 3}",
                          "  m_Name: RenderObjects", "  m_EditorClassIdentifier: ", "  m_Active: 1", "  settings:"]
    assert "    passTag: RenderObjectsFeature\n    Event: 300\n" in text
    assert "      offset: {x: 0, y: 0, z: 0, w: 0}\n      cameraFieldOfView: 60\n" in text


def test_add_render_objects_then_remove_gives_back_the_original_bytes_on_17(tmp_path):
    root = project(tmp_path, MINIGOLF)
    data = {"type": "RenderObjects", "name": "Outline", "event": "AfterRenderingTransparents", "layerMask": 64,
            "renderQueue": "transparent"}
    feature, lines, text = _add_then_remove(root, MINIGOLF_RENDERER, data)
    assert feature["name"] == "Outline" and feature["index"] == 1
    # the new document is an exact sibling of minigolf's own RenderObjects ("Ball Highlight") in layout
    block = text[text.index(f"--- !u!114 &{feature['fileID']}"):]
    own = text[text.index("--- !u!114 &5771838199205305370"):]
    keys = [line.split(":")[0] for line in block.splitlines()[1:]]
    assert keys == [line.split(":")[0] for line in own.splitlines()[1:len(keys) + 1]]
    assert "    Event: 500\n    filterSettings:\n      RenderQueueType: 1\n" in block
    assert "        m_Bits: 64\n" in block


def test_add_then_remove_on_an_empty_renderer_of_17_2(tmp_path):
    root = project(tmp_path, PHYSICS)
    renderer = "Assets/Common/UniversalRenderPipelineAsset_Renderer.asset"
    feature, lines, text = _add_then_remove(root, renderer, {"type": "ScreenSpaceAmbientOcclusion"})
    assert lines[:3] == [("  m_RendererFeatures: []", "  m_RendererFeatures:"),
                         ("  m_RendererFeatureMap: ", f"  - {{fileID: {feature['fileID']}}}"),
                         ("", "  m_RendererFeatureMap: " + encode_int64_le_hex([feature["fileID"]]))]
    assert "m_BlueNoise256Textures" not in text  # not serialized from 17.0.4 on
    assert ("  m_EditorClassIdentifier: Unity.RenderPipelines.Universal.Runtime::"
            "UnityEngine.Rendering.Universal.ScreenSpaceAmbientOcclusion\n") in text


def test_ssao_is_one_per_renderer_and_unknown_types_are_refused(tmp_path):
    root = project(tmp_path, CHICKEN)
    err = error(root, "urp.add-feature", {"type": "SSAO"})
    assert err["code"] == "E_URP_FEATURE_EXISTS" and err["details"]["fileID"] == SSAO_ID
    err = error(root, "urp.add-feature", {"type": "KeepFrameFeature"})
    assert err["code"] == "E_URP_FEATURE_TYPE_UNSUPPORTED"
    assert err["details"]["supported"] == ["Decal", "DecalRendererFeature", "FullScreenPass",
                                           "FullScreenPassRendererFeature", "RenderObjects", "SSAO",
                                           "ScreenSpaceAmbientOcclusion", "ScreenSpaceShadows"]
    assert error(root, "urp.add-feature", {"type": "RenderObjects", "event": "Never"})["code"] == "E_SCHEMA_INVALID"


def test_missing_feature_and_non_renderer(tmp_path):
    root = project(tmp_path, CHICKEN)
    err = error(root, "urp.set-feature-active", {"feature": "Bloom", "active": True})
    assert err["code"] == "E_URP_FEATURE_NOT_FOUND"
    assert err["details"]["features"] == ["SSAO", "DecalRendererFeature"]
    assert error(root, "urp.remove-feature", {"feature": 9})["code"] == "E_URP_FEATURE_NOT_FOUND"
    err = error(root, "urp.list-features", {"renderer": "Assets/Settings/URP-Balanced.asset"})
    assert err["code"] == "E_URP_RENDERER_NOT_FOUND"
    assert error(root, "urp.list-features", {"rendererIndex": 5})["code"] == "E_URP_RENDERER_NOT_FOUND"


def test_move_feature_moves_the_map_with_the_list(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.move-feature", {"renderer": CHICKEN_RENDERER, "feature": "DecalRendererFeature",
                                                   "index": 0}, CHICKEN_RENDERER)
    assert [f["fileID"] for f in out["features"]] == [DECAL_ID, SSAO_ID]
    assert lines == [("", "  - {fileID: 653085142619871783}"),
                     ("  - {fileID: 653085142619871783}",
                      "  m_RendererFeatureMap: 275af11d7a391009adc0de57c6d2eee5"),
                     ("  m_RendererFeatureMap: adc0de57c6d2eee5275af11d7a391009", "")]
    assert ok(root, "urp.list-features")["mapInStep"]
    assert error(root, "urp.move-feature", {"feature": "SSAO", "index": 2})["code"] == "E_SCHEMA_INVALID"


def test_remove_feature_deletes_the_sub_asset(tmp_path):
    root = project(tmp_path, CHICKEN)
    out, lines = commit(root, "urp.remove-feature", {"feature": "DecalRendererFeature"}, CHICKEN_RENDERER)
    assert [f["name"] for f in out["remaining"]] == ["SSAO"]
    assert lines[:2] == [("  - {fileID: 653085142619871783}", "  m_RendererFeatureMap: adc0de57c6d2eee5"),
                         ("  m_RendererFeatureMap: adc0de57c6d2eee5275af11d7a391009", "")]
    assert "&653085142619871783" not in (root / CHICKEN_RENDERER).read_text()


def test_a_decal_removed_and_added_again_is_the_editors_document(tmp_path):
    root = project(tmp_path, CHICKEN)
    original = (root / CHICKEN_RENDERER).read_text()
    old = original[original.index(f"--- !u!114 &{DECAL_ID}"):].split("\n", 1)[1]
    commit(root, "urp.remove-feature", {"feature": "DecalRendererFeature"}, CHICKEN_RENDERER)
    assert error(root, "urp.set-feature-active", {"feature": DECAL_ID, "active": True})["code"] == \
        "E_URP_FEATURE_NOT_FOUND"
    added, _ = commit(root, "urp.add-feature", {"type": "Decal"}, CHICKEN_RENDERER)
    text = (root / CHICKEN_RENDERER).read_text()
    new = text[text.index(f"--- !u!114 &{added['feature']['fileID']}"):].split("\n", 1)[1].split("--- !u!")[0]
    assert new == old.replace("    decalLayers: 1\n", "    decalLayers: 0\n")  # the fixture turned layers on
    assert error(root, "urp.add-feature", {"type": "Decal"})["code"] == "E_URP_FEATURE_EXISTS"
    golf = project(tmp_path / "g", MINIGOLF)
    added, lines = commit(golf, "urp.add-feature", {"type": "DecalRendererFeature"}, MINIGOLF_RENDERER)
    assert [new for _, new in lines][-9:] == ["  m_Active: 1", "  m_Settings:", "    technique: 0",
                                              "    maxDrawDistance: 1000", "    decalLayers: 0",
                                              "    dBufferSettings:", "      surfaceData: 2",
                                              "    screenSpaceSettings:", "      normalBlend: 0"]
    assert "m_CopyDepthPS" not in (golf / MINIGOLF_RENDERER).read_text()  # 14.x only


def test_a_blank_feature_name_is_ambiguous_not_the_first_blank_feature(tmp_path):
    # Hand-edited copy (no fixture has a blank-named feature): SSAO's m_Name blanked, as a user may leave it.
    root = project(tmp_path, CHICKEN)
    renderer = root / CHICKEN_RENDERER
    text = renderer.read_text(encoding="utf-8")
    renderer.write_text(text.replace("  m_Name: SSAO\n", "  m_Name: \n", 1), encoding="utf-8")
    before = renderer.read_bytes()
    err = error(root, "urp.set-feature-active", {"feature": "", "active": False})
    assert err["code"] == "E_URP_FEATURE_AMBIGUOUS"
    assert err["details"]["candidates"] == [{"index": 0, "fileID": SSAO_ID, "name": ""}]
    assert error(root, "urp.set-feature-active", {"feature": "  ", "active": False})["code"] == \
        "E_URP_FEATURE_AMBIGUOUS"
    assert renderer.read_bytes() == before
    # By fileID it is found, as the error says.
    assert ok(root, "urp.set-feature-active", {"feature": str(SSAO_ID), "active": False})["changed"]
