"""Unity package versions are ordered by semver 2.0 precedence, including Unity's pre-release tags."""

from __future__ import annotations

import random

import pytest

from unitycli.packages.semver import SemVer, compare_versions, is_semver

# semver.org §11 example, then the Unity tags seen in the fixtures and package registry (pre, exp, preview).
ORDERED = [
    "1.0.0-alpha",
    "1.0.0-alpha.1",
    "1.0.0-alpha.beta",
    "1.0.0-beta",
    "1.0.0-beta.2",
    "1.0.0-beta.11",
    "1.0.0-exp.2",
    "1.0.0-pre.1",
    "1.0.0-rc.1",
    "1.0.0",
    "2.0.0-preview.3",
    "2.0.0",
    "3.1.8-pre.1",
    "3.1.8-pre.2",
    "3.1.8",
    "3.1.10",
    "14.0.9",
    "14.0.12",
    "17.0.3",
]


def test_sorting_follows_semver_precedence():
    shuffled = ORDERED[:]
    random.Random(7).shuffle(shuffled)
    assert [str(v) for v in sorted(SemVer.parse(v) for v in shuffled)] == ORDERED


def test_pep440_would_get_these_wrong():
    # PEP 440 reads 14.0.12 vs 14.0.9 fine, but has no order for `exp`/`pre` tags; semver does.
    assert compare_versions("3.1.8-pre.1", "3.1.8") == -1
    assert compare_versions("1.0.0-exp.2", "1.0.0-exp.10") == -1
    assert compare_versions("1.0.0-exp.2", "1.0.0-pre.1") == -1
    assert compare_versions("14.0.12", "14.0.9") == 1


def test_build_metadata_does_not_change_precedence():
    assert compare_versions("1.2.3+build.5", "1.2.3") == 0
    assert SemVer.parse("1.2.3+build.5") == SemVer.parse("1.2.3")
    assert str(SemVer.parse("1.2.3-pre.1+build.5")) == "1.2.3-pre.1+build.5"


@pytest.mark.parametrize("text", ["5.2", "01.2.3", "1.2.3-", "1.2.3-01", "v1.2.3", " 1.2.3", "file:../x", ""])
def test_non_semver_is_rejected(text):
    assert not is_semver(text)
    with pytest.raises(ValueError):
        SemVer.parse(text)
