"""ScriptableObject assets: read and edit their fields by the names the C# gives them, create new ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import run
from tests.scripts.conftest import write
from unitycli.errors import UnityCliError

SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.asset"
LEVEL_3 = "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"
LEVELS = "Assets/LlamAcademy/Minigolf/Resources/Levels"


def test_reading_a_scriptable_object_gives_its_script_and_fields_by_name(chicken: Path) -> None:
    out = run(chicken, "scriptable.get", {"file": SNAKE}).output
    assert out["script"] == {"guid": "57f2f717068346fbaf05a21b62f88c69", "class": "UnitSO",
                             "path": "Assets/LlamAcademy/ChickenDefense/Units/UnitSO.cs"}
    assert out["name"] == "Snake" and out["guid"] == "a4f177b5d573e95448017c9fcf317bd4"
    assert list(out["fields"]) == ["Health", "UIIcon", "Prefab", "PlacementGhostPrefab", "ResourceCost",
                                   "NavMeshAgentConfig", "AttackConfig", "RunAwayConfig"]
    assert out["fields"]["Health"] == 7


def test_editing_a_scriptable_object_field_changes_that_line(chicken: Path) -> None:
    asset = chicken / SNAKE
    before = asset.read_text()
    result = write(chicken, "scriptable.set", {"file": SNAKE, "property": "Health", "value": 12.5})
    assert asset.read_text() == before.replace("  Health: 7\n", "  Health: 12.5\n")
    assert (result.output["previous"], result.output["value"], result.output["changed"]) == (7, 12.5, True)


def test_an_enum_is_set_by_member_name_and_written_as_its_value_in_minigolf(minigolf: Path) -> None:
    asset = minigolf / LEVEL_3
    before = asset.read_text()
    result = write(minigolf, "scriptable.set", {"file": LEVEL_3, "property": "Par[0].Rating", "value": "Good"})
    assert asset.read_text() == before.replace("  - Rating: 3\n    Strokes: 3\n", "  - Rating: 2\n    Strokes: 3\n")
    assert result.output["value"] == 2


def test_a_file_that_is_not_a_scriptable_object_is_refused(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "scriptable.get", {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"})
    assert caught.value.code == "E_SCRIPTABLE_OBJECT_NOT_FOUND"
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "scriptable.set", {"file": "Assets/LlamAcademy/ChickenDefense/Units/Nope.asset",
                                        "property": "Health", "value": 1})
    assert caught.value.code == "E_ASSET_NOT_FOUND"


def test_the_object_header_is_not_a_field(chicken: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(chicken, "scriptable.set", {"file": SNAKE, "property": "m_Script", "value": {"fileID": 0}})
    assert caught.value.code == "E_PROPERTY_EDIT_UNSUPPORTED"


def test_creating_a_scriptable_object_in_chicken_defense_writes_every_proven_default(chicken: Path) -> None:
    file = "Assets/LlamAcademy/ChickenDefense/Units/Goose.asset"
    result = write(chicken, "scriptable.create", {"file": file, "script": "UnitSO"})
    guid = result.output["guid"]
    snake = (chicken / SNAKE).read_text()
    header = snake[:snake.index("  m_Script:")]  # copied from an Editor-written UnitSO asset
    assert (chicken / file).read_text() == header + (
        "  m_Script: {fileID: 11500000, guid: 57f2f717068346fbaf05a21b62f88c69, type: 3}\n"
        "  m_Name: Goose\n"
        "  m_EditorClassIdentifier: \n"
        "  Health: 100\n"
        "  UIIcon: {fileID: 0}\n"
        "  Prefab: {fileID: 0}\n"
        "  PlacementGhostPrefab: {fileID: 0}\n"
        "  ResourceCost: {fileID: 0}\n"
        "  NavMeshAgentConfig: {fileID: 0}\n"
        "  AttackConfig: {fileID: 0}\n"
        "  RunAwayConfig: {fileID: 0}\n")
    assert (chicken / (file + ".meta")).read_text() == (chicken / (SNAKE + ".meta")).read_text().replace(
        "a4f177b5d573e95448017c9fcf317bd4", guid)
    assert result.output["omitted"] == [] and result.output["template"].endswith(".asset")
    again = run(chicken, "scriptable.get", {"file": file}).output
    assert again["script"]["class"] == "UnitSO" and again["fields"]["Health"] == 100


def test_creating_a_scriptable_object_in_minigolf_omits_what_the_source_does_not_prove(minigolf: Path) -> None:
    """LevelSO.Par is initialised with constructor calls, so its default is not written: Unity applies the
    initializer when it loads the asset."""
    file = f"{LEVELS}/13.asset"
    result = write(minigolf, "scriptable.create", {"file": file, "script": "LevelSO"})
    text = (minigolf / file).read_text()
    level_3 = (minigolf / LEVEL_3).read_text()
    assert text == level_3[:level_3.index("  m_Name: 3\n")] + "  m_Name: 13\n  m_EditorClassIdentifier: \n" \
        "  WorldObjectPositions: []\n"
    assert [o["name"] for o in result.output["omitted"]] == ["Par"]
    assert result.output["template"].startswith(LEVELS)  # an asset of the same class lent its header
    write(minigolf, "scriptable.set", {"file": file, "property": "WorldObjectPositions", "operation": "resize",
                                       "value": 1})
    assert (minigolf / file).read_text().endswith(
        "  WorldObjectPositions:\n  - PrefabResourcePath: \n    Position: {x: 0, y: 0, z: 0}\n"
        "    Rotation: {x: 0, y: 0, z: 0, w: 0}\n    Scale: {x: 0, y: 0, z: 0}\n")


@pytest.mark.parametrize(("data", "code"), [
    ({"file": f"{LEVELS}/3.asset", "script": "LevelSO"}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": f"{LEVELS}/14.asset", "script": "NoSuchSO"}, "E_SCRIPTABLE_OBJECT_NOT_FOUND"),
    ({"file": f"{LEVELS}/14.asset", "script": "MainMenu"}, "E_SCRIPTABLE_OBJECT_NOT_FOUND"),
    ({"file": f"{LEVELS}/14.mat", "script": "LevelSO"}, "E_ASSET_PATH_INVALID"),
])
def test_bad_create_requests_are_catalogued_and_write_nothing(minigolf: Path, data: dict, code: str) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.create", data)
    assert caught.value.code == code
    assert not (minigolf / f"{LEVELS}/14.asset").exists()


MAIN_MENU = "Assets/LlamAcademy/Minigolf/UI/MainMenu.cs"
MAIN_MENU_GUID = "ce7d117dcbf44a6fbcccd722e7237f32"  # its .cs.meta
NOT_A_SCRIPTABLE_OBJECT = (f"LlamAcademy.Minigolf.UI.MainMenu ({MAIN_MENU}) cannot be created as an asset: it "
                           "derives from MonoBehaviour, not ScriptableObject")


@pytest.mark.parametrize("script", [MAIN_MENU, MAIN_MENU_GUID, MAIN_MENU_GUID.upper()])
def test_a_script_that_is_no_scriptable_object_is_refused_by_path_and_by_guid(minigolf: Path, script: str) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.create", {"file": f"{LEVELS}/14.asset", "script": script})
    assert (caught.value.code, caught.value.message) == ("E_SCRIPTABLE_OBJECT_NOT_FOUND", NOT_A_SCRIPTABLE_OBJECT)
    assert caught.value.details == {"script": script, "class": "LlamAcademy.Minigolf.UI.MainMenu",
                                    "file": MAIN_MENU}
    assert not (minigolf / f"{LEVELS}/14.asset").exists()


@pytest.mark.parametrize(("script", "why"), [
    ("Assets/LlamAcademy/Minigolf/LevelManagement/NoSuchSO.cs", "no .cs file with a .meta has that path"),
    ("LevelManagement/LevelSO.cs", "no .cs file with a .meta has that path"),  # a path is the whole project path
    ("0123456789abcdef0123456789abcdef", "no .cs script of the project has the GUID "
                                         "0123456789abcdef0123456789abcdef"),
])
def test_a_cs_path_or_guid_naming_no_script_is_refused(minigolf: Path, script: str, why: str) -> None:
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.create", {"file": f"{LEVELS}/14.asset", "script": script})
    assert (caught.value.code, caught.value.message) == (
        "E_SCRIPTABLE_OBJECT_NOT_FOUND", f"{script!r} names no single ScriptableObject script: {why}")
    assert caught.value.details["script"] == script and caught.value.next_actions


def test_the_cs_path_of_a_scriptable_object_names_it(minigolf: Path) -> None:
    out = run(minigolf, "scriptable.create", {"file": f"{LEVELS}/14.asset",
                                              "script": "Assets/LlamAcademy/Minigolf/LevelManagement/LevelSO.cs"},
              dry_run=True).output
    assert out["script"]["class"] == "LlamAcademy.Minigolf.LevelManagement.LevelSO"
    assert out["script"]["path"] == "Assets/LlamAcademy/Minigolf/LevelManagement/LevelSO.cs"


def _scriptable_assets(project: Path) -> list[Path]:
    """The project's Editor-written ScriptableObject assets under Assets/ (a MonoBehaviour main object)."""
    return [p for p in sorted((project / "Assets").rglob("*.asset"))
            if b"--- !u!114 &11400000" in p.read_bytes()[:200]]


