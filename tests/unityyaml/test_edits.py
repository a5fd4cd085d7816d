"""Edits on real files change exactly the lines they must, written the way the Unity Editor writes them."""

from __future__ import annotations

import pytest

from tests.unityyaml.edits import CD_GAME, MG_GAME, SPIT, VFX_SCENE, VFX_SETTINGS, line, load, with_lines
from unitycli.errors import UnityCliError
from unitycli.unityyaml import Ref, UnityYamlFile

SPIT_GUID = "5656e7ea1f1a75d4c895547ec2b824b3"


def test_setting_a_lights_intensity_in_minigolfs_game_scene_changes_exactly_that_line(tmp_path):
    data, file = load(MG_GAME)
    (light,) = file.of_class(108)
    assert light.get("m_Intensity") == 1
    light.set("m_Intensity", 2.5)
    assert line(data, 654) == "  m_Intensity: 1"
    assert file.to_bytes().decode() == with_lines(data, {654: ["  m_Intensity: 2.5"]})
    # the whole cycle on disk, on a copy
    target = tmp_path / "Game.unity"
    target.write_bytes(file.to_bytes())
    assert UnityYamlFile.read(target).of_class(108)[0].get("m_Intensity") == 2.5


def test_setting_a_lights_intensity_in_chicken_defense_writes_float32_the_unity_way():
    data, file = load(CD_GAME)
    file.get(1761105109).set("m_Intensity", 0.19999999)  # float32 0.199999988079071
    assert file.to_bytes().decode() == with_lines(data, {29822: ["  m_Intensity: 0.19999999"]})


def test_setting_a_transforms_local_position_rewrites_only_its_flow_mapping():
    data, file = load(CD_GAME)
    transform = file.get(41118592)
    transform.set("m_LocalPosition", {"x": 1, "y": 0.1, "z": -3.5})
    assert file.to_bytes().decode() == with_lines(data, {288: ["  m_LocalPosition: {x: 1, y: 0.1, z: -3.5}"]})
    transform.set("m_LocalPosition.y", 1e-05)
    assert file.to_bytes().decode() == with_lines(data, {288: ["  m_LocalPosition: {x: 1, y: 0.00001, z: -3.5}"]})


def test_setting_a_reference_keeps_unity_reference_syntax():
    data, file = load(CD_GAME)
    transform = file.get(41118592)
    transform.set("m_Father", Ref(94287287))
    assert file.to_bytes().decode() == with_lines(data, {292: ["  m_Father: {fileID: 94287287}"]})
    transform.set("m_Father", Ref(0))
    assert file.to_bytes() == data


def test_rewriting_every_wrapped_reference_in_a_prefab_with_its_own_value_changes_nothing():
    data, file = load(SPIT)
    modifications = file.get(2604743698966402499)
    for i, item in enumerate(modifications.get("m_Modification.m_Modifications")):
        modifications.set(f"m_Modification.m_Modifications[{i}].target", item["target"])
    stripped = file.get(2606025249478361989)
    stripped.set("m_CorrespondingSourceObject", stripped.get("m_CorrespondingSourceObject"))
    assert file.to_bytes() == data


def test_replacing_a_wrapped_target_rewraps_it_like_unity():
    data, file = load(SPIT)
    doc = file.get(2604743698966402499)
    index = next(i for i, m in enumerate(doc.get("m_Modification.m_Modifications"))
                 if m["target"].file_id == 199194770565842208 and m["propertyPath"] == "m_RenderMode")
    assert line(data, 422) == "    - target: {fileID: 199194770565842208, guid: 5656e7ea1f1a75d4c895547ec2b824b3,"
    doc.set(f"m_Modification.m_Modifications[{index}].target", Ref(42, SPIT_GUID, 3))
    expected = with_lines(data, {422: [f"    - target: {{fileID: 42, guid: {SPIT_GUID}, type: 3}}"], 423: []})
    assert file.to_bytes().decode() == expected
    doc.set(f"m_Modification.m_Modifications[{index}].target.fileID", 199194770565842209)
    assert file.to_bytes().decode() == with_lines(data, {
        422: [f"    - target: {{fileID: 199194770565842209, guid: {SPIT_GUID},"]})


