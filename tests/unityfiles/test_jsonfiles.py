"""JSON settings and JSON-formatted `.asset` files round-trip byte for byte, and edits keep their layout."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path, fixtures_root
from unitycli.errors import UnityCliError
from unitycli.unityfiles import JsonFile, JsonStyle, load_json_file, looks_like_json


def _json_files() -> list:
    root = fixtures_root()
    return sorted(
        p
        for p in root.rglob("*")
        if p.suffix in (".json", ".asset") and p.is_file() and looks_like_json(p.read_bytes()[:64])
    )


def test_every_json_file_in_the_fixtures_round_trips():
    files = _json_files()
    assert len(files) == 73
    assert (
        len([p for p in files if p.suffix == ".asset"]) == 9
    )  # XRSettings x6, GameCore x2, XRPackageSettings
    styles = set()
    not_writable = []
    for path in files:
        loaded = load_json_file(path)
        assert loaded.to_bytes() == path.read_bytes(), path
        if not loaded.round_trips:
            not_writable.append(path.name)
            continue
        assert loaded.style.render(loaded.data).encode() == path.read_bytes(), path
        styles.add((loaded.style.indent, loaded.style.final_newline))
    # ProBuilder's sample marker is hand-written (tabs, `"displayName":"..."` without a space): read, never edited.
    assert not_writable == [".sample.json"]
    assert styles == {(2, True), (2, False), (4, False)}


def test_yaml_assets_are_not_json():
    assert not looks_like_json(fixture_path("chicken-defense/ProjectSettings/TagManager.asset").read_bytes())
    assert looks_like_json(fixture_path("chicken-defense/ProjectSettings/XRSettings.asset").read_bytes())


def test_an_edit_keeps_the_four_space_layout_without_final_newline():
    raw = fixture_path("chicken-defense/ProjectSettings/XRSettings.asset").read_bytes()
    loaded = JsonFile.parse(raw, "ProjectSettings/XRSettings.asset")
    assert loaded.style == JsonStyle(indent=4, final_newline=False)
    assert (
        raw.decode()
        == '{\n    "m_SettingKeys": [\n        "VR Device Disabled",\n        "VR Device User Alert"\n'
        '    ],\n    "m_SettingValues": [\n        "False",\n        "False"\n    ]\n}'
    )
    loaded.data["m_SettingValues"][0] = "True"
    assert loaded.to_bytes() == raw.replace(b'        "False",\n', b'        "True",\n', 1)


def test_unreproducible_layout_is_readable_but_not_writable():
    loaded = JsonFile.parse(b'{"a":  1}', "x.json")
    assert loaded.data == {"a": 1} and not loaded.round_trips and loaded.to_bytes() == b'{"a":  1}'
    with pytest.raises(UnityCliError) as caught:
        loaded.to_bytes({"a": 2})
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"


def test_duplicate_keys_are_refused():
    with pytest.raises(UnityCliError) as caught:
        JsonFile.parse(b'{"a": 1, "a": 2}', "x.json")
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {"file": "x.json", "problem": "the key 'a' appears twice in one object"}


def test_missing_file_is_unreadable(tmp_path):
    with pytest.raises(UnityCliError) as caught:
        load_json_file(tmp_path / "nope.json", "ProjectSettings/nope.json")
    assert caught.value.details == {"file": "ProjectSettings/nope.json", "problem": "file not found"}
