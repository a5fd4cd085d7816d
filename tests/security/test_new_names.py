"""New names with bidirectional controls are refused: `evil` + U+202E + `gnp.exe` displays as
`evilexe.png`, in the Editor and in review. Every tool that gives something a new name refuses one, on a copy of
minigolf, and nothing is written; an existing file named so is still found exactly as it is named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.assets.conftest import failure, output, snapshot
from tests.indexes.projectcopies import writable_copy

MINIGOLF = "Assets/LlamAcademy/Minigolf"
GAME = f"{MINIGOLF}/Scenes/Game.unity"
BALL_MAT = f"{MINIGOLF}/Materials/Ball.mat"
BALL_PREFAB = f"{MINIGOLF}/Prefabs/Ball.prefab"
RLO = "\u202e"
EVIL = f"evil{RLO}gnp"

# Unicode's Bidi_Control characters, written out here rather than read from the validator under test.
BIDI = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
        "\u2066", "\u2067", "\u2068", "\u2069"]


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return writable_copy("minigolf", tmp_path / "minigolf")


# (tool, input, the field named in E_SCHEMA_INVALID or None for a path refused with E_ASSET_PATH_INVALID)
CASES: list[tuple[str, dict[str, Any], str | None]] = [
    ("gameobject.create", {"file": GAME, "name": EVIL}, "name"),
    ("gameobject.rename", {"file": GAME, "gameObject": "Lighting", "name": EVIL}, "name"),
    ("gameobject.duplicate", {"file": GAME, "gameObject": "Lighting", "name": EVIL}, "name"),
    ("prefab.instantiate", {"file": GAME, "prefab": BALL_PREFAB, "name": EVIL}, "name"),
    ("prefab.set-override", {"file": GAME, "gameObject": "Ball", "propertyPath": "m_Name", "value": EVIL}, "value"),
    ("project.add-tag", {"tag": EVIL}, "tag"),
    ("project.set-layer", {"index": 9, "name": EVIL}, "name"),
    ("project.set-input-axis", {"name": "Horizontal", "fields": {"descriptiveName": EVIL}}, "fields.descriptiveName"),
    ("asset.rename", {"file": BALL_MAT, "name": EVIL}, None),
    ("asset.move", {"file": BALL_MAT, "destination": f"{MINIGOLF}/Materials/{EVIL}.mat"}, None),
    ("asset.duplicate", {"file": BALL_MAT, "destination": f"{MINIGOLF}/Materials/{EVIL}.mat"}, None),
    ("asset.create-folder", {"folder": f"{MINIGOLF}/{EVIL}"}, None),
    ("scene.create", {"file": f"{MINIGOLF}/Scenes/{EVIL}.unity"}, None),
    ("material.create", {"file": f"{MINIGOLF}/Materials/{EVIL}.mat", "shader": "Assets/None.shader"}, None),
]


@pytest.mark.parametrize(("tool", "payload", "field"), CASES, ids=[c[0] for c in CASES])
def test_a_new_name_with_a_right_to_left_override_is_refused(
        minigolf: Path, tool: str, payload: dict[str, Any], field: str | None) -> None:
    before = snapshot(minigolf)
    error = failure(minigolf, tool, payload)
    if field is None:
        assert error.code == "E_ASSET_PATH_INVALID", (error.code, error.message)
        assert "U+202E RIGHT-TO-LEFT OVERRIDE" in error.details["reason"]
    else:
        assert error.code == "E_SCHEMA_INVALID", (error.code, error.message)
        assert [e["path"] for e in error.details["errors"]] == [field]
        assert "U+202E RIGHT-TO-LEFT OVERRIDE" in error.details["errors"][0]["message"]
    assert snapshot(minigolf) == before


@pytest.mark.parametrize("char", BIDI, ids=[f"U+{ord(c):04X}" for c in BIDI])
def test_every_bidirectional_control_is_refused(minigolf: Path, char: str) -> None:
    error = failure(minigolf, "gameobject.create", {"file": GAME, "name": f"Lamp{char}"}, dry_run=True)
    assert error.code == "E_SCHEMA_INVALID" and f"U+{ord(char):04X}" in error.message


def test_other_unicode_names_are_still_accepted(minigolf: Path) -> None:
    created = output(minigolf, "gameobject.create", {"file": GAME, "name": "Lámpara ランプ \u05de\u05e0\u05d5\u05e8\u05d4"})
    assert created["path"] == "Lámpara ランプ \u05de\u05e0\u05d5\u05e8\u05d4"


def test_an_existing_asset_named_with_a_bidi_control_is_still_found_as_named(minigolf: Path) -> None:
    folder = minigolf / MINIGOLF / EVIL
    folder.mkdir()
    (minigolf / MINIGOLF / f"{EVIL}.meta").write_text("fileFormatVersion: 2\nguid: " + "ab" * 16 + "\n")
    assert output(minigolf, "asset.info", {"file": f"{MINIGOLF}/{EVIL}"})["guid"] == "ab" * 16
