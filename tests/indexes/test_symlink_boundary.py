"""The index never follows a link out of the project: what lies outside is not the project's."""

from __future__ import annotations

import os
import shutil

from tests.fixturepaths import REPO_ROOT
from unitycli.host.session import Session
from unitycli.indexes import ProjectIndex
from unitycli.runner import run_tool


def test_links_leaving_the_project_are_not_indexed_but_links_inside_are(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(REPO_ROOT / "examples" / "sample-project", project)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "Secret.prefab").write_text("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n")
    (outside / "Secret.prefab.meta").write_text("fileFormatVersion: 2\nguid: " + "a" * 32 + "\n")
    os.symlink(outside, project / "Assets" / "Linked")
    os.symlink(outside / "Secret.prefab", project / "Assets" / "Alias.prefab")
    os.symlink(project / "Assets" / "Prefabs", project / "Assets" / "PrefabsAgain")
    with ProjectIndex.open(project) as index:
        assert index.path_for_guid("a" * 32) is None
        assert index.guid_for_path("Assets/PrefabsAgain/Lantern.prefab") is not None  # a link inside is followed
    found = run_tool(Session(project_arg=str(project)).prepare("asset.find"), {"name": "*Secret*"}).output
    assert found["total"] == 0
