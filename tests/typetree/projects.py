"""A project made of a fixture's ProjectVersion.txt and a few of its real Editor-written files, for layout tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.fixturepaths import fixture_path


def project_with(tmp_path: Path, fixture: str, *files: str) -> Path:
    """`tmp_path/<fixture>` holding the fixture's ProjectVersion.txt, an Assets folder and copies of `files`."""
    root = tmp_path / fixture.replace("/", "_")
    for relative in ("ProjectSettings/ProjectVersion.txt", *files):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fixture_path(f"{fixture}/{relative}"), root / relative)
    (root / "Assets").mkdir(exist_ok=True)
    return root
