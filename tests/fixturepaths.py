"""The one place tests find the shared Unity fixture projects.

`UNITYCLI_FIXTURES` points at the fixtures folder (default `../shared/fixtures` beside the repository). Where it
is absent, real-project tests skip with the reason; under CI (`CI=true`) they fail instead, so a missing corpus
can never turn a run green.
"""

from __future__ import annotations

import os
from pathlib import Path

from unitycli.testing import SHORT_NAMES, missing_fixtures

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(os.environ.get("UNITYCLI_FIXTURES", REPO_ROOT.parent / "shared" / "fixtures")).resolve()
UNITY = FIXTURES / "unity"


def fixtures_root() -> Path:
    """The `unity/` folder of the fixtures, or skip/fail with a clear reason."""
    if not UNITY.is_dir():
        missing_fixtures(f"Unity fixtures not found at {UNITY}; set UNITYCLI_FIXTURES to the fixtures folder")
    return UNITY


def fixture_path(relative: str) -> Path:
    """A file or folder inside the fixtures' `unity/` folder, e.g. `chicken-defense/Packages/manifest.json`."""
    path = fixtures_root() / relative
    if not path.exists():
        missing_fixtures(f"fixture {relative} not found under {UNITY}")
    return path


def fixture_project(name: str) -> Path:
    """The root of a fixture Unity project by short name (`unitycli.testing.SHORT_NAMES`) or relative path."""
    return fixture_path(SHORT_NAMES.get(name, name))
