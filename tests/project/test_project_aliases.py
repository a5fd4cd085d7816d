"""Aliases: set, list, unset, select by alias or instance id, and the errors for unknown or bad names."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.fixturepaths import fixture_project
from unitycli.errors import UnityCliError
from unitycli.project import AliasSetResult, list_aliases, select_project, set_alias, unset_alias
from unitycli.project.userdata import user_data_dir


def _error(call, *args, **kwargs) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        call(*args, **kwargs)
    return info.value


def test_set_list_unset_an_alias_for_minigolf():
    golf = fixture_project("minigolf").resolve()
    result = set_alias("golf", golf)
    assert result.alias.name == "golf" and result.alias.path == str(golf) and result.replaced is None
    assert [(a.name, a.path) for a in list_aliases()] == [("golf", str(golf))]
    removed = unset_alias("golf")
    assert removed.instance_id == result.alias.instance_id
    assert list_aliases() == []


def test_aliases_live_in_the_user_data_dir_as_versioned_json():
    golf = fixture_project("minigolf").resolve()
    set_alias("golf", golf)
    doc = json.loads((user_data_dir() / "aliases.json").read_text())
    assert doc == {"version": 1, "aliases": {"golf": {"path": str(golf), "instanceId": list_aliases()[0].instance_id}}}
    assert not list(golf.glob(".unitycli*"))


def test_setting_an_alias_again_reports_the_previous_target():
    chicken, golf = fixture_project("chicken-defense").resolve(), fixture_project("minigolf").resolve()
    set_alias("game", chicken)
    assert set_alias("game", chicken).replaced is None
    moved = set_alias("game", golf)
    assert moved.replaced is not None and moved.replaced.path == str(chicken)
    assert [a.path for a in list_aliases()] == [str(golf)]


def test_alias_result_serialises_camel_case():
    result = set_alias("golf", fixture_project("minigolf"))
    dumped = result.model_dump(mode="json", by_alias=True)
    assert set(dumped) == {"alias", "replaced"}
    assert set(dumped["alias"]) == {"name", "path", "instanceId"}
    assert AliasSetResult.model_validate(dumped) == result


def test_select_by_alias_and_by_instance_id(tmp_path):
    golf = fixture_project("minigolf").resolve()
    instance_id = set_alias("golf", golf).alias.instance_id
    by_alias = select_project("golf", None, tmp_path)
    by_id = select_project(instance_id, None, tmp_path)
    assert (by_alias.root, by_alias.alias) == (golf, "golf")
    assert (by_id.root, by_id.instance_id, by_id.alias) == (golf, instance_id, "golf")


@pytest.mark.parametrize("name", ["Golf", "-golf", "", "a" * 65, "golf game", "golf/x", "../x"])
def test_invalid_alias_names_are_refused(name):
    err = _error(set_alias, name, fixture_project("minigolf"))
    assert err.code == "E_OPTION_VALUE_INVALID"
    assert err.details["value"] == name


def test_longest_valid_alias_name_is_accepted():
    assert set_alias("a" + "b._-9" * 12 + "xyz", fixture_project("minigolf")).alias.name.startswith("ab._-9")


def test_alias_to_a_non_project_folder_is_project_invalid(tmp_path):
    assert _error(set_alias, "notes", tmp_path).code == "E_PROJECT_INVALID"
    assert list_aliases() == []


def test_unknown_alias_is_instance_not_found_with_next_actions(tmp_path):
    err = _error(select_project, "nosuch", None, tmp_path)
    assert err.code == "E_INSTANCE_NOT_FOUND"
    assert err.next_actions == ["unitycli instances list", "unitycli target alias list",
                                "unitycli target alias set nosuch <path-to-unity-project>"]


def test_unknown_instance_id_is_instance_not_found(tmp_path):
    err = _error(select_project, "unity-" + "0" * 64, None, tmp_path)
    assert err.code == "E_INSTANCE_NOT_FOUND"
    assert err.next_actions == ["unitycli instances list", "unitycli target alias list"]


def test_unsetting_an_unknown_alias_is_instance_not_found():
    err = _error(unset_alias, "nosuch")
    assert err.code == "E_INSTANCE_NOT_FOUND"
    assert err.next_actions == ["unitycli target alias list"]


def test_alias_to_a_deleted_project_fails_closed_with_repair_actions(tmp_path, make_project):
    root = make_project("game")
    set_alias("game", root)
    shutil.rmtree(root)
    err = _error(select_project, "game", None, tmp_path / "..")
    assert err.code == "E_INSTANCE_PATH_UNAVAILABLE"
    assert err.details["reason"] == "missing"
    assert "unitycli target alias unset game" in err.next_actions


def test_alias_whose_folder_became_a_link_to_another_project_fails_closed(tmp_path, make_project):
    root = make_project("game")
    other = make_project("other")
    set_alias("game", root)
    shutil.rmtree(root)
    root.symlink_to(other, target_is_directory=True)
    err = _error(select_project, "game", None, tmp_path / "other")
    assert (err.code, err.details["reason"]) == ("E_INSTANCE_PATH_UNAVAILABLE", "identity-changed")


def test_alias_shadowed_by_a_different_project_folder_is_ambiguous(tmp_path, make_project):
    set_alias("golf", fixture_project("minigolf"))
    make_project("golf")
    err = _error(select_project, "golf", None, tmp_path)
    assert err.code == "E_OPTION_VALUE_INVALID"
    assert err.details["folderPath"] == str((tmp_path / "golf").resolve())


def test_corrupt_alias_file_fails_closed_and_is_left_alone():
    path = user_data_dir() / "aliases.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    assert _error(list_aliases).code == "E_USER_DATA_UNAVAILABLE"
    assert _error(set_alias, "golf", fixture_project("minigolf")).code == "E_USER_DATA_UNAVAILABLE"
    assert path.read_text() == "{not json"
