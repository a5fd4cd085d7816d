"""Editing Packages/manifest.json keeps Unity's own layout, so an edit is the one-line diff the Editor would make."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path, fixture_project, fixtures_root
from unitycli.errors import UnityCliError
from unitycli.packages import Manifest, render_manifest, unity_dependency_order


def _manifest(project: str) -> bytes:
    return (fixture_project(project) / "Packages/manifest.json").read_bytes()


def test_every_fixture_manifest_is_in_unity_layout_and_round_trips():
    manifests = sorted(fixtures_root().rglob("Packages/manifest.json"))
    assert len(manifests) == 16
    for path in manifests:
        raw = path.read_bytes()
        manifest = Manifest.parse(raw)
        assert manifest.to_bytes() == raw, path
        assert render_manifest(manifest.data) == raw, path
        assert manifest.is_unity_layout, path
        assert list(manifest.dependencies) == unity_dependency_order(list(manifest.dependencies)), path


def test_adding_probuilder_to_the_vfx_samples_manifest_inserts_one_sorted_line():
    before = _manifest("vfx-samples")
    after = Manifest.parse(before).with_dependency("com.unity.probuilder", "5.2.2").to_bytes()
    assert after == before.replace(
        b'    "com.unity.performance.profile-analyzer": "1.2.2",\n',
        b'    "com.unity.performance.profile-analyzer": "1.2.2",\n    "com.unity.probuilder": "5.2.2",\n',
    )
    assert after.count(b"\n") == before.count(b"\n") + 1


def test_setting_probuilder_in_minigolf_changes_exactly_its_line():
    before = _manifest("minigolf")
    after = Manifest.parse(before).with_dependency("com.unity.probuilder", "5.2.2").to_bytes()
    assert after == before.replace(
        b'    "com.unity.probuilder": "6.0.4",\n', b'    "com.unity.probuilder": "5.2.2",\n'
    )
    assert after != before


def test_the_same_value_gives_back_the_same_bytes():
    before = _manifest("minigolf")
    assert Manifest.parse(before).with_dependency("com.unity.probuilder", "6.0.4").to_bytes() is before


def test_last_non_module_package_goes_before_the_modules():
    before = _manifest("chicken-defense")
    after = Manifest.parse(before).with_dependency(
        "jillejr.newtonsoft.json-for-unity", "https://github.com/jilleJr/Newtonsoft.Json-for-Unity.git#upm"
    )
    assert after.to_bytes() == before.replace(
        b'    "com.unity.visualscripting": "1.9.1",\n',
        b'    "com.unity.visualscripting": "1.9.1",\n'
        b'    "jillejr.newtonsoft.json-for-unity": "https://github.com/jilleJr/Newtonsoft.Json-for-Unity.git#upm",\n',
    )


def test_removing_and_re_adding_a_module_restores_the_file():
    before = _manifest("chicken-defense")
    removed = Manifest.parse(before).without_dependency("com.unity.modules.physics")
    assert removed.to_bytes() == before.replace(b'    "com.unity.modules.physics": "1.0.0",\n', b"")
    assert removed.with_dependency("com.unity.modules.physics", "1.0.0").to_bytes() == before


def test_physics_samples_keeps_enable_lock_file_first_and_testables_last():
    before = _manifest("physics-samples")
    after = Manifest.parse(before).without_dependency("com.unity.ide.rider").to_bytes()
    assert after.startswith(
        b'{\n  "enableLockFile": false,\n  "dependencies": {\n    "com.unity.entities": "1.4.3",\n'
    )
    assert after.endswith(b'  },\n  "testables": [\n    "com.unity.physics"\n  ]\n}\n')
    assert after == before.replace(b'    "com.unity.ide.rider": "3.0.38",\n', b"")


def test_cinemachine_project_keeps_disable_project_update():
    path = fixture_path("com.unity.cinemachine/Projects/URP/Packages/manifest.json")
    before = path.read_bytes()
    after = Manifest.parse(before).with_dependency("com.unity.probuilder", "5.2.2").to_bytes()
    assert after.endswith(
        b'  "testables": [\n    "com.unity.cinemachine"\n  ],\n  "disableProjectUpdate": false\n}\n'
    )
    assert after == before.replace(
        b'    "com.unity.render-pipelines.universal": "14.0.12",\n',
        b'    "com.unity.probuilder": "5.2.2",\n    "com.unity.render-pipelines.universal": "14.0.12",\n',
    )


def test_a_hand_written_layout_is_detected():
    raw = b'{\n    "dependencies": {\n        "com.unity.ugui": "2.0.0"\n    }\n}\n'
    manifest = Manifest.parse(raw)
    assert manifest.to_bytes() == raw and not manifest.is_unity_layout


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Com.Unity.ProBuilder", "5.2.2"),
        ("com.unity.probuilder", "latest"),
        ("com.unity.probuilder", "5.2"),
        ("", "1.0.0"),
        ("com unity", "1.0.0"),
    ],
)
def test_invalid_names_and_versions_are_refused(name, value):
    with pytest.raises(UnityCliError) as caught:
        Manifest.parse(_manifest("minigolf")).with_dependency(name, value)
    assert caught.value.code == "E_PACKAGE_SPEC_INVALID"


def test_removing_an_absent_package_names_it():
    with pytest.raises(UnityCliError) as caught:
        Manifest.parse(_manifest("minigolf")).without_dependency("com.unity.polybrush")
    assert caught.value.code == "E_PACKAGE_NOT_FOUND"
    assert caught.value.message == "com.unity.polybrush is not a dependency in Packages/manifest.json"


def test_removing_a_mistyped_package_suggests_the_dependency_meant():
    with pytest.raises(UnityCliError) as caught:
        Manifest.parse(_manifest("minigolf")).without_dependency("com.unity.probuilde")
    assert caught.value.details["didYouMean"] == ["com.unity.probuilder"]
    assert caught.value.message.endswith("; did you mean com.unity.probuilder?")
