"""Shared constants and helpers of the ProBuilder tests: fixture paths, a project copy with a one-call tool runner,
the `unitycli` console script, and the checks the edit tests share.

Test modules import this by its unique name; the fixtures that hand out project copies live in conftest.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest
from unitycli_probuilder import geometry, invariants
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import UnityYamlFile
from unitycli.testing import ToolRun, run_tool

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
TILES = "Assets/LlamAcademy/Minigolf/Resources/Tiles"
WALL_RIGHT = f"{TILES}/Wall Right.prefab"
BITESIZE_CLIENT_DRIVEN = "com.unity.multiplayer.samples.bitesize/Basic/ClientDriven"

EXTENSION = Path(__file__).resolve().parents[1]
REPO_ROOT = EXTENSION.parents[1]
UNITYCLI = Path(sys.executable).with_name("unitycli")


def require_extension() -> None:
    try:
        distribution("unitycli-probuilder")
    except PackageNotFoundError:
        pytest.fail("unitycli-probuilder is not installed: pip install -e extensions/probuilder")


class Project:
    """A fixture project copy with helpers to run tools on it and read its files."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def run(self, tool: str, data: dict[str, Any], *, dry_run: bool = False) -> ToolRun:
        return run_tool(self.root, tool, data, dry_run=dry_run)

    def output(self, tool: str, data: dict[str, Any], *, dry_run: bool = False) -> dict[str, Any]:
        run = self.run(tool, data, dry_run=dry_run)
        assert run.ok, run.error
        return run.output

    def error(self, tool: str, data: dict[str, Any]) -> dict[str, Any]:
        """The catalogued error (`code`, `message`, `details`, `nextActions`, ...) of a call that must fail."""
        run = self.run(tool, data)
        assert not run.ok, run.output
        return run.error

    def text(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")


# --- the `unitycli` console script -----------------------------------------------------------------------------


def cli(*args: str, cwd: Path | None = None, timeout: int = 300) -> tuple[int, dict[str, Any]]:
    """Run `unitycli --json ARGS` (the console script beside this interpreter): its exit code and envelope."""
    done = subprocess.run([str(UNITYCLI), "--json", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd)
    assert done.stdout, done.stderr
    return done.returncode, json.loads(done.stdout)


def describe(tool: str, root: Path | None = None, *, cwd: Path | None = None) -> dict[str, Any]:
    """A tool's descriptor as `unitycli tools describe` gives it (on the project at `root` when given)."""
    args = ["tools", "describe", tool] + (["--project", str(root)] if root is not None else [])
    code, envelope = cli(*args, cwd=cwd if cwd is not None else root)
    assert code == 0 and envelope["ok"], envelope
    return envelope["result"]


def describe_all(tools: list[str], root: Path | None = None, *, cwd: Path | None = None) -> dict[str, dict]:
    """`describe` for many tools at once (one process each, a few at a time)."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(zip(tools, pool.map(lambda tool: describe(tool, root, cwd=cwd), tools), strict=True))


# --- checks shared by the edit tests ---------------------------------------------------------------------------


def changes(before: bytes, after_path: Path) -> tuple[set[int], set[int], set[int]]:
    """(added, removed, modified) fileIDs between the original bytes and the file now on disk."""
    old = {d.file_id: d.text for d in UnityYamlFile.parse(before)}
    new = {d.file_id: d.text for d in UnityYamlFile.read(after_path)}
    modified = {i for i in old.keys() & new.keys() if old[i] != new[i]}
    return set(new) - set(old), set(old) - set(new), modified


def assert_closed_box_is_consistent(data: MeshData) -> None:
    """Arrays in step, shared groups coincident, every face facing away from the centre (a convex solid)."""
    assert data.problems() == []
    for group in data.shared_vertices:
        assert len({tuple(round(c, 5) for c in data.positions[v]) for v in group}) == 1
    assert sorted(v for g in data.shared_vertices for v in g) == list(range(data.vertex_count))
    lo, hi = geometry.bounds(data.positions)
    centre = tuple((a + b) / 2 for a, b in zip(lo, hi, strict=True))
    for face in data.faces:
        points = [data.positions[v] for v in face.distinct]
        middle = tuple(sum(p[k] for p in points) / len(points) for k in range(3))
        assert geometry.dot(geometry.face_normal(data, face), geometry.sub(middle, centre)) > 0


CUBE = {"shape": "cube", "size": {"x": 2, "y": 1, "z": 3}, "position": {"x": 4, "y": 0.5, "z": -2}}
"""The 2 x 1 x 3 cube the element-tool tests edit (its vertex and edge indexes are the cube generator's)."""


def read_mesh(project: Project, file: str, mesh_id: int) -> MeshData:
    """The ProBuilderMesh `mesh_id` as it is now on disk in the project copy."""
    return MeshData.from_document(UnityYamlFile.read(project.root / file).get(mesh_id))


def make_cube(project: Project, file: str, name: str) -> int:
    """Create the CUBE as GameObject `name` in `file`; returns its mesh's fileID."""
    return project.output("probuilder.create-shape", {"file": file, "name": name, **CUBE})["meshFileID"]


def run_on_cube(project: Project, file: str, name: str, tool: str, args: dict[str, Any],
                before: tuple[str, dict[str, Any]] | None = None) -> tuple[dict[str, Any], MeshData]:
    """Make a CUBE, apply `before` (a tool and its arguments) if given, then run `tool` dry and for real: both
    succeed with identical diffs and the written mesh has no invariant problems. Returns the output and the mesh."""
    mesh_id = make_cube(project, file, name)
    if before is not None:
        project.output(before[0], {"file": file, "gameObject": name, **before[1]})
    call = {"file": file, "gameObject": name, **args}
    preview = project.run(tool, call, dry_run=True)
    assert preview.ok, (tool, preview.error)
    done = project.run(tool, call)
    assert done.ok, (tool, done.error)
    assert preview.diffs == done.diffs, tool
    data = read_mesh(project, file, mesh_id)
    assert invariants.problems(data) == [], tool
    return done.output, data
