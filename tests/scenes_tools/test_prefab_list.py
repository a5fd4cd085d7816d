"""`prefab.list` on minigolf's tiles: regular prefabs, variants and the prefab each variant is based on."""

from __future__ import annotations

from tests.fixturepaths import REPO_ROOT, fixture_project
from unitycli.host.session import Session
from unitycli.runner import run_tool

TILES = "Assets/LlamAcademy/Minigolf/Resources/Tiles"


def test_variants_name_their_base_prefab():
    result = run_tool(Session(project_arg=str(fixture_project("minigolf"))).prepare("prefab.list"),
                      {"folder": TILES, "limit": 5})
    output = result.output
    assert output["total"] == 18
    first = output["prefabs"][:2]
    assert first[0] == {"path": f"{TILES}/All Grass.prefab", "guid": first[0]["guid"], "root": "All Grass",
                        "variant": False, "basePrefab": None, "gameObjects": 1, "error": None}
    assert first[1]["variant"] is True
    assert first[1]["basePrefab"]["path"] == f"{TILES}/All Grass.prefab"
    assert len(output["prefabs"]) == 5 and output["nextCursor"]
    rest = run_tool(Session(project_arg=str(fixture_project("minigolf"))).prepare("prefab.list"),
                    {"folder": TILES, "limit": 50, "cursor": output["nextCursor"]}).output
    assert len(rest["prefabs"]) == 13 and rest["nextCursor"] is None
    windmill = next(p for p in rest["prefabs"] if p["path"].endswith("Windmill Tile Variant.prefab"))
    assert (windmill["variant"], windmill["gameObjects"]) == (True, 4)


def test_sample_project_prefab():
    output = run_tool(Session(project_arg=str(REPO_ROOT / "examples" / "sample-project")).prepare("prefab.list"),
                      {}).output
    assert [(p["path"], p["root"], p["variant"]) for p in output["prefabs"]] == [
        ("Assets/Prefabs/Lantern.prefab", "Lantern", False)]
