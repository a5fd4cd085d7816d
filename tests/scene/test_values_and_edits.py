"""Value type checks and the model-level edits (create, add/remove component, delete) on the sample scene."""

from __future__ import annotations

import pytest

from tests.scenes_tools.projects import SAMPLE
from unitycli.errors import UnityCliError
from unitycli.scene import (
    SceneModel,
    add_component,
    append_component,
    components_of,
    create_gameobject,
    delete_gameobject,
    find_gameobject,
    references_to,
    remove_component,
)
from unitycli.typetree import pick_version
from unitycli.typetree.new_objects import new_script_header
from unitycli.unityyaml import Flow, Ref, UnityYamlFile
from unitycli.unityyaml.values import convert_value, to_json

GARDEN = SAMPLE / "Assets/Scenes/Garden.unity"


def _garden() -> SceneModel:
    return SceneModel(UnityYamlFile.parse(GARDEN.read_bytes(), "Assets/Scenes/Garden.unity"))


def test_values_keep_the_type_and_style_of_the_current_value() -> None:
    model = _garden()
    transform = model.file.get(731902450)
    position = transform.node("m_LocalPosition")
    converted = convert_value(position, {"z": 3, "y": 2.5, "x": 1}, "m_LocalPosition", model.file)
    assert isinstance(converted, Flow) and list(converted) == ["x", "y", "z"]
    assert convert_value(transform.node("m_Father"), {"fileID": "845330175"}, "m_Father", model.file) == Ref(845330175)
    assert convert_value(transform.node("m_Children"), [{"fileID": 845330175}], "m_Children", model.file) == [
        Ref(845330175)]
    external = {"fileID": 2100000, "guid": "0ECA85AD95414238971DD16981DA0E04", "type": 2}
    renderer = model.file.get(731902448)
    assert convert_value(renderer.node("m_Materials[0]"), external, "m_Materials[0]", model.file) == Ref(
        2100000, "0eca85ad95414238971dd16981da0e04", 2)
    assert convert_value(renderer.node("m_Enabled"), 0, "m_Enabled") == 0
    assert to_json(Ref(5, "a" * 32, 3)) == {"fileID": 5, "guid": "a" * 32, "type": 3}
    assert to_json(float("inf")) == "Infinity"


@pytest.mark.parametrize("path, value", [
    ("m_LocalPosition", {"x": 1, "y": 2, "z": 3, "w": 4}),
    ("m_LocalPosition.x", "1"),
    ("m_Father", {"fileID": 1, "guid": "xyz", "type": 3}),
    ("m_Father", {"fileID": 1, "guid": "a" * 32}),
    ("m_GameObject", {"fileID": 1.5}),
])
def test_values_of_another_type_are_refused(path: str, value) -> None:
    model = _garden()
    doc = model.file.get(731902450)
    with pytest.raises(UnityCliError) as err:
        convert_value(doc.node(path), value, path, model.file)
    assert err.value.code == "E_VALUE_TYPE_MISMATCH"


@pytest.mark.parametrize("file_id, path, value, got", [
    (388120915, "m_Intensity", True, "boolean"),          # a float: JSON true is not 1.0
    (388120915, "m_Enabled", False, "boolean"),           # a bool stored as 0/1 ...
    (388120915, "m_Type", True, "boolean"),               # ... looks like this enum (1 = Directional, 0 = Spot)
    (388120915, "m_Intensity", float("nan"), "NaN"),      # Python callers (MCP, batch) can send what JSON cannot
    (388120915, "m_Intensity", float("inf"), "Infinity"),
    (731902450, "m_LocalPosition", {"x": 0, "y": float("-inf"), "z": 0}, "-Infinity"),
])
def test_booleans_and_non_finite_numbers_are_not_numbers(file_id: int, path: str, value, got: str) -> None:
    model = _garden()
    doc = model.file.get(file_id)
    with pytest.raises(UnityCliError) as err:
        convert_value(doc.node(path), value, path, model.file)
    assert err.value.code == "E_VALUE_TYPE_MISMATCH" and err.value.details["got"] == got


def test_a_non_finite_number_in_an_item_of_an_empty_list_is_refused() -> None:
    model = _garden()
    empty = model.file.get(845330175).node("m_Children")  # Player/Hat's Transform has no children
    assert convert_value(empty, [1.5], "m_Children") == [1.5]
    with pytest.raises(UnityCliError) as err:
        convert_value(empty, [{"w": float("nan")}], "m_Children")
    assert (err.value.code, err.value.details["at"]) == ("E_VALUE_TYPE_MISMATCH", "m_Children[0].w")


def test_create_then_delete_gives_back_the_same_bytes() -> None:
    model = _garden()
    before = model.file.to_bytes()
    created = create_gameobject(model, "Temp", find_gameobject(model, "Player"))
    rebuilt = SceneModel(model.file)
    node = find_gameobject(rebuilt, "Player/Temp")
    assert node.file_id == created.game_object and node.transform_id == created.transform
    delete_gameobject(rebuilt, node, force=False)
    assert model.file.to_bytes() == before


def test_add_and_remove_component_round_trip_and_references_are_found() -> None:
    model = _garden()
    before = model.file.to_bytes()
    hat = find_gameobject(model, "Player/Hat")
    new = add_component(model, hat, "CapsuleCollider", pick_version("6000.0.25f1"))
    assert [r.path for r in references_to(model.file, {new})] == ["m_Component[3].component"]
    remove_component(model, hat, new, force=False)
    assert model.file.to_bytes() == before


def test_a_script_appended_to_a_new_gameobject_is_listed_after_its_transform() -> None:
    model = _garden()
    created = create_gameobject(model, "Probe", find_gameobject(model, "Player"))
    script = Ref(11500000, "0123456789abcdef0123456789abcdef", 3)
    header = new_script_header(pick_version("6000.0.25f1"), game_object=created.game_object, script=script)
    added = append_component(model, created.game_object, 114, "MonoBehaviour", header.fields)
    go_text = model.file.get(created.game_object).text
    assert (f"  m_Component:\n  - component: {{fileID: {created.transform}}}\n"
            f"  - component: {{fileID: {added}}}\n  m_Layer: 0\n") in go_text
    assert model.file.get(added).text == (
        f"--- !u!114 &{added}\nMonoBehaviour:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n"
        f"  m_PrefabInstance: {{fileID: 0}}\n  m_PrefabAsset: {{fileID: 0}}\n"
        f"  m_GameObject: {{fileID: {created.game_object}}}\n  m_Enabled: 1\n  m_EditorHideFlags: 0\n"
        f"  m_Script: {{fileID: 11500000, guid: 0123456789abcdef0123456789abcdef, type: 3}}\n"
        "  m_Name: \n  m_EditorClassIdentifier: \n")
    rebuilt = SceneModel(model.file)
    probe = find_gameobject(rebuilt, "Player/Probe")
    assert [(c.class_name, c.script_guid) for c in components_of(rebuilt, probe)] == [
        ("Transform", None), ("MonoBehaviour", "0123456789abcdef0123456789abcdef")]

def test_deleting_a_parent_takes_components_added_to_instance_objects_along() -> None:
    model = _garden()
    lantern = find_gameobject(model, "Lantern")
    deleted = delete_gameobject(model, lantern, force=False)
    assert deleted.objects == [2004719383, 2004719384]
    assert model.file.find(2004719384) is None
    assert "2004719383" not in model.file.find(9223372036854775807).text
