"""urp.assign-pipeline, urp.set-volume, urp.list-renderers and urp.check on URP 14.0.9 and 17.0.3 fixtures."""

from __future__ import annotations

from urp_testutil import (
    BITESIZE,
    CHICKEN,
    MINIGOLF,
    MINIGOLF_ASSET,
    MINIGOLF_RENDERER,
    commit,
    error,
    ok,
    project,
)

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CAMERA = 81762060  # minigolf Game.unity "Directional Light"
BALANCED_GUID = "e1260c1148f6143b28bae5ace5e9c5d1"


def test_assign_a_quality_levels_asset(tmp_path):
    root = project(tmp_path, CHICKEN)
    path = "ProjectSettings/QualitySettings.asset"
    out, lines = commit(root, "urp.assign-pipeline", {"asset": "Assets/Settings/URP-Balanced.asset",
                                                      "qualityLevel": "Performant"}, path)
    assert (out["slot"], out["previous"], out["changed"]) == (
        "m_QualitySettings[0].customRenderPipeline", "Assets/Settings/URP-Performant.asset", True)
    assert lines == [("    customRenderPipeline: {fileID: 11400000, guid: d0e2fc18fe036412f8223b3b3d9ad574,",
                      f"    customRenderPipeline: {{fileID: 11400000, guid: {BALANCED_GUID},")]
    levels = ok(root, "urp.get-pipeline")["qualityLevels"]
    assert levels[0]["pipeline"] == "Assets/Settings/URP-Balanced.asset"
    again = ok(root, "urp.assign-pipeline", {"asset": "Assets/Settings/URP-Balanced.asset", "qualityLevel": 0})
    assert again["changed"] is False


def test_assign_and_clear_the_default_on_17(tmp_path):
    root = project(tmp_path, MINIGOLF)
    path = "ProjectSettings/GraphicsSettings.asset"
    out, lines = commit(root, "urp.assign-pipeline", {"asset": None}, path)
    assert (out["slot"], out["previous"]) == ("m_CustomRenderPipeline", MINIGOLF_ASSET)
    assert lines == [("  m_CustomRenderPipeline: {fileID: 11400000, guid: 1b3079bf5de1f2b4ea875a17653aa1ea, type: 2}",
                      "  m_CustomRenderPipeline: {fileID: 0}")]
    assert ok(root, "urp.get-pipeline")["defaultPipeline"] is None
    commit(root, "urp.assign-pipeline", {"asset": MINIGOLF_ASSET}, path)
    assert ok(root, "urp.get-pipeline")["defaultPipeline"] == MINIGOLF_ASSET
    err = error(root, "urp.assign-pipeline", {"asset": MINIGOLF_RENDERER})
    assert err["code"] == "E_URP_PIPELINE_NOT_FOUND"
    assert error(root, "urp.assign-pipeline", {"asset": None, "qualityLevel": "Epic"})["code"] == \
        "E_URP_QUALITY_LEVEL_NOT_FOUND"


def test_set_volume_weight_and_profile(tmp_path):
    root = project(tmp_path, CHICKEN)
    data = {"file": GAME, "gameObject": "Main Camera", "weight": 0.5, "priority": 1,
            "profile": "MainMenuPost Profile"}
    out, lines = commit(root, "urp.set-volume", data, GAME)
    assert out["changed"] == ["priority", "weight", "sharedProfile"]
    assert lines == [("  priority: 0", "  priority: 1"), ("  weight: 1", "  weight: 0.5"),
                     ("  sharedProfile: {fileID: 11400000, guid: 070d650449f4c8041a88258ece3e7aee, type: 2}",
                      "  sharedProfile: {fileID: 11400000, guid: 7989c030cdaf9ef4f8e2cd582f35918a, type: 2}")]
    camera = next(v for v in ok(root, "urp.list-volumes", {"file": "Game"})["volumes"]
                  if v["gameObject"] == "Main Camera")
    assert (camera["weight"], camera["priority"]) == (0.5, 1)
    assert camera["profile"].endswith("MainMenuPost Profile.asset")
    assert error(root, "urp.set-volume", {"file": GAME, "gameObject": "Main Camera", "weight": 2})["code"] == \
        "E_SCHEMA_INVALID"
    assert error(root, "urp.set-volume", {"file": GAME, "gameObject": "Main Camera",
                                          "profile": "Assets/Settings/URP-Balanced.asset"})["code"] == \
        "E_URP_PROFILE_NOT_FOUND"
    err = error(root, "urp.set-volume", {"file": GAME, "gameObject": "MainMenuPost", "isGlobal": True,
                                         "expectedRevision": "sha256:0"})
    assert err["code"] == "E_STALE_WRITE"


