"""Every refusal of the typed read/write layer, each on a real layout and (where a file is needed) a real fixture
file: a value of the wrong kind, a shape no Editor of the layout writes, a path past the layout, and importer
blocks the layout table cannot type. Each must be a catalogued error and leave the document as it was."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path
from unitycli.errors import UnityCliError
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.importers import open_importer, read_importer, set_importer_value
from unitycli.typetree.typed import field_node, set_field, typed_value
from unitycli.unityyaml import Mapping, UnityYamlFile

UNITY_6 = pick_version("6000.0.25f1")
MAIN_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"  # Unity 6000.0.25f1
QUALITY = "minigolf/ProjectSettings/QualitySettings.asset"
PLAYER = "minigolf/ProjectSettings/ProjectSettings.asset"
LOGO = "minigolf/Assets/LlamAcademy/Minigolf/UI/Textures/Logo.png.meta"  # TextureImporter 13


def _node(class_name: str, path: str):
    layout = layout_for(class_name, UNITY_6)
    assert layout is not None
    return field_node(layout, path)


def _code(call) -> UnityCliError:
    with pytest.raises(UnityCliError) as err:
        call()
    return err.value


@pytest.mark.parametrize(("class_name", "path", "value", "code"), [
    ("Mesh", "m_VertexData.m_DataSize", "00ff", "E_PROPERTY_EDIT_UNSUPPORTED"),  # binary data the Editor computes
    # a Hash128 is a struct of 16 bytes in the tree, but the Editor computes it: no value of any shape is written
    ("Texture2D", "m_ImageContentsHash", "0123456789abcdef0123456789abcdef", "E_PROPERTY_EDIT_UNSUPPORTED"),
    ("Texture2D", "m_ImageContentsHash", {f"bytes[{i}]": 0 for i in range(16)}, "E_PROPERTY_EDIT_UNSUPPORTED"),
    ("QualitySettings", "m_QualitySettings", 5, "E_VALUE_TYPE_MISMATCH"),  # a list takes a list
    ("PlayerSettings", "vrEditorSettings", {"a": 1}, "E_VALUE_TYPE_MISMATCH"),  # an empty struct takes {}
    ("RenderSettings", "m_FogColor", 5, "E_VALUE_TYPE_MISMATCH"),  # a struct takes a mapping
    ("RenderSettings", "m_FogColor", {"r": 1, "g": 1, "b": 1}, "E_VALUE_TYPE_MISMATCH"),  # all its fields
    ("Light", "m_CullingMask", {"serializedVersion": 3, "m_Bits": 1}, "E_VALUE_TYPE_MISMATCH"),  # its version
    ("PlayerSettings", "companyName", 5, "E_VALUE_TYPE_MISMATCH"),  # a string takes a string
    ("PlayerSettings", "productGUID", "not-a-guid", "E_VALUE_TYPE_MISMATCH"),
    ("RenderSettings", "m_FogDensity", float("inf"), "E_VALUE_TYPE_MISMATCH"),
    ("RenderSettings", "m_FogDensity", 1e39, "E_VALUE_OUT_OF_RANGE"),  # beyond float32
    ("RenderSettings", "m_Fog", 2, "E_VALUE_OUT_OF_RANGE"),
    ("RenderSettings", "m_FogMode", 1.5, "E_VALUE_TYPE_MISMATCH"),  # an int takes an integral number
])
def test_a_value_the_field_cannot_hold_is_refused(class_name: str, path: str, value: object, code: str) -> None:
    assert _code(lambda: typed_value(_node(class_name, path), value, path)).code == code


def test_what_the_typed_values_accept() -> None:
    assert typed_value(_node("PlayerSettings", "vrEditorSettings"), {}, "vrEditorSettings") == {}
    guid = typed_value(_node("PlayerSettings", "productGUID"), "ABCDEF0123456789ABCDEF0123456789", "productGUID")
    assert guid == "abcdef0123456789abcdef0123456789"  # Unity writes GUIDs in lower case


def test_a_list_the_file_holds_as_hex_bytes_is_not_rewritten_item_by_item() -> None:
    like = UnityYamlFile.parse(b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!47 &1\nQualitySettings:\n"
                               b"  m_QualitySettings: 0a0b\n", "q.asset").documents[0].root
    assert isinstance(like, Mapping)
    err = _code(lambda: typed_value(_node("QualitySettings", "m_QualitySettings"), [], "m_QualitySettings",
                                    like=like.get("m_QualitySettings")))
    assert err.code == "E_PROPERTY_EDIT_UNSUPPORTED"


@pytest.mark.parametrize(("path", "code"), [
    ("m_Fog[0]", "E_PROPERTY_NOT_FOUND"),  # an index into a field that is no list
    ("m_FogColor.x", "E_PROPERTY_NOT_FOUND"),  # a field the struct does not have
])
def test_a_path_past_the_layout_is_refused(path: str, code: str) -> None:
    assert _code(lambda: field_node(layout_for("RenderSettings", UNITY_6), path)).code == code


def _scene(text: str) -> UnityYamlFile:
    return UnityYamlFile.parse(text.encode("utf-8"), "Main Menu.unity")


def test_a_field_the_file_holds_in_another_shape_or_version_is_not_written() -> None:
    text = fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    # the scene's fog colour as a plain number: the layout's struct is not there to edit
    file = _scene(text.replace("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}\n", "  m_FogColor: 0\n", 1))
    [settings] = file.of_class(104)
    layout = layout_for("RenderSettings", UNITY_6)
    before = file.to_bytes()
    assert _code(lambda: set_field(settings, layout, "m_FogColor", {"r": 1, "g": 1, "b": 1, "a": 1}, file)).code \
        == "E_PROPERTY_EDIT_UNSUPPORTED"
    assert file.to_bytes() == before
    # the camera's culling mask in a serializedVersion the project's Editor does not write
    file = _scene(text.replace("  m_CullingMask:\n    serializedVersion: 2\n", "  m_CullingMask:\n"
                                                                             "    serializedVersion: 1\n", 1))
    [camera] = [doc for doc in file.of_class(20) if doc.file_id == 1104732597]
    camera_layout = layout_for("Camera", UNITY_6)
    before = file.to_bytes()
    assert _code(lambda: set_field(camera, camera_layout, "m_CullingMask", {"m_Bits": 1}, file)).code \
        == "E_PROPERTY_EDIT_UNSUPPORTED"
    assert file.to_bytes() == before


def test_a_path_through_a_value_the_file_holds_in_another_shape_is_not_written() -> None:
    text = fixture_path(MAIN_MENU).read_text(encoding="utf-8")
    file = _scene(text.replace("  m_FogColor: {r: 0.5, g: 0.5, b: 0.5, a: 1}\n", "  m_FogColor: 0\n", 1))
    [settings] = file.of_class(104)
    before = file.to_bytes()
    err = _code(lambda: set_field(settings, layout_for("RenderSettings", UNITY_6), "m_FogColor.r", 1, file))
    assert (err.code, err.details["expected"]) == ("E_PROPERTY_EDIT_UNSUPPORTED", "a mapping")
    assert file.to_bytes() == before
    quality = fixture_path(QUALITY).read_text(encoding="utf-8")
    start = quality.index("  m_QualitySettings:\n")
    end = quality.index("\n  m_TextureMipmapLimitGroupNames:")  # the next top-level key after the list
    file = UnityYamlFile.parse((quality[:start] + "  m_QualitySettings: 0" + quality[end:]).encode(), "q.asset")
    [doc] = file.documents
    before = file.to_bytes()
    err = _code(lambda: set_field(doc, layout_for("QualitySettings", UNITY_6), "m_QualitySettings[0].lodBias", 1.0,
                                  file))
    assert (err.code, err.details["expected"]) == ("E_PROPERTY_EDIT_UNSUPPORTED", "a list")
    assert file.to_bytes() == before


def test_a_field_of_a_type_unitycli_does_not_write_is_refused() -> None:
    """The one scalar of the 6000.0 table that is no string, number or bool: PlayerSettings' empty
    `vrEditorSettings` struct has a single child `none` of type `None` (minigolf writes `vrEditorSettings: {}`)."""
    file = UnityYamlFile.parse(fixture_path(PLAYER).read_bytes(), "ProjectSettings.asset")
    [doc] = file.documents
    before = file.to_bytes()
    err = _code(lambda: set_field(doc, layout_for("PlayerSettings", UNITY_6), "vrEditorSettings.none", 0, file))
    assert err.code == "E_PROPERTY_EDIT_UNSUPPORTED" and "None is not a type unitycli writes" in err.message
    assert file.to_bytes() == before


def test_an_index_past_the_end_of_a_list_is_refused() -> None:
    file = UnityYamlFile.parse(fixture_path(QUALITY).read_bytes(), "QualitySettings.asset")
    [doc] = file.documents
    before = file.to_bytes()
    err = _code(lambda: set_field(doc, layout_for("QualitySettings", UNITY_6), "m_QualitySettings[99].lodBias", 1.0,
                                  file))
    assert err.code == "E_PROPERTY_NOT_FOUND" and file.to_bytes() == before


def _logo() -> bytes:
    return fixture_path(LOGO).read_bytes()


@pytest.mark.parametrize(("data", "code"), [
    (lambda: _logo().replace(b"TextureImporter:", b"MadeUpImporter:", 1), "E_COMPONENT_UNSUPPORTED"),
    (lambda: _logo().replace(b"  serializedVersion: 13", b"  serializedVersion: 999", 1),
     "E_PROPERTY_EDIT_UNSUPPORTED"),  # a version no Editor of the table wrote
    (lambda: _logo() + b"\xff\xfe", "E_FILE_FORMAT_UNSUPPORTED"),
    (lambda: _logo().split(b"TextureImporter:", 1)[0], "E_OBJECT_NOT_FOUND"),  # no importer block at all
])
def test_an_importer_block_the_table_cannot_type_is_refused(data, code: str) -> None:
    assert _code(lambda: open_importer(data(), "Logo.png.meta", UNITY_6)).code == code


@pytest.mark.parametrize(("path", "code"), [
    ("platformSettings[99].maxTextureSize", "E_PROPERTY_NOT_FOUND"),
    ("mipmaps", "E_PROPERTY_EDIT_UNSUPPORTED"),  # a text-only group: name one of its fields
    ("noSuchKey", "E_PROPERTY_NOT_FOUND"),
])
def test_an_importer_path_the_block_does_not_hold_is_refused(path: str, code: str) -> None:
    importer = open_importer(_logo(), "Logo.png.meta", UNITY_6)
    assert _code(lambda: read_importer(importer, path)).code == code
    assert _code(lambda: set_importer_value(importer, path, 1)).code == code
    assert importer.to_bytes() == _logo()
