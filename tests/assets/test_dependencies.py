"""`asset.dependencies`: the GUIDs a file references, resolved through the project's metas, direct or transitive."""

from __future__ import annotations

from pathlib import Path

from tests.assets.conftest import GARDEN, GRASS, GRASS_GUID, LANTERN, LANTERN_GUID, failure, output


def test_garden_depends_on_built_ins_the_grass_material_and_the_lantern_prefab(sample: Path) -> None:
    found = output(sample, "asset.dependencies", {"file": GARDEN})
    text = (sample / GARDEN).read_text()
    summary = [(d["guid"], d["path"], d["builtin"], d["hasFile"], d["count"]) for d in found["dependencies"]]
    assert summary == [
        ("0000000000000000f000000000000000", None, True, False, text.count("0000000000000000f000000000000000")),
        ("0000000000000000e000000000000000", None, True, False, text.count("0000000000000000e000000000000000")),
        (GRASS_GUID, GRASS, False, True, text.count(GRASS_GUID)),
        (LANTERN_GUID, LANTERN, False, True, text.count(LANTERN_GUID)),
    ]
    grass = found["dependencies"][2]
    assert grass["targets"] == [{"fileID": 2100000, "type": 2, "count": text.count(GRASS_GUID)}]
    assert found["nextCursor"] is None and found["total"] == 4


def test_recursive_dependencies_follow_the_material_into_its_shader(sample: Path) -> None:
    found = output(sample, "asset.dependencies", {"file": GARDEN, "recursive": True})
    deeper = [(d["guid"], d["depth"], d["via"], d["resolved"]) for d in found["dependencies"] if d["depth"] > 1]
    assert deeper == [("933532a4fcc9baf4fa0491de14d08ed7", 2, GRASS, False),
                      ("d0353a89b1f911e48b9e16bdc9f2e058", 2, GRASS, False)]


def test_dependencies_of_a_missing_asset_are_an_error(sample: Path) -> None:
    assert failure(sample, "asset.dependencies", {"file": "Assets/Scenes/Nope.unity"}).code == "E_ASSET_NOT_FOUND"
