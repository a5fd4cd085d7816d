"""Shared pieces of the entry tests (MCP, batch): a writable copy of our sample project, sessions with the notes plugin."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT
from tests.mcp import notes_plugin
from unitycli.host.session import Session

SAMPLE = REPO_ROOT / "examples" / "sample-project"


@pytest.fixture
def sample_copy(tmp_path) -> Path:
    """Our own sample project, copied so a test may write to it."""
    if not (SAMPLE / "ProjectSettings" / "ProjectVersion.txt").is_file():
        pytest.skip(f"the sample project is not at {SAMPLE}")
    target = tmp_path / "sample-project"
    # Without the sample's own project tool: the tests that need one write and approve their own.
    shutil.copytree(SAMPLE, target, ignore=shutil.ignore_patterns(".unitycli"))
    return target


def notes_session(project: Path | str | None, cwd: Path | None = None, **kwargs) -> Session:
    return Session(project_arg=str(project) if project else None, cwd=cwd or Path.cwd(),
                   extra_plugins=[(notes_plugin, notes_plugin.OWNER)], **kwargs)
