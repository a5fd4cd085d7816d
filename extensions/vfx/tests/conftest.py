"""Writable copies of the fixture projects the VFX tools are tested on, and small helpers.

VisualEffectGraph-Samples (Unity 6000.0.23f1, HDRP 17.0.3) commits no Packages/packages-lock.json, so offline its
VFX Graph version is unknowable (HDRP brings com.unity.visualeffectgraph as a dependency) and the graph tools are
E_EXTENSION_DEPENDENCY_UNVERIFIABLE there. `vfx_samples` therefore writes the lock Unity would write on opening it:
every manifest dependency at depth 0, and com.unity.visualeffectgraph 17.0.3 at depth 1 as HDRP's dependency.
The shared fixtures are never written: every test works on its own copy.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from vfx_testutil import write_resolved_lock

from unitycli.testing import copy_fixture_project


@pytest.fixture
def vfx_samples(tmp_path) -> Path:
    root = copy_fixture_project("vfx-samples", tmp_path)
    write_resolved_lock(root)
    return root


@pytest.fixture(scope="module")
def vfx_samples_ro(tmp_path_factory) -> Path:
    """One copy per module for the read-only tools."""
    root = copy_fixture_project("vfx-samples", tmp_path_factory.mktemp("vfx"))
    write_resolved_lock(root)
    return root


@pytest.fixture
def minigolf(tmp_path) -> Path:
    return copy_fixture_project("minigolf", tmp_path)


@pytest.fixture(scope="module")
def minigolf_ro(tmp_path_factory) -> Path:
    return copy_fixture_project("minigolf", tmp_path_factory.mktemp("minigolf"))


@pytest.fixture
def chicken(tmp_path) -> Path:
    return copy_fixture_project("chicken-defense", tmp_path)

