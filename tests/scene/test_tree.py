"""The GameObject tree of real scenes and prefabs: parents, sibling order, root order, prefab instances."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path, fixtures_root
from tests.scenes_tools.projects import SAMPLE
from unitycli.errors import UnityCliError
from unitycli.scene import SceneModel, components_of, find_component, find_gameobject
from unitycli.unityyaml import UnityYamlFile

CHICKEN = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CHICKEN_SAMPLE = "chicken-defense/Assets/Scenes/SampleScene.unity"


def _model(path) -> SceneModel:
    return SceneModel(UnityYamlFile.read(path))


@pytest.mark.slow
def test_every_scene_and_prefab_in_the_fixtures_forms_one_consistent_tree() -> None:
    files = sorted(fixtures_root().rglob("*.unity")) + sorted(fixtures_root().rglob("*.prefab"))
    assert len(files) > 400
    for path in files:
        try:
            model = _model(path)
        except UnityCliError as exc:  # pragma: no cover - would name the file
            pytest.fail(f"{path}: {exc}")
        walked = list(model.walk())
        assert len(walked) == len(model.nodes), path
        assert not model.dangling_children, path
        if path.suffix == ".prefab":
            assert len(model.roots) == 1, path


def test_scene_roots_order_wins_over_file_order_in_the_sample_scene() -> None:
    model = _model(SAMPLE / "Assets/Scenes/Garden.unity")
    assert [r.name for r in model.roots] == ["Main Camera", "Directional Light", "Ground", "Player", "Trees",
                                             "Lantern", "Debug Marker"]
    file_order = [d.file_id for d in model.file.documents]
    assert file_order.index(1902556741) < file_order.index(2004719383)  # Debug Marker precedes Lantern in the file


def test_without_scene_roots_the_m_root_order_values_order_the_roots() -> None:
    text = fixture_path(CHICKEN_SAMPLE).read_text()
    swapped = text.replace("m_RootOrder: 0", "m_RootOrder: X").replace("m_RootOrder: 2", "m_RootOrder: 0")
    swapped = swapped.replace("m_RootOrder: X", "m_RootOrder: 2")
    model = SceneModel(UnityYamlFile.parse(swapped.encode(), "SampleScene.unity"))
    assert [r.name for r in model.roots] == ["Global Volume", "Directional Light", "Main Camera"]


def test_children_follow_m_children_order_including_prefab_instances() -> None:
    model = _model(fixture_path(CHICKEN))
    floor = find_gameobject(model, "World/Floor")
    assert [(c.name, c.kind) for c in floor.children][:3] == [("huge_tree", "prefabInstance"),
                                                              ("huge_tree (6)", "prefabInstance"),
                                                              ("huge_tree (1)", "prefabInstance")]
    tree = floor.children[2]
    assert tree.file_id == 186261937 and tree.source_prefab_guid == "4793ea98cc7e6aa44ad8bd715ab2e440"
    assert model.stripped_of(186261937) == [186261938] and model.node_of_object(186261938) is tree


def test_hidden_objects_keep_their_hide_flags() -> None:
    model = _model(fixture_path(CHICKEN))
    hidden = sorted(n.path for n in model.walk() if n.hidden)
    assert hidden == ["Virtual Camera (MainMenu)/cm", "Virtual Camera/cm"]


def test_components_by_class_rect_transform_and_file_id() -> None:
    model = _model(fixture_path(CHICKEN))
    canvas = find_gameobject(model, "Selection Canvas")
    assert [c.class_name for c in components_of(model, canvas)] == ["RectTransform", "Canvas", "MonoBehaviour",
                                                                     "MonoBehaviour"]
    assert find_component(model, canvas, "Transform").class_name == "RectTransform"
    assert find_component(model, canvas, "canvas").class_id == 223
    assert find_component(model, canvas, str(canvas.transform_id)).file_id == canvas.transform_id
    assert find_component(model, canvas, 223).class_name == "Canvas"  # an int is a class ID


class _ScriptNames:
    """Script names by GUID, counting the lookups (each opens the project index in the tools)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def path_for_guid(self, guid: str) -> str | None:
        self.asked.append(guid)
        return None


def test_a_built_in_class_is_found_without_naming_the_game_objects_scripts() -> None:
    model = _model(fixture_path(CHICKEN))
    canvas = find_gameobject(model, "Selection Canvas")  # RectTransform, Canvas and two scripts
    names = _ScriptNames()
    assert find_component(model, canvas, "Canvas", names).class_id == 223
    assert find_component(model, canvas, "RectTransform", names).file_id == canvas.transform_id
    assert names.asked == []
    # "Transform" names the RectTransform only after no Transform is found: the scripts are named on that path
    assert find_component(model, canvas, "Transform", names).class_name == "RectTransform"
    assert len(names.asked) == 2


def test_a_name_containing_a_slash_is_still_addressable() -> None:
    text = (SAMPLE / "Assets/Scenes/Garden.unity").read_text().replace("m_Name: Hat", "m_Name: Hat/Cap")
    model = SceneModel(UnityYamlFile.parse(text.encode(), "Garden.unity"))
    assert find_gameobject(model, "Player/Hat/Cap").file_id == 845330172
    assert find_gameobject(model, "&845330172").path == "Player/Hat/Cap"


def test_an_ambiguous_path_lists_the_candidates_and_their_file_ids() -> None:
    model = _model(fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game.unity"))
    with pytest.raises(UnityCliError) as err:
        find_gameobject(model, "Grid/Tilemap/All Grass")
    assert err.value.code == "E_GAMEOBJECT_AMBIGUOUS"
    assert err.value.details["fileIDs"] == [c["fileID"] for c in err.value.details["candidates"]] == [
        2036997746, 649946260, 535763504, 174351696, 1764677429]
