"""Fresh writable copies of the projects for each test that edits them (fixtures stay read-only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenes_tools.projects import copy_project


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return copy_project("sample", tmp_path / "sample")


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return copy_project("minigolf", tmp_path / "minigolf")


@pytest.fixture
def chicken(tmp_path: Path) -> Path:
    return copy_project("chicken-defense", tmp_path / "chicken-defense")