def test_set_volume_on_a_gameobject_without_one(tmp_path):
    root = project(tmp_path, MINIGOLF)
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    volume = ok(root, "urp.list-volumes", {"file": scene})["volumes"][0]
    out, lines = commit(root, "urp.set-volume", {"file": scene, "gameObject": volume["gameObjectFileID"],
                                                 "isGlobal": False, "blendDistance": 2}, scene)
    assert lines == [("  m_IsGlobal: 1", "  m_IsGlobal: 0"), ("  blendDistance: 0", "  blendDistance: 2")]
    err = error(root, "urp.set-volume", {"file": scene, "gameObject": CAMERA, "weight": 1})
    assert err["code"] == "E_COMPONENT_NOT_FOUND" and err["details"]["gameObject"].endswith("Directional Light")


def test_list_renderers(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.list-renderers")["renderers"]
    assert [(r["name"], r["features"], r["usedBy"]) for r in out] == [
        ("URP-Balanced-Renderer", ["SSAO"], ["Assets/Settings/URP-Balanced.asset"]),
        ("URP-HighFidelity-Renderer", ["SSAO", "DecalRendererFeature"], ["Assets/Settings/URP-HighFidelity.asset"]),
        ("URP-Performant-Renderer", [], ["Assets/Settings/URP-HighFidelity.asset",
                                         "Assets/Settings/URP-Performant.asset"])]
    assert all(r["mapInStep"] for r in out)
    golf = ok(project(tmp_path / "g", MINIGOLF), "urp.list-renderers")["renderers"]
    assert [(r["path"], r["features"], r["renderingMode"]) for r in golf] == [
        (MINIGOLF_RENDERER, ["Ball Highlight"], 2)]


def test_check_passes_on_clean_projects_and_names_what_is_wrong(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.check")
    assert out["ok"] and out["counts"] == {"pass": 1, "warn": 0, "fail": 0}
    renderer = root / "Assets/Settings/URP-HighFidelity-Renderer.asset"
    renderer.write_text(renderer.read_text().replace("adc0de57c6d2eee5275af11d7a391009", "adc0de57c6d2eee5"))
    asset = root / "Assets/Settings/URP-Balanced.asset"
    asset.write_text(asset.read_text().replace("k_AssetVersion: 11", "k_AssetVersion: 9"))
    out = ok(root, "urp.check")
    assert [(f["check"], f["status"], f["file"]) for f in out["findings"] if f["status"] != "pass"] == [
        ("asset.version", "warn", "Assets/Settings/URP-Balanced.asset"),
        ("renderer.feature-map", "warn", "Assets/Settings/URP-HighFidelity-Renderer.asset")]
    assert ok(root, "urp.list-features")["mapInStep"] is False
    added = ok(root, "urp.add-feature", {"type": "RenderObjects"})  # a feature write rewrites the map from the list
    ok(root, "urp.remove-feature", {"feature": added["feature"]["fileID"]})
    assert ok(root, "urp.list-features")["mapInStep"] is True
    bite = ok(project(tmp_path / "b", BITESIZE), "urp.check")
    assert not bite["ok"]
    assert [(f["check"], f["status"]) for f in bite["findings"]] == [("pipeline.active", "fail"),
                                                                    ("profile.orphans", "warn")]
