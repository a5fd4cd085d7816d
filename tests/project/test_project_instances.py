"""`instances list|prune`: known projects with their status, and forgetting the deleted ones."""

from __future__ import annotations

import shutil

import pytest

from tests.fixturepaths import fixture_project
from unitycli.project import InstancesListResult, list_instances, prune, select_project, set_alias


def test_list_is_empty_before_any_selection():
    assert list_instances() == []


def test_list_shows_selected_projects_with_aliases_and_versions(tmp_path):
    chicken, golf = fixture_project("chicken-defense").resolve(), fixture_project("minigolf").resolve()
    select_project(None, str(chicken), tmp_path)
    set_alias("golf", golf)
    by_path = {i.path: i for i in list_instances()}
    assert set(by_path) == {str(chicken), str(golf)}
    assert by_path[str(golf)].aliases == ["golf"]
    assert by_path[str(chicken)].aliases == []
    assert by_path[str(golf)].unity_version == "6000.0.25f1"
    assert [i.status for i in by_path.values()] == ["offline", "offline"]
    assert "Temp/UnityLockfile does not exist" in by_path[str(golf)].evidence


def test_list_result_serialises_camel_case(tmp_path):
    select_project(None, str(fixture_project("minigolf")), tmp_path)
    dumped = InstancesListResult(instances=list_instances()).model_dump(mode="json", by_alias=True)
    assert set(dumped["instances"][0]) == {"path", "instanceId", "aliases", "status", "evidence", "unityVersion",
                                           "lastSeen"}


def test_deleted_project_is_missing_and_prune_removes_it_with_its_alias(tmp_path, make_project):
    gone = make_project("gone")
    set_alias("gone", gone)
    select_project(None, str(fixture_project("minigolf")), tmp_path)
    shutil.rmtree(gone)
    statuses = {i.path: i.status for i in list_instances()}
    assert statuses[str(gone.resolve())] == "missing"
    removed = prune()
    assert [(r.path, r.aliases) for r in removed] == [(str(gone.resolve()), ["gone"])]
    assert [i.path for i in list_instances()] == [str(fixture_project("minigolf").resolve())]
    assert prune() == []


def test_folder_that_stopped_being_a_project_is_unverifiable_and_kept(tmp_path, make_project):
    root = make_project("game")
    select_project(None, str(root), tmp_path)
    shutil.rmtree(root / "Assets")
    [info] = list_instances()
    assert info.status == "unverifiable"
    assert "missing Assets/" in info.evidence[0]
    assert prune() == []


def test_project_whose_unity_lockfile_is_held_is_editor_open(tmp_path, make_project):
    fcntl = pytest.importorskip("fcntl")
    root = make_project("game")
    select_project(None, str(root), tmp_path)
    (root / "Temp").mkdir()
    with open(root / "Temp" / "UnityLockfile", "w") as lockfile:
        fcntl.flock(lockfile, fcntl.LOCK_EX)  # what a running Editor does while the project is open
        [info] = list_instances()
    assert info.status == "editor-open"
    assert info.evidence[0].startswith("Temp/UnityLockfile is locked by another process")
