"""Which created files a diff shows as renames or copies, on real tool runs: a folder's files move whole, a
material made from a template shows the template's few changed lines, a scene built from another's preamble is new."""

from __future__ import annotations

from pathlib import Path

from tests.scenes_tools.projects import copy_project
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool
from unitycli.testing import moved_from
from unitycli.transaction.renames import similarity


def _effects(root: Path, tool: str, data: dict) -> dict:
    return run_tool(Session(project_arg=str(root)).prepare(tool), data, RunOptions(dry_run=True)).planned_effects


def test_a_moved_folder_is_one_pure_rename_per_file(tmp_path: Path) -> None:
    root = copy_project("minigolf", tmp_path / "minigolf")
    folder = "Assets/LlamAcademy/Minigolf/Materials"
    effects = _effects(root, "asset.move", {"file": folder, "destination": "Assets/Materials"})
    moved = [d for d in effects["diffs"] if moved_from(d)]
    files = [moved_from(d) for d in moved]
    assert len(moved) == len(effects["diffs"]) == 14  # 13 files and the folder's meta
    assert (effects["created"], effects["deleted"]) == ([], [])  # renames only, as git's status says R
    for diff in moved:
        old, new = moved_from(diff), diff["path"]
        assert new == "Assets/Materials" + old[len(folder):]
        assert diff["diff"] == (f"diff --git a/{old} b/{new}\nsimilarity index 100%\nrename from {old}\n"
                                f"rename to {new}\n")
    assert sorted(files) == sorted([folder + ".meta"] + [p.relative_to(root).as_posix()
                                                         for p in (root / folder).rglob("*") if p.is_file()])


def test_a_material_made_from_a_template_is_a_copy_and_a_scene_from_a_preamble_is_new(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "sample")
    moss = _effects(root, "material.create", {"file": "Assets/Materials/Moss.mat",
                                              "shader": "933532a4fcc9baf4fa0491de14d08ed7"})
    assert [(d["path"], moved_from(d)) for d in moss["diffs"]] == [
        ("Assets/Materials/Moss.mat", "Assets/Materials/Grass.mat"), ("Assets/Materials/Moss.mat.meta", None)]
    scene = _effects(root, "scene.create", {"file": "Assets/Scenes/Orchard.unity",
                                            "preambleFrom": "Assets/Scenes/Garden.unity"})
    assert not any(moved_from(d) for d in scene["diffs"])
    assert scene["diffs"][0]["diff"].startswith("--- /dev/null\n+++ b/Assets/Scenes/Orchard.unity\n")


def test_similarity_counts_shared_lines_of_the_longer_file() -> None:
    assert similarity(b"a\nb\nc\nd\n", b"a\nb\nc\nd\n") == 100
    assert similarity(b"a\nb\nc\nd\n", b"a\nb\nx\nd\n") == 75  # 3 of 4 lines; a final newline starts no line
    assert similarity(b"", b"a\n") == 0
    assert similarity(b"bye\n", b"level\n") == 0  # was 50: two one-line files "shared" the empty piece
