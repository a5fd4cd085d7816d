"""Each named quirk of `unitycli.typetree.check.QUIRKS` on the Editor-written document that shows it, and the same
document with the quirk's tolerance not applying (so the tolerance is exactly as wide as the quirk)."""

from __future__ import annotations

from tests.fixturepaths import fixture_path
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.check import QUIRKS, check_body
from unitycli.typetree.report import check_document
from unitycli.unityyaml import UnityYamlFile

MAIN_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
UNITY6 = pick_version("6000.0.25f1")
HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


def _doc(relative: str, *, class_name: str | None = None, file_id: int | None = None, text: str | None = None):
    data = text.encode() if text is not None else fixture_path(relative).read_bytes()
    file = UnityYamlFile.parse(data, relative)
    return next(d for d in file.documents if not d.stripped and (file_id is None or d.file_id == file_id)
                and (class_name is None or d.class_name == class_name))


def _problems(layout, doc) -> list[tuple[str, str]]:
    return [(f.path, f.problem) for f in check_body(layout.root, doc.root, doc.class_name)]


def test_every_quirk_has_a_name_and_the_fixture_it_was_seen_in():
    assert set(QUIRKS) == {"prefab-root-not-written", "rect-transform-version-not-written", "root-order-not-written",
                           "typeless-data", "hash128", "empty-struct"}


def test_prefab_instance_without_its_root_game_object_matches():
    doc = _doc("chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", class_name="PrefabInstance")
    assert "m_RootGameObject" not in doc.root
    assert check_document(doc, pick_version("2022.3.17f1")).status == "matches"


def test_rect_transform_without_serialized_version_matches_but_a_wrong_one_does_not():
    doc = _doc(MAIN_MENU, class_name="RectTransform")
    layout = layout_for("RectTransform", UNITY6)
    assert layout.serialized_version == 2 and "serializedVersion" not in doc.root
    assert _problems(layout, doc) == []
    wrong = doc.text.replace("  m_ObjectHideFlags: 0\n", "  m_ObjectHideFlags: 0\n  serializedVersion: 3\n", 1)
    assert _problems(layout, _doc(MAIN_MENU, text=HEADER + wrong)) == [
        ("serializedVersion", "serialized-version")]


def test_a_transform_must_carry_its_serialized_version():
    doc = _doc(MAIN_MENU, class_name="Transform")
    layout = layout_for("Transform", UNITY6)
    broken = doc.text.replace("  serializedVersion: 2\n", "", 1)
    assert _problems(layout, _doc(MAIN_MENU, text=HEADER + broken)) == [
        ("serializedVersion", "serialized-version")]


def test_mesh_typeless_data_is_a_byte_count_then_hex():
    doc = _doc(MAIN_MENU, class_name="Mesh")
    assert "_typelessdata" in doc.text
    assert check_document(doc, UNITY6).status == "matches"
    broken = doc.text.replace("    _typelessdata:", "    _typeless:", 1)
    assert ("m_VertexData._typeless", "unknown-field") in _problems(
        layout_for("Mesh", UNITY6), _doc(MAIN_MENU, text=HEADER + broken))


def test_render_texture_hash128_is_a_hash_scalar():
    relative = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Materials/Minimap Render Texture.renderTexture"
    doc = _doc(relative, class_name="RenderTexture")
    assert check_document(doc, pick_version("2022.3.17f1")).status == "matches"


def test_an_empty_map_and_an_empty_placeholder_struct_match():
    doc = _doc("minigolf/ProjectSettings/ProjectSettings.asset", class_name="PlayerSettings")
    assert "vrEditorSettings: {}" in doc.text
    assert check_document(doc, UNITY6).status == "matches"