def test_inserting_and_removing_prefab_modifications():
    data, file = load(SPIT)
    doc = file.get(2604743698966402499)
    doc.insert_item("m_Modification.m_Modifications", 1, {
        "target": Ref(4396671266920006, SPIT_GUID, 3), "propertyPath": "m_LocalPosition.y",
        "value": 0.5, "objectReference": Ref(0)})
    assert file.to_bytes().decode() == with_lines(data, {114: [
        f"    - target: {{fileID: 4396671266920006, guid: {SPIT_GUID}, type: 3}}",
        "      propertyPath: m_LocalPosition.y",
        "      value: 0.5",
        "      objectReference: {fileID: 0}",
        line(data, 114)]})
    doc.remove_item("m_Modification.m_Modifications", 1)
    assert file.to_bytes() == data
    doc.remove_item("m_Modification.m_Modifications", 0)
    assert file.to_bytes().decode() == with_lines(data, {110: [], 111: [], 112: [], 113: []})


def test_a_list_goes_from_empty_to_one_item_and_back_to_empty():
    data, file = load(SPIT)
    doc = file.get(2604743698966402499)
    assert line(data, 432) == "    m_RemovedComponents: []"
    doc.append_item("m_Modification.m_RemovedComponents", Ref(11400000, SPIT_GUID, 3))
    assert file.to_bytes().decode() == with_lines(data, {432: [
        "    m_RemovedComponents:", f"    - {{fileID: 11400000, guid: {SPIT_GUID}, type: 3}}"]})
    doc.remove_item("m_Modification.m_RemovedComponents", 0)
    assert file.to_bytes() == data


def test_adding_an_object_to_a_scene_keeps_it_sorted_and_removing_it_restores_the_file():
    data, file = load(CD_GAME)
    new = file.add_document(1, "GameObject", {
        "m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": Ref(0), "m_PrefabInstance": Ref(0),
        "m_PrefabAsset": Ref(0), "serializedVersion": 6, "m_Component": [{"component": Ref(94287287)}],
        "m_Layer": 0, "m_Name": "Spawn Point", "m_TagString": "Untagged", "m_IsActive": 1}, file_id=94287290)
    ids = [doc.file_id for doc in file.documents]
    assert ids == sorted(ids) and ids[-1] == 2**63 - 1
    assert new.text == ("--- !u!1 &94287290\nGameObject:\n  m_ObjectHideFlags: 0\n"
                        "  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n"
                        "  m_PrefabAsset: {fileID: 0}\n  serializedVersion: 6\n  m_Component:\n"
                        "  - component: {fileID: 94287287}\n  m_Layer: 0\n  m_Name: Spawn Point\n"
                        "  m_TagString: Untagged\n  m_IsActive: 1\n")
    assert file.to_bytes().decode() == with_lines(data, {346: new.text.rstrip("\n").split("\n") + [line(data, 346)]})
    assert 0 < file.new_file_id() < 2**31  # scenes get small IDs
    file.remove_document(94287290)
    assert file.to_bytes() == data


def test_adding_an_object_to_an_unsorted_prefab_appends_it_with_a_large_id():
    data, file = load(SPIT)
    assert not file.sorted
    new = file.add_document(114, "MonoBehaviour", {"m_ObjectHideFlags": 0, "m_Name": "", "m_Enabled": 1})
    assert file.documents[-1] is new and 2**32 <= new.file_id < 2**63
    assert new.text.endswith("MonoBehaviour:\n  m_ObjectHideFlags: 0\n  m_Name: \n  m_Enabled: 1\n")
    assert file.to_bytes() == data + new.text.encode()
    with pytest.raises(UnityCliError) as err:
        file.add_document(1, "GameObject", {}, file_id=new.file_id)
    assert err.value.code == "E_PROPERTY_EDIT_UNSUPPORTED"
    file.remove_document(new.file_id)
    assert file.to_bytes() == data


