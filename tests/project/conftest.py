"""Helpers for project-selection tests: minimal Unity projects made in tmp_path from a real ProjectVersion.txt."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[[str], Path]:
    """Create `tmp_path/<name>` with just what makes a Unity project: Assets/ and chicken-defense's version file."""
    version_file = fixture_path("chicken-defense/ProjectSettings/ProjectVersion.txt")

    def make(name: str) -> Path:
        root = tmp_path / name
        (root / "Assets").mkdir(parents=True)
        (root / "ProjectSettings").mkdir()
        shutil.copyfile(version_file, root / "ProjectSettings" / "ProjectVersion.txt")
        return root

    return make
