"""The one place tests find the shared Unity fixture projects.

`UNITYCLI_FIXTURES` points at the fixtures folder (default `../shared/fixtures` beside the repository). Where it
is absent, real-project tests skip with the reason; under CI (`CI=true`) they fail instead, so a missing corpus
can never turn a run green.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(os.environ.get("UNITYCLI_FIXTURES", REPO_ROOT.parent / "shared" / "fixtures")).resolve()
UNITY = FIXTURES / "unity"


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the real-project fixtures are required)")
    pytest.skip(reason)


def fixtures_root() -> Path:
    """The `unity/` folder of the fixtures, or skip/fail with a clear reason."""
    if not UNITY.is_dir():
        _missing(f"Unity fixtures not found at {UNITY}; set UNITYCLI_FIXTURES to the fixtures folder")
    return UNITY


def fixture_path(relative: str) -> Path:
    """A file or folder inside the fixtures' `unity/` folder, e.g. `chicken-defense/Packages/manifest.json`."""
    path = fixtures_root() / relative
    if not path.exists():
        _missing(f"fixture {relative} not found under {UNITY}")
    return path


# Project roots of the fixture corpus, by short name.
PROJECTS = {
    "chicken-defense": "chicken-defense",
    "minigolf": "minigolf",
    "vfx-samples": "VisualEffectGraph-Samples",
    "physics-samples": "EntityComponentSystemSamples/PhysicsSamples",
}


def fixture_project(name: str) -> Path:
    """The root of a fixture Unity project by short name (see PROJECTS) or relative path."""
    return fixture_path(PROJECTS.get(name, name))