def test_the_empty_string_key_in_scripting_define_symbols():
    data, file = load(VFX_SETTINGS)
    player = file.get(1)
    assert player.get('scriptingDefineSymbols[""]') == "UNITY_POST_PROCESSING_STACK_V2"
    assert player.get("scriptingDefineSymbols.Android") == "UNITY_POST_PROCESSING_STACK_V2"
    player.set('scriptingDefineSymbols[""]', "UNITY_POST_PROCESSING_STACK_V2;MY_DEFINE")
    assert file.to_bytes().decode() == with_lines(data, {759: ["    : UNITY_POST_PROCESSING_STACK_V2;MY_DEFINE"]})


def test_a_multi_line_double_quoted_string_reads_folded_and_rewrites_identically():
    data, file = load(VFX_SCENE)
    doc = next(d for d in file.of_class(1001) if any(
        m["propertyPath"] == "m_Text" and str(m["value"]).startswith("This sample presents a well-known portal")
        for m in d.get("m_Modification.m_Modifications")))
    mods = doc.get("m_Modification.m_Modifications")
    index = next(i for i, m in enumerate(mods) if str(m["value"]).startswith("This sample presents a well-known"))
    text = doc.get(f"m_Modification.m_Modifications[{index}].value")
    assert text == ("This sample presents a well-known portal effect from a famous superhero movie, made of a "
                    "circling ring of particles around a distortion portal. \n\nParticles are spawned based on a "
                    "circle and categorized to have two distinct behaviors : long living discrete particles that "
                    "can bounce on the ground, and intense-burning particles with shorter life and much more "
                    "velocity.")
    doc.set(f"m_Modification.m_Modifications[{index}].value", text)
    assert file.to_bytes() == data
    doc.set(f"m_Modification.m_Modifications[{index}].value", "A portal.")
    assert line(data, 2298).startswith('      value: "This sample presents')
    assert file.to_bytes().decode() == with_lines(data, {2298: ["      value: A portal."], 2299: [], 2300: [],
                                                         2301: [], 2302: []})


@pytest.mark.parametrize(("value", "written"), [
    ("Spawn Point", "  m_Name: Spawn Point"),
    ("", "  m_Name: "),
    ("Hello: world", "  m_Name: 'Hello: world'"),
    ("- dash", "  m_Name: '- dash'"),
    ("it's", "  m_Name: it's"),
    ("'quoted'", "  m_Name: '''quoted'''"),
    ("tab\there", '  m_Name: "tab\\there"'),
    ("caf\u00e9", '  m_Name: "caf\\xE9"'),
    ("#hash", "  m_Name: '#hash'"),
    ("123", "  m_Name: 123"),
])
def test_strings_are_quoted_only_when_unity_would(value, written):
    data, file = load(CD_GAME)
    file.get(41118590).set("m_Name", value)
    assert file.to_bytes().decode() == with_lines(data, {240: [written]})
    assert file.get(41118590).get_text("m_Name") == value


def test_adding_and_removing_a_key():
    data, file = load(CD_GAME)
    go = file.get(41118590)
    go.insert_key("", "m_Custom", {"a": 1, "b": [Ref(0)]}, after="m_Name")
    assert file.to_bytes().decode() == with_lines(data, {240: [line(data, 240), "  m_Custom:", "    a: 1",
                                                               "    b:", "    - {fileID: 0}"]})
    assert go.get("m_Custom.b[0]") == Ref(0)
    go.remove_key("m_Custom")
    assert file.to_bytes() == data


def test_missing_paths_are_refused_with_catalogued_codes():
    _, file = load(CD_GAME)
    transform = file.get(41118592)
    for path, value, code in [
        # shape changes are edits now (tests/unityyaml/test_value_shapes.py); type checks live in unityyaml.values
        ("m_Nope", 1, "E_PROPERTY_NOT_FOUND"),
        ("m_Children[0]", 1, "E_PROPERTY_NOT_FOUND"),
    ]:
        with pytest.raises(UnityCliError) as err:
            transform.set(path, value)
        assert err.value.code == code, path
    with pytest.raises(UnityCliError) as err:
        file.get(12345)
    assert err.value.code == "E_OBJECT_NOT_FOUND"
