"""Asset-tool tests run the real tools (through the runner, or the CLI) on writable copies of real projects."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.fixturepaths import REPO_ROOT
from tests.indexes.projectcopies import writable_copy
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import RunOptions, RunResult, run_tool

SAMPLE = REPO_ROOT / "examples" / "sample-project"

# examples/sample-project: Garden.unity instantiates Lantern.prefab; both use Grass.mat.
LANTERN = "Assets/Prefabs/Lantern.prefab"
LANTERN_GUID = "f91bd20328494e959c526d05ca57b3fc"
GRASS = "Assets/Materials/Grass.mat"
GRASS_GUID = "0eca85ad95414238971dd16981da0e04"
GARDEN = "Assets/Scenes/Garden.unity"
GARDEN_GUID = "e246dfd13fe44b1baf3af19880ca274b"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return Path(shutil.copytree(SAMPLE, tmp_path / "sample"))


@pytest.fixture
def chicken(tmp_path: Path) -> Path:
    return writable_copy("chicken-defense", tmp_path / "chicken-defense")


def run(project: Path, tool: str, payload: dict[str, Any], *, dry_run: bool = False) -> RunResult:
    return run_tool(Session(project_arg=str(project)).prepare(tool), payload, RunOptions(dry_run=dry_run))


def output(project: Path, tool: str, payload: dict[str, Any]) -> dict[str, Any]:
    return run(project, tool, payload).output


def failure(project: Path, tool: str, payload: dict[str, Any], *, dry_run: bool = False) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        run(project, tool, payload, dry_run=dry_run)
    return info.value


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of a project copy (Library/ caches excluded), to prove what a tool changed or did not."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.relative_to(root).as_posix().startswith(("Library/", ".unitycli/"))}


def all_pages(project: Path, tool: str, payload: dict[str, Any], key: str) -> list[Any]:
    """Follow nextCursor to the end and return the concatenated items."""
    items: list[Any] = []
    cursor = None
    while True:
        page = output(project, tool, {**payload, **({"cursor": cursor} if cursor else {})})
        items += page[key]
        cursor = page["nextCursor"]
        if cursor is None:
            return items
