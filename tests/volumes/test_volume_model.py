"""The shared volume-profile model (unitycli.volumes) on real profiles written by URP 14.0.9 and 17.0.3.

The model is driven by override specs the pipeline extension passes; these tests use a small spec of their own
(Bloom and WhiteBalance as URP lays them out) so the core is tested without any extension installed.
"""

from __future__ import annotations

import pytest

from unitycli.testing import changed_lines, fixture_project
from unitycli.unityyaml import UnityYamlFile
from unitycli.volumes import (
    KINDS,
    OverrideSpec,
    ParameterSpec,
    VolumeModelError,
    VolumeProfile,
    is_volume_profile,
    raise_as,
    to_yaml_value,
)

BITESIZE = "com.unity.multiplayer.samples.bitesize/Basic/DistributedAuthoritySocialHub"
POST = "Assets/Settings/Graphics/PostProcessing.asset"
MENU_POST = "Assets/LlamAcademy/ChickenDefense/Scenes/Game/MainMenuPost Profile.asset"
SAMPLE = "Assets/Settings/SampleSceneProfile.asset"

BLOOM = OverrideSpec("Bloom", "0b2db86121404754db890f4c8dfe81b2", (
    ParameterSpec("skipIterations", "int", 1, 0, 16), ParameterSpec("threshold", "float", 0.9, 0),
    ParameterSpec("intensity", "float", 0, 0), ParameterSpec("scatter", "float", 0.7, 0, 1),
    ParameterSpec("clamp", "float", 65472, 0), ParameterSpec("tint", "color", {"r": 1, "g": 1, "b": 1, "a": 1}),
    ParameterSpec("highQualityFiltering", "bool", False),
    ParameterSpec("downscale", "enum", 0, enum=(("Half", 0), ("Quarter", 1))),
    ParameterSpec("maxIterations", "int", 6, 2, 8),
    ParameterSpec("dirtTexture", "texture", None, extra=(("dimension", 1),)),
    ParameterSpec("dirtIntensity", "float", 0, 0)))
WHITE_BALANCE = OverrideSpec("WhiteBalance", "221518ef91623a7438a71fef23660601", (
    ParameterSpec("temperature", "float", 0, -100, 100), ParameterSpec("tint", "float", 0, -100, 100)))
TONEMAPPING = OverrideSpec("Tonemapping", "97c23e3b12dc18c42a140437e53d3951", (
    ParameterSpec("mode", "enum", 0, enum=(("None", 0), ("Neutral", 1), ("ACES", 2))),
    ParameterSpec("neutralHDRRangeReductionMode", "enum", 2, enum=(("Reinhard", 1), ("BT2390", 2)))))
SPECS = [BLOOM, WHITE_BALANCE, TONEMAPPING]


def _load(project: str, path: str) -> tuple[bytes, VolumeProfile]:
    data = (fixture_project(project) / path).read_bytes()
    return data, VolumeProfile.load(path, UnityYamlFile.parse(data, path), SPECS)


def test_overrides_are_read_from_components_in_order_and_orphans_apart():
    _, profile = _load(BITESIZE, POST)
    assert profile.name == "PostProcessing"
    assert [(o.class_name, o.file_id, o.index) for o in profile.overrides()] == [
        ("Bloom", -928967852137336824, 0), ("ColorAdjustments", 1636933497914160572, 1),
        ("ShadowsMidtonesHighlights", 7752609104908619001, 2)]
    assert [(o.class_name, o.file_id, o.listed) for o in profile.orphans()] == [
        ("WhiteBalance", -3225142479831490700, False), ("ShadowsMidtonesHighlights", 5108346255176012434, False),
        ("WhiteBalance", 6060187148454108164, False)]
    assert profile.missing() == []
    bloom = profile.find("Bloom")
    assert bloom.spec is BLOOM and bloom.active
    params = {p.name: (p.override_state, p.value) for p in bloom.parameters()}
    assert params["dirtTexture"] == (False, {"fileID": 0})


def test_an_orphan_is_never_found_and_adding_its_class_writes_a_new_sub_asset():
    data, profile = _load(BITESIZE, POST)
    with pytest.raises(VolumeModelError) as err:
        profile.find("WhiteBalance")
    assert err.value.kind == "override-not-found"
    assert err.value.details["orphans"] == [-3225142479831490700, 6060187148454108164]
    added = profile.add_override(WHITE_BALANCE)
    assert added.file_id not in (-3225142479831490700, 6060187148454108164) and added.index == 3
    assert profile.find("WhiteBalance").file_id == added.file_id
    assert len(profile.orphans()) == 3  # still there, untouched
    text = profile.yaml.to_bytes().decode()
    for orphan in (-3225142479831490700, 6060187148454108164, 5108346255176012434):
        assert f"--- !u!114 &{orphan}\n" in text
    assert f"  - {{fileID: {added.file_id}}}\n--- !u!114 &1636933497914160572" in text


def test_add_then_remove_gives_back_the_original_bytes():
    data, profile = _load("chicken-defense", MENU_POST)
    added = profile.add_override(BLOOM)
    assert profile.yaml.to_bytes() != data
    profile.remove_override(profile.find(added.file_id))
    assert profile.yaml.to_bytes() == data


def test_a_class_already_listed_is_refused():
    _, profile = _load(BITESIZE, POST)
    with pytest.raises(VolumeModelError) as err:
        profile.add_override(BLOOM)
    assert (err.value.kind, err.value.details["fileID"]) == ("override-exists", -928967852137336824)


