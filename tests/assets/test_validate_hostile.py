"""`asset.validate` on damaged repositories: a Transform cycle and a `.meta` with two `guid:` lines are
errors, not a clean report. Each is made in a writable copy of minigolf by changing one line of a real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.assets.conftest import failure, output, snapshot
from tests.indexes.projectcopies import meta_guid_of, writable_copy
from unitycli.scene.cycles import transform_cycles
from unitycli.unityyaml import UnityYamlFile

GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
BALL_MAT = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"
# minigolf Game.unity: the root "Lighting" (Transform 1040681025) has one child, "Directional Light" (81762061).
LIGHTING_ROOT = "  m_Children:\n  - {fileID: 81762061}\n  m_Father: {fileID: 0}\n"
LIGHTING_LOOP = "  m_Children:\n  - {fileID: 81762061}\n  m_Father: {fileID: 81762061}\n"
OTHER_GUID = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return writable_copy("minigolf", tmp_path / "minigolf")


def _loop_lighting(root: Path) -> None:
    scene = root / GAME
    text = scene.read_text()
    assert text.count(LIGHTING_ROOT) == 1
    scene.write_text(text.replace(LIGHTING_ROOT, LIGHTING_LOOP))


def test_a_transform_cycle_is_an_error_naming_the_looping_gameobjects(minigolf: Path) -> None:
    assert output(minigolf, "asset.validate", {"kinds": ["transform-cycle"]})["issues"] == []
    _loop_lighting(minigolf)
    report = output(minigolf, "asset.validate", {"kinds": ["transform-cycle"]})
    assert (report["clean"], report["counts"], report["severities"]) == (False, {"transform-cycle": 1}, {"error": 1})
    assert report["issues"] == [{
        "kind": "transform-cycle", "severity": "error", "path": GAME, "guid": None, "family": "unity-text",
        "paths": None, "referrers": None,
        "message": f"{GAME}: the parents of Directional Light -> Lighting (fileIDs 81762061, 1040681025) loop back "
                   "on themselves, so these GameObjects and their children are in no hierarchy (readers and the "
                   "Editor do not show them); give one of them a parent outside the loop"}]


def test_the_cycle_finder_has_no_recursion_on_a_long_chain() -> None:
    # Hand-written (no real file has a loop): 5,000 Transforms, each the parent of the next, the last of the first.
    count = 5000
    docs = ["%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"]
    for i in range(1, count + 1):
        father = i + 1 if i < count else 1
        docs.append(f"--- !u!4 &{i}\nTransform:\n  m_GameObject: {{fileID: 0}}\n  m_Father: {{fileID: {father}}}\n")
    cycles = transform_cycles(UnityYamlFile.parse("".join(docs).encode(), "Assets/Ring.unity"))
    assert [len(c.file_ids) for c in cycles] == [count] and cycles[0].file_ids[:2] == (1, 2)


def test_a_meta_with_two_guid_lines_is_an_error(minigolf: Path) -> None:
    meta = minigolf / (BALL_MAT + ".meta")
    guid = meta_guid_of(meta)
    assert output(minigolf, "asset.validate", {"kinds": ["duplicate-guid-line"]})["issues"] == []
    text = meta.read_text()
    meta.write_text(text.replace(f"guid: {guid}\n", f"guid: {guid}\nguid: {OTHER_GUID}\n"))
    report = output(minigolf, "asset.validate", {"kinds": ["duplicate-guid-line"]})
    assert (report["clean"], report["counts"]) == (False, {"duplicate-guid-line": 1})
    [issue] = report["issues"]
    assert (issue["path"], issue["guid"], issue["severity"]) == (BALL_MAT, guid, "error")
    assert f"has 2 guid lines ({guid}, {OTHER_GUID})" in issue["message"]


def test_duplicating_an_asset_whose_meta_has_two_guid_lines_is_refused(minigolf: Path) -> None:
    meta = minigolf / (BALL_MAT + ".meta")
    guid = meta_guid_of(meta)
    meta.write_text(meta.read_text().replace(f"guid: {guid}\n", f"guid: {guid}\nguid: {OTHER_GUID}\n"))
    before = snapshot(minigolf)
    error = failure(minigolf, "asset.duplicate", {"file": BALL_MAT})
    assert error.code == "E_ASSET_GUID_DUPLICATE" and error.details == {"path": BALL_MAT, "guids": [guid, OTHER_GUID]}
    assert snapshot(minigolf) == before


def test_a_prefab_instance_placed_under_its_own_transform_is_a_cycle(minigolf: Path) -> None:
    # minigolf Game.unity: PrefabInstance "Ball" (&5783006650554658536) is a root; &1515914403 is its stripped
    # Transform, which stands for the instance in the hierarchy.
    scene = minigolf / GAME
    header = "--- !u!1001 &5783006650554658536\nPrefabInstance:\n  m_ObjectHideFlags: 0\n  serializedVersion: 2\n" \
             "  m_Modification:\n    serializedVersion: 3\n    m_TransformParent: {fileID: 0}\n"
    text = scene.read_text()
    assert text.count(header) == 1
    scene.write_text(text.replace(header, header.replace("{fileID: 0}\n", "{fileID: 1515914403}\n")))
    [issue] = output(minigolf, "asset.validate", {"kinds": ["transform-cycle"]})["issues"]
    assert "the parents of Ball (fileIDs 5783006650554658536) loop back" in issue["message"]
