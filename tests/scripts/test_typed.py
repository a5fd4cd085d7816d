"""Values checked against the script field's C# type: what the file alone cannot tell is refused with a catalogued
error (and did-you-mean), what it can is converted the way Unity stores it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, line_diff, run
from tests.scripts.conftest import write
from unitycli.errors import UnityCliError

MELEE = "Assets/LlamAcademy/ChickenDefense/Units/Llama/Melee Llama Attack Config.asset"
LEVEL_3 = "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"
BRAIN = {"file": CHICKEN_GAME, "gameObject": "Enemy Brain", "component": "AttackerBrain"}


def test_a_misspelt_field_is_not_found_with_did_you_mean_from_the_class(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.set", {**BRAIN, "property": "Snak", "value": "x"})
    assert caught.value.code == "E_PROPERTY_NOT_FOUND"
    assert caught.value.details["didYouMean"][:2] == ["Snake", "SnakeSurface"]
    assert caught.value.details["class"] == "LlamAcademy.ChickenDefense.AI.AttackerBrain"


def test_a_misspelt_nested_field_names_the_nested_class(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.set", {**BRAIN, "property": "DifficultyScaling[0].MultiplierPerSpwn", "value": 2})
    assert caught.value.code == "E_PROPERTY_NOT_FOUND"
    assert caught.value.details["didYouMean"] == ["MultiplierPerSpawn"]


def test_a_bool_field_takes_true_and_false_written_as_1_and_0(chicken: Path) -> None:
    asset = chicken / MELEE
    before = asset.read_text()
    write(chicken, "scriptable.set", {"file": MELEE, "property": "IsRanged", "value": True})
    assert line_diff(before, asset.read_text()) == [("  IsRanged: 0", "  IsRanged: 1")]


@pytest.mark.parametrize(("file", "prop", "value", "code"), [
    (MELEE, "IsRanged", "yes", "E_VALUE_TYPE_MISMATCH"),
    (MELEE, "IsRanged", 2, "E_VALUE_TYPE_MISMATCH"),
    (MELEE, "Damage", "ten", "E_VALUE_TYPE_MISMATCH"),
    (MELEE, "RangedPrefab", 5, "E_VALUE_TYPE_MISMATCH"),
    (MELEE, "RangedPrefab", "Assets/Nope.prefab", "E_ASSET_NOT_FOUND"),
    (LEVEL_3, "Par[0].Strokes", 2.5, "E_VALUE_TYPE_MISMATCH"),
    (LEVEL_3, "Par[0].Strokes", 2**31, "E_VALUE_OUT_OF_RANGE"),
    (LEVEL_3, "Par[0].Rating", "Goood", "E_VALUE_TYPE_MISMATCH"),
    (LEVEL_3, "Par[0]", {"Rating": "Good", "Strokez": 2}, "E_PROPERTY_NOT_FOUND"),
])
def test_a_value_the_csharp_type_cannot_hold_is_refused_and_nothing_is_written(request: pytest.FixtureRequest,
                                                                               file: str, prop: str, value,
                                                                               code: str) -> None:
    project: Path = request.getfixturevalue("minigolf" if file == LEVEL_3 else "chicken")
    before = (project / file).read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(project, "scriptable.set", {"file": file, "property": prop, "value": value})
    assert caught.value.code == code and caught.value.next_actions
    assert (project / file).read_bytes() == before


def test_an_enum_member_typo_gets_did_you_mean(minigolf: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.set", {"file": LEVEL_3, "property": "Par[0].Rating", "value": "Goood"})
    assert caught.value.details["didYouMean"] == ["Good"]
    assert caught.value.details["members"] == {"Perfect": 3, "Good": 2, "Ok": 1, "Fail": 0}


def test_a_whole_nested_item_is_checked_and_converted_field_by_field(minigolf: Path) -> None:
    asset = minigolf / LEVEL_3
    before = asset.read_text()
    write(minigolf, "scriptable.set", {"file": LEVEL_3, "property": "Par[1]", "value": {"Rating": "Perfect",
                                                                                        "Strokes": 2}})
    assert line_diff(before, asset.read_text()) == [("  - Rating: 2", "  - Rating: 3"),
                                                    ("    Strokes: 4", "    Strokes: 2")]


def test_a_script_whose_csharp_does_not_parse_is_checked_against_the_file_and_says_so(chicken: Path) -> None:
    source = chicken / "Assets/LlamAcademy/ChickenDefense/AI/AttackerBrain.cs"
    source.write_text(source.read_text() + "\n}}} not C#\n")
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    result = write(chicken, "component.set", {**BRAIN, "property": "DifficultyFactor", "value": 2})
    assert line_diff(before, scene.read_text()) == [("  DifficultyFactor: 1", "  DifficultyFactor: 2")]
    assert len(result.output["warnings"]) == 1 and "E_SCRIPT_SOURCE_UNPARSEABLE" in result.output["warnings"][0]
