"""hdrp.get-frame-settings and hdrp.set-frame-settings: both global settings worlds, bits decoded and kept."""

from __future__ import annotations

import shutil

from hdrp_testutil import CM_GLOBAL, VFX_GLOBAL, error, output, refused_untouched, write_and_diff
from unitycli_hdrp import frames

# The 14.0.12 source defaults, reproduced bit for bit by the fixture's fresh
# "HDRenderPipelineGlobalSettings 1.asset" (camera, custom/baked reflection, realtime reflection).
DEFAULT_14 = {
    "camera": (140666587840333, 13763000512783810584),
    "bakedOrCustomReflection": (135310754214733, 13763000499898974232),
    "realtimeReflection": (139923391782733, 13763000465807638544),
}
CAMERA_14_BITS = [0, 2, 3, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 28, 29, 30, 32,
                  33, 34, 35, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 67, 68, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88,
                  89, 90, 91, 92, 93, 94, 95, 96, 97, 99, 120, 121, 122, 123, 124, 125, 127]


def test_the_14_bit_table_encodes_the_source_default_camera_mask():
    names = {bit: name for name, bit in frames.fields("14").items()}
    assert frames.split(frames.mask_of([names[b] for b in CAMERA_14_BITS], "14")) == DEFAULT_14["camera"]


def test_the_missing_script_copy_holds_the_source_defaults_and_is_never_used(cm14_ro):
    """`HDRenderPipelineGlobalSettings 1.asset` has m_Script {fileID: 0} (written by another Editor): it carries the
    14.0.12 default masks, but it is not a global settings asset to the tools."""
    err = error(cm14_ro, "hdrp.get-frame-settings",
                {"globalSettings": "Assets/HDRPDefaultResources/HDRenderPipelineGlobalSettings 1.asset"})
    assert err["code"] == "E_HDRP_GLOBAL_SETTINGS_NOT_FOUND"
    text = (cm14_ro / "Assets/HDRPDefaultResources/HDRenderPipelineGlobalSettings 1.asset").read_text()
    for d1, d2 in DEFAULT_14.values():
        assert f"data1: {d1}\n" in text and f"data2: {d2}\n" in text


def test_get_frame_settings_14_top_level(cm14_ro):
    out = output(cm14_ro, "hdrp.get-frame-settings")
    assert out["globalSettings"] == CM_GLOBAL and out["layout"] == "14"
    camera = next(b for b in out["blocks"] if b["renderType"] == "camera")
    assert camera["path"] == "m_RenderingPathDefaultCameraFrameSettings"
    assert (camera["data1"], camera["data2"]) == ("72198260625768269", "13763000477350330392")
    assert camera["fields"]["SSR"] is True and camera["fields"]["TransparentSSR"] is False
    assert camera["fields"]["DeferredTile"] is True and "ComputeThickness" not in camera["fields"]
    assert {"bit": 56, "name": "AlphaToMask", "kind": "obsolete"} in camera["otherSetBits"]
    assert camera["scalars"]["msaaMode"] == 1 and "sssCustomDownsampleSteps" not in camera["scalars"]
    assert [b["renderType"] for b in out["blocks"]] == ["camera", "bakedOrCustomReflection", "realtimeReflection"]


def test_get_frame_settings_17_refids(vfx_ro):
    out = output(vfx_ro, "hdrp.get-frame-settings", {"renderType": "camera"})
    assert out["layout"] == "17" and "RenderingPathFrameSettings" in out["location"]
    [camera] = out["blocks"]
    assert camera["path"] == "references.RefIds[17].data.m_Camera"
    assert (camera["data1"], camera["data2"]) == ("123057254694749", "18410717455312683032")
    assert camera["fields"]["SSR"] is True and camera["fields"]["ComputeThickness"] is True
    assert "DeferredTile" not in camera["fields"]
    other = {b["bit"]: b for b in camera["otherSetBits"]}
    assert other[4]["name"] == "MSAAMode" and other[25]["kind"] == "unnamed"
    assert other[122]["kind"] == "unnamed (named DeferredTile in 14.x)"
    assert camera["scalars"]["sssCustomDownsampleSteps"] == 0
    probe = output(vfx_ro, "hdrp.get-frame-settings", {"renderType": "realtimeReflection"})["blocks"][0]
    assert probe["path"] == "references.RefIds[17].data.m_RealtimeReflection"
    assert probe["data2"] == "18374686483966591000"


