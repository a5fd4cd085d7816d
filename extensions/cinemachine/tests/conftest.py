"""Writable copies of the Cinemachine fixture projects and helpers for exact-text checks.

chicken-defense holds Cinemachine 2.9.7 (CinemachineVirtualCamera + hidden `cm` child, CinemachineBrain),
minigolf 3.1.2 (CinemachineCamera + OrbitalFollow + HardLookAt, CinemachineBrain). The shared fixtures are never
written: every test works on its own copy.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import copy_fixture_project


@pytest.fixture
def chicken(tmp_path) -> Path:
    return copy_fixture_project("chicken-defense", tmp_path)


@pytest.fixture
def minigolf(tmp_path) -> Path:
    return copy_fixture_project("minigolf", tmp_path)


@pytest.fixture(scope="module")
def chicken_ro(tmp_path_factory) -> Path:
    """One copy per module for the read-only tools."""
    return copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("chicken"))


@pytest.fixture(scope="module")
def minigolf_ro(tmp_path_factory) -> Path:
    return copy_fixture_project("minigolf", tmp_path_factory.mktemp("minigolf"))
