"""The read-back check can really fail: a wrong emit or collateral damage is caught and nothing is written.

The failures are produced honestly, by monkeypatching the YAML model's emit/splice functions (the code every
writer goes through) so that the bytes they produce read back differently from what the tool asked for.
"""

from __future__ import annotations

import pytest

from tests.settings.conftest import BUILD, PLAYER, TAGS, U6, U2022, failure, original, settings_copy, snapshot
from unitycli.errors import UnityCliError
from unitycli.plugins.settings.readback import verify_readback
from unitycli.unityyaml import edit


def test_a_value_that_reads_back_differently_is_caught(tmp_path, monkeypatch):
    real = edit.emit_inline

    def off_by_one(value, **kw):  # writes "Acme!" when asked for "Acme"
        return real(value + "!" if isinstance(value, str) else value, **kw)

    monkeypatch.setattr(edit, "emit_inline", off_by_one)
    root = settings_copy(U2022, tmp_path)
    before = snapshot(root)
    error = failure(root, "project.set-player-settings", {"companyName": "Acme"})
    assert error.code == "E_PROJECT_SETTINGS_VERIFY_FAILED"
    assert error.details["property"] == "companyName" and error.details["found"] == "Acme!"
    assert snapshot(root) == before


def test_a_number_written_wrong_is_caught(tmp_path, monkeypatch):
    real = edit.emit_inline
    monkeypatch.setattr(edit, "emit_inline",
                        lambda value, **kw: real(value + 1 if isinstance(value, int) else value, **kw))
    root = settings_copy(U6, tmp_path)
    error = failure(root, "project.set-player-settings", {"defaultScreenWidth": 800}, dry_run=True)
    assert (error.code, error.details["found"]) == ("E_PROJECT_SETTINGS_VERIFY_FAILED", "801")


def test_collateral_damage_to_another_key_is_caught(tmp_path, monkeypatch):
    real = edit.set_value

    def also_touches_product(text, top, path, value, style):
        return real(text, top, path, value, style).replace("  productName: minigolf\n", "  productName: mini\n")

    monkeypatch.setattr(edit, "set_value", also_touches_product)
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    error = failure(root, "project.set-player-settings", {"companyName": "Acme"})
    assert error.code == "E_PROJECT_SETTINGS_VERIFY_FAILED" and error.details["property"] == "productName"
    assert "not edited" in error.message and snapshot(root) == before


def test_a_list_item_emitted_wrong_is_caught_for_tags(tmp_path, monkeypatch):
    real = edit.emit_block_item
    monkeypatch.setattr(edit, "emit_block_item", lambda value, **kw: real(str(value).lower(), **kw))
    root = settings_copy(U6, tmp_path)
    error = failure(root, "project.add-tag", {"tag": "Enemy"})
    assert (error.code, error.details["property"]) == ("E_PROJECT_SETTINGS_VERIFY_FAILED", "tags[3]")


def test_a_build_scene_entry_emitted_wrong_is_caught(tmp_path, monkeypatch):
    real = edit.emit_inline

    def drop_guid(value, **kw):
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = [{**item, "guid": "0" * 32} for item in value]
        return real(value, **kw)

    monkeypatch.setattr(edit, "emit_inline", drop_guid)
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    root = settings_copy(U6, tmp_path, extra=(scene, scene + ".meta"))
    error = failure(root, "project.set-build-scenes", {"scenes": [{"path": scene}]})
    assert (error.code, error.details["property"]) == ("E_PROJECT_SETTINGS_VERIFY_FAILED", "m_Scenes[0].guid")


@pytest.mark.parametrize(("after", "why"), [
    (lambda t: t.replace("%TAG !u! tag:unity3d.com,2011:\n", "%TAG !u! tag:unity3d.com,2011:\n\n"), "header"),
    (lambda t: t + "--- !u!114 &2\nMonoBehaviour:\n  m_Name: x\n", "number of objects"),
    (lambda t: t.replace("  m_Scenes:\n", "  m_Scenes: [\n"), "does not parse"),
    (lambda t: t.replace("  serializedVersion: 2\n", ""), "keys changed"),
])
def test_structural_changes_are_caught(after, why):
    text = original(U6, BUILD)
    with pytest.raises(UnityCliError) as info:
        verify_readback(BUILD, 1045, text.encode(), after(text).encode(), {})
    assert info.value.code == "E_PROJECT_SETTINGS_VERIFY_FAILED" and why in info.value.message


def test_an_intended_key_the_object_lacks_is_caught():
    text = original(U6, TAGS).encode()
    with pytest.raises(UnityCliError) as info:
        verify_readback(TAGS, 78, text, text, {"m_Tags": []})
    assert info.value.code == "E_PROJECT_SETTINGS_VERIFY_FAILED"


def test_an_untouched_file_passes():
    text = original(U6, PLAYER).encode()
    verify_readback(PLAYER, 129, text, text, {})
