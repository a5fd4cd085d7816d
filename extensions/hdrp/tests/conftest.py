"""Writable copies of the HDRP fixture projects. The shared fixtures are never written: every test works on a copy.

VisualEffectGraph-Samples holds HDRP 17.0.3 (global settings with SerializeReference RefIds), the cinemachine HDRP
project 14.0.12 (top-level global settings, no ProjectSettings besides ProjectVersion.txt), minigolf no HDRP.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import copy_fixture_project


@pytest.fixture
def vfx(tmp_path) -> Path:
    return copy_fixture_project("vfx-samples", tmp_path)


@pytest.fixture
def cm14(tmp_path) -> Path:
    return copy_fixture_project("cinemachine-hdrp", tmp_path)


@pytest.fixture(scope="module")
def vfx_ro(tmp_path_factory) -> Path:
    """One copy per module for the read-only tools."""
    return copy_fixture_project("vfx-samples", tmp_path_factory.mktemp("vfx"))


@pytest.fixture(scope="module")
def cm14_ro(tmp_path_factory) -> Path:
    return copy_fixture_project("cinemachine-hdrp", tmp_path_factory.mktemp("cm14"))
