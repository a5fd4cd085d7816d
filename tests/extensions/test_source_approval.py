"""`extensions approve`: what a person is shown and what is recorded before project-chosen code is installed.
In-process and offline: pip is never reached in these tests."""

from __future__ import annotations

import json
import os

import pytest

from tests.extensions.helpers import copy_project
from unitycli.cli.main import run
from unitycli.extension_manager import pip
from unitycli.extension_manager.lock import LOCK, LockEntry, render_lock

PYPROJECT = '[project]\nname = "unitycli-acme"\nversion = "0.3.0"\n'


def cli(root, *args):
    outcome = run([*args, "--project", str(root), "--json"])
    return outcome.exit_code, outcome.envelope


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose config names `vendor/` as its extensions folder and whose lock names acme from it."""
    monkeypatch.setattr(pip, "run_pip", lambda *a, **k: pytest.fail("pip must not run"))
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[sources]\nextensions = "vendor"\nindex = false\n')
    source = root / "vendor" / "acme"
    (source / "unitycli_acme").mkdir(parents=True)
    (source / "pyproject.toml").write_text(PYPROJECT)
    (source / "unitycli_acme" / "__init__.py").write_text("VALUE = 1\n")
    (root / LOCK).write_bytes(render_lock({"acme": LockEntry(distribution="unitycli-acme", version="0.3.0",
                                                             source="repo:extensions/acme")}))
    return root


def test_approve_shows_what_from_where_who_chose_it_and_the_digest(project, unitycli_home):
    code, env = cli(project, "extensions", "approve", "acme")
    assert code == 0, env
    [offer] = env["result"]["approved"]
    source = (project / "vendor" / "acme").resolve()
    assert {k: offer[k] for k in ("id", "distribution", "version", "kind", "location", "chosenBy", "files")} == {
        "id": "acme", "distribution": "unitycli-acme", "version": "0.3.0", "kind": "repo", "location": str(source),
        "chosenBy": "project config", "files": 2}
    assert offer["reasons"] == [f"the project config chose {source}",
                                "the project lock names unitycli-acme as 'acme', which is not unitycli's catalog "
                                "extension of that id"]
    stored = json.loads((unitycli_home / "extension-approvals.json").read_text())
    [record] = stored["projects"].values()
    assert record["acme"]["digest"] == offer["digest"]
    code, env = cli(project, "extensions", "sync", "--dry-run")
    assert [(i["id"], i["approval"], i["location"]) for i in env["result"]["items"]] == [
        ("acme", "approved", str(source))]


def test_approve_all_records_every_entry_that_needs_it_as_approving_it_by_id_would(project, unitycli_home):
    code, env = cli(project, "extensions", "approve", "--all")
    assert code == 0, env
    [offer] = env["result"]["approved"]
    assert (offer["id"], offer["chosenBy"], offer["files"]) == ("acme", "project config", 2)
    code, env = cli(project, "extensions", "sync", "--dry-run")
    assert [(i["id"], i["approval"]) for i in env["result"]["items"]] == [("acme", "approved")]
    code, again = cli(project, "extensions", "approve", "acme")
    assert again["result"]["approved"][0]["digest"] == offer["digest"]


def test_the_digest_covers_every_file_of_the_source(project):
    code, first = cli(project, "extensions", "approve", "acme")
    (project / "vendor" / "acme" / "unitycli_acme" / "extra.py").write_text("")
    code, second = cli(project, "extensions", "sync", "--dry-run")
    assert second["result"]["items"][0]["approval"] == "needed"
    code, third = cli(project, "extensions", "approve", "acme")
    assert third["result"]["approved"][0]["files"] == 3
    assert third["result"]["approved"][0]["digest"] != first["result"]["approved"][0]["digest"]


def test_a_link_inside_a_project_chosen_source_is_refused_and_nothing_is_recorded(project, tmp_path, unitycli_home):
    outside = tmp_path / "outside.py"
    outside.write_text("VALUE = 2\n")
    (project / "vendor" / "acme" / "unitycli_acme" / "linked.py").symlink_to(outside)
    code, env = cli(project, "extensions", "approve", "acme")
    assert (code, env["error"]["code"]) == (1, "E_PATH_OUTSIDE_PROJECT"), env
    assert env["error"]["details"]["problem"] == "is a link"
    assert not (unitycli_home / "extension-approvals.json").exists()


def test_approve_needs_ids_and_names_unknown_ones(project):
    code, env = cli(project, "extensions", "approve")
    assert (code, env["error"]["code"]) == (2, "E_OPTION_VALUE_REQUIRED"), env
    code, env = cli(project, "extensions", "approve", "nothing-like-it")
    assert (code, env["error"]["code"]) == (1, "E_EXTENSION_NOT_FOUND"), env


def test_a_catalog_extension_from_the_unitycli_checkout_needs_no_approval(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / LOCK).write_bytes(render_lock({"probuilder": LockEntry(distribution="unitycli-probuilder")}))
    code, env = cli(root, "extensions", "approve", "--all")
    assert code == 0, env
    assert (env["result"]["approved"], env["result"]["notNeeded"]) == ([], ["probuilder"])


def test_a_malformed_user_config_names_the_users_file(project, unitycli_home):
    (unitycli_home / "config.toml").write_text("[sources]\nwheelhouse = 3\n")
    code, env = cli(project, "extensions", "sync", "--dry-run")
    assert env["error"]["code"] == "E_MANIFEST_INVALID", env
    assert env["error"]["details"] == {"file": str(unitycli_home / "config.toml"), "field": "sources.wheelhouse",
                                       "problem": "must be a folder or a list of folders"}


def test_a_fifo_as_the_user_config_is_refused_not_waited_on(project, unitycli_home):
    """The user's config is read like the project's (`safefs.read_bytes`): a FIFO there does not hang sync."""
    os.mkfifo(unitycli_home / "config.toml")
    code, env = cli(project, "extensions", "sync", "--dry-run")
    assert code == 1, env
    assert env["error"]["code"] == "E_MANIFEST_INVALID", env
    assert env["error"]["details"]["file"] == str(unitycli_home / "config.toml")
    assert env["error"]["details"]["field"] == "(file)"
    assert "named pipe" in env["error"]["details"]["problem"], env


def test_a_users_wheelhouse_is_trusted_and_searched_first(project, unitycli_home, tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "unitycli_acme-0.3.0-py3-none-any.whl").write_bytes(b"")
    (unitycli_home / "config.toml").write_text(f'[sources]\nwheelhouse = "{wheels}"\n')
    (project / LOCK).write_bytes(render_lock({"acme": LockEntry(distribution="unitycli-acme", version="0.3.0",
                                                                source="wheelhouse")}))
    code, env = cli(project, "extensions", "sync", "--dry-run")
    [item] = env["result"]["items"]
    # acme is still no catalog extension, so the lock's naming it needs approval, but the place is the user's.
    assert (item["location"], item["chosenBy"], item["approval"]) == (str(wheels.resolve()), "user config", "needed")


@pytest.mark.parametrize("hostile", ["fifo", "deep"])
def test_a_hostile_pyproject_in_a_project_named_folder_is_skipped_not_a_crash_or_a_hang(tmp_path, hostile):
    """Extension folders a project names are read like its config (`tomlfile.read`): a FIFO or a file nested too
    deeply to parse is no extension there, and the folders beside it are still found."""
    from unitycli.extension_manager.sources import PROJECT_CONFIG, Place, repo_folders

    vendor = tmp_path / "vendor"
    (vendor / "acme").mkdir(parents=True)
    (vendor / "acme" / "pyproject.toml").write_text(PYPROJECT)
    (vendor / "bad").mkdir()
    if hostile == "fifo":
        os.mkfifo(vendor / "bad" / "pyproject.toml")
    else:
        (vendor / "bad" / "pyproject.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert repo_folders(Place(vendor, PROJECT_CONFIG)) == {"unitycli-acme": (vendor / "acme", "0.3.0")}
