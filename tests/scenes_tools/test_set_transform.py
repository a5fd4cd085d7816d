"""`gameobject.set-transform` on the sample Garden: each call changes exactly the Transform lines it must, writes
the rotation and its Euler hint together, and converts world values through the parent chain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import CHICKEN_SAMPLE, GARDEN, run
from unitycli.errors import UnityCliError
from unitycli.testing import assert_dry_run_matches_commit, changed_lines


def _set(project: Path, data: dict, file: str = GARDEN) -> tuple[dict, list[tuple[str, str]]]:
    before = (project / file).read_text()
    out = assert_dry_run_matches_commit(project, "gameobject.set-transform", {"file": file, **data}).output
    return out, changed_lines(before, (project / file).read_text())


def test_an_euler_rotation_writes_the_quaternion_and_the_hint_together(sample: Path) -> None:
    out, lines = _set(sample, {"gameObject": "Player", "rotation": {"x": 0, "y": 90, "z": 0}})
    assert lines == [("  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}",
                      "  m_LocalRotation: {x: 0, y: 0.70710677, z: 0, w: 0.70710677}"),
                     ("  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}", "  m_LocalEulerAnglesHint: {x: 0, y: 90, z: 0}")]
    assert out["local"]["eulerHint"] == {"x": 0, "y": 90, "z": 0} and out["changed"] is True


def test_a_quaternion_and_a_scale_write_the_hint_unity_would_show(sample: Path) -> None:
    _, lines = _set(sample, {"gameObject": "Player/Hat", "rotation": {"x": 0, "y": 0, "z": 0.7071068, "w": 0.7071068},
                             "scale": {"y": 0.3}})
    assert lines == [("  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}",
                      "  m_LocalRotation: {x: 0, y: 0, z: 0.70710677, w: 0.70710677}"),
                     ("  m_LocalScale: {x: 0.6, y: 0.15, z: 0.6}", "  m_LocalScale: {x: 0.6, y: 0.3, z: 0.6}"),
                     ("  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}", "  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 90}")]


def test_a_world_position_under_a_rotated_parent_becomes_the_local_one(sample: Path) -> None:
    _set(sample, {"gameObject": "Trees", "rotation": {"y": 90}})  # Trees stands at (0, 0, 6)
    out, lines = _set(sample, {"gameObject": "Trees/Tree A", "position": {"x": 2, "y": 0, "z": 5}, "space": "world"})
    assert lines == [("  m_LocalPosition: {x: -3, y: 1, z: 0}", "  m_LocalPosition: {x: 1, y: 0, z: 2}")]
    assert out["local"]["position"] == {"x": 1, "y": 0, "z": 2}


def test_a_world_rotation_is_relative_to_the_parents_rotation(sample: Path) -> None:
    _set(sample, {"gameObject": "Player", "rotation": {"y": 90}})
    _, lines = _set(sample, {"gameObject": "Player/Hat", "rotation": {"x": 0, "y": 0, "z": 0}, "space": "world"})
    assert lines == [("  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}",
                      "  m_LocalRotation: {x: 0, y: -0.70710677, z: 0, w: 0.70710677}"),
                     ("  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}",
                      "  m_LocalEulerAnglesHint: {x: 0, y: -90, z: 0}")]


def test_a_file_of_the_2021_layout_is_edited_the_same_way(chicken: Path) -> None:
    _, lines = _set(chicken, {"gameObject": "Main Camera", "position": {"z": -12.5}}, file=CHICKEN_SAMPLE)
    assert lines == [("  m_LocalPosition: {x: 0, y: 1, z: -10}", "  m_LocalPosition: {x: 0, y: 1, z: -12.5}")]


def test_the_same_values_again_change_nothing(sample: Path) -> None:
    before = (sample / GARDEN).read_bytes()
    out = run(sample, "gameobject.set-transform", {"file": GARDEN, "gameObject": "Player",
                                                   "position": {"x": 0, "y": 1, "z": 0}}).output
    assert out["changed"] is False and (sample / GARDEN).read_bytes() == before


@pytest.mark.parametrize(("data", "code"), [
    ({"gameObject": "Player"}, "E_SCHEMA_INVALID"),
    ({"gameObject": "Player", "scale": {"x": 2}, "space": "world"}, "E_SCHEMA_INVALID"),
    ({"gameObject": "Player", "rotation": {"x": 0, "y": 0, "z": 0, "w": 0}}, "E_VALUE_OUT_OF_RANGE"),
    ({"gameObject": "Player", "position": {"x": 1e39}}, "E_VALUE_OUT_OF_RANGE"),
    ({"gameObject": "Lantern", "position": {"x": 1}}, "E_PREFAB_INSTANCE_UNSUPPORTED"),
    ({"gameObject": "Player", "space": "sideways", "position": {"x": 1}}, "E_SCHEMA_INVALID"),
])
def test_bad_requests_are_refused_and_write_nothing(sample: Path, data: dict, code: str) -> None:
    before = (sample / GARDEN).read_bytes()
    with pytest.raises(UnityCliError) as err:
        run(sample, "gameobject.set-transform", {"file": GARDEN, **data})
    assert err.value.code == code
    assert (sample / GARDEN).read_bytes() == before


def test_a_world_value_under_a_zero_scale_parent_is_refused(sample: Path) -> None:
    run(sample, "gameobject.set-transform", {"file": GARDEN, "gameObject": "Trees", "scale": {"x": 0}})
    before = (sample / GARDEN).read_bytes()
    with pytest.raises(UnityCliError) as err:
        run(sample, "gameobject.set-transform", {"file": GARDEN, "gameObject": "Trees/Tree A",
                                                 "position": {"x": 1}, "space": "world"})
    assert err.value.code == "E_TRANSFORM_WORLD_UNKNOWN"
    assert (sample / GARDEN).read_bytes() == before


def test_component_set_on_the_euler_hint_alone_warns_that_unity_ignores_it(sample: Path) -> None:
    out = run(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                        "property": "m_LocalEulerAnglesHint.y", "value": 45}).output
    assert out["changed"] is True and len(out["warnings"]) == 1
    assert "changes nothing Unity uses" in out["warnings"][0]
    other = run(sample, "component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                          "property": "m_LocalPosition.y", "value": 2}).output
    assert other["warnings"] == []
