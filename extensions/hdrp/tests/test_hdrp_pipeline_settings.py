"""hdrp.get-pipeline, hdrp.get-settings, hdrp.set-settings and hdrp.assign-pipeline on HDRP 17.0.3 and 14.0.12."""

from __future__ import annotations

import shutil

from hdrp_testutil import (
    CM_ASSET,
    VFX_ASSET,
    error,
    output,
    refused_untouched,
    write_and_diff,
)


def test_get_pipeline_17_reads_graphics_settings_quality_levels_and_global_settings(vfx_ro):
    out = output(vfx_ro, "hdrp.get-pipeline")
    assert out["packageVersion"] == "17.0.3"
    assert out["defaultPipeline"] == {"guid": "ac2eea669d8930442b5979ae5b48e413", "path": VFX_ASSET, "kind": "hdrp"}
    assert out["hdrpActive"] is True and out["activeSource"] == "GraphicsSettings m_CustomRenderPipeline"
    assert [(lv["name"], lv["current"], lv["customRenderPipeline"], lv["effective"]["path"])
            for lv in out["qualityLevels"]] == [("Default", True, None, VFX_ASSET)]
    assert out["globalSettings"] == {"guid": "ddd31ae4b3ef4744f81649123e4223a5",
                                     "path": "Assets/HDRP/HDRenderPipelineGlobalSettings.asset",
                                     "mapKey": "m_RenderPipelineGlobalSettingsMap"}
    assert out["hdrpAssets"] == [VFX_ASSET] and out["notes"] == []


def test_get_pipeline_14_without_project_settings_lists_the_assets(cm14_ro):
    out = output(cm14_ro, "hdrp.get-pipeline")
    assert out["packageVersion"] == "14.0.12"
    assert out["active"] is None and out["hdrpActive"] is False and out["qualityLevels"] == []
    assert out["hdrpAssets"] == [CM_ASSET]
    # the missing-script copy "HDRenderPipelineGlobalSettings 1.asset" is not a global settings asset
    assert out["globalSettingsAssets"] == ["Assets/HDRPDefaultResources/HDRenderPipelineGlobalSettings.asset"]
    assert any("GraphicsSettings.asset is missing" in n for n in out["notes"])


def test_get_settings_17_and_14(vfx_ro, cm14_ro):
    s17 = output(vfx_ro, "hdrp.get-settings")
    assert s17["asset"] == VFX_ASSET and s17["assetVersion"] == 25 and s17["missing"] == []
    assert s17["settings"]["supportSSR"] is True and s17["settings"]["msaaSampleCount"] == "MSAA4x"
    assert s17["settings"]["colorBufferFormat"] == "R11G11B10"
    assert s17["settings"]["supportedLitShaderMode"] == "DeferredOnly"
    s14 = output(cm14_ro, "hdrp.get-settings")  # no GraphicsSettings: the project's only HDRP asset
    assert s14["asset"] == CM_ASSET and s14["assetVersion"] == 22
    assert s14["settings"]["supportSSR"] is False and s14["settings"]["supportSSAO"] is True
    assert s14["settings"]["msaaSampleCount"] == "None" and s14["settings"]["lightProbeSystem"] == "LegacyLightProbes"
    assert output(cm14_ro, "hdrp.get-settings", {"asset": CM_ASSET})["settings"] == s14["settings"]


