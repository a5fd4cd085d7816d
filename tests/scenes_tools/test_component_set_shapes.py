"""`component.set` writes every value shape Unity writes, in Unity's text: a filled value where Unity wrote an empty
one (`{}`, `[]`), lists of lists, and items checked against the shape the list holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.scenes_tools.projects import run
from unitycli.errors import UnityCliError
from unitycli.testing import assert_dry_run_matches_commit, changed_lines

_GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_TILE = {"serializedVersion": 2, "m_TileIndex": 4, "m_TileSpriteIndex": 4, "m_TileMatrixIndex": 0,
         "m_TileColorIndex": 0, "m_TileObjectToInstantiateIndex": 65535, "dummyAlignment": 0,
         "m_AllTileFlags": 1073741825}


def _set(project: Path, file: str, data: dict) -> list[tuple[str, str]]:
    before = (project / file).read_text()
    assert_dry_run_matches_commit(project, "component.set", {"file": file, **data})
    return changed_lines(before, (project / file).read_text())


def test_an_empty_tilemap_takes_tiles_in_the_text_unity_writes_for_them(minigolf: Path) -> None:
    # The 2D Platformer's Tilemap shows a filled m_Tiles: a block list of {first: inline vector, second: block}.
    lines = _set(minigolf, _GAME, {"gameObject": "888873209", "component": "Tilemap", "property": "m_Tiles",
                                   "value": [{"first": {"x": -5, "y": -8, "z": 0}, "second": _TILE},
                                             {"first": {"x": -4, "y": -8, "z": 0}, "second": _TILE}]})
    real = fixture_path(_PLATFORMER).read_text().splitlines()
    start = real.index("  m_Tiles:")
    assert [new for _, new in lines] == real[start:start + 21]
    assert lines[0][0] == "  m_Tiles: {}"


def test_a_list_of_lists_is_set_whole_and_item_by_item(sample: Path) -> None:
    shutil.copyfile(fixture_path(_PLATFORMER), sample / "Assets/Scenes/Platformer.unity")
    scene = "Assets/Scenes/Platformer.unity"
    base = {"gameObject": "8354430683325643559", "component": "CompositeCollider2D"}
    lines = _set(sample, scene, {**base, "property": "m_ColliderPaths[0].m_ColliderPaths[1][0]",
                                 "value": {"X": 1, "Y": 2}})
    assert lines == [("    - - X: -7960000", "    - - X: 1"), ("        Y: -15960000", "        Y: 2")]
    paths = [[{"X": 0, "Y": 0}, {"X": 10, "Y": 0}], [{"X": 5, "Y": 5}]]
    out = run(sample, "component.set", {"file": scene, **base, "property": "m_ColliderPaths[0].m_ColliderPaths",
                                        "value": paths})
    assert out.output["value"] == paths
    assert ("  - m_Collider: {fileID: 3129873361711004796}\n    m_ColliderPaths:\n    - - X: 0\n        Y: 0\n"
            "      - X: 10\n        Y: 0\n    - - X: 5\n        Y: 5\n  m_CompositePaths:\n") in (sample / scene).read_text()
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.set", {"file": scene, **base, "property": "m_ColliderPaths[0].m_ColliderPaths",
                                      "value": [[{"X": 0}]]})
    assert err.value.code == "E_VALUE_TYPE_MISMATCH"
