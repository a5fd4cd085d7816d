"""Fixtures of the resident server's tests (the harness is `tests.resident.residents`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.resident.residents import Resident, make_resident
from unitycli.testing import copy_fixture_project


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("resident-project"))


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Iterator[Resident]:
    """One server for the tests that only compare answers."""
    yield from make_resident(tmp_path_factory.mktemp("resident-home"))


@pytest.fixture
def resident(tmp_path) -> Iterator[Resident]:
    """A server folder of this test alone (nothing started yet)."""
    home = tmp_path / "home"
    home.mkdir()
    yield from make_resident(home)
