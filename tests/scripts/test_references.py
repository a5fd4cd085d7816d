"""Object references given by name resolve to the `{fileID, guid, type}` the Editor writes for the same object."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_GAME, line_diff, replace_in_object, run
from tests.scripts.conftest import write
from unitycli.errors import UnityCliError

EGG = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.asset"
FOX = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Fox/Fox.asset"
STARS = "Assets/LlamAcademy/Minigolf/UI/Textures/rating-stars-3.png"
MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"


def _set(project: Path, game_object: str, component: str, prop: str, value, **extra):
    return write(project, "component.set", {"file": CHICKEN_GAME, "gameObject": game_object, "component": component,
                                            "property": prop, "value": value, **extra})


def test_a_scene_object_named_by_path_and_component_fileid_is_wired_in_chicken_defense(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    result = _set(chicken, "Enemy Brain", "AttackerBrain", "FoxSurface", "World:1917502157")
    assert scene.read_text() == replace_in_object(before, 41118591, "  FoxSurface: {fileID: 1917502158}",
                                                  "  FoxSurface: {fileID: 1917502157}")
    assert result.output["previous"] == {"fileID": 1917502158} and result.output["value"] == {"fileID": 1917502157}
    assert result.output["references"] == [{"at": "FoxSurface", "name": "World:1917502157",
                                            "target": "MonoBehaviour of 'World' (&1917502157)", "fileID": 1917502157}]


def test_an_asset_path_resolves_to_the_main_object_of_a_scriptable_object(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_text()
    _set(chicken, "Enemy Brain", "AttackerBrain", "Snake", FOX)
    assert line_diff(before, scene.read_text()) == [
        ("  Snake: {fileID: 11400000, guid: a4f177b5d573e95448017c9fcf317bd4, type: 2}",
         "  Snake: {fileID: 11400000, guid: 188837f8dbfdc8e4e9c09a6346aa7d41, type: 2}")]


def test_a_prefab_path_for_a_component_field_resolves_to_that_component_as_the_editor_wrote_it(chicken: Path) -> None:
    """ChickenSpawner.EggPrefab is an `Egg` (a project MonoBehaviour): the Editor wrote the Egg component of the
    prefab's root, and naming the prefab gives exactly that reference."""
    scene = chicken / CHICKEN_GAME
    before = scene.read_bytes()
    result = _set(chicken, "Chicken Spawner", "ChickenSpawner", "EggPrefab", EGG)
    assert result.output["changed"] is False and scene.read_bytes() == before
    assert result.output["references"][0]["fileID"] == -2707395637519825111
    assert result.output["references"][0]["type"] == 3


def test_a_gameobject_field_given_a_prefab_path_gets_the_prefab_root_the_editor_wrote(chicken: Path) -> None:
    asset = chicken / SNAKE
    before = asset.read_text()
    write(chicken, "scriptable.set", {"file": SNAKE, "property": "PlacementGhostPrefab",
                                      "value": SNAKE.replace(".asset", ".prefab")})
    # The Editor wrote the same prefab's root as `Prefab:` on the line above.
    assert "  Prefab: {fileID: 8821808129739119308, guid: 900a3894a97585e4dbe416552aaee14c, type: 3}\n" in before
    assert asset.read_text() == before.replace(
        "  PlacementGhostPrefab: {fileID: 0}\n",
        "  PlacementGhostPrefab: {fileID: 8821808129739119308, guid: 900a3894a97585e4dbe416552aaee14c,\n"
        "    type: 3}\n")


def test_a_texture_field_given_the_png_path_gets_the_texture_the_editor_wrote(chicken: Path) -> None:
    icon = run(chicken, "scriptable.get", {"file": SNAKE, "property": "UIIcon"}).output["value"]
    with_path = run(chicken, "asset.info", {"guid": icon["guid"]}).output
    result = write(chicken, "scriptable.set", {"file": SNAKE, "property": "UIIcon", "value": with_path["file"]})
    assert result.output["changed"] is False and result.output["value"] == icon == {
        "fileID": 2800000, "guid": "6ca0cc8ef41e5c34d9235ddbd608ab1c", "type": 3}


