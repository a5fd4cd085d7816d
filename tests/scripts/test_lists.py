"""Lists of script fields: resize, fill, insert and remove items, in Unity's block-list form."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, run
from tests.scripts.conftest import write
from unitycli.errors import UnityCliError

LEVEL_DATA = "Assets/LlamAcademy/Minigolf/Level Data.asset"
LEVEL_3 = "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"
LEVEL_13_REF = "  - {fileID: 11400000, guid: 3ecc31c1bbc07664d969156fa6a164e1, type: 2}\n"
LAST_LEVEL = "  - {fileID: 11400000, guid: 30ccd8e665933a44fa84858242bcb816, type: 2}\n"


def test_resizing_a_reference_list_then_filling_the_new_item_in_minigolf(minigolf: Path) -> None:
    asset = minigolf / LEVEL_DATA
    before = asset.read_text()
    grown = write(minigolf, "scriptable.set", {"file": LEVEL_DATA, "property": "AllLevels", "operation": "resize",
                                               "value": 13})
    assert asset.read_text() == before.replace(LAST_LEVEL, LAST_LEVEL + "  - {fileID: 0}\n")
    assert len(grown.output["previous"]) == 12 and grown.output["value"][-1] == {"fileID": 0}
    filled = write(minigolf, "scriptable.set", {"file": LEVEL_DATA, "property": "AllLevels[12]",
                                                "value": "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"})
    assert asset.read_text() == before.replace(LAST_LEVEL, LAST_LEVEL + LEVEL_13_REF)
    assert filled.output["references"][0]["target"] == f"main object of {LEVEL_3}"


def test_shrinking_a_list_drops_its_last_items(minigolf: Path) -> None:
    asset = minigolf / LEVEL_DATA
    before = asset.read_text()
    write(minigolf, "scriptable.set", {"file": LEVEL_DATA, "property": "AllLevels", "operation": "resize",
                                       "value": 11})
    assert asset.read_text() == before.replace(LAST_LEVEL, "")


def test_growing_a_list_of_serializable_classes_writes_the_c_sharp_defaults(minigolf: Path) -> None:
    """LevelSO.Par is a `Par[]`; a Par is a [Serializable] class of an enum Rating and an int Strokes, neither
    initialised, so a new item is Rating 0 (Fail) and Strokes 0."""
    asset = minigolf / LEVEL_3
    before = asset.read_text()
    write(minigolf, "scriptable.set", {"file": LEVEL_3, "property": "Par", "operation": "resize", "value": 5})
    last = "  - Rating: 0\n    Strokes: 7\n"
    assert before.endswith(last)
    assert asset.read_text() == before + "  - Rating: 0\n    Strokes: 0\n"


def test_inserting_a_nested_class_item_and_removing_another_in_minigolf(minigolf: Path) -> None:
    asset = minigolf / LEVEL_3
    before = asset.read_text()
    first = ("  WorldObjectPositions:\n  - PrefabResourcePath: Tiles/All Grass\n    Position: {x: 0.5, y: 0, z: 0.5}\n"
             "    Rotation: {x: -0, y: -0, z: -0, w: 1}\n    Scale: {x: 1, y: 1, z: 1}\n")
    assert first in before
    new_item = ("  - PrefabResourcePath: Tiles/Flag\n    Position: {x: 1, y: 0, z: 2}\n"
                "    Rotation: {x: 0, y: 0, z: 0, w: 1}\n    Scale: {x: 1, y: 1, z: 1}\n")
    write(minigolf, "scriptable.set", {
        "file": LEVEL_3, "property": "WorldObjectPositions[0]", "operation": "insert",
        "value": {"PrefabResourcePath": "Tiles/Flag", "Position": {"x": 1, "y": 0, "z": 2},
                  "Rotation": {"x": 0, "y": 0, "z": 0, "w": 1}, "Scale": {"x": 1, "y": 1, "z": 1}}})
    head = "  WorldObjectPositions:\n"
    assert asset.read_text() == before.replace(first, head + new_item + first[len(head):])
    write(minigolf, "scriptable.set", {"file": LEVEL_3, "property": "WorldObjectPositions[0]",
                                       "operation": "remove"})
    assert asset.read_text() == before


def test_setting_one_list_item_of_a_scene_component_changes_that_line(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    write(chicken, "component.set", {"file": CHICKEN_GAME, "gameObject": "Enemy Brain", "component": "AttackerBrain",
                                     "property": "DifficultyScaling[4].SecondsBetweenFoxSpawns", "value": 18})
    assert scene.read_text() == before.replace(
        "    SecondsBetweenFoxSpawns: 20\n    MultiplierPerSpawn: 3\n",
        "    SecondsBetweenFoxSpawns: 18\n    MultiplierPerSpawn: 3\n")


@pytest.mark.parametrize(("data", "code"), [
    ({"property": "AllLevels", "operation": "insert", "value": "Assets/x.asset"}, "E_PROPERTY_NOT_FOUND"),
    ({"property": "AllLevels[13]", "operation": "insert", "value": {"fileID": 0}}, "E_PROPERTY_NOT_FOUND"),
    ({"property": "AllLevels[12]", "operation": "remove"}, "E_PROPERTY_NOT_FOUND"),
    ({"property": "AllLevels", "operation": "resize", "value": -1}, "E_VALUE_TYPE_MISMATCH"),
    ({"property": "AllLevels", "operation": "resize", "value": "3"}, "E_VALUE_TYPE_MISMATCH"),
    ({"property": "Level", "operation": "resize", "value": 3}, "E_VALUE_TYPE_MISMATCH"),
])
def test_bad_list_operations_are_catalogued_and_write_nothing(minigolf: Path, data: dict, code: str) -> None:
    asset = minigolf / LEVEL_DATA
    before = asset.read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.set", {"file": LEVEL_DATA, **data})
    assert caught.value.code == code
    assert asset.read_bytes() == before


def test_growing_an_empty_list_whose_items_nothing_proves_is_refused(chicken: Path) -> None:
    """The CinemachineBrain is a package script with no C# in the fixture; its empty m_Calls list shows no item
    to copy the shape of, so growing it is refused rather than guessed."""
    scene = chicken / CHICKEN_GAME
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.set", {"file": CHICKEN_GAME, "gameObject": "Main Camera",
                                       "component": "CinemachineBrain", "property": "m_CameraCutEvent."
                                       "m_PersistentCalls.m_Calls", "operation": "resize", "value": 1})
    assert caught.value.code == "E_LIST_ELEMENT_UNKNOWN"
    assert scene.read_bytes() == before
