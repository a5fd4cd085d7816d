"""Fresh copies of the fixture projects for each test (the fixtures stay read-only), and one way to run a writer
twice, as a dry run and for real, so every test also shows the preview is the commit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.scenes_tools.conftest import chicken, minigolf  # noqa: F401 - the same fresh copies
from tests.scenes_tools.projects import run
from unitycli.runner import RunResult


def write(project: Path, tool: str, data: dict[str, Any]) -> RunResult:
    """Run a writer as a dry run, then for real: the same answer and the same diffs (a dry run that wrote the
    file would leave the real run nothing to change, so its diffs would differ)."""
    preview = run(project, tool, data, dry_run=True)
    effects = preview.planned_effects
    assert not any((project / path).exists() for path in effects["created"])
    done = run(project, tool, data)
    assert preview.output == done.output
    assert preview.planned_effects["diffs"] == done.applied_effects["diffs"]
    return done
