"""Projects for transaction tests: a bare Unity-shaped folder, and one seeded with real minigolf files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project
from tests.transaction.txnprojects import make_project

SEEDED = ("ProjectSettings/ProjectVersion.txt", "ProjectSettings/TagManager.asset", "Packages/manifest.json")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "project")


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    """A project holding byte-exact copies of real minigolf files (manifest, TagManager, ProjectVersion)."""
    source = fixture_project("minigolf")
    root = make_project(tmp_path / "minigolf")
    for rel in SEEDED:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / rel, root / rel)
    return root
