"""asset.get-import-settings / asset.set-import-settings on Editor-written metas: 2022.3, Unity 6, 2020.3 stand-in."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output

TREE = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/"
NORMAL = TREE + "normal.tga"  # TextureImporter 12, a normal map (textureType: 1)
MODEL = TREE + "huge_tree.FBX"  # ModelImporter 22200
WIND = "Assets/LlamAcademy/ChickenDefense/Audio/park_ambience_wind.wav"  # AudioImporter 7
LOGO = "Assets/LlamAcademy/Minigolf/UI/Textures/Logo.png"  # minigolf, Unity 6000.0.25f1


def _meta(root: Path, asset: str) -> str:
    return (root / (asset + ".meta")).read_text(encoding="utf-8-sig")


def test_get_reads_texture_model_and_audio_settings_on_2022_3(chicken: Path):
    texture = tool_output(chicken, "asset.get-import-settings", {"file": NORMAL})
    assert (texture["importer"], texture["layoutFrom"]) == ("TextureImporter", "2022.3.17f1")
    assert texture["settings"] == {"textureType": "normalMap", "sRGB": False, "readWrite": False,
                                   "spriteMode": "none", "maxSize": 2048, "compression": "normalQuality"}
    assert [p["platform"] for p in texture["platforms"]] == ["DefaultTexturePlatform", "Standalone", "Server"]
    model = tool_output(chicken, "asset.get-import-settings", {"file": MODEL})
    assert model["settings"] == {"importScale": 1, "animationType": "generic", "readWrite": False}
    audio = tool_output(chicken, "asset.get-import-settings", {"file": WIND})
    assert audio["settings"] == {"loadType": "decompressOnLoad", "compression": "vorbis", "preloadAudioData": False}


def test_texture_settings_and_a_platform_override_change_only_their_lines(chicken: Path):
    before = _meta(chicken, NORMAL)
    assert_dry_run_matches_commit(chicken, "asset.set-import-settings", {"file": NORMAL, "textureType": "default",
                                                                         "sRGB": True, "readWrite": True})
    assert_dry_run_matches_commit(chicken, "asset.set-import-settings", {
        "file": NORMAL, "platform": "Standalone", "maxSize": 512, "compression": "lowQuality"})
    assert changed_lines(before, _meta(chicken, NORMAL)) == [
        ("    sRGBTexture: 0", "    sRGBTexture: 1"),
        ("  isReadable: 0", "  isReadable: 1"),
        ("  textureType: 1", "  textureType: 0"),
        ("    maxTextureSize: 2048", "    maxTextureSize: 512"),
        ("    textureCompression: 1", "    textureCompression: 3"),
        ("    overridden: 0", "    overridden: 1"),
    ]
    platforms = tool_output(chicken, "asset.get-import-settings", {"file": NORMAL})["platforms"]
    assert platforms[1] == {"platform": "Standalone", "maxSize": 512, "compression": "lowQuality",
                            "overridden": True}


def test_model_and_audio_settings_change_only_their_lines(chicken: Path):
    model_before, audio_before = _meta(chicken, MODEL), _meta(chicken, WIND)
    assert_dry_run_matches_commit(chicken, "asset.set-import-settings", {"file": MODEL, "importScale": 0.01,
                                                                         "animationType": "humanoid"})
    assert changed_lines(model_before, _meta(chicken, MODEL)) == [
        ("    globalScale: 1", "    globalScale: 0.01"), ("  animationType: 2", "  animationType: 3")]
    assert_dry_run_matches_commit(chicken, "asset.set-import-settings", {
        "file": WIND, "loadType": "streaming", "compression": "adpcm", "preloadAudioData": True})
    assert changed_lines(audio_before, _meta(chicken, WIND)) == [
        ("    loadType: 0", "    loadType: 2"), ("    compressionFormat: 1", "    compressionFormat: 2"),
        ("    preloadAudioData: 0", "    preloadAudioData: 1")]


def test_unity_6_sprite_texture(minigolf: Path):
    got = tool_output(minigolf, "asset.get-import-settings", {"file": LOGO})
    assert got["layoutFrom"] == "6000.0.25f1" and got["serializedVersion"] == 13
    assert got["settings"]["textureType"] == "sprite" and got["settings"]["spriteMode"] == "single"
    before = _meta(minigolf, LOGO)
    assert_dry_run_matches_commit(minigolf, "asset.set-import-settings", {"file": LOGO, "spriteMode": "multiple",
                                                                          "maxSize": 1024})
    assert changed_lines(before, _meta(minigolf, LOGO)) == [
        ("  spriteMode: 1", "  spriteMode: 2"), ("    maxTextureSize: 512", "    maxTextureSize: 1024")]


def test_on_the_2020_3_stand_in_a_newer_editors_importer_keeps_its_own_layout(chicken_2020: Path):
    # AudioImporter 6 (2020.3) keeps m_PreloadAudioData at the top; this meta is the 2022.3 Editor's AudioImporter 7,
    # held against the layout of the version it shows, where the flag is in defaultSettings
    got = tool_output(chicken_2020, "asset.get-import-settings", {"file": WIND})
    assert got["layoutFrom"] == "2020.3.48f1" and got["serializedVersion"] == 7
    assert got["importerLayout"][0]["from"].startswith("2022.2") and got["unavailable"] == []
    before = _meta(chicken_2020, WIND)
    assert_dry_run_matches_commit(chicken_2020, "asset.set-import-settings", {"file": WIND, "loadType": "streaming",
                                                                              "preloadAudioData": True})
    assert changed_lines(before, _meta(chicken_2020, WIND)) == [("    loadType: 0", "    loadType: 2"),
                                                                ("    preloadAudioData: 0", "    preloadAudioData: 1")]
    texture = _meta(chicken_2020, NORMAL)
    assert_dry_run_matches_commit(chicken_2020, "asset.set-import-settings", {"file": NORMAL, "maxSize": 256})
    assert changed_lines(texture, _meta(chicken_2020, NORMAL)) == [("    maxTextureSize: 2048",
                                                                    "    maxTextureSize: 256")]


@pytest.mark.parametrize(("data", "code"), [
    ({"file": NORMAL, "maxSize": 500}, "E_VALUE_OUT_OF_RANGE"),
    ({"file": NORMAL, "compression": "vorbis"}, "E_VALUE_OUT_OF_RANGE"),
    ({"file": NORMAL, "platform": "Android", "maxSize": 512}, "E_PROPERTY_NOT_FOUND"),
    ({"file": NORMAL, "importScale": 2}, "E_PROPERTY_NOT_FOUND"),
    ({"file": WIND, "platform": "Android", "loadType": "streaming"}, "E_SCHEMA_INVALID"),
    ({"file": NORMAL}, "E_SCHEMA_INVALID"),
    ({"file": "Assets/Scenes/SampleScene.unity", "readWrite": True}, "E_VALUE_TYPE_MISMATCH"),
    ({"file": "Assets/Nope.png", "readWrite": True}, "E_ASSET_NOT_FOUND"),
])
def test_bad_requests_are_catalogued_errors_and_write_nothing(chicken: Path, data, code):
    before = _meta(chicken, NORMAL)
    assert tool_error(chicken, "asset.set-import-settings", data)["code"] == code
    assert _meta(chicken, NORMAL) == before
