"""The one Volume-component edit (unitycli.volumes.edit_volume) that urp.set-volume and hdrp.set-volume share, on
real scenes written by URP 14.0.9 (chicken-defense) and HDRP 17.0.3 (VisualEffectGraph-Samples)."""

from __future__ import annotations

import pytest

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.scene import SceneModel, find_gameobject
from unitycli.testing import changed_lines, fixture_project
from unitycli.unityyaml import Ref, UnityYamlFile
from unitycli.volumes import VolumeEdit, edit_volume, volume_on

CHICKEN_GAME = ("chicken-defense", "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "Main Camera")
BONFIRE = ("VisualEffectGraph-Samples", "Assets/Samples/BonFire/BonFire.unity", "Sky and Fog Volume")


def _open(where: tuple[str, str, str]):
    project, path, game_object = where
    data = (fixture_project(project) / path).read_bytes()
    yaml = UnityYamlFile.parse(data, path)
    model = SceneModel(yaml)
    return data, yaml, volume_on(model, find_gameobject(model, game_object), path)


def test_every_field_changes_exactly_its_line_on_urp_14():
    data, yaml, doc = _open(CHICKEN_GAME)
    changed = edit_volume(doc, VolumeEdit(is_global=False, priority=3, blend_distance=2.5, weight=0.25,
                                          enabled=False, profile=Ref(0)), CHICKEN_GAME[1])
    assert changed == ["m_IsGlobal", "priority", "blendDistance", "weight", "m_Enabled", "sharedProfile"]
    assert changed_lines(data.decode(), yaml.to_bytes().decode()) == [
        ("  m_Enabled: 1", "  m_Enabled: 0"), ("  m_IsGlobal: 1", "  m_IsGlobal: 0"),
        ("  priority: 0", "  priority: 3"), ("  blendDistance: 0", "  blendDistance: 2.5"),
        ("  weight: 1", "  weight: 0.25"),
        ("  sharedProfile: {fileID: 11400000, guid: 070d650449f4c8041a88258ece3e7aee, type: 2}",
         "  sharedProfile: {fileID: 0}")]


def test_unchanged_values_are_not_reported_and_leave_the_bytes_alone():
    data, yaml, doc = _open(BONFIRE)
    assert edit_volume(doc, VolumeEdit(is_global=True, priority=0, weight=1), BONFIRE[1]) == []
    assert yaml.to_bytes() == data


@pytest.mark.parametrize(("edit", "message", "details"), [
    (VolumeEdit(weight=5), "weight 5 is outside 0.0 … 1.0", {"path": "weight", "value": 5, "min": 0.0, "max": 1.0}),
    (VolumeEdit(weight=-0.1), "weight -0.1 is outside 0.0 … 1.0",
     {"path": "weight", "value": -0.1, "min": 0.0, "max": 1.0}),
    (VolumeEdit(blend_distance=-1), "blendDistance -1 is outside 0.0 … ∞",
     {"path": "blendDistance", "value": -1, "min": 0.0, "max": None}),
    (VolumeEdit(priority=float("nan")), "priority nan is outside -∞ … ∞",
     {"path": "priority", "value": "nan", "min": None, "max": None}),
    (VolumeEdit(priority=float("inf"), weight=0.5), "priority inf is outside -∞ … ∞",
     {"path": "priority", "value": "inf", "min": None, "max": None}),
])
def test_out_of_range_values_are_refused_before_anything_changes(edit, message, details):
    for where in (CHICKEN_GAME, BONFIRE):
        data, yaml, doc = _open(where)
        with pytest.raises(UnityCliError) as caught:
            edit_volume(doc, edit, where[1])
        assert (caught.value.code, caught.value.message, caught.value.details) == ("E_SCHEMA_INVALID", message, details)
        assert yaml.to_bytes() == data


def test_a_missing_key_is_one_code_and_nothing_is_written():
    data, yaml, doc = _open(BONFIRE)
    yaml = UnityYamlFile.parse(data.replace(b"  blendDistance: 0\n", b"", 1), BONFIRE[1])
    model = SceneModel(yaml)
    doc = volume_on(model, find_gameobject(model, BONFIRE[2]), BONFIRE[1])
    before = yaml.to_bytes()
    with pytest.raises(UnityCliError) as caught:
        edit_volume(doc, VolumeEdit(weight=0.5, blend_distance=1), BONFIRE[1])
    assert caught.value.code == "E_PROPERTY_NOT_FOUND"
    assert caught.value.details == {"file": BONFIRE[1], "fileID": doc.file_id, "property": "blendDistance"}
    assert yaml.to_bytes() == before  # weight was valid, but the edit is all or nothing


def test_an_empty_edit_and_a_gameobject_without_a_volume_are_refused():
    _, yaml, doc = _open(BONFIRE)
    with pytest.raises(UnityCliError) as caught:
        edit_volume(doc, VolumeEdit(), BONFIRE[1])
    assert caught.value.code == "E_SCHEMA_INVALID" and caught.value.message.startswith("nothing to change")
    model = SceneModel(yaml)
    with pytest.raises(UnityCliError) as caught:
        volume_on(model, find_gameobject(model, "Main Camera"), BONFIRE[1],
                  next_actions=[tool_command("urp.list-volumes", {"file": BONFIRE[1]})])
    assert (caught.value.code, caught.value.message) == (
        "E_COMPONENT_NOT_FOUND", f"GameObject 'Main Camera' in {BONFIRE[1]} has no Volume")
    assert caught.value.next_actions == [tool_command("urp.list-volumes", {"file": BONFIRE[1]})]
    with pytest.raises(UnityCliError) as caught:
        volume_on(model, find_gameobject(model, BONFIRE[2]), BONFIRE[1], file_id=1)
    assert caught.value.code == "E_COMPONENT_NOT_FOUND" and caught.value.message.endswith("has no Volume with fileID 1")


def test_a_priority_beyond_float32_is_out_of_range_and_nothing_is_written():
    data, yaml, doc = _open(CHICKEN_GAME)
    with pytest.raises(UnityCliError) as caught:
        edit_volume(doc, VolumeEdit(priority=1e39), CHICKEN_GAME[1])
    assert caught.value.code == "E_VALUE_OUT_OF_RANGE"
    assert caught.value.message == ("priority 1e+39 is beyond ±3.4028235e38, the float32 range of the Volume's "
                                    "fields; nothing was written")
    assert yaml.to_bytes() == data
