"""Importer blocks of real `.meta` files read and edited through `object.get` / `object.set`, typed by the tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.typetree.projects import project_with
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, tool_error, tool_output
from unitycli.typetree.importers import open_importer

TEXTURE = "Assets/LlamAcademy/ChickenDefense/UI/Textures/Defense.png.meta"  # 2022.3.17f1, TextureImporter 12
MODEL = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Model/animated chicken.fbx.meta"  # ModelImporter 22200
AUDIO = "Assets/LlamAcademy/ChickenDefense/Audio/park_ambience_wind.wav.meta"  # AudioImporter 7
LOGO = "Assets/LlamAcademy/Minigolf/UI/Textures/Logo.png.meta"  # 6000.0.25f1, TextureImporter 13
GRAPH_PAPER = "Assets/Common/Shaders/GraphPaperTexture.png.meta"  # 6000.2.10f1 project, TextureImporter 7



@pytest.fixture
def chicken(tmp_path: Path) -> Path:
    return project_with(tmp_path, "chicken-defense", TEXTURE, MODEL, AUDIO)


def _changed(root: Path, fixture: str, relative: str) -> list[tuple[str, str]]:
    return changed_lines(fixture_path(f"{fixture}/{relative}").read_text(encoding="utf-8"),
                         (root / relative).read_text(encoding="utf-8"))


def test_every_importer_meta_of_the_fixtures_reads_back_byte_for_byte():
    metas = [p for p in fixture_path("chicken-defense/Assets").rglob("*.meta")
             if b"Importer:" in p.read_bytes() and (b"TextureImporter:" in p.read_bytes()
                                                     or b"ModelImporter:" in p.read_bytes()
                                                     or b"AudioImporter:" in p.read_bytes())]
    assert len(metas) > 20
    for path in metas:
        data = path.read_bytes()
        assert open_importer(data, path.name).to_bytes() == data, path


def test_texture_import_settings_are_typed_by_the_texture_importer_tree(chicken):
    out = tool_output(chicken, "object.get", {"file": TEXTURE, "property": "platformSettings[0].maxTextureSize"})
    assert (out["class"], out["serializedVersion"], out["layoutFrom"], out["type"], out["value"]) == (
        "TextureImporter", 12, "2022.3.17f1", "int", 512)
    run = assert_dry_run_matches_commit(chicken, "object.set", {"file": TEXTURE, "values": {
        "isReadable": 1, "mipmaps.sRGBTexture": 0, "textureSettings.filterMode": 0,
        "platformSettings[0].maxTextureSize": 1024}})
    assert [c["previous"] for c in run.output["changes"]] == [0, 1, 1, 512]
    assert _changed(chicken, "chicken-defense", TEXTURE) == [
        ("    sRGBTexture: 1", "    sRGBTexture: 0"), ("  isReadable: 0", "  isReadable: 1"),
        ("    filterMode: 1", "    filterMode: 0"), ("    maxTextureSize: 512", "    maxTextureSize: 1024")]


def test_model_and_audio_import_settings(chicken):
    out = tool_output(chicken, "object.set", {"file": MODEL, "values": {"animationType": 3,
                                                                       "importAnimation": False}})
    assert out["class"] == "FBXImporter" and [c["type"] for c in out["changes"]] == ["int", "bool (0/1)"]
    assert _changed(chicken, "chicken-defense", MODEL) == [("  importAnimation: 1", "  importAnimation: 0"),
                                                           ("  animationType: 2", "  animationType: 3")]
    tool_output(chicken, "object.set", {"file": AUDIO, "values": {"forceToMono": True, "defaultSettings.loadType": 1}})
    assert _changed(chicken, "chicken-defense", AUDIO) == [("    loadType: 0", "    loadType: 1"),
                                                           ("  forceToMono: 0", "  forceToMono: 1")]


def test_a_unity_6_texture_meta(tmp_path):
    root = project_with(tmp_path, "minigolf", LOGO)
    out = tool_output(root, "object.set", {"file": LOGO, "property": "spriteMode", "value": 2})
    assert (out["layoutFrom"], out["serializedVersion"]) == ("6000.0.25f1", 13)
    assert _changed(root, "minigolf", LOGO) == [("  spriteMode: 1", "  spriteMode: 2")]


def test_an_older_importer_version_is_typed_by_the_editors_that_wrote_it(tmp_path):
    root = project_with(tmp_path, "EntityComponentSystemSamples/PhysicsSamples", GRAPH_PAPER)
    out = tool_output(root, "object.get", {"file": GRAPH_PAPER, "property": "maxTextureSize"})
    assert out["serializedVersion"] == 7 and out["layoutFrom"] != "6000.2.10f1" and out["value"] == 2048
    err = tool_error(root, "object.set", {"file": GRAPH_PAPER, "property": "fileIDToRecycleName", "value": {}})
    assert err["code"] == "E_PROPERTY_EDIT_UNSUPPORTED"


def test_crlf_and_bom_metas_keep_their_bytes_around_the_edit(chicken):
    path = chicken / TEXTURE
    original = path.read_bytes()
    path.write_bytes(b"\xef\xbb\xbf" + original.replace(b"\n", b"\r\n"))
    tool_output(chicken, "object.set", {"file": TEXTURE, "property": "isReadable", "value": 1})
    assert path.read_bytes() == b"\xef\xbb\xbf" + original.replace(b"\n", b"\r\n").replace(
        b"  isReadable: 0\r\n", b"  isReadable: 1\r\n", 1)


def test_bad_importer_requests_are_catalogued_and_write_nothing(chicken):
    before = (chicken / TEXTURE).read_bytes()
    for extra, code in [({"property": "isReadabel", "value": 1}, "E_PROPERTY_NOT_FOUND"),
                        ({"property": "mipmaps", "value": {}}, "E_PROPERTY_EDIT_UNSUPPORTED"),
                        # its keys name GLTextureSettings' fields one for one: set whole, it takes all of them
                        ({"property": "textureSettings", "value": {}}, "E_VALUE_TYPE_MISMATCH"),
                        ({"property": "maxTextureSize", "value": "big"}, "E_VALUE_TYPE_MISMATCH"),
                        ({"property": "maxTextureSize", "value": 2**40}, "E_VALUE_OUT_OF_RANGE"),
                        ({"fileID": 1, "property": "isReadable", "value": 1}, "E_OBJECT_NOT_FOUND"),
                        ({"class": "ModelImporter", "property": "isReadable", "value": 1}, "E_OBJECT_NOT_FOUND")]:
        assert tool_error(chicken, "object.set", {"file": TEXTURE, **extra})["code"] == code, extra
    assert (chicken / TEXTURE).read_bytes() == before
    folder = chicken / "Assets" / "Empty.txt.meta"
    folder.write_text("fileFormatVersion: 2\nguid: 0123456789abcdef0123456789abcdef\n", encoding="utf-8")
    assert tool_error(chicken, "object.get", {"file": "Assets/Empty.txt.meta"})["code"] == "E_OBJECT_NOT_FOUND"


def _entry(root: Path, index: int) -> dict:
    return tool_output(root, "object.get", {"file": LOGO, "property": f"platformSettings[{index}]"})["value"]


def test_a_platform_entry_is_set_whole_where_the_meta_proves_its_shape(tmp_path):
    # each key of a 6000.0 TextureImporter 13 platform entry names one field of the tree's
    # TextureImporterPlatformSettings (serializedVersion 4): the entry is typed field by field and only the
    # values that differ change, in the meta's own text
    root = project_with(tmp_path, "minigolf", LOGO)
    standalone = {**_entry(root, 1), "maxTextureSize": 1024, "overridden": 1}
    out = assert_dry_run_matches_commit(root, "object.set", {"file": LOGO, "property": "platformSettings[1]",
                                                             "value": standalone}).output
    assert out["changes"][0]["previous"]["maxTextureSize"] == 2048 and out["changes"][0]["value"] == standalone
    assert _changed(root, "minigolf", LOGO) == [("    maxTextureSize: 2048", "    maxTextureSize: 1024"),
                                                ("    overridden: 0", "    overridden: 1")]


def test_a_new_platform_entry_takes_the_text_of_the_entries_the_meta_holds(tmp_path):
    root = project_with(tmp_path, "minigolf", LOGO)
    entries = tool_output(root, "object.get", {"file": LOGO, "property": "platformSettings"})["value"]
    android = {**entries[1], "buildTarget": "Android", "maxTextureSize": 512, "overridden": 1}
    assert_dry_run_matches_commit(root, "object.set", {"file": LOGO, "property": "platformSettings",
                                                       "value": [*entries, android]})
    before = fixture_path(f"minigolf/{LOGO}").read_text(encoding="utf-8")
    anchor = "    forceMaximumCompressionQuality_BC6H_BC7: 0\n  spriteSheet:\n"
    assert (root / LOGO).read_text(encoding="utf-8") == before.replace(anchor, (
        "    forceMaximumCompressionQuality_BC6H_BC7: 0\n  - serializedVersion: 4\n    buildTarget: Android\n"
        "    maxTextureSize: 512\n    resizeAlgorithm: 0\n    textureFormat: -1\n    textureCompression: 1\n"
        "    compressionQuality: 50\n    crunchedCompression: 0\n    allowsAlphaSplitting: 0\n    overridden: 1\n"
        "    ignorePlatformSupport: 0\n    androidETC2FallbackOverride: 0\n"
        "    forceMaximumCompressionQuality_BC6H_BC7: 0\n  spriteSheet:\n"), 1)
    assert _entry(root, 2)["buildTarget"] == "Android"


@pytest.mark.parametrize(("prop", "value", "code"), [
    # 6000.0's SpriteSheetMetaData has m_SpriteCustomMetadata, which the meta's text does not hold: unproven
    ("spriteSheet", {}, "E_PROPERTY_EDIT_UNSUPPORTED"),
    ("platformSettings[0]", {"buildTarget": "Standalone"}, "E_VALUE_TYPE_MISMATCH"),  # every field, no fewer
    ("platformSettings[0]", "DefaultTexturePlatform", "E_VALUE_TYPE_MISMATCH"),
    ("platformSettings", {"buildTarget": "Standalone"}, "E_VALUE_TYPE_MISMATCH"),  # a list takes a list
    ("mipmaps", {"sRGBTexture": 0}, "E_PROPERTY_EDIT_UNSUPPORTED"),  # a text-only group: one field at a time
])
def test_a_struct_or_list_the_meta_does_not_prove_or_a_wrong_value_is_refused(tmp_path, prop, value, code):
    root = project_with(tmp_path, "minigolf", LOGO)
    assert tool_error(root, "object.set", {"file": LOGO, "property": prop, "value": value})["code"] == code
    assert _changed(root, "minigolf", LOGO) == []
