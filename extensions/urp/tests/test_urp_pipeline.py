"""urp.get-pipeline, urp.get-settings, urp.set-settings on URP 14.0.9 (chicken-defense), 17.0.3 (minigolf) and
17.2.0 (PhysicsSamples)."""

from __future__ import annotations

from urp_testutil import CHICKEN, MINIGOLF, MINIGOLF_ASSET, PHYSICS, commit, error, ok, project


def test_chicken_defense_has_one_asset_per_quality_level(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.get-pipeline")
    assert (out["packageVersion"], out["layout"]) == ("14.0.9", "14")
    assert out["defaultPipeline"] == "Assets/Settings/URP-HighFidelity.asset"
    assert out["active"] == "Assets/Settings/URP-HighFidelity.asset" and out["currentQualityLevel"] == 2
    assert [(q["name"], q["pipeline"], q["current"]) for q in out["qualityLevels"]] == [
        ("Performant", "Assets/Settings/URP-Performant.asset", False),
        ("Balanced", "Assets/Settings/URP-Balanced.asset", False),
        ("High Fidelity", "Assets/Settings/URP-HighFidelity.asset", True)]
    high = next(a for a in out["assets"] if a["name"] == "URP-HighFidelity")
    assert high["assetVersion"] == 11
    assert [(r["path"], r["default"], r["featureCount"]) for r in high["renderers"]] == [
        ("Assets/Settings/URP-HighFidelity-Renderer.asset", True, 2),
        ("Assets/Settings/URP-Performant-Renderer.asset", False, 0)]
    assert out["unresolved"] == []


def test_minigolf_levels_without_an_asset_use_the_default(tmp_path):
    root = project(tmp_path, MINIGOLF)
    out = ok(root, "urp.get-pipeline")
    assert (out["packageVersion"], out["layout"], out["active"]) == ("17.0.3", "17.0", MINIGOLF_ASSET)
    levels = out["qualityLevels"]
    assert [q["pipeline"] for q in levels] == [None] * 5 + [MINIGOLF_ASSET]
    assert {q["effective"] for q in levels} == {MINIGOLF_ASSET}
    assert out["assets"][0]["assetVersion"] == 12


def test_physics_samples_is_the_17_2_layout(tmp_path):
    root = project(tmp_path, PHYSICS)
    out = ok(root, "urp.get-pipeline")
    assert (out["packageVersion"], out["layout"]) == ("17.2.0", "17.2")
    assert out["active"] == "Assets/Common/UniversalRenderPipelineAsset.asset"


def test_get_settings_reads_the_typed_subset(tmp_path):
    root = project(tmp_path, CHICKEN)
    out = ok(root, "urp.get-settings", {"qualityLevel": "Balanced"})
    assert out["asset"] == "Assets/Settings/URP-Balanced.asset"
    assert out["settings"]["renderScale"] == 1 and out["settings"]["renderGraph"] is False
    assert out["unsupported"] == ["gpuResidentDrawer"]
    golf = ok(project(tmp_path / "g", MINIGOLF), "urp.get-settings")
    assert golf["settings"]["shadowDistance"] == 25 and golf["settings"]["gpuResidentDrawer"] == 0
    assert golf["unsupported"] == ["renderGraph"]
    assert golf["settings"]["cascade3Split"] == [0.1, 0.3]


def test_halve_the_render_scale_of_one_quality_level_on_14(tmp_path):
    root = project(tmp_path, CHICKEN)
    path = "Assets/Settings/URP-Balanced.asset"
    out, lines = commit(root, "urp.set-settings", {"qualityLevel": "Balanced", "renderScale": 0.5}, path)
    assert out["changed"] == {"renderScale": 0.5}
    assert lines == [("  m_RenderScale: 1", "  m_RenderScale: 0.5")]
    assert ok(root, "urp.get-settings", {"qualityLevel": "Balanced"})["settings"]["renderScale"] == 0.5
    assert ok(root, "urp.get-settings", {"qualityLevel": "Performant"})["settings"]["renderScale"] == 1


def test_halve_the_render_scale_and_more_on_17(tmp_path):
    root = project(tmp_path, MINIGOLF)
    data = {"qualityLevel": "Ultra", "renderScale": 0.5, "msaa": 4, "cascadeCount": 2, "softShadows": True,
            "mainLightShadowResolution": 8192, "gpuResidentDrawer": 1, "hdr": True}
    out, lines = commit(root, "urp.set-settings", data, MINIGOLF_ASSET)
    assert out["unchanged"] == ["hdr"]
    assert lines == [("  m_MSAA: 1", "  m_MSAA: 4"), ("  m_RenderScale: 1", "  m_RenderScale: 0.5"),
                     ("  m_MainLightShadowmapResolution: 1024", "  m_MainLightShadowmapResolution: 8192"),
                     ("  m_ShadowCascadeCount: 1", "  m_ShadowCascadeCount: 2"),
                     ("  m_SoftShadowsSupported: 0", "  m_SoftShadowsSupported: 1"),
                     ("  m_GPUResidentDrawerMode: 0", "  m_GPUResidentDrawerMode: 1")]
    settings = ok(root, "urp.get-settings")["settings"]
    assert (settings["renderScale"], settings["msaa"], settings["cascadeCount"]) == (0.5, 4, 2)


def test_a_field_the_version_lacks_is_refused(tmp_path):
    root = project(tmp_path, CHICKEN)
    err = error(root, "urp.set-settings", {"gpuResidentDrawer": 1})
    assert err["code"] == "E_URP_SETTING_UNSUPPORTED" and err["details"]["layout"] == "14"
    golf = project(tmp_path / "g", MINIGOLF)
    assert error(golf, "urp.set-settings", {"renderGraph": True})["code"] == "E_URP_SETTING_UNSUPPORTED"
    path = root / "Assets/Settings/URP-Balanced.asset"  # a file saved before the field existed
    path.write_text(path.read_text().replace("  m_SoftShadowQuality: 2\n", ""))
    err = error(root, "urp.set-settings", {"qualityLevel": "Balanced", "softShadowQuality": 3})
    assert err["code"] == "E_URP_SETTING_UNSUPPORTED" and "older" in err["message"]


def test_values_outside_what_urp_accepts_are_refused_and_nothing_is_written(tmp_path):
    root = project(tmp_path, CHICKEN)
    before = (root / "Assets/Settings/URP-HighFidelity.asset").read_bytes()
    for data in ({"renderScale": 3}, {"msaa": 3}, {"cascadeCount": 5}, {"mainLightShadowResolution": 8192},
                 {"shadowDistance": -1}, {"renderScale": 0.5, "msaa": 16}, {"shadowDistance": 1e39}):
        assert error(root, "urp.set-settings", data)["code"] == "E_URP_SETTING_INVALID", data
    assert (root / "Assets/Settings/URP-HighFidelity.asset").read_bytes() == before


def test_unknown_quality_level_and_non_urp_asset(tmp_path):
    root = project(tmp_path, CHICKEN)
    err = error(root, "urp.get-settings", {"qualityLevel": "Ultra"})
    assert err["code"] == "E_URP_QUALITY_LEVEL_NOT_FOUND"
    assert err["details"]["levels"] == ["Performant", "Balanced", "High Fidelity"]
    err = error(root, "urp.get-settings", {"asset": "Assets/Settings/URP-Balanced-Renderer.asset"})
    assert err["code"] == "E_URP_PIPELINE_NOT_FOUND"
    graphics = root / "ProjectSettings/GraphicsSettings.asset"  # no default pipeline, and the current level
    quality = root / "ProjectSettings/QualitySettings.asset"  # has none: nothing is active
    text = graphics.read_text()
    start = text.index("  m_CustomRenderPipeline: ")
    end = text.index("}", start) + 1
    graphics.write_text(text[:start] + "  m_CustomRenderPipeline: {fileID: 0}" + text[end:])
    text = quality.read_text()
    last = text.rindex("    customRenderPipeline: ")
    quality.write_text(text[:last] + "    customRenderPipeline: {fileID: 0}" + text[text.index("}", last) + 1:])
    err = error(root, "urp.get-settings")
    assert err["code"] == "E_URP_PIPELINE_NOT_FOUND" and "High Fidelity" in err["message"]
    assert ok(root, "urp.get-pipeline")["active"] is None
