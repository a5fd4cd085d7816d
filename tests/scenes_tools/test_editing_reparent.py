"""gameobject.reparent on real 2022.3 and Unity 6 scenes: the links Unity keeps, the recomputed local pose and
the refusals, checked as exact changed lines."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from tests.prefabs.checks import references_unchanged
from tests.scenes_tools.projects import CHICKEN_GAME, CHICKEN_SAMPLE, GARDEN, MINIGOLF_GAME
from unitycli.scene.pose import Pose, rebase, world
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool


def _reparent(root: Path, file: str, data: dict) -> tuple[str, str, dict]:
    before = (root / file).read_text()
    run = assert_dry_run_matches_commit(root, "gameobject.reparent", {"file": file, **data})
    return before, (root / file).read_text(), run.output


def test_moving_click_icon_under_the_rotated_minimap_camera_keeps_its_world_pose(chicken: Path) -> None:
    # Both are rotated 90° about x; the icon's new local values are the camera-relative ones, exactly.
    before, after, out = references_unchanged(chicken, lambda: _reparent(
        chicken, CHICKEN_GAME, {"gameObject": "Click Icon", "parent": "Minimap Camera"}))
    assert out["path"] == "Minimap Camera/Click Icon" and out["previousParent"] is None and out["siblingIndex"] == 0
    assert changed_lines(before, after) == [
        ("  m_LocalRotation: {x: 0.7071068, y: 0, z: 0, w: 0.7071068}", "  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}"),
        ("  m_LocalPosition: {x: 0, y: 0.5, z: 0.000000029802319}", "  m_LocalPosition: {x: -4.5, y: -12, z: 19.5}"),
        ("  m_Father: {fileID: 0}", "  m_Father: {fileID: 773911006}"),
        ("  m_LocalEulerAnglesHint: {x: 90, y: 0, z: 0}", "  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}"),
        ("  m_Children: []", "  m_Children:"),  # Minimap Camera's Transform, further down the file
        ("", "  - {fileID: 147494740}"),
        ("  - {fileID: 147494740}", ""),  # SceneRoots
    ]


def test_without_keep_world_pose_only_the_links_change(chicken: Path) -> None:
    before, after, out = _reparent(chicken, CHICKEN_GAME, {"gameObject": "Click Icon", "parent": "Minimap Camera",
                                                           "keepWorldPose": False})
    assert out["localPose"] is None
    assert [pair for pair in changed_lines(before, after) if "m_Local" in pair[0]] == []


def test_a_root_instance_moves_under_lighting_in_minigolf(minigolf: Path) -> None:
    # Ball is a root PrefabInstance: SceneRoots lists the PrefabInstance, m_Children its stripped Transform.
    before, after, out = references_unchanged(minigolf, lambda: _reparent(
        minigolf, MINIGOLF_GAME, {"gameObject": "Ball", "parent": "Lighting"}))
    assert out["path"] == "Lighting/Ball" and out["siblingIndex"] == 1
    assert changed_lines(before, after) == [
        ("", "  - {fileID: 1515914403}"),
        ("    m_TransformParent: {fileID: 0}", "    m_TransformParent: {fileID: 1040681025}"),
        ("  - {fileID: 5783006650554658536}", ""),
    ]


def test_a_child_goes_to_the_roots_at_a_sibling_index(minigolf: Path) -> None:
    before, after, out = _reparent(minigolf, MINIGOLF_GAME, {"gameObject": "Lighting/Directional Light",
                                                             "siblingIndex": 0})
    assert out["path"] == "Directional Light" and out["previousParent"] == "Lighting"
    pairs = changed_lines(before, after)
    assert ("  m_Father: {fileID: 1040681025}", "  m_Father: {fileID: 0}") in pairs
    roots = after[after.index("SceneRoots:"):].splitlines()
    assert roots[3] == "  - {fileID: 81762061}"  # first in m_Roots


def test_files_with_root_order_renumber_both_sibling_lists(chicken: Path) -> None:
    before, after, _ = _reparent(chicken, CHICKEN_SAMPLE, {"gameObject": "Main Camera", "parent": "Global Volume"})
    assert changed_lines(before, after) == [
        ("  m_Father: {fileID: 0}", "  m_Father: {fileID: 832575519}"),
        ("  m_RootOrder: 1", "  m_RootOrder: 0"),
        ("  m_Children: []", "  m_Children:"),
        ("", "  - {fileID: 330585546}"),
        ("  m_RootOrder: 2", "  m_RootOrder: 1"),
    ]


def test_a_move_within_the_same_parent_only_reorders(sample: Path) -> None:
    before, after, out = _reparent(sample, GARDEN, {"gameObject": "Trees/Tree C", "parent": "Trees",
                                                    "siblingIndex": 0})
    assert out["localPose"] is None and out["siblingIndex"] == 0
    assert changed_lines(before, after) == [("", "  - {fileID: 1583377909}"), ("  - {fileID: 1583377909}", "")]


def test_an_instance_keeps_its_world_pose_through_its_overrides(sample: Path) -> None:
    # Lantern (root scale 0.3, 0.5, 0.3 in Lantern.prefab) under Hat (scale 0.6, 0.15, 0.6 at 0, 2.1, 0 in world):
    # its position overrides are rewritten and m_LocalScale overrides added after its Transform's last entry.
    before, after, out = _reparent(sample, GARDEN, {"gameObject": "Lantern", "parent": "Player/Hat"})
    assert out["localPose"]["scale"] == {"x": 0.5, "y": 3.3333333, "z": 0.5}
    entry = ("    - target: {{fileID: 5011465085818036814, guid: f91bd20328494e959c526d05ca57b3fc, type: 3}}\n"
             "      propertyPath: m_LocalScale.{axis}\n      value: {value}\n      objectReference: {{fileID: 0}}\n")
    scale = "".join(entry.format(axis=a, value=v) for a, v in (("x", "0.5"), ("y", "3.3333333"), ("z", "0.5")))
    name = "    - target: {fileID: 8861706762460296099, guid: f91bd20328494e959c526d05ca57b3fc, type: 3}\n"
    expected = before.replace("    m_TransformParent: {fileID: 0}\n", "    m_TransformParent: {fileID: 845330175}\n")
    expected = expected.replace("m_LocalPosition.x\n      value: 2\n", "m_LocalPosition.x\n      value: 3.3333333\n")
    expected = expected.replace("m_LocalPosition.y\n      value: 0.5\n", "m_LocalPosition.y\n      value: -10.666667\n")
    expected = expected.replace("m_LocalPosition.z\n      value: -2\n", "m_LocalPosition.z\n      value: -3.3333333\n")
    expected = expected.replace(name, scale + name).replace("  - {fileID: 2004719383}\n", "")
    expected = expected.replace("  m_Children: []\n  m_Father: {fileID: 731902450}",
                                "  m_Children:\n  - {fileID: 2004719384}\n  m_Father: {fileID: 731902450}")
    assert after == expected


def test_refusals(sample: Path, chicken: Path) -> None:
    def fails(root: Path, data: dict) -> dict:
        result = run_tool(root, "gameobject.reparent", data)
        assert not result.ok
        return result.error

    assert fails(sample, {"file": GARDEN, "gameObject": "Player", "parent": "Player/Hat"})["code"] == "E_HIERARCHY_CYCLE"
    assert fails(sample, {"file": GARDEN, "gameObject": "Player", "parent": "Player"})["code"] == "E_HIERARCHY_CYCLE"
    # Tree B is rotated with scale (1, 3, 1): the light's rotation would need shear under it.
    sheared = fails(sample, {"file": GARDEN, "gameObject": "Directional Light", "parent": "Trees/Tree B"})
    assert sheared["code"] == "E_WORLD_POSE_INEXACT" and "shear" in sheared["message"]
    assert sheared["nextActions"] == [  # the same call, keeping the local values instead
        f"unitycli tools run gameobject.reparent --project {shlex.quote(str(sample))} --input "
        + shlex.quote(json.dumps({"file": GARDEN, "gameObject": "Directional Light", "parent": "Trees/Tree B",
                                  "keepWorldPose": False}))]
    assert fails(sample, {"file": GARDEN, "gameObject": "Player", "parent": "Lantern"})["code"] == \
        "E_PREFAB_INSTANCE_UNSUPPORTED"
    assert fails(sample, {"file": "Assets/Prefabs/Lantern.prefab", "gameObject": "Lantern/Lantern Light"})["code"] \
        == "E_SCHEMA_INVALID"
    rect = fails(chicken, {"file": CHICKEN_GAME, "gameObject": "Player", "parent": "Selection Canvas"})
    assert rect["code"] == "E_WORLD_POSE_INEXACT" and "RectTransform" in rect["message"]
    assert fails(sample, {"file": GARDEN, "gameObject": "Nope", "parent": "Player"})["code"] == "E_GAMEOBJECT_NOT_FOUND"
    assert fails(sample, {"file": GARDEN, "gameObject": "Player", "siblingIndex": -1})["code"] == "E_SCHEMA_INVALID"


def test_rebase_keeps_the_world_matrix_of_a_scaled_rotated_child() -> None:
    old_parent = world([Pose((1, 2, 3), (0, 0.38268343, 0, 0.9238795), (2, 2, 2))])
    new_parent = world([Pose((-4, 0, 1), (0.5, 0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
    child = Pose((0.25, 1, -2), (0.1, 0.2, 0.3, 0.9273618), (1, 3, 1))
    moved = rebase(old_parent, new_parent, child)
    assert moved is not None
    a = world([Pose((1, 2, 3), (0, 0.38268343, 0, 0.9238795), (2, 2, 2)), child])
    b = world([Pose((-4, 0, 1), (0.5, 0.5, 0.5, 0.5), (0.5, 0.5, 0.5)), moved])
    flat = [v for row in a.linear for v in row] + list(a.offset)
    other = [v for row in b.linear for v in row] + list(b.offset)
    assert max(abs(x - y) for x, y in zip(flat, other, strict=True)) < 1e-5
