"""gameobject.set-tag and gameobject.set-layer against each project's own TagManager: chicken-defense (2022.3,
no project tags, layers 6-15 named) and minigolf (Unity 6, tags Ball, CinemachineTarget, ...)."""

from __future__ import annotations

from pathlib import Path

from tests.prefabs.checks import references_unchanged
from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool


def _edit(root: Path, tool: str, data: dict) -> tuple[list[tuple[str, str]], dict]:
    before = (root / data["file"]).read_text()
    run = assert_dry_run_matches_commit(root, tool, data)
    return changed_lines(before, (root / data["file"]).read_text()), run.output


def test_a_builtin_tag_in_chicken_defense_changes_one_line(chicken: Path) -> None:
    pairs, out = references_unchanged(chicken, lambda: _edit(
        chicken, "gameobject.set-tag", {"file": CHICKEN_GAME, "gameObject": "Chicken Spawner", "tag": "Respawn"}))
    assert pairs == [("  m_TagString: Untagged", "  m_TagString: Respawn")]
    assert out["previous"] == "Untagged" and out["tag"] == "Respawn"


def test_a_project_tag_in_minigolf(minigolf: Path) -> None:
    pairs, _ = _edit(minigolf, "gameobject.set-tag", {"file": MINIGOLF_GAME, "gameObject": "Lighting",
                                                      "tag": "ExcludeFromCombine"})
    assert pairs == [("  m_TagString: Untagged", "  m_TagString: ExcludeFromCombine")]


def test_unknown_tags_are_refused_with_the_command_that_adds_them(chicken: Path) -> None:
    result = run_tool(chicken, "gameobject.set-tag", {"file": CHICKEN_GAME, "gameObject": "Player", "tag": "Ball"})
    assert result.error["code"] == "E_TAG_UNKNOWN"
    assert result.error["details"]["tags"] == ["Untagged", "Respawn", "Finish", "EditorOnly", "MainCamera", "Player",
                                               "GameController"]
    assert result.error["nextActions"][0] == (f"unitycli tools run project.add-tag --project {chicken} "
                                              "--input '{\"tag\": \"Ball\"}'")


def test_a_layer_by_name_recursively_in_chicken_defense(chicken: Path) -> None:
    pairs, out = _edit(chicken, "gameobject.set-layer", {"file": CHICKEN_GAME, "gameObject": "Virtual Camera",
                                                         "layer": "UIRenderOnly", "recursive": True})
    assert out["layer"] == 15 and out["layerName"] == "UIRenderOnly"
    assert out["changed"] == ["Virtual Camera", "Virtual Camera/cm"] and out["skippedInstances"] == []
    assert pairs == [("  m_Layer: 0", "  m_Layer: 15")] * 2


def test_a_layer_by_index_skips_instances_below(minigolf: Path) -> None:
    pairs, out = _edit(minigolf, "gameobject.set-layer", {"file": MINIGOLF_GAME, "gameObject": "Grid/Tilemap",
                                                          "layer": 4, "recursive": True})
    assert out["layerName"] == "Water" and out["changed"] == ["Grid/Tilemap"]
    assert len(out["skippedInstances"]) == 16 and pairs == [("  m_Layer: 0", "  m_Layer: 4")]


def test_unnamed_and_unknown_layers_are_refused(sample: Path) -> None:
    for layer in (3, 31, "Nope", "32"):
        result = run_tool(sample, "gameobject.set-layer", {"file": GARDEN, "gameObject": "Player", "layer": layer})
        assert result.error["code"] == "E_LAYER_UNKNOWN", layer
        assert result.error["details"]["layers"]["6"] == "Interactable"


def test_a_prefab_instance_points_at_its_override(sample: Path) -> None:
    result = run_tool(sample, "gameobject.set-tag", {"file": GARDEN, "gameObject": "Lantern", "tag": "Player"})
    assert result.error["code"] == "E_PREFAB_INSTANCE_UNSUPPORTED"
    assert "prefab.set-override" in result.error["nextActions"][0]
    assert '"propertyPath": "m_TagString"' in result.error["nextActions"][0]