def test_set_settings_17_turns_ssr_off_exact_line(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-settings", {"settings": {"supportSSR": False}}, VFX_ASSET)
    assert lines == [("    supportSSR: 1", "    supportSSR: 0")]
    assert out["changed"] == [{"key": "supportSSR", "old": True, "new": False}]
    assert output(vfx, "hdrp.get-settings")["settings"]["supportSSR"] is False


def test_set_settings_14_ssr_and_msaa_exact_lines(cm14):
    same = output(cm14, "hdrp.set-settings", {"settings": {"supportSSR": False}})  # already off: nothing to write
    assert same["changed"] == []
    lines, _ = write_and_diff(cm14, "hdrp.set-settings",
                              {"settings": {"supportSSR": True, "msaaSampleCount": "MSAA2x"}}, CM_ASSET)
    assert lines == [("    supportSSR: 0", "    supportSSR: 1"), ("    msaaSampleCount: 1", "    msaaSampleCount: 2")]
    lines, _ = write_and_diff(cm14, "hdrp.set-settings", {"settings": {"supportSSR": False}}, CM_ASSET)
    assert lines == [("    supportSSR: 1", "    supportSSR: 0")]
    settings = output(cm14, "hdrp.get-settings")["settings"]
    assert settings["supportSSR"] is False and settings["msaaSampleCount"] == "MSAA2x"


def test_set_settings_refuses_unknown_keys_and_enum_values(vfx):
    assert refused_untouched(vfx, "hdrp.set-settings", {"settings": {"supportSSRR": False}})["code"] == "E_SCHEMA_INVALID"
    assert refused_untouched(vfx, "hdrp.set-settings", {"settings": {"msaaSampleCount": "MSAA3x"}})["code"] == \
        "E_SCHEMA_INVALID"
    assert refused_untouched(vfx, "hdrp.set-settings", {"settings": {}})["code"] == "E_SCHEMA_INVALID"


def test_set_settings_never_adds_a_key_the_layout_lacks(cm14):
    path = cm14 / CM_ASSET
    path.write_text(path.read_text().replace("    supportTerrainHole: 0\n", ""))
    err = refused_untouched(cm14, "hdrp.set-settings", {"settings": {"supportTerrainHole": True, "supportSSR": True}})
    assert err["code"] == "E_HDRP_SETTING_UNAVAILABLE" and err["details"]["keys"] == ["supportTerrainHole"]
    assert "supportTerrainHole" in output(cm14, "hdrp.get-settings")["missing"]


def test_unverified_asset_layout_is_refused(cm14):
    path = cm14 / CM_ASSET
    path.write_text(path.read_text().replace("  m_Version: 22\n", "  m_Version: 25\n"))
    err = error(cm14, "hdrp.get-settings")
    assert err["code"] == "E_HDRP_LAYOUT_UNSUPPORTED" and err["details"]["expected"] == [22]
    assert refused_untouched(cm14, "hdrp.set-settings", {"settings": {"supportSSR": True}})["code"] == \
        "E_HDRP_LAYOUT_UNSUPPORTED"


def test_asset_choice_errors(vfx, cm14):
    assert error(vfx, "hdrp.get-settings", {"asset": "Assets/HDRP/Nope.asset"})["code"] == "E_ASSET_NOT_FOUND"
    err = error(vfx, "hdrp.get-settings", {"asset": "Assets/HDRP/SSS01.asset"})
    assert err["code"] == "E_HDRP_ASSET_NOT_FOUND" and err["details"]["candidates"] == [VFX_ASSET]
    # two HDRP assets and no GraphicsSettings to say which one is active
    folder = cm14 / "Assets/HDRPDefaultResources"
    shutil.copy(folder / "HDRenderPipelineAsset.asset", folder / "Second.asset")
    meta = (folder / "HDRenderPipelineAsset.asset.meta").read_text()
    guid = meta.split("guid: ", 1)[1][:32]
    (folder / "Second.asset.meta").write_text(meta.replace(guid, "0123456789abcdef0123456789abcdef"))
    err = error(cm14, "hdrp.get-settings")
    assert err["code"] == "E_HDRP_ASSET_NOT_FOUND"
    assert err["details"]["candidates"] == [CM_ASSET, "Assets/HDRPDefaultResources/Second.asset"]


def test_assign_pipeline_to_a_quality_level_exact_lines(vfx):
    lines, out = write_and_diff(vfx, "hdrp.assign-pipeline", {"asset": VFX_ASSET, "qualityLevels": ["Default"]},
                                "ProjectSettings/QualitySettings.asset")
    assert lines == [("    customRenderPipeline: {fileID: 0}",
                      "    customRenderPipeline: {fileID: 11400000, guid: ac2eea669d8930442b5979ae5b48e413,"),
                     ("", "      type: 2}")]
    assert out["assignments"][0]["changed"] is True
    level = output(vfx, "hdrp.get-pipeline")["qualityLevels"][0]
    assert level["customRenderPipeline"]["path"] == VFX_ASSET
    again = output(vfx, "hdrp.assign-pipeline", {"asset": VFX_ASSET})  # the default is already this asset
    assert again["assignments"] == [{"file": "ProjectSettings/GraphicsSettings.asset", "field": "m_CustomRenderPipeline",
                                     "oldGuid": "ac2eea669d8930442b5979ae5b48e413", "changed": False}]


def test_assign_pipeline_default_rewrites_the_wrapped_reference(vfx):
    gs = vfx / "ProjectSettings/GraphicsSettings.asset"
    gs.write_text(gs.read_text().replace("guid: ac2eea669d8930442b5979ae5b48e413,\n    type: 2}",
                                         "guid: 00000000000000000000000000000000,\n    type: 2}"))
    assert output(vfx, "hdrp.get-pipeline")["hdrpActive"] is False
    lines, _ = write_and_diff(vfx, "hdrp.assign-pipeline", {}, "ProjectSettings/GraphicsSettings.asset")
    assert lines == [("  m_CustomRenderPipeline: {fileID: 11400000, guid: 00000000000000000000000000000000,",
                      "  m_CustomRenderPipeline: {fileID: 11400000, guid: ac2eea669d8930442b5979ae5b48e413,")]
    assert output(vfx, "hdrp.get-pipeline")["hdrpActive"] is True


def test_assign_pipeline_refuses_without_graphics_settings(cm14):
    err = refused_untouched(cm14, "hdrp.assign-pipeline", {})
    assert err["code"] == "E_ASSET_NOT_FOUND" and err["details"]["file"] == "ProjectSettings/GraphicsSettings.asset"
    assert error(cm14, "hdrp.assign-pipeline", {"qualityLevels": ["Ultra"]})["code"] == "E_ASSET_NOT_FOUND"
