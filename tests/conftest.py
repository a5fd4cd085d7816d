"""Test-wide isolation comes from the `unitycli.testing` pytest plugin (its autouse `unitycli_home` fixture gives
every test its own unitycli home); `_isolated_home` is that home under the name older tests use."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def _isolated_home(unitycli_home: Path) -> Path:
    return unitycli_home