def test_a_project_with_no_scriptable_object_asset_to_copy_the_header_from_is_refused(minigolf: Path) -> None:
    """The object header is copied from an Editor-written asset, never invented: without one nothing is written."""
    found = _scriptable_assets(minigolf)
    assert len(found) > 10
    for path in found:
        path.unlink()
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.create", {"file": f"{LEVELS}/14.asset", "script": "LevelSO"})
    assert (caught.value.code, caught.value.details) == (
        "E_LAYOUT_UNAVAILABLE", {"kind": "ScriptableObject", "unityVersion": "6000.0.25f1"})
    assert not (minigolf / f"{LEVELS}/14.asset").exists()


def test_a_template_naming_its_class_in_m_editor_class_identifier_is_refused(minigolf: Path) -> None:
    """Newer Editors write the class into m_EditorClassIdentifier; its form for another class is not derived here,
    so a header that holds one is not copied."""
    identifier = "Assembly-CSharp::LlamAcademy.Minigolf.LevelManagement.LevelSO"
    for path in _scriptable_assets(minigolf):
        path.write_bytes(path.read_bytes().replace(b"  m_EditorClassIdentifier: \n",
                                                   f"  m_EditorClassIdentifier: {identifier}\n".encode()))
    with pytest.raises(UnityCliError) as caught:
        run(minigolf, "scriptable.create", {"file": f"{LEVELS}/14.asset", "script": "LevelSO"})
    assert caught.value.code == "E_LAYOUT_UNAVAILABLE"
    assert caught.value.details["m_EditorClassIdentifier"] == identifier
    assert caught.value.details["template"].startswith(LEVELS)
    assert not (minigolf / f"{LEVELS}/14.asset").exists()
