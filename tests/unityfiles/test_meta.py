"""`.meta` files: every fixture meta round-trips byte for byte; new metas match what the Unity Editor wrote."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.fixturepaths import fixture_path, fixtures_root
from unitycli.errors import UnityCliError
from unitycli.unityfiles import new_meta, parse_meta

GUID = re.compile(r"[0-9a-f]{32}")


def test_every_fixture_meta_parses_and_round_trips():
    paths = sorted(fixtures_root().rglob("*.meta"))
    assert len(paths) == 2044
    failures: list[str] = []
    importers: Counter[str | None] = Counter()
    kinds = Counter()
    for path in paths:
        raw = path.read_bytes()
        meta = parse_meta(raw, str(path))
        if (
            meta.to_bytes() != raw
            or meta.with_guid(meta.guid).to_bytes() != raw
            or not GUID.fullmatch(meta.guid)
        ):
            failures.append(str(path))
        importers["<folder>" if meta.folder_asset else meta.importer] += 1
        kinds["bom"] += meta.bom
        kinds["no final newline"] += not meta.final_newline
        kinds["timeCreated"] += meta.time_created is not None
        kinds["labels"] += bool(meta.labels)
        kinds["two lines"] += meta.top_level_keys == ("fileFormatVersion", "guid")
        kinds["three lines"] += meta.top_level_keys == ("fileFormatVersion", "guid", "timeCreated")
    assert failures == []
    assert dict(importers) == {
        "DefaultImporter": 509,
        "<folder>": 359,
        "MonoImporter": 378,
        "NativeFormatImporter": 240,
        None: 207,
        "PrefabImporter": 135,
        "TextureImporter": 94,
        "ScriptedImporter": 47,
        "ModelImporter": 39,
        "AssemblyDefinitionImporter": 11,
        "AudioImporter": 8,
        "TextScriptImporter": 7,
        "VisualEffectImporter": 7,
        "PackageManifestImporter": 2,
        "TrueTypeFontImporter": 1,
    }
    assert dict(kinds) == {
        "bom": 27,
        "no final newline": 207,
        "timeCreated": 240,
        "labels": 2,
        "two lines": 6,
        "three lines": 201,
    }


def test_meta_fields_of_an_old_style_meta():
    meta = parse_meta(
        fixture_path("chicken-defense/Assets/TutorialInfo/Scripts/Editor/ReadmeEditor.cs.meta").read_bytes()
    )
    assert (meta.guid, meta.file_format_version, meta.importer, meta.time_created, meta.license_type) == (
        "476cc7d7cd9874016adc216baab94a0a",
        2,
        "MonoImporter",
        1484146680,
        "Store",
    )


def test_meta_with_bom_and_no_final_newline():
    raw = fixture_path("minigolf/Assets/LlamAcademy/Minigolf/UI/Modals/Tutorial.meta").read_bytes()
    meta = parse_meta(raw)
    assert (meta.bom, meta.final_newline, meta.importer, meta.time_created) == (True, False, None, 1718153482)
    assert meta.top_level_keys == ("fileFormatVersion", "guid", "timeCreated")


def test_labels_are_read():
    meta = parse_meta(
        fixture_path(
            "VisualEffectGraph-Samples/Assets/HDRP/LookDevEnvironmentLibrary.asset.meta"
        ).read_bytes()
    )
    assert meta.labels == ("Sunset in the Quarry",) and meta.importer == "NativeFormatImporter"


def test_changing_the_guid_changes_exactly_that_line():
    raw = fixture_path("minigolf/Assets/LlamAcademy/Minigolf/UI/Modals/Tutorial.meta").read_bytes()
    changed = parse_meta(raw).with_guid("0123456789abcdef0123456789abcdef").to_bytes()
    assert changed == raw.replace(b"449e892a0709401ca1dc3c4c9315eecc", b"0123456789abcdef0123456789abcdef")


def test_a_crlf_meta_from_a_windows_checkout_reads_and_keeps_its_line_ends():
    """git autocrlf turns every meta into CRLF; a new GUID must change only the 32 digits."""
    raw = fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Materials/Ball.mat.meta").read_bytes()
    crlf = raw.replace(b"\n", b"\r\n")
    meta = parse_meta(crlf, "Ball.mat.meta")
    assert meta.guid == parse_meta(raw).guid and meta.importer == "NativeFormatImporter"
    changed = meta.with_guid("0" * 32).to_bytes()
    assert changed == crlf.replace(meta.guid.encode(), b"0" * 32)


def test_a_meta_without_guid_is_unreadable():
    with pytest.raises(UnityCliError) as caught:
        parse_meta(b"fileFormatVersion: 2\nDefaultImporter:\n", "Assets/X.meta")
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {"file": "Assets/X.meta", "problem": "no `guid: <32 hex>` line"}


# Each new meta must equal, byte for byte, a meta the Unity Editor wrote for that type (same GUID).
TEMPLATE_SOURCES = [
    ("minigolf/Assets/LlamAcademy/Minigolf/Scenes.meta", {"folder": True}),
    ("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/Resources/Tiles/All Grass.prefab.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game/Game Post.asset.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/Materials/Ball.mat.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/PlayerController.cs.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/LlamAcademy.Minigolf.asmdef.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/UI/Textures/LlamAcademy Logo/LICENSE.meta", {}),
    ("chicken-defense/Assets/LlamAcademy/Llama/LICENSE.md.meta", {}),
    ("VisualEffectGraph-Samples/Packages/net.peeweek.game-options/package.json.meta", {}),
    ("minigolf/Assets/LlamAcademy/Minigolf/Animations/Rotation Base.controller.meta", {}),
]


@pytest.mark.parametrize(
    ("source", "options"), TEMPLATE_SOURCES, ids=[s.rsplit("/", 1)[-1] for s, _ in TEMPLATE_SOURCES]
)
def test_new_meta_matches_a_unity_written_meta(source, options):
    raw = fixture_path(source).read_bytes()
    guid = parse_meta(raw).guid
    assert new_meta(source[: -len(".meta")], guid, **options) == raw


def test_new_scene_meta_exact_text():
    assert new_meta("Assets/Scenes/Level 2.unity", "0123456789abcdef0123456789abcdef").decode() == (
        "fileFormatVersion: 2\n"
        "guid: 0123456789abcdef0123456789abcdef\n"
        "DefaultImporter:\n"
        "  externalObjects: {}\n"
        "  userData: \n"
        "  assetBundleName: \n"
        "  assetBundleVariant: \n"
    )


def test_new_material_meta_exact_text():
    assert new_meta("Assets/Materials/Red.mat", "0123456789abcdef0123456789abcdef").decode() == (
        "fileFormatVersion: 2\n"
        "guid: 0123456789abcdef0123456789abcdef\n"
        "NativeFormatImporter:\n"
        "  externalObjects: {}\n"
        "  mainObjectFileID: 2100000\n"
        "  userData: \n"
        "  assetBundleName: \n"
        "  assetBundleVariant: \n"
    )


def test_new_meta_gets_a_fresh_guid_each_time():
    first, second = parse_meta(new_meta("Assets/a.prefab")), parse_meta(new_meta("Assets/a.prefab"))
    assert GUID.fullmatch(first.guid) and first.guid != second.guid
    assert first.importer == "PrefabImporter"


def test_unknown_extension_falls_back_to_default_importer():
    assert parse_meta(new_meta("Assets/notes.weird")).importer == "DefaultImporter"


@pytest.mark.parametrize(
    ("asset", "importer"),
    [
        ("Assets/a.png", "TextureImporter"),
        ("Assets/a.fbx", "ModelImporter"),
        ("Assets/Fx/a.vfx", "VisualEffectImporter"),
    ],
)
def test_types_whose_importer_only_the_editor_can_write_are_refused(asset, importer):
    with pytest.raises(UnityCliError) as caught:
        new_meta(asset)
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert caught.value.details["importer"] == importer


def test_native_types_without_a_fixed_main_object_need_it():
    with pytest.raises(UnityCliError) as caught:
        new_meta("Assets/Lighting.lighting")
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert b"mainObjectFileID: 4890085278179872738\n" in new_meta(
        "Assets/L.lighting", main_object_file_id=4890085278179872738
    )


def test_invalid_guid_is_refused():
    with pytest.raises(UnityCliError) as caught:
        new_meta("Assets/a.unity", "XYZ")
    assert caught.value.code == "E_SCHEMA_INVALID"
