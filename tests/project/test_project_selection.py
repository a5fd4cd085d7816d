"""Selecting a project by --project, by walking up from the cwd, and the errors when that cannot work."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from tests.fixturepaths import fixture_project
from unitycli.errors import UnityCliError
from unitycli.project import select_project, set_alias
from unitycli.project.userdata import user_data_dir


def _error(call, *args, **kwargs) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        call(*args, **kwargs)
    return info.value


def test_project_option_selects_chicken_defense_with_its_editor_version(tmp_path):
    root = fixture_project("chicken-defense")
    project = select_project(None, str(root), tmp_path)
    assert project.root == root.resolve()
    assert project.unity_version == "2022.3.17f1"
    assert project.instance_id == "unity-" + hashlib.sha256(str(root.resolve()).encode()).hexdigest()
    assert project.alias is None


def test_project_option_selects_minigolf_relative_to_cwd():
    root = fixture_project("minigolf")
    project = select_project(None, "minigolf", root.parent)
    assert project.root == root.resolve()
    assert project.unity_version == "6000.0.25f1"


def test_walk_up_from_assets_subfolder_finds_the_project_root():
    root = fixture_project("chicken-defense")
    project = select_project(None, None, root / "Assets" / "LlamAcademy")
    assert project.root == root.resolve()


def test_walk_up_from_a_folder_outside_any_project_requires_an_instance(tmp_path):
    cwd = tmp_path / "x"
    cwd.mkdir()
    err = _error(select_project, None, None, cwd, command="extensions doctor")
    assert err.code == "E_INSTANCE_REQUIRED"
    assert err.details == {"cwd": str(cwd.resolve())}
    assert err.to_dict()["nextActions"] == ["unitycli extensions doctor --project <path-to-unity-project>"]


def test_instance_required_lists_known_projects_by_alias_or_path(tmp_path):
    golf = fixture_project("minigolf").resolve()
    chicken = fixture_project("chicken-defense").resolve()
    set_alias("golf", golf)
    select_project(None, str(chicken), tmp_path)
    cwd = tmp_path / "x"
    cwd.mkdir()
    actions = _error(select_project, None, None, cwd, command="extensions doctor").next_actions
    assert actions[0] == "unitycli extensions doctor --project <path-to-unity-project>"
    assert sorted(actions[1:]) == sorted(["unitycli extensions doctor --instance golf",
                                          f"unitycli extensions doctor --project {chicken}"])


def test_selection_records_the_project_as_known(tmp_path):
    project = select_project(None, str(fixture_project("minigolf")), tmp_path)
    doc = json.loads((user_data_dir() / "known-projects.json").read_text())
    entry = doc["projects"][project.instance_id]
    assert doc["version"] == 1
    assert entry["path"] == str(project.root)
    assert entry["lastSeen"].endswith("Z")


def test_broken_symlink_as_project_fails_closed(tmp_path):
    link = tmp_path / "game"
    link.symlink_to(tmp_path / "deleted-project")
    err = _error(select_project, None, str(link), tmp_path)
    assert err.code == "E_INSTANCE_PATH_UNAVAILABLE"
    assert err.details["path"] == str(link)
    assert err.details["reason"] == "broken-symlink"
    assert err.details["at"] == str(link)


def test_symlink_loop_as_project_fails_closed(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    err = _error(select_project, None, str(tmp_path / "a"), tmp_path)
    assert err.code == "E_INSTANCE_PATH_UNAVAILABLE"
    assert err.details["reason"] == "symlink-loop"


def test_missing_path_names_the_first_missing_component(tmp_path):
    err = _error(select_project, None, "nope/deeper", tmp_path)
    assert (err.code, err.details["reason"], err.details["at"]) == (
        "E_INSTANCE_PATH_UNAVAILABLE", "missing", str(tmp_path / "nope"))


def test_symlink_to_a_fixture_has_the_real_paths_identity(tmp_path):
    root = fixture_project("chicken-defense")
    link = tmp_path / "chicken-link"
    link.symlink_to(root, target_is_directory=True)
    via_link = select_project(None, str(link), tmp_path)
    real = select_project(None, str(root), tmp_path)
    assert via_link.instance_id == real.instance_id
    assert via_link.root == root.resolve()


def test_dotdot_and_trailing_slash_give_the_same_identity(tmp_path):
    root = fixture_project("minigolf")
    odd = f"{root}/Assets/../"
    assert select_project(None, odd, tmp_path).instance_id == select_project(None, str(root), tmp_path).instance_id


def test_non_unity_folder_is_project_invalid_naming_both_markers(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    err = _error(select_project, None, str(folder), tmp_path)
    assert err.code == "E_PROJECT_INVALID"
    assert err.details["missing"] == ["Assets/", "ProjectSettings/ProjectVersion.txt"]
    assert err.details["nearestProjects"] == []


def test_folder_with_assets_only_names_the_missing_version_file(tmp_path):
    (tmp_path / "half" / "Assets").mkdir(parents=True)
    err = _error(select_project, None, str(tmp_path / "half"), tmp_path)
    assert err.details["missing"] == ["ProjectSettings/ProjectVersion.txt"]


def test_a_folder_or_file_inside_a_project_selects_that_project(tmp_path):
    root = fixture_project("chicken-defense").resolve()
    for inside in ("Assets/LlamAcademy", "Assets", "ProjectSettings/ProjectVersion.txt"):
        selected = select_project(None, str(root / inside), tmp_path)
        assert selected.root == root, inside
    relative = select_project(None, "Assets/LlamAcademy/ChickenDefense/Scenes", root)
    assert relative.root == root


def test_a_missing_folder_inside_a_project_is_still_refused(tmp_path):
    root = fixture_project("chicken-defense").resolve()
    err = _error(select_project, None, str(root / "Assets" / "NoSuchFolder"), tmp_path, command="tools run")
    assert err.code in ("E_PROJECT_INVALID", "E_INSTANCE_PATH_UNAVAILABLE")


def test_an_alias_can_be_set_by_instance_id(tmp_path):
    root = fixture_project("minigolf").resolve()
    known = select_project(None, str(root), tmp_path)
    result = set_alias("golf", known.instance_id)
    assert (result.alias.path, result.alias.instance_id) == (str(root), known.instance_id)
    assert select_project("golf", None, tmp_path).root == root
    err = _error(set_alias, "nope", "unity-" + "0" * 64)
    assert err.code == "E_INSTANCE_NOT_FOUND"


def test_parent_folder_suggests_the_projects_below(tmp_path, make_project):
    game = make_project("repo/game")
    err = _error(select_project, None, str(tmp_path / "repo"), tmp_path, command="extensions doctor")
    assert err.code == "E_PROJECT_INVALID"
    assert err.next_actions == [f"unitycli extensions doctor --project {game.resolve()}"]


def test_a_file_as_project_is_project_invalid(tmp_path):
    file = tmp_path / "readme.txt"
    file.write_text("hi")
    err = _error(select_project, None, str(file), tmp_path)
    assert err.code == "E_PROJECT_INVALID"
    assert err.details["notADirectory"] is True


def test_instance_and_project_naming_different_projects_is_refused(tmp_path):
    chicken, golf = fixture_project("chicken-defense"), fixture_project("minigolf")
    err = _error(select_project, str(chicken), str(golf), tmp_path)
    assert err.code == "E_OPTION_VALUE_INVALID"
    assert err.details["instance"]["path"] == str(chicken.resolve())
    assert err.details["project"]["path"] == str(golf.resolve())


def test_instance_and_project_naming_the_same_project_agree(tmp_path):
    golf = fixture_project("minigolf")
    set_alias("golf", golf)
    project = select_project("golf", str(golf), tmp_path)
    assert (project.root, project.alias) == (golf.resolve(), "golf")


def test_empty_project_value_is_invalid(tmp_path):
    assert _error(select_project, None, "", tmp_path).code == "E_OPTION_VALUE_INVALID"


def test_instance_given_as_a_path(tmp_path):
    golf = fixture_project("minigolf")
    assert select_project(str(golf), None, tmp_path).root == golf.resolve()
    assert select_project("minigolf", None, golf.parent).root == golf.resolve()


def test_cwd_through_a_symlink_walks_up_the_physical_path(tmp_path):
    link = tmp_path / "inside"
    link.symlink_to(fixture_project("chicken-defense") / "Assets" / "Scenes", target_is_directory=True)
    assert select_project(None, None, link).root == fixture_project("chicken-defense").resolve()
    assert os.path.islink(link)


def test_reselecting_within_a_minute_does_not_rewrite_known_projects(tmp_path):
    select_project(None, str(fixture_project("minigolf")), tmp_path)
    path = user_data_dir() / "known-projects.json"
    before = path.stat().st_mtime_ns, path.read_bytes()
    select_project(None, str(fixture_project("minigolf")), tmp_path / "..")
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before


def test_malformed_project_version_fails_closed(tmp_path, make_project):
    # Edge case no fixture shows: the Editor always writes m_EditorVersion; a hand-broken file must not be guessed.
    root = make_project("game")
    (root / "ProjectSettings" / "ProjectVersion.txt").write_text("m_EditorVersion: soon\n")
    err = _error(select_project, None, str(root), tmp_path)
    assert err.code == "E_PROJECT_FILE_UNREADABLE"
