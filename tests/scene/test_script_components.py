"""`find_script_components`: every component of a package script in the project, with its GameObject path."""

from __future__ import annotations

from pathlib import Path

from tests.extensions.helpers import copy_project
from unitycli.context import ToolContext
from unitycli.project.root import open_project
from unitycli.scene.scripts import find_script_components
from unitycli.transaction import Transaction

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"


def _ctx(root: Path) -> ToolContext:
    return ToolContext(project=open_project(root), transaction=Transaction(root, dry_run=True))


def test_every_probuilder_mesh_of_chicken_defense_with_its_gameobject(tmp_path):
    root = copy_project("chicken-defense", tmp_path, extra=(GAME, SNAKE, SNAKE + ".meta", GAME + ".meta"))
    found = find_script_components(_ctx(root), [PROBUILDER_MESH])
    assert found.unreadable == []
    assert sorted((c.file, c.node.path) for c in found.components) == sorted(
        [(GAME, f"World/{p}") for p in ("Floor", "Coop", "Fence", "Coop/Coop Range", "Camera Clip")]
        + [(SNAKE, "Snake/Spline Animated/Tail")])


def test_a_pointer_file_is_listed_as_unreadable_not_skipped(tmp_path):
    root = copy_project("chicken-defense", tmp_path, extra=(GAME, GAME + ".meta"))
    (root / "Assets" / "Pointer.prefab").write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + "a" * 64 + "\nsize 12345\n")
    found = find_script_components(_ctx(root), [PROBUILDER_MESH])
    assert [(u.path, u.reason) for u in found.unreadable] == [("Assets/Pointer.prefab", "lfs-pointer")]
    assert len(found.components) == 5
