"""Writable copies of the ProBuilder fixture projects and a one-call tool runner.

The projects are copied whole (a few MB) so project-wide listing and the GUID index see real data; the shared
fixtures are never written.
"""

from __future__ import annotations

import shutil
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest

from tests.fixturepaths import fixture_project
from unitycli.errors import UnityCliError
from unitycli.runner import RunResult, run_tool
from unitycli.session import Session

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"
MAIN_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
TILES = "Assets/LlamAcademy/Minigolf/Resources/Tiles"
WALL_RIGHT = f"{TILES}/Wall Right.prefab"


def _require_extension() -> None:
    try:
        distribution("unitycli-probuilder")
    except PackageNotFoundError:
        pytest.fail("unitycli-probuilder is not installed: pip install -e extensions/probuilder")


def copy_whole(name: str, tmp_path: Path) -> Path:
    source = fixture_project(name)
    target = tmp_path / source.name
    shutil.copytree(source, target, symlinks=True)
    return target


class Project:
    """A fixture project copy with helpers to run tools on it and read its files."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def run(self, tool: str, data: dict[str, Any], *, dry_run: bool = False) -> RunResult:
        return run_tool(Session(project_arg=str(self.root), cwd=self.root), tool, data, dry_run=dry_run)

    def output(self, tool: str, data: dict[str, Any], *, dry_run: bool = False) -> dict[str, Any]:
        return self.run(tool, data, dry_run=dry_run).output

    def error(self, tool: str, data: dict[str, Any]) -> UnityCliError:
        with pytest.raises(UnityCliError) as info:
            self.run(tool, data)
        return info.value

    def text(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")


@pytest.fixture
def chicken(tmp_path) -> Project:
    _require_extension()
    return Project(copy_whole("chicken-defense", tmp_path))


@pytest.fixture
def minigolf(tmp_path) -> Project:
    _require_extension()
    return Project(copy_whole("minigolf", tmp_path))