def test_a_guid_names_the_asset_main_object(chicken: Path) -> None:
    """c57208583dc1f774082fef6348c2fdc7 is `Melee Llama Attack Config.asset`, an AttackConfigSO."""
    result = write(chicken, "scriptable.set", {"file": SNAKE, "property": "AttackConfig",
                                               "value": "c57208583dc1f774082fef6348c2fdc7"})
    assert result.output["value"] == {"fileID": 11400000, "guid": "c57208583dc1f774082fef6348c2fdc7", "type": 2}


@pytest.mark.parametrize(("prop", "value", "is_a"), [
    ("AttackConfig", "535104c9f8384a04597397d452fa7e8e", "RunAwayConfigSO"),  # Snake Run Away Config.asset
    ("UIIcon", EGG, "GameObject"),
    ("Prefab", "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake UI Icon.png", "Texture2D"),
])
def test_an_object_of_another_class_than_the_field_holds_is_refused(chicken: Path, prop: str, value: str,
                                                                    is_a: str) -> None:
    before = (chicken / SNAKE).read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "scriptable.set", {"file": SNAKE, "property": prop, "value": value})
    assert caught.value.code == "E_VALUE_TYPE_MISMATCH" and is_a in caught.value.details["classes"]
    assert (chicken / SNAKE).read_bytes() == before


def test_a_sprite_of_a_sheet_is_named_after_the_png_path_with_its_meta_internal_id(minigolf: Path) -> None:
    """The UI Image's script is a package's (no C# here), so the file's own shape checks the value; the sprite's
    fileID is its `internalID` in rating-stars-3.png.meta (spriteMode 2)."""
    scene = minigolf / MAIN_MENU
    before = scene.read_text()
    write(minigolf, "component.set", {"file": MAIN_MENU, "gameObject": "1215123274", "component": "1215123276",
                                      "property": "m_Sprite", "value": f"{STARS}:2-stars"})
    assert scene.read_text() == replace_in_object(
        before, 1215123276, "  m_Sprite: {fileID: 21300000, guid: 571dcf9ee851f2d499e46e27b617b676, type: 3}",
        "  m_Sprite: {fileID: 1283188244, guid: aef47515a452f9047a5499331f5f6333, type: 3}")


def test_a_single_sprite_texture_needs_the_field_type_or_a_name_and_its_sheet_names_are_listed(minigolf: Path):
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "component.set", {"file": MAIN_MENU, "gameObject": "1215123274", "component": "1215123276",
                                        "property": "m_Sprite", "value": f"{STARS}:4-stars"})
    assert caught.value.code == "E_REFERENCE_UNRESOLVED"
    assert caught.value.details["sprites"] == ["1-star", "2-stars", "3-stars"]


@pytest.mark.parametrize(("value", "code"), [
    ("Nope/Thing", "E_GAMEOBJECT_NOT_FOUND"),
    ("World", "E_REFERENCE_UNRESOLVED"),  # the field wants a NavMeshSurface: which of World's components?
    ("Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Nope.asset", "E_ASSET_NOT_FOUND"),
    ("0123456789abcdef0123456789abcdef", "E_REFERENCE_UNRESOLVED"),
    ("Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab:Rigidbody2D", "E_REFERENCE_UNRESOLVED"),
    (12, "E_VALUE_TYPE_MISMATCH"),
])
def test_a_reference_that_names_nothing_is_a_catalogued_error_and_nothing_is_written(chicken: Path, value,
                                                                                        code: str) -> None:
    scene = chicken / CHICKEN_GAME
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "component.set", {"file": CHICKEN_GAME, "gameObject": "Chicken Spawner",
                                       "component": "ChickenSpawner", "property": "ChickenSurface", "value": value})
    assert caught.value.code == code and caught.value.next_actions
    assert scene.read_bytes() == before


def test_a_model_mesh_whose_fileid_no_meta_records_is_unproven(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "scriptable.set", {
            "file": SNAKE, "property": "AttackConfig",
            "value": "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Model/Snake.fbx:Snake"})
    assert caught.value.code == "E_REFERENCE_UNPROVEN"
    assert caught.value.details["importer"] == "ModelImporter"
