"""Writable copies of the ProBuilder fixture projects, one per test.

The projects are copied whole (a few MB) so project-wide listing and the GUID index see real data; the shared
fixtures are never written. Constants and helpers the test modules import are in probuilder_testutil.py (a
uniquely named module: every extension's tests folder has a conftest.py).
"""

from __future__ import annotations

import pytest
from probuilder_testutil import Project, require_extension

from unitycli.testing import copy_fixture_project


@pytest.fixture
def chicken(tmp_path) -> Project:
    require_extension()
    return Project(copy_fixture_project("chicken-defense", tmp_path))


@pytest.fixture
def minigolf(tmp_path) -> Project:
    require_extension()
    return Project(copy_fixture_project("minigolf", tmp_path))
