"""ProjectVersion.txt tells which Unity Editor wrote each fixture project."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_project, fixtures_root
from unitycli.errors import UnityCliError
from unitycli.unityfiles import parse_project_version, read_project_version


def test_chicken_defense_is_2022_3_17f1():
    version = read_project_version(fixture_project("chicken-defense"))
    assert (version.editor_version, version.revision, version.stream) == (
        "2022.3.17f1",
        "4fc78088f837",
        "2022.3",
    )
    assert (version.major, version.minor, version.patch, version.release_type, version.build) == (
        2022,
        3,
        17,
        "f",
        1,
    )
    assert version.model_dump(by_alias=True)["editorVersion"] == "2022.3.17f1"


def test_every_fixture_project_version_parses():
    files = sorted(fixtures_root().rglob("ProjectSettings/ProjectVersion.txt"))
    assert len(files) == 20
    versions = {read_project_version(f.parent.parent).editor_version for f in files}
    assert {"6000.0.25f1", "6000.2.10f1", "2022.3.62f1", "6000.0.3f1"} <= versions


def test_old_format_without_revision():
    assert parse_project_version("m_EditorVersion: 2019.4.40f1\n").revision is None


def test_missing_editor_version_is_unreadable():
    with pytest.raises(UnityCliError) as caught:
        parse_project_version("m_EditorVersionWithRevision: x\n")
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details["file"] == "ProjectSettings/ProjectVersion.txt"
