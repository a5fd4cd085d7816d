"""`unitycli.testing`, the pytest plugin extension authors use: it must catch what it promises to catch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, copy_fixture_project, run_tool

GARDEN = "Assets/Scenes/Garden.unity"
RENAME = {"file": GARDEN, "gameObject": "Trees/Tree A", "name": "Oak"}


def test_every_test_has_its_own_unitycli_home(unitycli_home: Path):
    assert os.environ["UNITYCLI_HOME"] == str(unitycli_home) and unitycli_home.is_dir()


def test_a_writer_run_through_the_helpers_changes_exactly_its_line(sample_copy: Path):
    before = (sample_copy / GARDEN).read_text()
    committed = assert_dry_run_matches_commit(sample_copy, "gameobject.rename", RENAME)
    assert list(committed.diffs) == [GARDEN]
    assert changed_lines(before, (sample_copy / GARDEN).read_text()) == [("  m_Name: Tree A", "  m_Name: Oak")]


def test_errors_come_back_as_catalogued_dicts(sample_copy: Path):
    failed = run_tool(sample_copy, "gameobject.rename", {**RENAME, "gameObject": "Nope"})
    assert not failed.ok and failed.error["code"] == "E_GAMEOBJECT_NOT_FOUND" and failed.output is None


def test_a_dry_run_that_differs_from_its_commit_is_caught(sample_copy: Path, monkeypatch):
    from unitycli.transaction import transaction as module

    real = module.Transaction.new_guid
    calls = iter(range(1000))
    monkeypatch.setattr(module.Transaction, "new_guid", lambda self, path: real(self, f"{path}{next(calls)}"))
    with pytest.raises(AssertionError, match="differs from what was committed"):
        assert_dry_run_matches_commit(sample_copy, "asset.move", {"path": "Assets/Prefabs/Lantern.prefab",
                                                                   "destination": "Assets/Props/Lantern.prefab"})


def test_fixture_projects_are_copied_whole_and_writable(tmp_path: Path):
    root = copy_fixture_project("minigolf", tmp_path)
    assert (root / "Assets/LlamAcademy/Minigolf/Scenes/Game.unity").is_file()
    assert run_tool(root, "project.info").output["unityVersion"] == "6000.0.25f1"


def test_changed_lines_pairs_insertions_and_removals_with_empty_lines():
    assert changed_lines("a\nb\nc\n", "a\nB\nc\nd\n") == [("b", "B"), ("", "d")]


def test_the_registry_helpers_see_what_the_core_sees(sample_copy: Path):
    from unitycli.testing import describe_tool, error_catalog, registered_specs, registry_problems

    probuilder = registered_specs("probuilder.")
    assert {"probuilder.list-meshes", "probuilder.create-shape", "probuilder.export-obj"} <= set(probuilder)
    assert all(name.startswith("probuilder.") for name in probuilder)
    assert set(probuilder) == {name for name in registered_specs() if name.startswith("probuilder.")}
    assert registry_problems() == []
    described = describe_tool(sample_copy, "probuilder.list-meshes")
    assert (described["name"], described["available"]) == ("probuilder.list-meshes", True)
    assert describe_tool(None, "asset.find")["available"] is None
    assert error_catalog()["E_PROBUILDER_FACES_INVALID"].owner == "unitycli-probuilder"