def test_set_frame_settings_17_turns_camera_ssr_off_keeping_every_other_bit(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-frame-settings", {"disable": ["SSR"]}, VFX_GLOBAL)
    assert lines == [("            data1: 123057254694749", f"            data1: {123057254694749 & ~(1 << 23)}")]
    assert out["turnedOff"] == ["SSR"] and out["unchanged"] == []
    camera = output(vfx, "hdrp.get-frame-settings", {"renderType": "camera"})["blocks"][0]
    assert camera["fields"]["SSR"] is False and camera["data2"] == "18410717455312683032"
    assert {b["bit"] for b in camera["otherSetBits"]} == {4, 25, 122, 123}


def test_set_frame_settings_17_high_bits_are_unsigned(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-frame-settings",
                                {"renderType": "realtimeReflection", "enable": ["Bloom"], "disable": ["AdaptiveProbeVolume"]},
                                VFX_GLOBAL)
    new2 = (18374686483966591000 | 1 << (84 - 64)) & ~(1 << (127 - 64))
    assert lines == [("            data2: 18374686483966591000", f"            data2: {new2}")]
    assert out["turnedOn"] == ["Bloom"] and out["turnedOff"] == ["AdaptiveProbeVolume"]


def test_set_frame_settings_14_turns_camera_ssr_off(cm14):
    lines, _ = write_and_diff(cm14, "hdrp.set-frame-settings", {"renderType": "camera", "disable": ["SSR"]}, CM_GLOBAL)
    assert lines == [("      data1: 72198260625768269", f"      data1: {72198260625768269 & ~(1 << 23)}")]
    camera = output(cm14, "hdrp.get-frame-settings", {"renderType": "camera"})["blocks"][0]
    assert camera["fields"]["SSR"] is False
    assert {"bit": 56, "name": "AlphaToMask", "kind": "obsolete"} in camera["otherSetBits"]
    again = output(cm14, "hdrp.set-frame-settings", {"disable": ["SSR"]})
    assert again["unchanged"] == ["SSR"] and again["turnedOff"] == []


def test_names_the_version_does_not_have_are_refused(vfx, cm14):
    err = refused_untouched(cm14, "hdrp.set-frame-settings", {"disable": ["ComputeThickness"]})
    assert err["code"] == "E_HDRP_FRAME_SETTING_UNKNOWN" and "17.x field" in err["message"]
    err = refused_untouched(vfx, "hdrp.set-frame-settings", {"enable": ["SSR", "DeferredTile"]})
    assert err["code"] == "E_HDRP_FRAME_SETTING_UNKNOWN" and err["details"]["unknown"] == ["DeferredTile"]
    err = refused_untouched(vfx, "hdrp.set-frame-settings", {"enable": ["MSAAMode"]})
    assert "not a boolean field" in err["message"]
    assert refused_untouched(vfx, "hdrp.set-frame-settings", {"enable": ["Bogus"]})["code"] == \
        "E_HDRP_FRAME_SETTING_UNKNOWN"
    assert refused_untouched(vfx, "hdrp.set-frame-settings", {"enable": ["SSR"], "disable": ["SSR"]})["code"] == \
        "E_SCHEMA_INVALID"


def test_global_settings_choice_and_layout_errors(cm14):
    folder = cm14 / "Assets/HDRPDefaultResources"
    shutil.copy(folder / "HDRenderPipelineGlobalSettings.asset", folder / "Other.asset")
    meta = (folder / "HDRenderPipelineGlobalSettings.asset.meta").read_text()
    guid = meta.split("guid: ", 1)[1][:32]
    (folder / "Other.asset.meta").write_text(meta.replace(guid, "0123456789abcdef0123456789abcdef"))
    err = error(cm14, "hdrp.get-frame-settings")
    assert err["code"] == "E_HDRP_GLOBAL_SETTINGS_NOT_FOUND"
    assert err["details"]["candidates"] == ["Assets/HDRPDefaultResources/HDRenderPipelineGlobalSettings.asset",
                                            "Assets/HDRPDefaultResources/Other.asset"]
    assert output(cm14, "hdrp.get-frame-settings", {"globalSettings": CM_GLOBAL})["layout"] == "14"
    other = folder / "Other.asset"
    other.write_text(other.read_text().replace("  m_Version: 5\n", "  m_Version: 14\n"))
    err = refused_untouched(cm14, "hdrp.set-frame-settings",
                            {"globalSettings": "Assets/HDRPDefaultResources/Other.asset", "disable": ["SSR"]})
    assert err["code"] == "E_HDRP_LAYOUT_UNSUPPORTED" and err["details"]["expected"] == [5]
