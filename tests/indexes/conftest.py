"""Index test fixtures: a writable copy of chicken-defense per test (the shared fixtures are read-only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.indexes.projectcopies import writable_copy


@pytest.fixture
def chicken_copy(tmp_path: Path) -> Path:
    return writable_copy("chicken-defense", tmp_path / "chicken-defense")
