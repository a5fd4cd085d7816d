"""Patterns met in real Unity projects outside the fixtures (BoatAttack 2020.3, game-programming-patterns-demo 6000.0).

Each test reproduces a few lines of the pattern by hand on a copy of the sample project.
"""

from __future__ import annotations

from pathlib import Path

from tests.assets.conftest import output

# TextMesh Pro's `Sprites/EmojiOne.json` (TexturePacker output, tab-indented), shipped with TMP Essential Resources in
# BoatAttack and game-programming-patterns-demo: a TextAsset nobody but its author writes.
TEXTURE_PACKER_JSON = (b'{"frames": [\n\n{\n\t"filename": "1f60a.png",\n\t"frame": {"x":0,"y":0,"w":128,"h":128},\n'
                       b'\t"rotated": false\n}],\n"meta": {\n\t"app": "http://www.codeandweb.com/texturepacker",\n'
                       b'\t"version": "1.0"\n}\n}\n')


def test_a_json_text_asset_under_assets_is_skipped_not_reported_as_different(sample: Path) -> None:
    (sample / "Assets/Sprites").mkdir()
    (sample / "Assets/Sprites/EmojiOne.json").write_bytes(TEXTURE_PACKER_JSON)
    report = output(sample, "project.format-check", {"path": "Assets"})
    assert report["different"] == []
    assert report["skipped"] == [{"path": "Assets/Sprites/EmojiOne.json", "reason": "text-asset"}]


def test_a_settings_json_in_a_layout_unity_does_not_write_is_still_different(sample: Path) -> None:
    (sample / "ProjectSettings/Odd.json").write_bytes(TEXTURE_PACKER_JSON)
    report = output(sample, "project.format-check", {"path": "ProjectSettings"})
    assert report["different"] == [{"path": "ProjectSettings/Odd.json", "line": None,
                                    "reason": "JSON layout is not one Unity writes"}]


def test_an_asset_and_a_meta_whose_names_differ_only_in_case_are_named_as_twins(sample: Path) -> None:
    # BoatAttack (Unity 2020.3) has Assets/Scripts/Boat/AiController.cs beside AIcontroller.cs.meta.
    scripts = sample / "Assets/Scripts"
    scripts.mkdir()
    (scripts / "AiController.cs").write_text("public class AiController {}\n")
    (scripts / "AIcontroller.cs.meta").write_text("fileFormatVersion: 2\nguid: 5b0e1e3ce5b4e4a3f8a6c5a3e0e4b7d1\n")
    report = output(sample, "asset.validate", {"kinds": ["meta-without-asset", "asset-without-meta"]})
    messages = {i["kind"]: i["message"] for i in report["issues"]}
    assert messages["meta-without-asset"].startswith(
        "Assets/Scripts/AIcontroller.cs.meta has no asset beside it; Assets/Scripts/AiController.cs (only the case "
        "of its name differs) is probably its asset: a case-insensitive file system (Windows, macOS) pairs them")
    assert messages["asset-without-meta"].startswith(
        "Assets/Scripts/AiController.cs has no .meta; Assets/Scripts/AIcontroller.cs.meta (only the case of its "
        "name differs) is probably its meta: ")