def test_set_parameter_changes_only_its_lines():
    data, profile = _load("chicken-defense", SAMPLE)
    bloom = profile.find("Bloom")
    before = bloom.document.get("intensity.m_Value")
    changed = profile.set_parameter(bloom, "intensity", value=before + 1, set_value=True, override_state=True)
    assert changed == ["intensity.m_Value"]  # the fixture's override state is already on
    pairs = changed_lines(data.decode(), profile.yaml.to_bytes().decode())
    assert pairs == [(f"    m_Value: {before}", f"    m_Value: {before + 1}")]


def test_a_parameter_the_file_lacks_is_added_after_its_predecessor():
    data, profile = _load("chicken-defense", SAMPLE)  # a <=10.x file: Tonemapping has `mode` only
    tonemapping = profile.find("Tonemapping")
    changed = profile.set_parameter(tonemapping, "neutralHDRRangeReductionMode", value="Reinhard", set_value=True,
                                    override_state=True)
    assert changed == ["neutralHDRRangeReductionMode.m_OverrideState", "neutralHDRRangeReductionMode.m_Value"]
    pairs = changed_lines(data.decode(), profile.yaml.to_bytes().decode())
    assert pairs == [("", "  neutralHDRRangeReductionMode:"), ("", "    m_OverrideState: 1"),
                     ("", "    m_Value: 1")]


def test_errors_carry_a_kind_the_extension_maps_to_its_own_code():
    _, profile = _load("chicken-defense", SAMPLE)
    bloom = profile.find("Bloom")
    with pytest.raises(VolumeModelError) as err:
        profile.set_parameter(bloom, "nope", value=1, set_value=True)
    assert err.value.kind == "parameter-not-found"
    for value in (-1, "x", float("nan")):
        with pytest.raises(VolumeModelError) as err:
            profile.set_parameter(bloom, "intensity", value=value, set_value=True)
        assert err.value.kind == "parameter-invalid"
    error = raise_as(err.value, {k: "E_SCHEMA_INVALID" for k in KINDS})
    assert error.code == "E_SCHEMA_INVALID" and error.details["parameter"] == "intensity"


def test_values_convert_to_the_yaml_unity_writes():
    tint = BLOOM.parameter("tint")
    assert dict(to_yaml_value(tint, {"r": 1, "g": 0.5, "b": 0, "a": 1})) == {"r": 1, "g": 0.5, "b": 0, "a": 1}
    assert to_yaml_value(BLOOM.parameter("highQualityFiltering"), True) == 1
    assert to_yaml_value(BLOOM.parameter("downscale"), "Quarter") == 1
    with pytest.raises(VolumeModelError):
        to_yaml_value(BLOOM.parameter("maxIterations"), 9)
    with pytest.raises(VolumeModelError):
        to_yaml_value(tint, {"r": 1})


def test_a_file_that_is_not_a_profile_is_refused():
    path = "Assets/Settings/URP-Balanced.asset"
    yaml = UnityYamlFile.parse((fixture_project("chicken-defense") / path).read_bytes(), path)
    assert not is_volume_profile(yaml)
    with pytest.raises(VolumeModelError) as err:
        VolumeProfile.load(path, yaml)
    assert err.value.kind == "not-a-profile"


class _Ctx:
    """The two things `find_volumes` and `profile_paths` use of a tool context: the project root and a transaction."""

    def __init__(self, root):
        from unitycli.transaction import Transaction

        self.project = type("P", (), {"root": root})()
        self.transaction = Transaction(root, dry_run=True)


def test_profile_paths_and_volumes_of_a_project(tmp_path):
    from unitycli.testing import copy_fixture_project
    from unitycli.volumes import find_volumes, profile_paths

    root = copy_fixture_project("chicken-defense", tmp_path)
    ctx = _Ctx(root)
    assert profile_paths(ctx) == ["Assets/LlamAcademy/ChickenDefense/Scenes/Game/Main Camera Profile.asset",
                                  MENU_POST, SAMPLE]
    volumes, unreadable = find_volumes(ctx)
    assert unreadable == []
    assert [(v.file, v.game_object, v.is_global, v.blend_distance, v.profile.guid) for v in volumes] == [
        ("Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "MainMenuPost", False, 5,
         "7989c030cdaf9ef4f8e2cd582f35918a"),
        ("Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "Main Camera", True, 0,
         "070d650449f4c8041a88258ece3e7aee"),
        ("Assets/Scenes/SampleScene.unity", "Global Volume", True, 0, "a6560a915ef98420e9faacc1c7438823")]


def test_removing_every_override_leaves_an_empty_list_and_adding_refills_it():
    data, profile = _load("chicken-defense", MENU_POST)
    for o in profile.overrides():
        profile.remove_override(profile.find(o.file_id))
    text = profile.yaml.to_bytes().decode()
    assert "  components: []\n" in text and text.count("--- !u!") == 1
    added = profile.add_override(WHITE_BALANCE, overrides_on=True)
    text = profile.yaml.to_bytes().decode()
    assert f"  components:\n  - {{fileID: {added.file_id}}}\n" in text
    assert [p.override_state for p in profile.find("WhiteBalance").parameters()] == [True, True]


def test_numbers_beyond_float32_are_refused_for_every_number_kind():
    """Unity stores these parameters as 32-bit floats: 1e39 would load as infinity, so it is never written."""
    for spec, value in ((BLOOM.parameter("threshold"), 1e39), (BLOOM.parameter("tint"),
                                                                {"r": 1, "g": -1e39, "b": 0, "a": 1})):
        with pytest.raises(VolumeModelError) as err:
            to_yaml_value(spec, value)
        assert err.value.kind == "parameter-invalid" and "±3.4028235e38" in err.value.message
    assert to_yaml_value(BLOOM.parameter("threshold"), 3.4e38) == 3.4e38
